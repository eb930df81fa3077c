"""«Reglas de la casa» on the page: the settings offer the three Spades variants for the next
game (the standard game by default), a new game plays what was chosen, and the bid pad dims the
bids the team minimum forbids and says why."""

from __future__ import annotations

import pytest
from e2e_helpers import Server, open_table, settle, stored_game
from e2e_saves import bids, make_save, store_game, wait_for_code
from playwright.sync_api import Page, expect

from picas.games.spades import find_profile

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-house-rules")]

MINIMUM = find_profile("casa").with_settings(team_minimum=True)


def test_the_house_rules_are_off_by_default_and_a_new_game_plays_the_chosen_ones(
    page: Page, server: Server
) -> None:
    open_table(page, server)
    page.click("#btn-ajustes")
    page.wait_for_selector("#dlg-ajustes[open] .casa")
    panel = page.locator("#form-ajustes .casa")
    expect(panel.locator("legend").first).to_have_text("Reglas de la casa")
    expect(panel.locator("[name='team_minimum']")).not_to_be_checked()
    expect(panel.locator("[name='all_thirteen'][value='off']")).to_be_checked()
    expect(panel.locator("[name='ten_for_200']")).not_to_be_checked()
    panel.locator("[name='team_minimum']").check()
    panel.locator("[name='all_thirteen'][value='bonus']").check()
    panel.locator("[name='ten_for_200']").check()
    page.click("#ajustes-nueva")
    page.wait_for_selector("#dlg-ajustes", state="hidden")
    settle(page)
    rules = stored_game(page)["save"]["record"]["rules"]
    assert (rules["team_minimum"], rules["all_thirteen"], rules["ten_for_200"]) == (
        4,
        "bonus",
        True,
    )
    page.click("#btn-ajustes")  # the choice is kept for the games after
    expect(page.locator("#form-ajustes [name='team_minimum']")).to_be_checked()


def test_the_bid_pad_dims_the_bids_under_the_minimum_and_says_why(
    page: Page, server: Server
) -> None:
    # Hand 1 bid 2 each and played out; in hand 2 (South deals) West, North and East bid 2 each.
    made = make_save(server, hands=[bids(2, 2, 2, 2)], rules=MINIMUM)
    open_table(page, server)
    store_game(page, made)
    page.reload()
    wait_for_code(page, made.record["code"])
    page.wait_for_selector(".teclado")
    why = "Mínimo de 4 por pareja: tu compañero ha cantado 2, así que tú cantas 2 o más."
    for value in ("0", "1"):
        key = page.locator(f".tecla[data-valor='{value}']")
        expect(key).to_have_class("tecla vetada" if value == "1" else "tecla tecla-nil vetada")
        expect(key).to_have_attribute("aria-disabled", "true")
        expect(key).to_have_attribute("title", why)
    expect(page.locator(".tecla[data-valor='2']")).not_to_have_attribute("aria-disabled", "true")
    expect(page.locator("#canto-vetado")).to_have_text(why)
    page.click(".tecla[data-valor='1']", force=True)  # aria-disabled: a tap still says why
    expect(page.locator(".tecla[data-valor='1']")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#aviso")).to_contain_text("Mínimo de 4 por pareja")
    page.click(".tecla[data-valor='2']")
    page.click("#btn-cantar")
    settle(page)
    actions = stored_game(page)["save"]["record"]["actions"]
    assert actions[len(made.record["actions"])] == 2  # South's bid, the lowest allowed


def test_the_minimums_reason_reads_in_english(page: Page, server: Server) -> None:
    made = make_save(server, hands=[bids(2, 2, 2, 2)], rules=MINIMUM)
    open_table(page, server)
    store_game(page, made)
    page.reload()
    wait_for_code(page, made.record["code"])
    page.click("#btn-ajustes")
    page.check("#form-ajustes [name='language'][value='en']")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    expect(page.locator("#form-ajustes .casa legend").first).to_have_text("House rules")
    page.click("#dlg-ajustes [data-cerrar]")
    page.wait_for_selector(".teclado")
    expect(page.locator("#canto-vetado")).to_have_text(
        "Minimum of 4 per team: your partner bid 2, so you bid 2 or more."
    )


def test_the_rules_page_says_which_house_rules_the_game_plays(page: Page, server: Server) -> None:
    made = make_save(server, hands=[bids(2, 2, 2, 2)], rules=MINIMUM)
    open_table(page, server)
    store_game(page, made)
    page.goto(server.base + "/reglas.html")
    on = page.locator("[data-si='team_minimum']")
    expect(on).to_be_visible()
    expect(on).to_have_text("En tu partida está activada.")
    expect(page.locator("[data-si-no='ten_for_200']")).to_have_text(
        "En tu partida está desactivada."
    )
    expect(page.locator("[data-si='ten_for_200']")).to_be_hidden()
