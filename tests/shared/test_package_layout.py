"""The floors of the house only go down (docs/design.md, "Layers"), over the whole import graph:

    shared ← games/<key> ← the registry (picas.games) ← record ← web ← cli

``shared/`` imports no game and nothing above it; a game imports only ``shared/`` and itself;
``record``, ``web`` and ``cli`` reach a game only through the registry, except the few arrows of
:data:`EXCEPTIONS` (each with its reason, and the list is checked to be exactly what the code
does); and no module imports itself back through others.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

import picas

SRC = Path(picas.__file__).resolve().parent.parent

EXCEPTIONS: Mapping[str, str] = {
    "picas.web.games.spades": "the web tier per game: Spades' table part, its events and hints",
    "picas.web.games.corazones": "the web tier per game: Corazones' table part and its events",
    "picas.cli.bench_bots": "Spades' own bot timings (Difícil's playouts per decision)",
    "picas.cli.bench_server": "the server bench plays Spades games against a live server",
    "picas.cli.bench_refusals": "the longest signed save it sends is a Spades game's",
}
"""The modules above the registry that import a game directly, and why."""


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(root: Path) -> dict[str, set[str]]:
    """Every ``picas`` module under ``root`` and the ``picas`` modules it imports (anywhere in it:
    at the top, in a function, under ``TYPE_CHECKING``). ``from a import b`` counts as importing
    ``a.b`` when that is a module, else ``a``."""
    paths = {module_name(path, root): path for path in (root / "picas").rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                for alias in node.names:
                    child = f"{base}.{alias.name}"
                    found.add(child if child in paths else base)
        graph[name] = {target for target in found if target.split(".")[0] == "picas"}
    return graph


def floor(module: str) -> tuple[int, str]:
    """A module's floor, and for a game's module the game's key."""
    parts = module.split(".")
    if parts[:2] == ["picas", "shared"]:
        return 0, ""
    if parts[:2] == ["picas", "games"]:
        return (1, parts[2]) if len(parts) > 2 else (2, "")
    if parts[:2] == ["picas", "record"]:
        return 3, ""
    if parts[:2] == ["picas", "compiled"]:
        return 3, ""  # reads the registry (each game's hot modules) and is read by picas itself
    if parts[:2] == ["picas", "web"]:
        return 4, ""
    if parts[:2] == ["picas", "cli"]:
        return 5, ""
    return 6, ""  # the package's face (picas/__init__, __main__)


def wrong_arrows(graph: Mapping[str, Iterable[str]]) -> set[tuple[str, str, str]]:
    """(importer, imported, why) for every import the floors forbid."""
    wrong = set()
    for source, targets in graph.items():
        (level, game) = floor(source)
        for target in targets:
            (target_level, target_game) = floor(target)
            if level == 0 and target_level > 0:
                wrong.add((source, target, "shared/ imports a game or a floor above it"))
            elif level == 1 and not (
                target_level == 0 or (target_level == 1 and target_game == game)
            ):
                wrong.add((source, target, "a game imports more than shared/ and itself"))
            elif level >= 3 and target_level == 1 and source not in EXCEPTIONS:
                wrong.add((source, target, "a tool reaches a game past the registry"))
            elif (
                source.startswith("picas.web.games.")
                and target_level == 1
                and (source.rpartition(".")[2] != target_game)
            ):
                wrong.add((source, target, "a game's web part imports another game"))
            elif target_level > level and target != "picas":
                wrong.add((source, target, "an arrow runs back up"))
    return wrong


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The import cycles, each as the modules around it (Tarjan's strongly connected parts)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in graph:
                continue
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            part = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                part.append(member)
                if member == node:
                    break
            if len(part) > 1 or node in graph.get(node, ()):
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    return import_graph(SRC)


def test_the_floors_only_go_down(graph: dict[str, set[str]]) -> None:
    assert sorted(wrong_arrows(graph)) == []


def test_no_module_imports_itself_back(graph: dict[str, set[str]]) -> None:
    assert cycles(graph) == []


def test_the_exceptions_are_exactly_the_tools_that_import_a_game(
    graph: dict[str, set[str]],
) -> None:
    direct = {
        source
        for source, targets in graph.items()
        if floor(source)[0] >= 3 and any(floor(target)[0] == 1 for target in targets)
    }
    assert direct == set(EXCEPTIONS)


def test_the_graph_is_read_whole(graph: dict[str, set[str]]) -> None:
    # Every floor is there, and the arrows the layout depends on are seen.
    assert {floor(module)[0] for module in graph} == {0, 1, 2, 3, 4, 5, 6}
    assert "picas.shared.record" in graph["picas.record"]
    assert "picas.games" in graph["picas.cli.replay"]
    assert "picas.games.spades.record" in graph["picas.games.spades.spec"]


@pytest.mark.parametrize(
    ("source", "target", "why"),
    [
        ("picas.shared.deals", "picas.games.spades.rules", "shared/ imports a game"),
        ("picas.games.spades.invariants", "picas.record", "a game imports more"),
        ("picas.games.corazones.hand", "picas.games.spades.hand", "a game imports more"),
        ("picas.games.corazones.bench", "picas.cli.bench_engine", "a game imports more"),
        ("picas.web.table", "picas.games.spades.bots.registry", "a tool reaches a game"),
        ("picas.record", "picas.games.corazones", "a tool reaches a game"),
        ("picas.record", "picas.web.table", "an arrow runs back up"),
        ("picas.web.games.corazones", "picas.games.spades", "a game's web part"),
    ],
)
def test_the_check_catches_each_kind_of_wrong_arrow(source: str, target: str, why: str) -> None:
    assert [w for _, _, w in wrong_arrows({source: {target}})] == [
        next(reason for reason in _REASONS if reason.startswith(why))
    ]


_REASONS = (
    "shared/ imports a game or a floor above it",
    "a game imports more than shared/ and itself",
    "a tool reaches a game past the registry",
    "an arrow runs back up",
    "a game's web part imports another game",
)


def test_the_check_catches_a_cycle() -> None:
    graph = {
        "picas.games.corazones.bench": {"picas.cli.bench_engine"},
        "picas.cli.bench_engine": {"picas.games.corazones.bench"},
        "picas.shared.cards": set(),
    }
    assert cycles(graph) == [["picas.cli.bench_engine", "picas.games.corazones.bench"]]
