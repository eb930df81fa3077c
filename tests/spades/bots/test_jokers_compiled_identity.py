"""The compiled hot path and the pure Python reference decide exactly alike at «Comodines» too
(:mod:`jokers_identity_corpus`: every level's joker games, Difícil's search parts on joker
positions, random joker hands through the engine)."""

from __future__ import annotations

from pathlib import Path

from jokers_identity_corpus import corpus

from path_identity import assert_paths_agree

HERE = Path(__file__).resolve().parent


def test_the_compiled_and_the_pure_paths_agree_on_the_jokers_corpus() -> None:
    assert_paths_agree(HERE / "jokers_identity_corpus.py", corpus(), ("games", "search", "engine"))
