"""``picas bench engine|bots --game corazones``: Corazones' benchmarks on the shared loops."""

from __future__ import annotations

import pytest

from picas.cli import main
from picas.games.corazones import bench as corazones_bench
from picas.games.corazones.bots import FacilBot


def test_bench_engine_plays_corazones(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--game", "corazones", "--hands", "20"]) == 0
    out = capsys.readouterr().out
    assert "corazones, hands:" in out
    assert "corazones, whole games:" in out


def test_bench_bots_times_corazones_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "bots", "--game", "corazones", "--positions", "3"]) == 0
    out = capsys.readouterr().out
    for level in ("facil", "normal", "dificil"):
        assert f"{level} " in out
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
