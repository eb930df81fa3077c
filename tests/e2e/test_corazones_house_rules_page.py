"""Corazones' «Reglas de la casa» through a player's eyes (issue 21): the settings dialog offers
them, ♦J and ♦10 (Omnibus) are one or the other, and a game of four-card passes asks for four,
counts to four and passes four. With ``PICAS_SHOTS=<folder>`` it also keeps the screenshots."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_helpers import Server, deal, settle, tap_card, watched_page
from playwright.sync_api import Browser, Page

from picas.games.corazones.options import OPTIONS

pytestmark = pytest.mark.e2e

CHOSEN = "localStorage.setItem('picas.juego', 'corazones');"
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}


def _shot(page: Page, name: str) -> None:
    folder = os.environ.get("PICAS_SHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


@pytest.fixture(params=sorted(SIZES))
def table(request: pytest.FixtureRequest, browser: Browser) -> Iterator[tuple[str, Page]]:
    for page in watched_page(browser, SIZES[request.param], CHOSEN, 20_000):
        yield request.param, page


def _open_settings(page: Page, server: Server) -> None:
    page.goto(server.base + "/?rapido=1")
    page.wait_for_selector("#btn-repartir")
    page.click("#btn-ajustes")
    page.wait_for_selector("#dlg-ajustes[open] #form-ajustes")


def test_the_house_rules_are_offered_and_the_bonus_cards_exclude_each_other(
    table: tuple[str, Page], server: Server
) -> None:
    size, page = table
    _open_settings(page, server)
    house = page.locator("#form-ajustes fieldset.casa")
    assert house.locator("legend").first.inner_text() == "Reglas de la casa"
    for words in ("Omnibus", "Cartas que se pasan", "rompe corazones"):
        assert words in house.inner_text()
    # The box holds the declared house rules; ♦J, a setting of the standard game, sits beside it.
    names = house.locator("input").evaluate_all("inputs => [...new Set(inputs.map(i => i.name))]")
    assert names == list(OPTIONS.house)
    assert "jota de diamantes" in page.locator("#form-ajustes").inner_text()
    assert page.is_checked("input[name=pass_size][value='3']")
    assert page.is_checked("input[name=queen_breaks_hearts]")
    assert not page.is_checked("input[name=omnibus]")
    page.check("input[name=jack_of_diamonds]")
    page.check("input[name=omnibus]")
    assert not page.is_checked("input[name=jack_of_diamonds]")  # one bonus card or the other
    page.check("input[name=pass_size][value='4']")
    page.uncheck("input[name=queen_breaks_hearts]")
    house.scroll_into_view_if_needed()
    _shot(page, f"house-rules-{size}")
    page.click("#ajustes-guardar")
    page.wait_for_function(
        "() => document.getElementById('aviso').textContent.includes('sin repartir')"
    )
    raw = page.evaluate("() => localStorage.getItem('picas.corazones.partida')")
    rules = json.loads(raw)["save"]["record"]["rules"]
    assert rules["omnibus"] is True
    assert rules["pass_size"] == 4
    assert rules["queen_breaks_hearts"] is False
    assert rules["jack_of_diamonds"] is False


def test_a_game_of_four_card_passes_passes_four(table: tuple[str, Page], server: Server) -> None:
    size, page = table
    _open_settings(page, server)
    page.check("input[name=pass_size][value='4']")
    page.click("#ajustes-guardar")
    page.wait_for_function(
        "() => document.getElementById('aviso').textContent.includes('sin repartir')"
    )
    deal(page)
    page.wait_for_selector("#btn-pasar")
    assert page.inner_text("#cz-cuenta") == "0/4"
    assert "cuatro cartas" in page.inner_text("#aviso")
    cards: list[str] = page.eval_on_selector_all(
        "#mano .carta-mano", "els => els.map(e => e.dataset.carta)"
    )
    for index, card in enumerate(cards[:4]):
        tap_card(page, f"#mano [data-carta='{card}']")
        if index < 3:
            assert page.is_disabled("#btn-pasar")
    assert page.inner_text("#cz-cuenta") == "4/4"
    assert page.is_enabled("#btn-pasar")
    _shot(page, f"pass-four-{size}")
    tap_card(page, f"#mano [data-carta='{cards[5]}']")  # a fifth is refused with a word
    assert "cuatro cartas elegidas" in page.inner_text("#aviso")
    page.click("#btn-pasar")
    settle(page)
    raw = page.evaluate("() => localStorage.getItem('picas.corazones.partida')")
    record = json.loads(raw)["save"]["record"]
    assert record["actions"][0] == cards[:4]
    _shot(page, f"pass-four-received-{size}")
