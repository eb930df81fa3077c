"""The Corazones help pages in the browser: they state the player's own Corazones rules (the game's,
else the settings saved for the next one, else the defaults) — target, passing, ♦J and the moon's
form —, the Spades pages stay with Spades' rules, and every page loads under the
Content-Security-Policy with its menu, its counterpart in the other language and the way back."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from e2e_helpers import Server
from playwright.sync_api import Page

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-help-hearts")]

SETTINGS_KEY = "picas.corazones.ajustes"
GAME_KEY = "picas.corazones.partida"
# Spanish page → English page, in the order of their menu.
PAGES = {
    "corazones/como-se-juega.html": "en/hearts/how-to-play.html",
    "corazones/reglas.html": "en/hearts/rules.html",
    "corazones/estrategia.html": "en/hearts/strategy.html",
    "corazones/preguntas.html": "en/hearts/faq.html",
}
DIFFERENCE = {"es": "picas-y-corazones.html", "en": "en/spades-and-hearts.html"}
SPANISH = re.compile(
    r"\b(partida|bazas?|objetivo|activad[oa]|desactivad[oa]|tu|mesa|jugador|puntos|las|los|del|"
    r"que|corazones|picas|luna|pase)\b",
    re.IGNORECASE,
)
QUICK = {"target": 50, "passing": False, "jack_of_diamonds": True, "moon": "self"}
STANDARD = {"target": 100, "passing": True, "jack_of_diamonds": False, "moon": "others"}


def _store(page: Page, server: Server, items: dict[str, Any]) -> None:
    """Clear this origin's storage and write ``items`` (each value as JSON)."""
    page.goto(server.base + "/picas-y-corazones.html")
    page.evaluate(
        "(items) => { localStorage.clear();"
        " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
        {key: json.dumps(value) for key, value in items.items()},
    )


def _saved_game(rules: dict[str, Any]) -> dict[str, Any]:
    """A Corazones game as the table keeps it (store.js): the pages read its record's rules."""
    record = {"game": "corazones", "code": "HRTS2345", "rules": rules, "actions": []}
    return {"format": 1, "save": {"record": record, "sig": "x"}, "code": "HRTS2345", "ui": {}}


def _open(page: Page, server: Server, path: str) -> str:
    page.goto(f"{server.base}/{path}")
    page.wait_for_selector("#ajustes-activos:not([hidden])")
    return page.inner_text("#ajustes-activos")


def _shown(page: Page, selector: str) -> list[str]:
    texts: list[str] = page.eval_on_selector_all(
        selector, "els => els.filter(e => e.checkVisibility()).map(e => e.textContent)"
    )
    return texts


def test_with_no_corazones_game_or_settings_the_pages_describe_the_defaults(
    page: Page, server: Server
) -> None:
    _store(page, server, {})
    assert _open(page, server, "corazones/reglas.html") == (
        "Sin partida de Corazones guardada, esta página describe los ajustes de fábrica:"
        " objetivo 100, pase activado, jota de diamantes desactivada, luna: 26 a cada rival."
    )
    assert set(_shown(page, "[data-regla='target']")) == {"100"}
    main = page.inner_text("main")
    assert "0 (el −10 está desactivado con los ajustes de fábrica)" in main
    assert "El pase está activado con los ajustes de fábrica." in main
    assert "en tu partida" not in main.lower()


def test_the_pages_follow_the_settings_saved_for_the_next_game(page: Page, server: Server) -> None:
    _store(page, server, {SETTINGS_KEY: QUICK})
    assert _open(page, server, "corazones/reglas.html") == (
        "Para la próxima partida tienes guardado: objetivo 50, pase desactivado,"
        " jota de diamantes activada, luna: −26 para quien la hace."
    )
    assert set(_shown(page, "[data-regla='target']")) == {"50"}
    main = page.inner_text("main")
    assert "Con tus ajustes el pase está desactivado" in main
    assert "−10 (activada con tus ajustes)" in main
    assert "Con tus ajustes está activada." in main  # the ♦J setting
    assert "Con tus ajustes: −26 para quien la hace." in main
    assert "El pase está activado" not in main
    assert "(100 puntos" not in main
    page.goto(server.base + "/corazones/como-se-juega.html")
    page.wait_for_selector("#ajustes-activos:not([hidden])")  # filled by js/ayuda.js
    main = page.inner_text("main")
    assert "con tus ajustes, quien la hizo resta 26 de su total" in main
    assert "la jota de diamantes, activada con tus ajustes, vale −10" in main
    page.goto(server.base + "/corazones/preguntas.html")
    page.wait_for_selector("#ajustes-activos:not([hidden])")  # filled by js/ayuda.js
    assert "Tu partida es a 50: la partida rápida." in page.inner_text("main")
    assert "Tu partida es a 100" not in page.inner_text("main")
    page.goto(server.base + "/corazones/estrategia.html")
    page.wait_for_selector("#ajustes-activos:not([hidden])")
    assert page.is_visible("h2:text-is('La jota de diamantes')")
    # The English pages say the same in English.
    assert _open(page, server, "en/hearts/rules.html") == (
        "Saved for the next game: target 50, passing off, jack of diamonds on,"
        " moon: −26 to the shooter."
    )
    main = page.inner_text("main")
    assert "With your settings passing is off" in main
    assert "With your settings: −26 to the shooter." in main
    assert set(_shown(page, "[data-regla='target']")) == {"50"}


