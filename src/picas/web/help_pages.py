"""The help pages: one layout (``pages/_layout.html``: the ``<head>``, the header and the topic
menu) around each page's own title, description and ``<main>`` (``pages/<its URL>``).

:data:`HELP_SETS` is the table the layout is filled from: each menu's language, game, brand, its
entries and where «Volver a la mesa» goes. Each game's sets are its web part's (``PAGE.help`` in
``web/games/<key>.py``); the pages of no game (:data:`SHARED_PAGES`) get a set built from them, a
menu entry to each game's help. :data:`COUNTERPARTS` pairs each Spanish page with its English
one. Every page is rendered once per process, at the app's start (:func:`rendered`), and served as
it is: no request makes the server render again. Links stay relative (the pages live at
three depths), so the pages work behind any prefix and with JavaScript off."""

from __future__ import annotations

import functools
import hashlib
import posixpath
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, Router
from starlette.types import ASGIApp

from picas import games
from picas.web.games import page_for
from picas.web.games.page import GamePage, HelpSet, Language, Topic

__all__ = ["COUNTERPARTS", "HELP_SETS", "HelpSet", "Topic", "help_router", "rendered"]

TEMPLATES_DIR = Path(__file__).resolve().parent / "pages"
LAYOUT = "_layout.html"
LANGUAGE_NAMES: Mapping[Language, str] = {"es": "Español", "en": "English"}
"""The language switch's words, each in its own language."""
BACK: Mapping[Language, str] = {"es": "Volver a la mesa", "en": "Back to the table"}
"""The words of the link back to the table."""
HELP: Mapping[Language, str] = {"es": "Ayuda", "en": "Help"}


SHARED_PAGES: tuple[tuple[Topic, Topic], ...] = (
    (
        Topic("picas-y-corazones.html", "Picas y Corazones"),
        Topic("en/spades-and-hearts.html", "Spades and Hearts"),
    ),
    (Topic("juego-limpio.html", "Juego limpio"), Topic("en/fair-play.html", "Fair play")),
    (
        Topic("reto-del-dia.html", "Reto del día"),
        Topic("en/daily-challenge.html", "Daily challenge"),
    ),
)
"""The pages of no game (the difference between the games, fair play): Spanish, English."""


def _games_help() -> tuple[GamePage, ...]:
    """The ``PAGE`` of each game the page plays, in the registry's order."""
    pages = (page_for(spec.key) for spec in games.games())
    return tuple(page for page in pages if page is not None)


def _shared_set(lang: Language, game_sets: tuple[HelpSet, ...]) -> HelpSet:
    """The set of the pages of no game in ``lang``: every game's brand, and a menu that leads to
    each game's help (its first page) before the shared pages."""
    return HelpSet(
        lang=lang,
        brand=" · ".join(s.entry_brand or s.brand for s in game_sets),
        menu_label=HELP[lang],
        menu=(
            *(Topic(s.menu[0].path, s.entry or s.menu_label, own=False) for s in game_sets),
            *(spanish if lang == "es" else english for spanish, english in SHARED_PAGES),
        ),
        settings_note=False,
    )


def _help_sets() -> tuple[HelpSet, ...]:
    game_sets = tuple(help_set for page in _games_help() for help_set in page.help)
    shared = tuple(
        _shared_set(lang, tuple(s for s in game_sets if s.lang == lang)) for lang in LANGUAGE_NAMES
    )
    return (*game_sets, *shared)


HELP_SETS: tuple[HelpSet, ...] = _help_sets()
"""Each game's help sets (its ``PAGE``'s, in the registry's order), then the pages of no game."""

COUNTERPARTS: Mapping[str, str] = {
    **{
        spanish: english
        for page in _games_help()
        for spanish, english in page.help_counterparts.items()
    },
    **{spanish.path: english.path for spanish, english in SHARED_PAGES},
}
"""Each Spanish page → its English page (the language switch and the alternate link)."""


