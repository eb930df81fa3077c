"""The page's manifest of games (``/js/games.js``) is the one list the first screen, the store, the
API client and sharing read. It is written by the server from the games' registry, so it cannot
disagree with it: the games with a web part, in the registry's order, each with the new-game
options the API takes, its conductor module where the page has one, and localStorage keys no two
games share."""

from __future__ import annotations

import json
import re
from pathlib import Path

from web_helpers import make_client

from picas import games
from picas.web.games import page_for
from picas.web.manifest import PATH, manifest_js
from picas.web.settings import STATIC_DIR

JS = Path(STATIC_DIR) / "js"
READERS = ("inicio.js", "store.js", "api.js", "share.js")


def _served() -> tuple[str, str, str]:
    client = make_client()
    answer = client.get(PATH)
    assert answer.status_code == 200
    again = client.get(PATH, headers={"If-None-Match": answer.headers["etag"]})
    assert again.status_code == 304
    return answer.text, answer.headers["content-type"], answer.headers["etag"]


def _listed(text: str) -> list[dict[str, object]]:
    found = re.search(r"const LIST = (\[.*?\n\]);", text, flags=re.S)
    assert found is not None, text
    listed: list[dict[str, object]] = json.loads(found.group(1))
    return listed


def test_the_served_manifest_is_the_registrys_games_with_a_page_in_its_order() -> None:
    text, content_type, _ = _served()
    assert content_type.startswith("text/javascript")
    assert text == manifest_js()
    played = [spec.key for spec in games.games() if page_for(spec.key) is not None]
    assert [entry["key"] for entry in _listed(text)] == played
    assert played[: len(games.KEYS)] == list(games.KEYS)


def test_each_entry_has_its_games_options_and_a_conductor_the_page_has() -> None:
    for entry in _listed(manifest_js()):
        spec = games.find_game(entry["key"])
        assert entry["options"] == list(spec.options)
        assert entry["defaults"] == {name: option.default for name, option in spec.options.items()}
        assert entry["settings"] == spec.options.to_json()
        module = str(entry["module"])
        assert (JS / module).is_file(), module


def test_no_two_games_share_a_storage_key_or_a_link_name() -> None:
    listed = _listed(manifest_js())
    keys = [key for entry in listed for key in dict(entry["storage"]).values()]  # type: ignore[call-overload]
    assert len(keys) == len(set(keys))
    links = [name for entry in listed for name in list(entry["links"])]  # type: ignore[call-overload]
    assert len(links) == len(set(links))


def test_the_page_has_no_copy_of_the_manifest_to_fall_out_of_date() -> None:
    assert not (JS / "games.js").exists()


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
