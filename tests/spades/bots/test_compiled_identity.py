"""The compiled hot path and the pure Python reference decide exactly alike.

The same corpus (:mod:`identity_corpus`: every level's games, Difícil's playout counts, Nil and
Blind Nil hands, the search's parts, random engine hands and games) is computed here, on the path
this process runs (compiled when a fresh build exists), and in a subprocess forced to pure Python.
CI requires the compiled side to be the build (``PICAS_REQUIRE_COMPILED=1`` in ``.ci/run``, except
in ``make test``'s second, pure pass), so it compares the two paths there; elsewhere without a
compiler it compares pure with pure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from identity_corpus import corpus

from path_identity import assert_paths_agree
from picas import compiled

HERE = Path(__file__).resolve().parent


def test_the_compiled_and_the_pure_paths_agree_on_the_corpus() -> None:
    assert_paths_agree(HERE / "identity_corpus.py", corpus(), ("games", "search", "engine"))


def _path_of_copy(src: Path) -> list[str]:
    probe = (
        "from picas import compiled; print(compiled.path_in_use()); print(compiled.is_compiled())"
    )
    env = {**os.environ, "PYTHONPATH": str(src)}
    env.pop(compiled.PURE_ENV, None)
    done = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", probe],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=src,
    )
    return done.stdout.split("\n")[:2]


def test_a_build_older_than_its_sources_is_not_used(tmp_path: Path) -> None:
    if compiled.built_digest() is None:
        pytest.skip("no compiled build here (no C compiler): nothing could go stale")
    src = Path(compiled.__file__).resolve().parent.parent
    copy = tmp_path / "src"
    shutil.copytree(src, copy, ignore=shutil.ignore_patterns("__pycache__", ".mypy_cache"))
    assert _path_of_copy(copy) == ["compilado (mypyc)", "True"]
    # One compiled module's source changes (a comment is enough): its build is stale.
    policy = copy / "picas" / "games" / "spades" / "bots" / "policy.py"
    policy.write_text(policy.read_text() + "# changed\n")
    path, loaded = _path_of_copy(copy)
    assert "desfasado" in path
    assert loaded == "False"
