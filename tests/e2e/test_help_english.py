"""The help pages in English: the table's help menu opens them in English mode (and the Spanish
ones in Spanish mode), they state the rules of the game being played, and every page loads under
the Content-Security-Policy with links back to the table and to its Spanish counterpart."""

from __future__ import annotations

import re

import pytest
from e2e_helpers import Server, open_table
from e2e_saves import make_save, store_game, wait_for_code
from playwright.sync_api import Page

from picas.games.spades import Rules

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-help-en")]

# English page → its Spanish counterpart.
PAGES = {
    "how-to-play.html": "como-se-juega.html",
    "rules.html": "reglas.html",
    "scoring-example.html": "ejemplo.html",
    "strategy.html": "estrategia.html",
    "faq.html": "preguntas.html",
}
# Words that would give away a Spanish passage left on an English page.
SPANISH = re.compile(
    r"\b(partida|sacos|bazas?|castigo|objetivo|activado|desactivado|tu|mesa|cantar|"
    r"pareja|compañero|jugador|puntos|las|los|del|que)\b",
    re.IGNORECASE,
)


def _language(page: Page, lang: str) -> None:
    """Choose the table's language in Settings and close the dialog."""
    page.click("#btn-ajustes")
    page.wait_for_selector("#dlg-ajustes[open] #form-ajustes")
    page.check(f"#form-ajustes [name='language'][value='{lang}']")
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
    page.click("#dlg-ajustes [data-cerrar]")
    page.wait_for_selector("#dlg-ajustes", state="hidden")


def _open_game(page: Page, server: Server, rules: Rules) -> None:
    made = make_save(server, hands=[], code="HELPEN23", rules=rules)
    open_table(page, server)
    store_game(page, made, ui={"stage": "mesa"})
    page.reload()
    wait_for_code(page, made.record["code"])


def _help_link(page: Page, label: str) -> None:
    page.click("#ayuda summary")
    page.click(f"#ayuda .ayuda-lista a:text-is('{label}')")
    page.wait_for_selector("#ajustes-activos:not([hidden])")


def test_in_english_the_help_menu_opens_the_english_pages_with_the_games_rules(
    page: Page, server: Server
) -> None:
    _open_game(page, server, Rules().with_settings(target=500, bag_penalty=False))
    assert page.inner_text("#dato-objetivo") == "500"
    _language(page, "en")
    hrefs = page.eval_on_selector_all(
        "#ayuda .ayuda-lista a", "els => els.map(e => e.getAttribute('href'))"
    )
    # The last one is the page on the difference between Spades and Hearts (helper hhelp's).
    assert hrefs == [*(f"en/{name}" for name in PAGES), "en/spades-and-hearts.html"]
    _help_link(page, "Rules and variants")
    assert page.url == server.base + "/en/rules.html"
    assert page.evaluate("() => document.documentElement.lang") == "en"
    assert page.locator("#solo-espanol").count() == 0  # no "Spanish only" note any more
    # The game's rules, then the (different) settings saved for the next game.
    assert page.inner_text("#ajustes-activos") == (
        "In your game: target 500, bag penalty off, Blind Nil off."
        " Saved for the next game: target 250, bag penalty on, Blind Nil off."
    )
    main = page.inner_text("main")
    assert "off in your game: always 0" in main
    assert "every time the bag count reaches" not in main
    assert "(500 in your game)" in main
    assert "In your game it is off." in main
    assert "(Blind Nil, ±200, is off in your game)" in main
    assert not SPANISH.findall(main), SPANISH.findall(main)
    page.goto(server.base + "/en/how-to-play.html")
    page.wait_for_selector("#ajustes-activos:not([hidden])")  # filled by js/ayuda.js
    main = page.inner_text("main")
    assert "in your game, 500 points" in main
    assert "In your game there is no bag penalty" in main
    page.goto(server.base + "/en/scoring-example.html")
    page.wait_for_selector("#ajustes-activos:not([hidden])")  # filled by js/ayuda.js
    main = page.inner_text("main")
    assert "Nobody has reached 500" in main
    assert "In your game the bag penalty is off" in main
    assert "Bags add up" in main
    page.goto(server.base + "/en/faq.html")
    page.wait_for_selector("#ajustes-activos:not([hidden])")  # filled by js/ayuda.js
    assert "Your game is to 500." in page.inner_text("main")
    # Back at the table, the menu still opens the English pages.
    page.click("a.volver")
    page.wait_for_selector("#btn-repartir, #mano .carta-mano")
    _help_link(page, "FAQ")
    assert page.url == server.base + "/en/faq.html"


