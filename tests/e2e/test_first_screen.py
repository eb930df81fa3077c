"""The first screen: a game to 500 is one tap away, next to «Repartir», and settings saved before
the first deal apply to the game not yet dealt."""

from __future__ import annotations

import json

import pytest
from e2e_helpers import Server, deal, open_table, state, stored_game
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-first")]

SETTINGS_KEY = "picas.ajustes"


def _saved_target(page: Page) -> int:
    target: int = json.loads(page.evaluate(f"() => localStorage.getItem('{SETTINGS_KEY}')"))[
        "target"
    ]
    return target


def test_one_tap_next_to_deal_makes_the_undealt_game_a_game_to_500(
    page: Page, server: Server
) -> None:
    open_table(page, server)
    choice = page.locator("#centro [role='group']")
    assert choice.get_attribute("aria-labelledby") == "eleccion-objetivo-titulo"
    assert page.inner_text("#eleccion-objetivo-titulo") == "Partida a"
    expect(page.locator("#objetivo-250")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#objetivo-500")).to_have_attribute("aria-pressed", "false")
    code = stored_game(page)["code"]
    page.click("#objetivo-500")  # the one tap
    expect(page.locator("#objetivo")).to_have_text("500")
    expect(page.locator("#objetivo-500")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#objetivo-500")).to_be_focused()
    saved = stored_game(page)
    assert saved["code"] == code  # the same deals, now to 500
    assert saved["save"]["record"]["rules"]["target"] == 500
    assert saved["save"]["record"]["actions"] == []
    assert _saved_target(page) == 500  # and the next games too
    deal(page)
    assert page.locator("#objetivo-500").count() == 0  # only on the first screen
    assert state(page) == "bid"
    assert page.inner_text("#objetivo") == "500"
    page.reload()
    page.wait_for_selector(".teclado")
    assert stored_game(page)["save"]["record"]["rules"]["target"] == 500


def test_saving_500_before_the_first_deal_applies_to_the_undealt_game(
    page: Page, server: Server
) -> None:
    open_table(page, server)
    code = stored_game(page)["code"]
    page.click("#btn-ajustes")
    page.check("#form-ajustes [name='target'][value='500']")
    page.click("#ajustes-guardar")
    expect(page.locator("#aviso")).to_have_text(
        "Ajustes guardados: la partida sin repartir ya los usa."
    )
    expect(page.locator("#objetivo")).to_have_text("500")
    saved = stored_game(page)
    assert saved["code"] == code
    assert saved["save"]["record"]["rules"]["target"] == 500
    deal(page)
    # Once dealt, «Guardar» is for the next game only.
    page.click("#btn-ajustes")
    page.check("#form-ajustes [name='target'][value='250']")
    page.click("#ajustes-guardar")
    expect(page.locator("#aviso")).to_have_text(
        "Ajustes guardados: se aplicarán en la próxima partida."
    )
    assert stored_game(page)["save"]["record"]["rules"]["target"] == 500
    assert _saved_target(page) == 250
