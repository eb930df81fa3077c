"""The help pages: one layout (``pages/_layout.html``: the ``<head>``, the header and the topic
menu) around each page's own title, description and ``<main>`` (``pages/<its URL>``).

:data:`HELP_SETS` is the table the layout is filled from: each menu's language, game, brand, its
entries and where «Volver a la mesa» goes; :data:`COUNTERPARTS` pairs each Spanish page with its
English one. Every page is rendered once per process, at the app's start (:func:`rendered`), and
served as it is: no request makes the server render again. Links stay relative (the pages live at
three depths), so the pages work behind any prefix and with JavaScript off."""

from __future__ import annotations

import functools
import hashlib
import posixpath
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, Router
from starlette.types import ASGIApp

TEMPLATES_DIR = Path(__file__).resolve().parent / "pages"
LAYOUT = "_layout.html"
Language = Literal["es", "en"]
LANGUAGE_NAMES: Mapping[Language, str] = {"es": "Español", "en": "English"}
"""The language switch's words, each in its own language."""
BACK: Mapping[Language, str] = {"es": "Volver a la mesa", "en": "Back to the table"}
"""The words of the link back to the table."""


@dataclass(frozen=True, slots=True)
class Topic:
    """One entry of a menu: a page (its path from the site's root) and its title there. ``own``
    is False for an entry that leads to another set's page (it wears that set's header)."""

    path: str
    title: str
    own: bool = True


@dataclass(frozen=True, slots=True)
class HelpSet:
    """The pages that share one header and one menu."""

    lang: Language
    brand: str
    menu_label: str
    menu: tuple[Topic, ...]
    game: str | None = None
    """``data-juego`` on ``<html>`` (``js/ayuda.js`` reads it); None for Spades."""
    settings_note: bool = True
    """Whether the page has the box that says which rules it describes (``#ajustes-activos``)."""

    @property
    def table(self) -> str:
        """Where «Volver a la mesa» goes, from the site's root: the table, with its game."""
        return f"?juego={self.game}" if self.game else ""

    @property
    def pages(self) -> tuple[str, ...]:
        return tuple(topic.path for topic in self.menu if topic.own)


HELP_SETS: tuple[HelpSet, ...] = (
    HelpSet(
        lang="es",
        brand="♠ Picas",
        menu_label="Ayuda",
        menu=(
            Topic("como-se-juega.html", "Cómo se juega"),
            Topic("reglas.html", "Reglas y variantes"),
            Topic("ejemplo.html", "Ejemplo de puntuación"),
            Topic("estrategia.html", "Estrategia"),
            Topic("preguntas.html", "Preguntas frecuentes"),
            Topic("picas-y-corazones.html", "Picas y Corazones", own=False),
        ),
    ),
    HelpSet(
        lang="en",
        brand="♠ Picas",
        menu_label="Help",
        menu=(
            Topic("en/how-to-play.html", "How to play"),
            Topic("en/rules.html", "Rules and variants"),
            Topic("en/scoring-example.html", "Scoring example"),
            Topic("en/strategy.html", "Strategy"),
            Topic("en/faq.html", "FAQ"),
            Topic("en/spades-and-hearts.html", "Spades and Hearts", own=False),
        ),
    ),
    HelpSet(
        lang="es",
        game="corazones",
        brand="♥ Corazones",
        menu_label="Ayuda de Corazones",
        menu=(
            Topic("corazones/como-se-juega.html", "Cómo se juega"),
            Topic("corazones/reglas.html", "Reglas y ajustes"),
            Topic("corazones/estrategia.html", "Estrategia"),
            Topic("corazones/preguntas.html", "Preguntas frecuentes"),
            Topic("picas-y-corazones.html", "Picas y Corazones", own=False),
        ),
    ),
    HelpSet(
        lang="en",
        game="corazones",
        brand="♥ Hearts",
        menu_label="Hearts help",
        menu=(
            Topic("en/hearts/how-to-play.html", "How to play"),
            Topic("en/hearts/rules.html", "Rules and settings"),
            Topic("en/hearts/strategy.html", "Strategy"),
            Topic("en/hearts/faq.html", "FAQ"),
            Topic("en/spades-and-hearts.html", "Spades and Hearts", own=False),
        ),
    ),
    # The difference pages belong to neither game: both brands, a menu to each game's help.
    HelpSet(
        lang="es",
        brand="♠ Picas · ♥ Corazones",
        menu_label="Ayuda",
        menu=(
            Topic("como-se-juega.html", "Ayuda de Picas", own=False),
            Topic("corazones/como-se-juega.html", "Ayuda de Corazones", own=False),
            Topic("picas-y-corazones.html", "Picas y Corazones"),
            Topic("juego-limpio.html", "Juego limpio"),
        ),
        settings_note=False,
    ),
    HelpSet(
        lang="en",
        brand="♠ Spades · ♥ Hearts",
        menu_label="Help",
        menu=(
            Topic("en/how-to-play.html", "Spades help", own=False),
            Topic("en/hearts/how-to-play.html", "Hearts help", own=False),
            Topic("en/spades-and-hearts.html", "Spades and Hearts"),
            Topic("en/fair-play.html", "Fair play"),
        ),
        settings_note=False,
    ),
)

COUNTERPARTS: Mapping[str, str] = {
    "como-se-juega.html": "en/how-to-play.html",
    "reglas.html": "en/rules.html",
    "ejemplo.html": "en/scoring-example.html",
    "estrategia.html": "en/strategy.html",
    "preguntas.html": "en/faq.html",
    "corazones/como-se-juega.html": "en/hearts/how-to-play.html",
    "corazones/reglas.html": "en/hearts/rules.html",
    "corazones/estrategia.html": "en/hearts/strategy.html",
    "corazones/preguntas.html": "en/hearts/faq.html",
    "picas-y-corazones.html": "en/spades-and-hearts.html",
    "juego-limpio.html": "en/fair-play.html",
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
    }


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
