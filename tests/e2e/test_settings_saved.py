"""«Guardar» in the settings dialog: it closes the dialog and says under the table what became of
the settings; before the first deal, every option of the next game — the «Reglas de la casa»
too — is the game dealt (issue 26: «Comodines» chosen, saved, and a game dealt without jokers)."""

from __future__ import annotations

import pytest
from e2e_helpers import Server, deal, hand_codes, open_table, stored_game
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-settings")]

UNDEALT = "Ajustes guardados: la partida sin repartir ya los usa."
LATER = "Ajustes guardados: se aplicarán en la próxima partida."


def _save(page: Page, choose: str) -> None:
    """Open «Ajustes», make one choice, press «Guardar»."""
    page.click("#btn-ajustes")
    page.wait_for_selector("#dlg-ajustes[open] .casa")
    field = page.locator(f"#form-ajustes {choose}")
    if field.get_attribute("type") == "checkbox":
        field.set_checked(not field.is_checked())
    else:
        field.check()
    page.click("#ajustes-guardar")


def test_guardar_closes_the_dialog_and_says_so_under_the_table(page: Page, server: Server) -> None:
    open_table(page, server)
    _save(page, "[name='target'][value='500']")
    expect(page.locator("#dlg-ajustes")).not_to_have_attribute("open", "")
    expect(page.locator("#aviso")).to_have_text(UNDEALT)
    deal(page)
    _save(page, "[name='target'][value='250']")
    expect(page.locator("#dlg-ajustes")).not_to_have_attribute("open", "")
    expect(page.locator("#aviso")).to_have_text(LATER)


def test_jokers_saved_before_the_first_deal_are_in_the_game_dealt(
    page: Page, server: Server
) -> None:
    open_table(page, server)
    code = stored_game(page)["code"]
    _save(page, "[name='jokers']")
    expect(page.locator("#aviso")).to_have_text(UNDEALT)
    deal(page)
    saved = stored_game(page)
    assert saved["code"] == code
    assert saved["save"]["record"]["rules"].get("jokers") is True
    # With the jokers, ♥2 and ♦2 leave the deck.
    assert not {"2H", "2D"} & set(hand_codes(page))


@pytest.mark.parametrize(
    ("choose", "field", "value"),
    [
        ("[name='bag_penalty']", "bag_penalty", False),
        ("[name='blind_nil']", "blind_nil", True),
        ("[name='team_minimum']", "team_minimum", 4),
        ("[name='all_thirteen'][value='win']", "all_thirteen", "win"),
        ("[name='ten_for_200']", "ten_for_200", True),
        ("[name='players']", "players", 2),
    ],
)
def test_each_option_saved_before_the_first_deal_is_the_undealt_games(
    page: Page, server: Server, choose: str, field: str, value: object
) -> None:
    open_table(page, server)
    _save(page, choose)
    expect(page.locator("#aviso")).to_have_text(UNDEALT)
    assert stored_game(page)["save"]["record"]["rules"].get(field) == value
