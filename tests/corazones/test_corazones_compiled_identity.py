"""Corazones' compiled engine and the pure Python reference agree exactly.

The corpus (:mod:`corazones_identity_corpus`: random hands with every illegal card's refusal,
random games under every setting, the states' value semantics, each level's bots through seeded
games) is computed here, on the path this process runs, and in a subprocess forced to pure Python.
In CI (``PICAS_REQUIRE_COMPILED=1``) this side must be the compiled build.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from corazones_identity_corpus import corpus

from picas import compiled

HERE = Path(__file__).resolve().parent


def test_the_compiled_and_the_pure_paths_agree_on_corazones() -> None:
    env = {**os.environ, compiled.PURE_ENV: "1"}
    done = subprocess.run(
        [sys.executable, str(HERE / "corazones_identity_corpus.py")],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    pure = json.loads(done.stdout)
    here = corpus()
    assert pure.pop("compiled") is False
    assert pure.pop("path").startswith("Python puro")
    pure_pass = os.environ.get(compiled.PURE_ENV, "") not in ("", "0")
    if os.environ.get("PICAS_REQUIRE_COMPILED") == "1" and not pure_pass:
        assert here["compiled"], here["path"]
    here.pop("compiled")
    here.pop("path")
    assert all(here["values"]), here["values"]
    for part in ("hands", "games", "bots"):
        assert here[part] == pure[part], part
    assert here == pure