def test_in_spanish_the_help_menu_still_opens_the_spanish_pages(page: Page, server: Server) -> None:
    _open_game(page, server, Rules().with_settings(target=500, bag_penalty=False))
    _language(page, "en")
    _language(page, "es")  # switching back restores the Spanish addresses
    _help_link(page, "Reglas y variantes")
    assert page.url == server.base + "/reglas.html"
    assert page.evaluate("() => document.documentElement.lang") == "es"
    assert page.is_hidden("#solo-espanol")
    assert page.inner_text("#ajustes-activos").startswith(
        "En tu partida: objetivo 500, castigo por sacos desactivado"
    )
    assert page.get_attribute("a.idioma", "href") == "en/rules.html"


def test_a_spanish_page_opened_in_english_points_to_its_english_version(
    page: Page, server: Server
) -> None:
    open_table(page, server)
    _language(page, "en")
    page.goto(server.base + "/ejemplo.html")
    page.wait_for_selector("#solo-espanol:not([hidden])")
    assert page.inner_text("#solo-espanol") == "Read this page in English"
    page.click("#solo-espanol a")
    page.wait_for_url(server.base + "/en/scoring-example.html")
    page.wait_for_selector("#ajustes-activos:not([hidden])")
    assert page.inner_text("#ajustes-activos") == (
        "In your game: target 250, bag penalty on, Blind Nil off."
    )


@pytest.mark.parametrize("name", list(PAGES))
def test_every_english_page_loads_cleanly_and_links_to_the_table_and_its_spanish_page(
    page: Page, server: Server, name: str
) -> None:
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    page.goto(server.base + "/en/" + name)
    page.wait_for_load_state("networkidle")
    assert page.evaluate("() => document.documentElement.lang") == "en"
    # The script ran under the CSP: with no saved game it states the defaults.
    page.wait_for_selector("#ajustes-activos:not([hidden])")
    assert page.inner_text("#ajustes-activos") == (
        "With no saved game, this page describes the default settings:"
        " target 250, bag penalty on, Blind Nil off."
    )
    # The stylesheet applied (a CSP or path fault would leave the header unstyled).
    assert page.eval_on_selector(".volver", "e => getComputedStyle(e).borderRadius") == "999px"
    assert not SPANISH.findall(page.inner_text("main")), SPANISH.findall(page.inner_text("main"))
    assert page.get_attribute(f"nav.temas a[href='{name}']", "aria-current") == "page"
    nav = page.eval_on_selector_all("nav.temas a", "els => els.map(e => e.href)")
    assert nav == [f"{server.base}/en/{other}" for other in [*PAGES, "spades-and-hearts.html"]]
    assert page.inner_text("a.volver") == "Back to the table"
    assert page.eval_on_selector("a.volver", "e => e.href") == server.base + "/"
    spanish = page.eval_on_selector("a.idioma[hreflang='es']", "e => e.href")
    assert spanish == f"{server.base}/{PAGES[name]}"
    # The Spanish counterpart links back here.
    page.click("a.idioma")
    page.wait_for_url(spanish)
    assert page.evaluate("() => document.documentElement.lang") == "es"
    back = page.eval_on_selector("a.idioma[hreflang='en']", "e => e.href")
    assert back == f"{server.base}/en/{name}"
    page.click("a.volver")
    page.wait_for_selector("#btn-repartir")
    assert not failed, failed
