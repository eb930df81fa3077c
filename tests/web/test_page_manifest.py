"""The page's manifest of games (``static/js/games.js``) is the one list the first screen, the
store, the API client and sharing read, and it agrees with the server's, the games' registry: the
same games in the same order, each with the new-game options the API takes."""

from __future__ import annotations

import re
from pathlib import Path

from picas import games
from picas.web.settings import STATIC_DIR

JS = Path(STATIC_DIR) / "js"
MANIFEST = (JS / "games.js").read_text(encoding="utf-8")
READERS = ("inicio.js", "store.js", "api.js", "share.js")


def _entries() -> list[tuple[str, list[str]]]:
    found = re.findall(r'key: "([a-z_]+)",.*?options: \[([^\]]*)\]', MANIFEST, flags=re.S)
    return [(key, re.findall(r'"([a-z_0-9]+)"', options)) for key, options in found]


def test_the_manifest_lists_the_registrys_games_in_its_order() -> None:
    assert [key for key, _ in _entries()] == list(games.KEYS)


def test_each_games_options_are_the_ones_its_new_game_takes() -> None:
    for key, options in _entries():
        assert set(options) == set(games.find_game(key).options), key


def test_the_readers_name_no_game_of_their_own() -> None:
    for name in READERS:
        text = (JS / name).read_text(encoding="utf-8")
        code = "\n".join(
            line for line in text.splitlines() if not line.lstrip().startswith(("//", "*", "/**"))
        )
        assert 'from "./games.js"' in code, name
        for spec in games.games():
            assert f'"{spec.key}"' not in code, (name, spec.key)
        for other in ('"picas"', "corazones.js", "main.js"):
            assert other not in code, (name, other)
