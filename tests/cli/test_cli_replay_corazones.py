"""``picas replay`` of a Corazones record or save: the game is read from the record's ``game``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from corazones_games import bots_game
from picas.cli import main
from picas.games.spades import Seat
from picas.record import final_state


def test_replay_prints_each_hand_s_points_and_the_totals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = bots_game(hands=3, jack_of_diamonds=True)
    path = tmp_path / "corazones.json"
    path.write_text(record.dumps(), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    state = final_state(record)
    assert out.startswith("Partida K7PMX4QH — Corazones a 100 (pase: sí, ♦J −10: sí,")
    assert "Mano 2 — reparte Sur, pasar a la derecha." in out
    running = [row.split()[1:] for row in out.splitlines() if row.strip().startswith("Acumulado")]
    assert running == [[str(n) for n in result.score.totals] for result in state.history]
    points = [row.split()[1:] for row in out.splitlines() if row.strip().startswith("Puntos")]
    assert points == [[str(n) for n in result.score.points] for result in state.history]
    totals = ", ".join(f"{seat.name_es} {state.totals[seat]}" for seat in Seat)
    assert out.rstrip().endswith(f"Partida en curso: {totals}.")


def test_replay_json_of_a_downloaded_save_to_its_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = bots_game(hands=40, target=50)
    state = final_state(record)
    assert state.outcome is not None
    path = tmp_path / "descargada.json"
    path.write_text(json.dumps({"record": record.to_json(), "sig": "0" * 64}), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "corazones"
    assert data["totals"] == {seat.key: state.totals[seat] for seat in Seat}
    assert len(data["hands"]) == state.outcome.hands_played
    assert data["outcome"]["winner"] == state.outcome.winner.key
    assert main(["replay", str(path)]) == 0
    winner = state.outcome.winner.name_es
    assert f"Gana {winner} en {state.outcome.hands_played} manos" in capsys.readouterr().out


def test_replay_names_the_first_illegal_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = bots_game(hands=1).to_json()
    data["actions"][5] = data["actions"][4]  # the same card twice
    path = tmp_path / "mala.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"Acción 6 ({data['actions'][5]}): No tienes esa carta" in err


def test_replay_refuses_an_unknown_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "poker.json"
    path.write_text(json.dumps({**bots_game(hands=0).to_json(), "game": "poker"}), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "Juego desconocido: «poker» (hay: spades, corazones)." in capsys.readouterr().err
