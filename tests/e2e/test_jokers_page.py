"""«Comodines» on the page: the settings offer it (off by default) and a new game plays it; the hand
shows the two jokers above the spades with their Spanish names; a joker played lands on the
table; the tip names them; the rules page says the game plays them."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_helpers import (
    SPADES_CHOSEN,
    Server,
    open_table,
    settle,
    stored_game,
    tap_card,
    watched_page,
)
from e2e_saves import bids, make_save, store_game, wait_for_code
from playwright.sync_api import Browser, Page, expect

from picas.games.spades import Card, Phase, Seat, find_profile

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-jokers")]

JOKERS = find_profile("casa").with_settings(jokers=True)
BOTH_JOKERS = "93222222"
"""A code whose first deal gives South both jokers (East deals)."""
SHOTS = os.environ.get("PICAS_SHOTS")
"""A folder for screenshots of the joker hand and trick, when set (for a person to look at)."""


SIZES = {"phone": ((390, 844), True), "desktop": ((1280, 800), False)}


@pytest.fixture(params=list(SIZES))
def sized(request: pytest.FixtureRequest, browser: Browser) -> Iterator[tuple[str, Page]]:
    """A phone with a touch screen, then a desktop window."""
    size, touch = SIZES[request.param]
    for tab in watched_page(browser, size, SPADES_CHOSEN, 15_000, touch=touch):
        yield request.param, tab


def _shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def test_the_jokers_are_off_by_default_and_a_new_game_plays_them(
    page: Page, server: Server
) -> None:
    open_table(page, server)
    page.click("#btn-ajustes")
    page.wait_for_selector("#dlg-ajustes[open] .casa")
    box = page.locator("#form-ajustes .casa [name='jokers']")
    expect(box).not_to_be_checked()
    box.check()
    page.click("#ajustes-nueva")
    page.wait_for_selector("#dlg-ajustes", state="hidden")
    settle(page)
    rules = stored_game(page)["save"]["record"]["rules"]
    assert rules["jokers"] is True
    page.click("#btn-ajustes")
    expect(page.locator("#form-ajustes [name='jokers']")).to_be_checked()


def test_the_hand_shows_both_jokers_above_the_spades_and_names_them(
    sized: tuple[str, Page], server: Server
) -> None:
    where, page = sized
    made = make_save(server, hands=[], code=BOTH_JOKERS, rules=JOKERS)
    open_table(page, server)
    store_game(page, made)
    page.reload()
    wait_for_code(page, BOTH_JOKERS)
    page.wait_for_selector(".teclado")
    cards = page.locator("#mano button.carta-mano")
    assert cards.count() == 13
    codes = cards.evaluate_all("els => els.map(e => e.dataset.carta)")
    names = cards.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert codes[:2] == ["BJ", "LJ"]  # the jokers head the spades
    assert names[:2] == ["comodín grande", "comodín pequeño"]
    assert not {"2H", "2D"} & set(codes)
    assert page.locator("#mano .cara.comodin").count() == 2
    page.wait_for_selector(".tecla-tip .tecla-sub")
    assert "con los dos comodines, dos bazas seguras" in page.inner_text("#tip-razon")
    _shot(page, f"hand-{where}")


def _south_may_play_the_big_joker(game: object) -> bool:
    hand = game.hand  # type: ignore[attr-defined]
    return (
        hand.phase is Phase.PLAYING
        and hand.turn is Seat.SOUTH
        and bool(hand.legal_play_mask() >> int(Card.parse("BJ")) & 1)
    )


def test_a_joker_played_lands_on_the_trick(sized: tuple[str, Page], server: Server) -> None:
    where, page = sized
    made = make_save(
        server,
        hands=[bids(4, 2, 3, 2)],
        code=BOTH_JOKERS,
        rules=JOKERS,
        stop=_south_may_play_the_big_joker,
    )
    open_table(page, server)
    store_game(page, made)
    # A pause after each trick keeps the trick on the table until a tap.
    page.evaluate(
        "() => localStorage.setItem('picas.ajustes', JSON.stringify({pause_tricks: true}))"
    )
    page.reload()
    wait_for_code(page, BOTH_JOKERS)
    page.wait_for_selector("#mano .carta-mano.jugable")
    tap_card(page, "#mano [data-carta='BJ']")
    page.click("#btn-jugar")
    page.wait_for_selector("#btn-seguir")
    joker = page.locator("#baza .carta[data-carta='BJ']")
    expect(joker).to_have_attribute("aria-label", "Sur: comodín grande")
    expect(joker).to_have_class("carta en-baza ganadora")
    _shot(page, f"trick-{where}")
    page.click("#mesa", position={"x": 20, "y": 20})
    settle(page)
    actions = stored_game(page)["save"]["record"]["actions"]
    assert "BJ" in actions


def test_the_sheet_lists_the_jokers_with_the_spades(page: Page, server: Server) -> None:
    made = make_save(server, hands=[bids(4, 2, 3, 2)], code=BOTH_JOKERS, rules=JOKERS)
    open_table(page, server)
    store_game(page, made)
    page.reload()
    wait_for_code(page, BOTH_JOKERS)
    page.click("#btn-puntos")
    page.wait_for_selector("#dlg-hoja[open]")
    hands = page.locator("#dlg-hoja details.cuatro-manos").first
    hands.locator("summary").click()
    south = hands.locator("dd").nth(["south", "west", "north", "east"].index("south"))
    spades = south.locator(".palo-grupo.palo-S")
    expect(spades).to_contain_text("★G ★P")  # the jokers head South's spades
    assert "2" not in hands.locator(".palo-grupo.palo-H").first.inner_text().split()
    # The four hands wrap inside the dialog (a suit at a time): nothing runs past its edge.
    dialog = page.locator("#dlg-hoja").bounding_box()
    row = south.bounding_box()
    assert dialog is not None
    assert row is not None
    assert row["x"] + row["width"] <= dialog["x"] + dialog["width"]
    hands.evaluate("d => d.scrollIntoView({block: 'end', inline: 'nearest'})")
    _shot(page, "sheet-phone")
