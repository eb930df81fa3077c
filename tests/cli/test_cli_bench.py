"""``picas bench engine|bots --game corazones``: Corazones' benchmarks on the shared loops."""

from __future__ import annotations

import re

import pytest

from picas.cli import bench_answers, main
from picas.games.corazones import bench as corazones_bench
from picas.games.corazones.bots import FacilBot


def test_bench_engine_plays_corazones(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--game", "corazones", "--hands", "20"]) == 0
    out = capsys.readouterr().out
    assert "corazones, hands:" in out
    assert "corazones, whole games:" in out


def test_bench_bots_times_corazones_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "bots", "--game", "corazones", "--positions", "20"]) == 0
    out = capsys.readouterr().out
    # In Spanish, line for line like Spades' bench.
    lines = out.splitlines()
    assert lines[0].startswith("ruta: ")
    assert re.fullmatch(r"20 posiciones \(\d+ de juego, \d+ de pase\), un núcleo", lines[1])
    for level in ("facil", "normal", "dificil"):
        line = next(line for line in lines if line.startswith(f"{level} "))
        assert re.search(
            r"mediana +[\d.]+ ms +p95 +[\d.]+ ms +máx +[\d.]+ ms +\(CPU: mediana", line
        )
    assert "partidas simuladas por jugada buscada" in out
    for english in ("median ", "decisions", "clock:", "cpu:", "every seat"):
        assert english not in out
    assert main(["bench", "bots", "--game", "corazones", "--levels", "facil"]) == 2
    assert "Corazones mide sus tres niveles" in capsys.readouterr().err


def test_the_review_bench_checks_whole_corazones_games_again(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Fácil stands in for Difícil (a whole game of Difícil takes seconds): the same loops.
    assert corazones_bench.run_review(FacilBot(), codes=("REVQ7K2M",)) == 0
    line = capsys.readouterr().out
    assert line.startswith("REVQ7K2M: rejugar una mano (4 × FacilBot)")
    actions = int(line.split("comprobar la partida entera (")[1].split(" acciones")[0])
    assert actions >= 52 * 5  # a game to 100 lasts several hands


def test_the_answers_bench_plays_difficil_on_a_real_server(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert bench_answers.run_answers(games=1, hands=1, think=0, workers=1) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Corazones, Difícil, un servidor real (1 proceso(s)), 1 partidas")
    # A hand: South's pass and 13 cards, each answered; then one «Rejugar esta mano».
    answers = re.fullmatch(
        r"cartas y pases \(respuesta de la CPU\): (\d+) respuestas, .*", lines[1]
    )
    assert answers is not None
    assert int(answers.group(1)) == 14
    assert lines[2].startswith("«Rejugar esta mano»: 1 respuestas, mediana ")
    assert main(["bench", "bots", "--answers"]) == 2
    assert "--answers es de Corazones" in capsys.readouterr().err


def test_bench_lengths_takes_a_level_and_house_rules(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["bench", "lengths", "--game", "corazones", "--games", "2", "--level", "facil"]
    assert main([*args, "--rules", '{"pass_size": 4}']) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("una partida a 100, cuatro jugadores Fácil, 2 partidas:")
    assert main([*args, "--rules", '{"pass_size": 5}']) == 2
    assert "--rules" in capsys.readouterr().err


def test_bench_engine_takes_house_rules(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["bench", "engine", "--game", "corazones", "--hands", "50"]
    assert main([*args, "--rules", '{"omnibus": true}']) == 0
    assert 'reglas: {"omnibus": true}' in capsys.readouterr().out
    # Spades takes its own house rules too, and refuses bad ones with the rules' message.
    assert main(["bench", "engine", "--hands", "5", "--rules", '{"team_minimum": 40}']) == 2
    assert "el mínimo por pareja debe estar entre 0 y 13" in capsys.readouterr().err
