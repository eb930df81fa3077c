"""Corazones' compiled engine and the pure Python reference agree exactly.

The corpus (:mod:`corazones_identity_corpus`: random hands with every illegal card's refusal,
random games under every setting, the states' value semantics, each level's bots through seeded
games) is computed here, on the path this process runs, and in a subprocess forced to pure Python.
In CI (``PICAS_REQUIRE_COMPILED=1``) this side must be the compiled build.
"""

from __future__ import annotations

from pathlib import Path

from corazones_identity_corpus import corpus

from path_identity import assert_paths_agree

HERE = Path(__file__).resolve().parent


def test_the_compiled_and_the_pure_paths_agree_on_corazones() -> None:
    here = corpus()
    assert all(here["values"]), here["values"]
    assert_paths_agree(HERE / "corazones_identity_corpus.py", here, ("hands", "games", "bots"))
