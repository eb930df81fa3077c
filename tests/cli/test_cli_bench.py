"""``picas bench engine|bots --game corazones``: Corazones' benchmarks on the shared loops."""

from __future__ import annotations

import pytest

from picas.cli import main


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
    assert main(["bench", "bots", "--game", "corazones", "--review"]) == 2
    assert "Corazones mide sus tres niveles" in capsys.readouterr().err
