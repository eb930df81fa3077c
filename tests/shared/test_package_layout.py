"""The layout holds: shared/ imports no game, and no game imports another (docs/design.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import picas

PACKAGE = Path(picas.__file__).resolve().parent


def _imports(folder: Path) -> set[tuple[str, str]]:
    """(file, imported module) for every import under ``folder``."""
    found = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                found.add((path.name, node.module))
            elif isinstance(node, ast.Import):
                found.update((path.name, alias.name) for alias in node.names)
    return found


def test_shared_imports_no_game_nor_outer_layer() -> None:
    outer = ("picas.games", "picas.web", "picas.cli", "picas.record")
    wrong = {(f, m) for f, m in _imports(PACKAGE / "shared") if m.startswith(outer)}
    assert wrong == set()


@pytest.mark.parametrize(("game", "other"), [("spades", "corazones"), ("corazones", "spades")])
def test_a_game_does_not_import_another(game: str, other: str) -> None:
    imports = _imports(PACKAGE / "games" / game)
    wrong = {(f, m) for f, m in imports if m.startswith(f"picas.games.{other}")}
    assert wrong == set()
    assert any(m.startswith("picas.shared") for _, m in imports)  # and it does use the shared
