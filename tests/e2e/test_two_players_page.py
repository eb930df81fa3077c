"""«Dos jugadores» on the page: the settings offer it (off by default, Blind Nil and the team
minimum dimmed with it); the table seats West across with North and East gone; South draws by
tapping «Me la quedo» or «La descarto» under the stock's top card, the hand growing by one each
time and the stock counting down; then the bid pad, tricks of two cards, and a sheet with the two
players' hands only."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_helpers import (
    SPADES_CHOSEN,
    Server,
    bid_tip,
    open_table,
    play_first_playable,
    settle,
    stored_game,
    tap_card,
    watched_page,
)
from playwright.sync_api import Browser, Page, expect

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-two")]

SHOTS = os.environ.get("PICAS_SHOTS")
"""A folder for screenshots of the draw and the two-player trick, when set (for a person)."""
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


def _new_two_player_game(page: Page, server: Server) -> None:
    """Tick «Dos jugadores» in the settings and start a new game with it."""
    open_table(page, server)
    page.click("#btn-ajustes")
    page.wait_for_selector("#dlg-ajustes[open] .casa")
    page.locator("#form-ajustes [name='players']").check()
    page.click("#ajustes-nueva")
    page.wait_for_selector("#dlg-ajustes", state="hidden")
    settle(page)
    if page.locator("#btn-repartir").count():
        page.click("#btn-repartir")
        settle(page)


def _draw_turn(page: Page, keep: bool) -> None:
    page.click("#btn-quedar" if keep else "#btn-descartar")
    settle(page)


def test_the_setting_is_off_by_default_and_dims_what_two_players_do_not_use(
    page: Page, server: Server
) -> None:
    open_table(page, server)
    page.click("#btn-ajustes")
    page.wait_for_selector("#dlg-ajustes[open] .casa")
    two = page.locator("#form-ajustes [name='players']")
    expect(two).not_to_be_checked()
    blind = page.locator("#form-ajustes [name='blind_nil']")
    minimum = page.locator("#form-ajustes [name='team_minimum']")
    expect(blind).to_be_enabled()
    two.check()
    expect(blind).to_be_disabled()
    expect(minimum).to_be_disabled()
    two.uncheck()
    expect(minimum).to_be_enabled()


def test_south_draws_thirteen_cards_then_bids_and_plays_tricks_of_two(
    sized: tuple[str, Page], server: Server
) -> None:
    where, page = sized
    _new_two_player_game(page, server)
    rules = stored_game(page)["save"]["record"]["rules"]
    assert rules["players"] == 2
    # West sits across; North and East are not at the table; the score says «Tú» and «Oeste».
    expect(page.locator("#mesa")).to_have_class("mesa dos")
    expect(page.locator("#asiento-north")).to_be_hidden()
    expect(page.locator("#asiento-east")).to_be_hidden()
    west = page.locator("#asiento-west").bounding_box()
    south = page.locator("#asiento-south").bounding_box()
    assert west is not None
    assert south is not None
    assert west["y"] + west["height"] < south["y"]
    assert abs((west["x"] + west["width"] / 2) - (south["x"] + south["width"] / 2)) < 40
    assert page.locator(".marcador .equipo-nombre").all_text_contents() == ["Tú", "Oeste"]
    drawn = 0
    keep = True
    while page.locator("#btn-quedar").count():
        top = page.locator("#acciones .robo-carta").get_attribute("data-carta")
        before = len(page.locator("#mano .carta-mano").all())
        stock = page.inner_text("#mazo .mazo-cuenta")
        if drawn == 2:
            _shot(page, f"two-draw-{where}")
        _draw_turn(page, keep)
        drawn += 1
        codes = page.eval_on_selector_all(
            "#mano .carta-mano", "els => els.map(e => e.dataset.carta)"
        )
        assert len(codes) == before + 1
        if keep:
            assert top in codes  # the card shown is the one kept
        elif top is not None:
            assert top not in codes  # discarded: the next card came instead
        if page.locator("#mazo").count():
            assert page.inner_text("#mazo .mazo-cuenta") != stock  # the stock counts down
        keep = not keep
    assert drawn == 13
    assert len(page.locator("#mano .carta-mano").all()) == 13
    assert page.locator("#mazo").count() == 0  # the stock is gone
    record = stored_game(page)["save"]["record"]
    assert record["actions"].count("keep") + record["actions"].count("discard") >= 13
    # Then the usual bid pad, and tricks of two cards, West's at the top.
    page.wait_for_selector(".teclado")
    bid_tip(page)
    page.evaluate(
        "() => { const s = JSON.parse(localStorage.getItem('picas.ajustes') || '{}');"
        " s.pause_tricks = true; localStorage.setItem('picas.ajustes', JSON.stringify(s)); }"
    )
    page.reload()
    page.wait_for_selector("#mano .carta-mano.jugable")
    code = page.locator("#mano .carta-mano.jugable").first.get_attribute("data-carta")
    tap_card(page, f"#mano [data-carta='{code}']")
    page.click("#btn-jugar")
    page.wait_for_selector("#btn-seguir")  # the trick stays on the table until a tap
    trick = page.locator("#baza .carta")
    expect(trick).to_have_count(2)
    slot = page.locator('#baza .hueco[data-seat="west"]').bounding_box()
    mine = page.locator('#baza .hueco[data-seat="south"]').bounding_box()
    assert slot is not None
    assert mine is not None
    assert slot["y"] < mine["y"]
    _shot(page, f"two-trick-{where}")


def test_a_hand_played_out_shows_a_sheet_of_two_players(page: Page, server: Server) -> None:
    _new_two_player_game(page, server)
    for _ in range(13):
        _draw_turn(page, True)
    page.wait_for_selector(".teclado")
    bid_tip(page)
    while not page.locator("#dlg-hoja[open]").count():
        if page.locator("#mano .carta-mano.jugable").count():
            play_first_playable(page)
        else:
            settle(page)
    page.wait_for_selector("#dlg-hoja[open]")
    seats = page.locator("#dlg-hoja .resumen-asientos li")
    expect(seats).to_have_count(2)
    text = page.inner_text("#dlg-hoja")
    assert "Norte" not in text
    assert "Este" not in text
    hands = page.locator("#dlg-hoja details.cuatro-manos").first
    expect(hands.locator("summary")).to_have_text("Ver las dos manos")
    hands.locator("summary").click()
    expect(hands.locator("dt")).to_have_text(["Sur (tú)", "Oeste"])
    # Each line speaks of one player («cantaste», «cantó»), and no hand is offered for practice:
    # its cards came from the draw, not from a deal.
    assert "cantaste" in text
    assert "cantasteis" not in text
    expect(page.locator("#btn-rejugar")).to_have_count(0)
    _shot(page, "two-sheet-desktop")


def test_the_hint_says_whether_to_keep_the_top_card_and_why(page: Page, server: Server) -> None:
    open_table(page, server)
    page.evaluate("() => localStorage.setItem('picas.ajustes', JSON.stringify({hint: true}))")
    _new_two_player_game(page, server)
    for _ in range(4):
        page.wait_for_selector("#pista strong")
        said = page.inner_text("#pista")
        marked = page.locator(".robo-botones .sugerida")
        expect(marked).to_have_count(1)
        # The marked button is the way the reason says, in the page's words for its code.
        if said.startswith("Sugerencia: Quédatela:"):
            assert marked.get_attribute("id") == "btn-quedar"
        else:
            assert said.startswith("Sugerencia: Descártala:")
            assert marked.get_attribute("id") == "btn-descartar"
        marked.click()
        settle(page)
