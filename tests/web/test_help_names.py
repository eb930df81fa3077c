"""One page, one name: each help menu's entry is its page's own title (the game's name aside), the
table's «Ayuda» menus of both games use the same names, and every link to a rules page inside the
help calls it what its menu does."""

from __future__ import annotations

import json
import posixpath
import re
from html import unescape
from pathlib import Path

import pytest
from web_helpers import help_page

from picas.web.help_pages import HELP_SETS, Topic

STATIC = Path(__file__).resolve().parents[2] / "src" / "picas" / "web" / "static"
JS = STATIC / "js"

# The game's name as a page's title wears it and its menu entry does not: «Estrategia de
# Corazones» is «Estrategia» in Corazones' own menu, "Hearts FAQ" is "FAQ".
_GAME_NAME = re.compile(r"\s+(a|de)\s+Corazones$|^Hearts\s+|\s+Hearts$")


def _bare(title: str, path: str) -> str:
    """A title without a subtitle («Picas y Corazones: en qué se diferencian») and, on a Corazones
    page, without the game's name."""
    title = title.split(":")[0].strip()
    if path.startswith(("corazones/", "en/hearts/")):
        title = _GAME_NAME.sub("", title)
    return title.casefold()


def _title(path: str) -> str:
    match = re.search(r"<title>(.*?) — Picas</title>", help_page(path), re.S)
    assert match, path
    return unescape(match.group(1))


def _h1(path: str) -> str:
    match = re.search(r"<h1[^>]*>(.*?)</h1>", help_page(path), re.S)
    assert match, path
    return unescape(re.sub(r"<[^>]+>", "", match.group(1)))


OWN_TOPICS: list[Topic] = [topic for s in HELP_SETS for topic in s.menu if topic.own]


@pytest.mark.parametrize("topic", OWN_TOPICS, ids=lambda topic: topic.path)
def test_each_menu_entry_is_its_pages_title(topic: Topic) -> None:
    assert _bare(_title(topic.path), topic.path) == topic.title.casefold()
    # The heading too (the English FAQ's spells out "Frequently asked questions").
    assert (
        _bare(_h1(topic.path), topic.path) == topic.title.casefold() or topic.path == "en/faq.html"
    )


def _strings(module: str, table: str) -> dict[str, str]:
    """The ``help.*`` and ``cz.help.*`` strings of one table (ES or EN) of a JS strings module."""
    text = (JS / module).read_text(encoding="utf-8")
    if f"export const {table} = {{" in text:
        text = text[text.index(f"export const {table} = {{") :]
        text = text[: text.index("\n};")]
    pairs = re.findall(r'^\s*"((?:cz\.)?help\.\w+)": "([^"]*)",', text, re.M)
    return {key: json.loads(f'"{value}"') for key, value in pairs}


def _table_menu(game: str, lang: str) -> dict[str, str]:
    """The table's «Ayuda» menu of ``game`` in ``lang``: each page's path → its label."""
    table = "ES" if lang == "es" else "EN"
    words = {
        **_strings("i18n.js" if lang == "es" else "i18n-en.js", table),
        **_strings("games/corazones/i18n.js", table),
    }
    if game == "spades":
        html = (STATIC / "index.html").read_text(encoding="utf-8")
        menu = html[html.index('id="ayuda"') :]
        found = re.findall(r'<a href="([^"]+)" data-href-en="([^"]+)" data-i18n="([^"]+)"', menu)
        return {(es if lang == "es" else en): words[key] for es, en, key in found}
    source = (JS / "games" / "corazones" / "hooks.js").read_text(encoding="utf-8")
    entries = re.findall(r'\["((?:cz\.)?help\.\w+)", "([^"]+)", "([^"]+)"\]', source)
    return {(es if lang == "es" else en): words[key] for key, es, en in entries}


TITLES = {topic.path: topic.title for topic in OWN_TOPICS}


@pytest.mark.parametrize("game", ["spades", "corazones"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_tables_help_menu_names_each_page_as_the_help_does(game: str, lang: str) -> None:
    menu = _table_menu(game, lang)
    assert len(menu) >= 5, menu
    for path, label in menu.items():
        assert label == TITLES[path], (path, label)


RULES = {
    path: title for path, title in TITLES.items() if path.endswith(("reglas.html", "rules.html"))
}


@pytest.mark.parametrize("page", sorted({t.path for t in OWN_TOPICS}))
def test_every_link_to_a_rules_page_uses_its_menu_name(page: str) -> None:
    html = help_page(page)
    main = html[html.index("<main") :]
    for href, text in re.findall(r'<a href="([^"#]+)"[^>]*>([^<]*)</a>', main):
        target = posixpath.normpath(posixpath.join(posixpath.dirname(page), href))
        if target in RULES:
            assert unescape(text) == RULES[target], (page, href, text)
