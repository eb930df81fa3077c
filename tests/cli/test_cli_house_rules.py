"""``picas check --rules``, ``picas arena``'s house-variant options and ``picas replay`` of a
variant's record, through the command's own entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from picas.cli import main
from picas.games.spades import GameState, find_profile
from picas.games.spades.record import SpadesRecord

ALL = find_profile("casa").with_settings(team_minimum=True, all_thirteen="bonus", ten_for_200=True)


def test_check_plays_every_game_at_the_given_rules(capsys: pytest.CaptureFixture[str]) -> None:
    rules = '{"team_minimum": 4, "all_thirteen": "win", "ten_for_200": true}'
    code = main(["check", "--hands", "40", "--bot-hands", "8", "--jobs", "1", "--rules", rules])
    assert code == 0
    assert "no invariant broken" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ("[4]", "--rules debe ser un objeto JSON."),
        ("{nope", "--rules debe ser un objeto JSON."),
        ('{"team_minimum": 20}', "el mínimo por pareja debe estar entre 0 y 13"),
        ('{"comodines": true}', "claves desconocidas"),
    ],
)
def test_check_refuses_bad_rules_clearly(
    given: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "--hands", "1", "--bot-hands", "0", "--rules", given]) != 0
    assert said in capsys.readouterr().err


def test_arena_plays_the_variants_and_names_them(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "normal", "facil", "--deals", "4", "--games", "0", "--jobs", "1"]
    assert main([*args, "--team_minimum", "4", "--all_thirteen", "bonus", "--ten_for_200"]) == 0
    out = capsys.readouterr().out
    assert (
        "Reglas de la casa: Mínimo de 4 por pareja, Premio por 13 bazas (+200), 10 por 200" in out
    )
    assert main(args) == 0
    assert "Reglas de la casa" not in capsys.readouterr().out


def test_replay_names_a_records_variants(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = SpadesRecord(ALL, "K7PMX4QH")
    game = record.start()
    actions = []
    while game.hand.number == 1:
        action = game.legal_actions()[0]
        actions.append(action)
        game = game.apply(action)
    path = tmp_path / "variant.json"
    path.write_text(record.append(*actions).dumps(), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert "Reglas de la casa: Mínimo de 4 por pareja" in capsys.readouterr().out
    assert main(["replay", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"]["team_minimum"] == 4
    assert isinstance(game, GameState)


def test_bench_engine_runs_at_the_given_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--hands", "30", "--rules", '{"team_minimum": 4}']) == 0
    out = capsys.readouterr().out
    assert 'reglas: {"team_minimum": 4}' in out
    assert "spades, hands:" in out
    assert "spades, whole games:" in out


# --- «Comodines» ----------------------------------------------------------------------------------

JOKERS = find_profile("casa").with_settings(jokers=True)


def test_check_arena_replay_and_bench_take_the_jokers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = '{"jokers": true}'
    assert (
        main(["check", "--hands", "40", "--bot-hands", "8", "--jobs", "1", "--rules", rules]) == 0
    )
    assert "no invariant broken" in capsys.readouterr().out
    args = ["arena", "normal", "facil", "--deals", "4", "--games", "0", "--jobs", "1", "--jokers"]
    assert main(args) == 0
    assert "Reglas de la casa: Comodines" in capsys.readouterr().out
    record = SpadesRecord(JOKERS, "K7PMX4QH")
    game = record.start()
    actions = []
    while game.hand.number == 1 and game.outcome is None:
        action = game.legal_actions()[0]
        actions.append(action)
        game = game.apply(action)
    path = tmp_path / "jokers.json"
    path.write_text(record.append(*actions).dumps(), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert "Reglas de la casa: Comodines" in capsys.readouterr().out
    assert main(["replay", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["rules"]["jokers"] is True
    assert main(["bench", "engine", "--hands", "30", "--rules", rules]) == 0
    assert 'reglas: {"jokers": true}' in capsys.readouterr().out


# --- «Dos jugadores» -----------------------------------------------------------------------------

TWO = find_profile("casa").with_settings(players=2)


def test_check_arena_replay_and_bench_take_two_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = '{"players": 2}'
    assert (
        main(["check", "--hands", "40", "--bot-hands", "8", "--jobs", "1", "--rules", rules]) == 0
    )
    assert "no invariant broken" in capsys.readouterr().out
    args = ["arena", "normal", "facil", "--deals", "4", "--games", "1", "--jobs", "1"]
    assert main([*args, "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert "Reglas de la casa: Dos jugadores" in out
    assert "Partidas duplicadas: 1" in out
    record = SpadesRecord(TWO, "K7PMX4QH")
    game = record.start()
    actions = []
    while game.hand.number == 1 and game.outcome is None:
        action = game.legal_actions()[0]
        actions.append(action)
        game = game.apply(action)
    path = tmp_path / "two.json"
    path.write_text(record.append(*actions).dumps(), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert "Reglas de la casa: Dos jugadores" in text
    assert "Norte" not in text
    assert main(["replay", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"]["players"] == 2
    assert all(len(trick["cards"]) == 2 for trick in data["hands"][0]["tricks"])
    assert main(["bench", "engine", "--hands", "30", "--rules", rules]) == 0
    assert 'reglas: {"players": 2}' in capsys.readouterr().out
    assert main(["arena", "normal", "facil", "--deals", "2", "--jobs", "1", "--players", "3"]) != 0