def help_set_of(path: str) -> HelpSet:
    """The set whose header and menu ``path`` wears."""
    for help_set in HELP_SETS:
        if path in help_set.pages:
            return help_set
    raise KeyError(path)


def counterpart(path: str) -> str:
    """The page in the other language."""
    for spanish, english in COUNTERPARTS.items():
        if path in (spanish, english):
            return english if path == spanish else spanish
    raise KeyError(path)


def relative(page: str, target: str) -> str:
    """The href from ``page`` to ``target`` (both from the site's root; "" is the root itself,
    and a query such as ``?juego=corazones`` stays on the end)."""
    path, _, query = target.partition("?")
    link = posixpath.relpath(path or ".", posixpath.dirname(page) or ".")
    if not path:  # the root is a folder: "./", "../" or "../../"
        link = "./" if link == "." else link + "/"
    return link + ("?" + query if query else "")


def page_context(path: str) -> dict[str, object]:
    """What the layout needs to put around ``path``'s content."""
    help_set = help_set_of(path)
    other = counterpart(path)
    other_lang: Language = "en" if help_set.lang == "es" else "es"
    return {
        "lang": help_set.lang,
        "help_set": help_set,
        "root": relative(path, "").removeprefix("./"),
        "back": {"href": relative(path, help_set.table), "words": BACK[help_set.lang]},
        "other": {
            "href": relative(path, other),
            "lang": other_lang,
            "name": LANGUAGE_NAMES[other_lang],
        },
        "menu": [
            {
                "href": relative(path, topic.path),
                "title": topic.title,
                "current": topic.path == path,
            }
            for topic in help_set.menu
        ],
        "key_of": key_of(),
    }


def key_of() -> dict[str, str]:
    """Each game's key by its name, Spanish or English: a page that marks something as a game's
    (``data-juego``) names the game as its words do (``{{ key_of.Picas }}``), never by its key."""
    return {name: spec.key for spec in games.games() for name in (spec.name_es, spec.name_en)}


@dataclass(frozen=True, slots=True)
class RenderedPage:
    """A page as it is sent: its UTF-8 HTML and the ``ETag`` a browser revalidates it with."""

    body: bytes
    etag: str


def template_environment() -> Environment:
    return Environment(
        loader=FileSystemLoader(TEMPLATES_DIR),
        autoescape=True,
        undefined=StrictUndefined,  # a name missing from the context fails, never renders ""
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


@functools.cache
def rendered() -> Mapping[str, RenderedPage]:
    """Every help page (path from the site's root → its HTML), rendered once per process."""
    environment = template_environment()
    pages: dict[str, RenderedPage] = {}
    for help_set in HELP_SETS:
        for path in help_set.pages:
            html = environment.get_template(path).render(page_context(path))
            body = html.encode("utf-8")
            pages[path] = RenderedPage(body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"')
    return pages


def _unchanged(if_none_match: str, etag: str) -> bool:
    """Whether the browser's copy (``If-None-Match``) is the page as it is."""
    tags = [tag.strip().removeprefix("W/") for tag in if_none_match.split(",")]
    return "*" in tags or etag in tags


def _endpoint(page: RenderedPage) -> Callable[[Request], Awaitable[Response]]:
    """One page's answer to GET and HEAD: a 304 when the browser already has it."""

    async def answer(request: Request) -> Response:
        if _unchanged(request.headers.get("if-none-match", ""), page.etag):
            return Response(status_code=304, headers={"ETag": page.etag})
        return Response(
            b"" if request.method == "HEAD" else page.body,
            media_type="text/html; charset=utf-8",
            headers={"ETag": page.etag, "Content-Length": str(len(page.body))},
        )

    return answer


def help_router(fallback: ASGIApp | None) -> Router:
    """The help pages at their URLs; any other path goes to ``fallback`` (the static files)."""
    routes = [
        Route("/" + path, _endpoint(page), methods=["GET"]) for path, page in rendered().items()
    ]
    return Router(routes, redirect_slashes=False, default=fallback)
