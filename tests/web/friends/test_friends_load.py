"""The smoke version of ``picas load --friends`` (the figures are docs/benchmarks.md's): a few
tables of four simulated people on a spawned server, every seq received once, no error."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from picas.cli.friends_client import Person, Sent


@pytest.mark.parametrize("pausing", [["--think", "0.2"], ["--pace", "0.1", "0.3"]])
def test_load_friends_smoke(pausing: list[str]) -> None:
    command = [sys.executable, "-m", "picas.cli", "load", "--spawn", "--workers", "1"]
    command += ["--friends", "2", "--seconds", "6", "--warmup", "2", *pausing]
    command += ["--level", "facil", "--json"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=180, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    (result,) = json.loads(done.stdout)["results"]
    assert result["sockets"] == 8
    assert result["pace"] == ([0.1, 0.3] if "--pace" in pausing else None)
    assert result["warmup"] == 2.0  # the command's, not the default (a quarter of 6 s)
    assert result["lost"] == 0
    assert result["duplicated"] == 0
    assert result["errors"] == {}
    assert result["card_to_others_ms"]["n"] > 0
    # The spawned server's CPU in the timed stretch, for its cost per action.
    assert result["timed_actions"] > 0
    assert result["server_cpu"]["server"]["cpu_seconds"] > 0
    # The whole machine was at least as busy as the server alone.
    assert result["machine"]["busy_cores"] >= result["server_cpu"]["server"]["cores"]
    assert result["load_generator_late_ms"]["n"] > 100  # watched for the 4 timed seconds


def test_a_paced_person_draws_each_pause_from_its_own_generator() -> None:
    """With ``pace`` each pause is drawn between the two bounds (tables that started together
    drift apart instead of acting in one beat), the same draws for the same seed; without it,
    ``think`` every time."""

    def person(**pausing: object) -> Person:
        return Person("ws://x", "t", "token", origin="http://x", sent=Sent(), **pausing)  # type: ignore[arg-type]

    paced = [person(pace=(2.0, 4.0), rng=random.Random(f"seed/{n}")) for n in (1, 1, 2)]
    draws = [[one.pause() for _ in range(50)] for one in paced]
    assert all(2.0 <= pause <= 4.0 for pause in draws[0])
    assert len(set(draws[0])) == 50  # drawn, not one pause
    assert draws[0] == draws[1]  # the same seed, the same pauses
    assert draws[0] != draws[2]
    assert [person(think=0.7).pause() for _ in range(3)] == [0.7, 0.7, 0.7]
