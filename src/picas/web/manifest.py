"""The page's manifest of games, ``/js/games.js``: the one list the first screen, the store, the
API client and sharing read, written from the games' registry (:mod:`picas.games`) and each
played game's ``PAGE`` (:mod:`picas.web.games.page`), so that the page's list of games is the
server's and nothing lists the games twice. Written once per process and served like the page's
files (revalidated, a 304 when unchanged)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Awaitable, Callable
from functools import cache
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from picas import games
from picas.web.games import page_for, table_for

PATH = "/js/games.js"

_CODE = """
/** The first game: a bare shared link (?codigo= alone) and an unchosen save are its. */
export const FIRST = GAMES[0];

/** The entry of a game's key, or undefined. */
export function byKey(key) {
  return GAMES.find((game) => game.key === key);
}

/** The entry a link's ?juego= names (any case), or undefined. */
export function byLink(name) {
  const wanted = String(name).toLowerCase();
  return GAMES.find((game) => game.links.includes(wanted));
}
"""


def entries() -> list[dict[str, Any]]:
    """Each game the page plays, in the registry's order: its key (the record's, the API's and
    the page's one name for it), its hooks module, the new-game options the API takes with
    each one's default (a game's rules are the same as the settings when every option is), the
    options' declaration (``settings``: values, default, range, words, «Reglas de la casa»,
    exclusions — what the settings forms, the store, the statistics and the help pages read),
    and its ``PAGE``."""
    out = []
    for spec in games.games():
        page = page_for(spec.key)
        if page is None:
            continue
        out.append(
            {
                "key": spec.key,
                "links": list(page.links),
                "former": list(page.former),
                "module": f"./games/{spec.key}/hooks.js",
                "download": page.download,
                "options": list(spec.options),
                "defaults": spec.options.defaults,
                "settings": spec.options.to_json(),
                "storage": dataclasses.asdict(page.storage),
                "choice": dataclasses.asdict(page.choice),
                "partners": page.partners,
                "friends": table_for(spec.key).friends,
            }
        )
    return out


def manifest_js() -> str:
    listed = json.dumps(entries(), ensure_ascii=False, indent=2)
    return (
        "// The manifest of the games the page plays, written by the server from the games'"
        " registry\n// (picas.web.manifest): each game's key, the names a link may use, the names"
        " its choice\n// was stored under before, its hooks module, its downloads' name, its"
        " new-game options\n// and their defaults, its localStorage keys, its button on the"
        " first screen, whether it\n// is played in partnerships and whether a friends' table"
        " offers it.\n\n"
        f"const LIST = {listed};\n\n"
        "export const GAMES = Object.freeze(\n"
        "  LIST.map((game) => Object.freeze({ ...game, storage: Object.freeze(game.storage) })),\n"
        ");\n" + _CODE
    )


@cache
def _body() -> tuple[bytes, str]:
    body = manifest_js().encode("utf-8")
    return body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


def _answer() -> Callable[[Request], Awaitable[Response]]:
    async def answer(request: Request) -> Response:
        body, etag = _body()
        if etag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers={"ETag": etag})
        return Response(
            b"" if request.method == "HEAD" else body,
            media_type="text/javascript; charset=utf-8",
            headers={"ETag": etag, "Content-Length": str(len(body))},
        )

    return answer


def manifest_route() -> Route:
    return Route(PATH, _answer(), methods=["GET"])
