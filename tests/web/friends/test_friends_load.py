"""The smoke version of ``picas load --friends`` (the figures are docs/benchmarks.md's): a few
tables of four simulated people on a spawned server, every seq received once, no error."""

from __future__ import annotations

import json
import subprocess
import sys


def test_load_friends_smoke() -> None:
    command = [sys.executable, "-m", "picas.cli", "load", "--spawn", "--workers", "1"]
    command += ["--friends", "2", "--seconds", "6", "--warmup", "2", "--think", "0.2"]
    command += ["--level", "facil", "--json"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=180, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    (result,) = json.loads(done.stdout)["results"]
    assert result["sockets"] == 8
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
