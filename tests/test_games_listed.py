"""The list of games is written once, in the registry (``picas.games.KEYS``): this test scans the
source for the places that name a game by its key — a quoted key (``"corazones"``), a per-game
table keyed by it in the page's code (``corazones: {`` or ``corazones: [``) or a ``data-juego``
— outside the games' own folders (``games/<key>/``, ``web/games/<key>.py``,
``static/js/games/<key>/``), and holds them to the documented exceptions below. A new place that
lists games fails here; an exception that no longer names a game fails too, so the list cannot
go stale."""

from __future__ import annotations

import re
from pathlib import Path

from picas import games

SRC = Path(__file__).resolve().parents[1] / "src" / "picas"
SOURCES = (".py", ".js", ".html", ".css")

REGISTRY = "games/__init__.py"
"""The one list of games."""

EXCEPTIONS: dict[str, str] = {
    # Not a game: the Spanish (and English) names of the suit ♥ and ♠.
    "shared/cards.py": "the suits' Spanish names («corazones», «picas»)",
    "web/static/js/i18n.js": "the suits' Spanish names",
    "web/static/js/i18n-en.js": "the suits' names, Spanish to English",
    # Games named on purpose, each for a reason of its own.
    "cli/bench_bots.py": "each game's own bot timings (the layout test lists it too)",
    "cli/bench_answers.py": "Corazones Difícil's answers on a spawned server",
}


def _own(path: str, key: str) -> bool:
    """A game's own folders; in any game's engine a key is a suit's name (Spades' hint speaks of
    «corazones»), and the layout test keeps the games from reaching each other."""
    in_a_game = path.startswith("games/") and path != REGISTRY
    return (
        in_a_game
        or path.startswith(f"web/static/js/games/{key}/")
        or path == (f"web/games/{key}.py")
    )


def _code(path: Path) -> str:
    """The file without its comments (a comment that names a game lists nothing)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return "\n".join(line.split("#", 1)[0] for line in text.splitlines())
    if path.suffix in (".js", ".css"):
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        return "\n".join(re.sub(r"(^|\s)//.*$", "", line) for line in text.splitlines())
    return re.sub(r"<!--.*?-->", "", text, flags=re.S)


def listing_places() -> dict[str, set[str]]:
    """Each source file (from ``src/picas``) that names a site game outside that game's own
    folders, with the keys it names."""
    found: dict[str, set[str]] = {}
    for path in sorted(SRC.rglob("*")):
        if path.suffix not in SOURCES or not path.is_file():
            continue
        name = path.relative_to(SRC).as_posix()
        code = _code(path)
        for key in games.KEYS:
            if _own(name, key):
                continue
            quoted = re.search(rf"[\"']{key}[\"']", code)
            keyed = rf"(^|[\s{{,]){key}\s*:\s*[{{\[]"  # a table of objects or of lists
            table = path.suffix == ".js" and re.search(keyed, code, re.M)
            if quoted or table:
                found.setdefault(name, set()).add(key)
    return found


def test_the_games_are_listed_in_the_registry_and_the_documented_exceptions_only() -> None:
    places = listing_places()
    # docs/benchmarks.md quotes this line (run with -s): the suits' names are not lists of games.
    suits = {name for name, why in EXCEPTIONS.items() if why.startswith("the suits'")}
    print(f"files naming the games outside their folders: {len(set(places) - suits)}")
    assert REGISTRY in places
    assert set(places) - {REGISTRY} - set(EXCEPTIONS) == set(), "a new list of the games"


def test_every_exception_still_names_a_game() -> None:
    places = listing_places()
    assert [name for name in EXCEPTIONS if name not in places] == []