def test_a_saved_corazones_game_is_described_and_the_next_games_settings_added(
    page: Page, server: Server
) -> None:
    _store(page, server, {GAME_KEY: _saved_game(STANDARD), SETTINGS_KEY: QUICK})
    assert _open(page, server, "corazones/reglas.html") == (
        "En tu partida: objetivo 100, pase activado, jota de diamantes desactivada,"
        " luna: 26 a cada rival."
        " Para la próxima partida tienes guardado: objetivo 50, pase desactivado,"
        " jota de diamantes activada, luna: −26 para quien la hace."
    )
    assert set(_shown(page, "[data-regla='target']")) == {"100"}
    main = page.inner_text("main")
    assert "(100 puntos en tu partida)" in main
    assert "En tu partida: 26 a cada rival." in main
    assert "Es la que se usa en tu partida." in main
    assert _open(page, server, "en/hearts/how-to-play.html").startswith(
        "In your game: target 100, passing on,"
    )
    assert "in your game, each of the other three scores 26" in page.inner_text("main")


def test_the_spades_pages_keep_to_spades_rules_beside_corazones_settings(
    page: Page, server: Server
) -> None:
    _store(page, server, {SETTINGS_KEY: QUICK, GAME_KEY: _saved_game(QUICK)})
    assert _open(page, server, "reglas.html") == (
        "Sin partida guardada, esta página describe los ajustes de fábrica:"
        " objetivo 250, castigo por sacos activado, Nil ciego desactivado."
    )
    assert set(_shown(page, "[data-regla='target']")) == {"250"}


def test_a_spanish_corazones_page_opened_in_english_points_to_its_english_version(
    page: Page, server: Server
) -> None:
    _store(page, server, {"picas.ajustes": {"language": "en"}})
    page.goto(server.base + "/corazones/estrategia.html")
    page.wait_for_selector("#solo-espanol:not([hidden])")
    page.click("#solo-espanol a")
    page.wait_for_url(server.base + "/en/hearts/strategy.html")
    assert page.evaluate("() => document.documentElement.lang") == "en"


def _loads_cleanly(page: Page, server: Server, path: str, lang: str, back: str = "/") -> None:
    failed: list[str] = []
    # A request cut short by the next navigation (the icon, say) is not a fault of the page.
    page.on(
        "requestfailed",
        lambda r: None if "ERR_ABORTED" in (r.failure or "") else failed.append(r.url),
    )
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    page.on("pageerror", lambda error: failed.append(str(error)))
    page.goto(f"{server.base}/{path}")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("() => document.documentElement.lang") == lang
    # The stylesheet applied (a CSP or path fault would leave the header unstyled).
    assert page.eval_on_selector(".volver", "e => getComputedStyle(e).borderRadius") == "999px"
    assert page.eval_on_selector("a.volver", "e => e.href") == server.base + back
    assert not failed, failed


@pytest.mark.parametrize(("spanish", "english"), list(PAGES.items()))
def test_every_corazones_page_loads_with_its_menu_and_its_other_language(
    page: Page, server: Server, spanish: str, english: str
) -> None:
    _store(page, server, {})
    for path, lang, other, menu, difference in (
        (spanish, "es", english, list(PAGES), DIFFERENCE["es"]),
        (english, "en", spanish, list(PAGES.values()), DIFFERENCE["en"]),
    ):
        # Back to the table, with Corazones on it (the table's ?juego=).
        _loads_cleanly(page, server, path, lang, back="/?juego=corazones")
        page.wait_for_selector("#ajustes-activos:not([hidden])")  # the script ran under the CSP
        nav = page.eval_on_selector_all("nav.temas a", "els => els.map(e => e.href)")
        assert nav == [f"{server.base}/{p}" for p in [*menu, difference]]
        assert page.eval_on_selector("nav.temas [aria-current='page']", "e => e.href") == (
            f"{server.base}/{path}"
        )
        assert page.eval_on_selector("a.idioma", "e => e.href") == f"{server.base}/{other}"
        if lang == "en":
            words = SPANISH.findall(page.inner_text("main"))
            assert not words, words
    page.click("a.idioma")  # from the English page back to the Spanish one
    page.wait_for_url(f"{server.base}/{spanish}")


def test_the_difference_pages_load_and_lead_to_both_games(page: Page, server: Server) -> None:
    for lang, path in DIFFERENCE.items():
        _loads_cleanly(page, server, path, lang)
        rows = page.eval_on_selector_all("main table tbody tr", "els => els.length")
        assert rows >= 6
        other = DIFFERENCE["en" if lang == "es" else "es"]
        assert page.eval_on_selector("a.idioma", "e => e.href") == f"{server.base}/{other}"
    page.click("nav.temas a[href='hearts/how-to-play.html']")
    page.wait_for_url(server.base + "/en/hearts/how-to-play.html")
    page.click("nav.temas a[href='../spades-and-hearts.html']")
    page.wait_for_url(server.base + "/en/spades-and-hearts.html")
    page.click("nav.temas a[href='how-to-play.html']")
    page.wait_for_url(server.base + "/en/how-to-play.html")
    page.click("nav.temas a[href='spades-and-hearts.html']")
    page.wait_for_url(server.base + "/en/spades-and-hearts.html")
