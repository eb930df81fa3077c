"""The play hint's reason in the page's language: rendered from its code and parameters with the
i18n tables, English in English and the server's own words in Spanish."""

from __future__ import annotations

import re
import string

import pytest
from e2e_helpers import (
    Json,
    Server,
    bid_tip,
    deal,
    open_table,
    settle,
    state,
    stored_game,
    tap_card,
)
from playwright.sync_api import Page

from picas.games.spades.bots.hint import DISCARDS_ES, REASONS_ES, render_es

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-hint-english")]

SPANISH_ONLY = re.compile(
    r"\b(baza|bazas|compañero|cantaste|tienes|sales|juegas|asistes|descartas|picas|corazones"
    r"|diamantes|tréboles|Oeste|Este|Sugerencia)\b"
)
SUIT_EN = {"clubs": "clubs", "diamonds": "diamonds", "hearts": "hearts", "spades": "spades"}
SEAT_EN = {"west": "West", "east": "East"}
SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def _settings(page: Page, **values: bool | str) -> None:
    """Set the table's settings (they apply at once) and close the dialog."""
    page.click("#btn-ajustes")
    page.wait_for_selector("#dlg-ajustes[open] #form-ajustes")
    for name, value in values.items():
        if isinstance(value, bool):
            page.locator(f"#form-ajustes [name='{name}']").set_checked(value)
        else:
            page.check(f"#form-ajustes [name='{name}'][value='{value}']")
    if "language" in values:
        page.wait_for_function(
            "(lang) => document.documentElement.lang === lang", arg=values["language"]
        )
    page.click("#dlg-ajustes [data-cerrar]")
    page.wait_for_selector("#dlg-ajustes", state="hidden")


def _label(code: str) -> str:
    return SYMBOL[code[1]] + ("10" if code[0] == "T" else code[0])


def _english(table: dict[str, str], code: str, params: Json) -> str:
    """What the English template says for these parameters (the page's rule, written again)."""
    words: dict[str, str] = {}
    for name, value in params.items():
        if name in ("card", "best"):
            words[name] = _label(value)
        elif name in ("suit", "led"):
            words[name] = SUIT_EN[value]
        elif name == "seat":
            words[name] = SEAT_EN[value]
        elif name != "discard":
            words[name] = str(value)
    if "discard" in params:
        words["discard"] = table["hint." + params["discard"]].format_map(words)
    return table["hint." + code].format_map(words)


def _english_table(page: Page) -> dict[str, str]:
    table: dict[str, str] = page.evaluate("async () => (await import('/js/i18n-en.js')).EN")
    return table


def _shown_hint(page: Page, server: Server) -> tuple[str, Json]:
    """The hint line once the reason is there, and the server's answer for this position."""
    page.wait_for_function(
        "() => { const p = document.querySelector('#pista'); return p && p.querySelector('span'); }"
    )
    answer: Json = page.request.post(
        server.base + "/api/hint", data={"save": stored_game(page)["save"]}
    ).json()
    return page.inner_text("#pista"), answer


def _play_suggested(page: Page) -> None:
    code = page.get_attribute("#mano .carta-mano.sugerida", "data-carta") or ""
    for _ in range(5):  # a tap while the suggested card is still rising can miss it
        tap_card(page, f"#mano [data-carta='{code}']")
        if page.locator("#btn-jugar:enabled").count():
            break
        page.wait_for_timeout(200)
    page.click("#btn-jugar")
    settle(page)


def test_the_hint_reason_is_english_in_english_and_the_servers_words_in_spanish(
    page: Page, server: Server
) -> None:
    open_table(page, server)
    _settings(page, language="en", hint=True)
    table = _english_table(page)
    deal(page)
    bid_tip(page)
    codes = set()
    for _ in range(8):
        if state(page) != "play":
            break
        text, answer = _shown_hint(page, server)
        code, params = answer["reason_code"], answer["reason_params"]
        assert code in REASONS_ES
        name = page.get_attribute(f"#mano [data-carta='{answer['card']}']", "aria-label") or ""
        card_name = name.split(",")[0]
        assert text == f"Suggestion: {card_name} — {_english(table, code, params)}"
        assert not SPANISH_ONLY.findall(text), text
        assert page.locator("#pista span[lang]").count() == 0  # not marked as Spanish
        codes.add(code)
        _play_suggested(page)
    assert codes
    _settings(page, language="es")
    if state(page) == "play":
        text, answer = _shown_hint(page, server)
        name = page.get_attribute(f"#mano [data-carta='{answer['card']}']", "aria-label") or ""
        assert text == f"Sugerencia: {name.split(',')[0]} — {answer['reason']}"


SAMPLE: Json = {
    "card": "QH",
    "best": "TS",
    "suit": "hearts",
    "led": "clubs",
    "seat": "west",
    "n": 3,
}


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _cases() -> list[tuple[str, Json]]:
    cases = []
    for code, template in REASONS_ES.items():
        names = _fields(template)
        discards = list(DISCARDS_ES) if "discard" in names else [None]
        for discard in discards:
            params = {name: SAMPLE[name] for name in names if name != "discard"}
            if discard:
                params["discard"] = discard
                params.update({name: SAMPLE[name] for name in _fields(DISCARDS_ES[discard])})
            cases.append((code, params))
    return cases


RENDER_ALL = """async ([cases, lang]) => {
  const i18n = await import('/js/i18n.js');
  await i18n.loadLanguage(lang);
  const { hintReason } = await import('/js/render.js');
  return [cases.map(([code, params]) => hintReason(code, params)),
          hintReason('not_a_code', {}), hintReason('play', {card: 'XX'})];
}"""


def test_every_code_renders_in_the_page_in_both_languages(page: Page, server: Server) -> None:
    open_table(page, server)
    cases = _cases()
    spanish, unknown, bad = page.evaluate(RENDER_ALL, [cases, "es"])
    assert spanish == [render_es(code, params) for code, params in cases]
    assert unknown is None
    assert bad is None
    english, unknown, _ = page.evaluate(RENDER_ALL, [cases, "en"])
    table = _english_table(page)
    assert english == [_english(table, code, params) for code, params in cases]
    for text in english:
        assert "{" not in text
        assert not SPANISH_ONLY.findall(text), text
    assert unknown is None
    page.evaluate("async () => (await import('/js/i18n.js')).loadLanguage('es')")
