"""Layout at phone and desktop sizes: every card index in a trick can be read, the hand's sheet
puts its totals above the fold, the centre panel and the notices never cover West's or East's
seat, and the menu's buttons show their names."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from e2e_helpers import ASIDE_PREFIX, GAME_KEY, Server, as_spades_player, open_table
from e2e_saves import Made, bids, make_save, store_game, wait_for_code
from playwright.sync_api import Browser, Page

from picas.games.spades import GameState, Seat

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-layout")]

PHONES = [(360, 640), (390, 844)]
SIZES = [*PHONES, (1280, 800)]

# For each card of a trick cross: is every corner of its index (rank and suit) on top there?
_INDEX_SHOWS = """(root) => [...root.querySelectorAll('.carta')].map((card) => {
  const box = card.querySelector('.indice, use[href^="#indice-"]').getBoundingClientRect();
  const points = [[box.left + 2, box.top + 2], [box.right - 2, box.top + 2],
                  [box.left + 2, box.bottom - 2], [box.right - 2, box.bottom - 2]];
  const hidden = points.filter(([x, y]) => {
    const hit = document.elementFromPoint(x, y);
    return !hit || hit.closest('.carta') !== card;
  });
  return [card.getAttribute('aria-label'), hidden.length];
})"""


def _west_after_south(game: GameState) -> bool:
    """South to play, and the last finished trick had West's card played after South's."""
    tricks = game.hand.tricks
    return (
        game.hand.number == 1
        and game.turn is Seat.SOUTH
        and bool(tricks)
        and tricks[-1].leader in (Seat.SOUTH, Seat.EAST)
    )


def _page(browser: Browser, size: tuple[int, int]) -> Page:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="es-ES")
    as_spades_player(context)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


@contextmanager
def _table_at(
    browser: Browser, server: Server, size: tuple[int, int], made: Made, stage: str
) -> Iterator[Page]:
    """A page of ``size`` with the game ``made`` open at ``stage``; closed afterwards."""
    page = _page(browser, size)
    try:
        open_table(page, server)
        store_game(page, made, ui={"stage": stage})
        page.reload()
        wait_for_code(page, made.record["code"])
        yield page
    finally:
        page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_every_index_in_the_last_trick_can_be_read(
    browser: Browser, server: Server, size: tuple[int, int]
) -> None:
    made = make_save(server, hands=[bids(3, 3, 3, 3)], stop=_west_after_south)
    with _table_at(browser, server, size, made, "mesa") as page:
        page.click("#btn-ultima")
        page.wait_for_selector("#dlg-ultima[open] .baza-mini .carta")
        covered = page.locator("#dlg-ultima .baza-mini").evaluate(_INDEX_SHOWS)
    assert len(covered) == 4
    assert all(hidden == 0 for _, hidden in covered), covered


@pytest.mark.parametrize("size", PHONES)
def test_the_hand_sheet_shows_its_totals_above_the_fold_on_a_phone(
    browser: Browser, server: Server, size: tuple[int, int]
) -> None:
    made = make_save(server, hands=[bids(3, 4, 3, 2)])
    with _table_at(browser, server, size, made, "hoja") as page:
        page.click("#centro [data-accion='ver-hoja']")
        page.wait_for_selector("#dlg-hoja[open] table.hoja")
        for row in ("tr.total", "tr.acumulado"):
            box = page.locator(f"#dlg-hoja table.hoja {row}").first.bounding_box()
            assert box is not None
            assert box["y"] + box["height"] <= size[1], (row, box)


def _overlap(page: Page, a: str, b: str) -> bool:
    boxes = [page.locator(s).bounding_box() for s in (a, b)]
    first, second = boxes
    if first is None or second is None or not first["height"] or not second["height"]:
        return False
    return not (
        first["x"] + first["width"] <= second["x"]
        or second["x"] + second["width"] <= first["x"]
        or first["y"] + first["height"] <= second["y"]
        or second["y"] + second["height"] <= first["y"]
    )


def _covers_no_side_seat(page: Page, what: str) -> None:
    for seat in ("west", "east"):
        assert not _overlap(page, what, f"#asiento-{seat}"), (what, seat)
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page is wider than the screen: {width}"


@pytest.mark.parametrize("size", SIZES)
def test_the_next_hand_panel_covers_no_side_seat(
    browser: Browser, server: Server, size: tuple[int, int]
) -> None:
    made = make_save(server, hands=[bids(3, 4, 3, 2)])
    with _table_at(browser, server, size, made, "hoja") as page:
        page.wait_for_selector("#btn-siguiente")
        _covers_no_side_seat(page, "#centro")


@pytest.mark.parametrize("size", SIZES)
def test_the_damaged_save_notice_and_the_first_screen_cover_no_side_seat(
    browser: Browser, server: Server, size: tuple[int, int]
) -> None:
    page = _page(browser, size)
    try:
        open_table(page, server)
        page.evaluate(f"() => localStorage.setItem('{GAME_KEY}', '{{broken')")
        page.reload()
        page.wait_for_selector("#btn-repartir")
        assert "dañada o había sido modificada" in page.inner_text("#aviso")
        assert page.evaluate(
            f"() => Object.keys(localStorage).some(k => k.startsWith('{ASIDE_PREFIX}'))"
        )
        _covers_no_side_seat(page, "#centro")
        _covers_no_side_seat(page, "#aviso")
    finally:
        page.context.close()


MENU = {
    "#btn-ultima": "Última baza",
    "#btn-puntos": "Puntuación",
    "#btn-ajustes": "Ajustes",
    "#mas > summary": "Más",
    "#ayuda > summary": "Ayuda",
}


@pytest.mark.parametrize("size", SIZES)
def test_the_menu_shows_a_short_name_under_each_icon_at_every_size(
    browser: Browser, server: Server, size: tuple[int, int]
) -> None:
    page = _page(browser, size)
    try:
        open_table(page, server)
        boxes = []
        for button, name in MENU.items():
            label = page.locator(f"{button} .menu-texto")
            assert label.inner_text() == name
            box = label.bounding_box()
            assert box is not None
            assert box["width"] > 20, (name, box)
            assert box["height"] > 8, (name, box)
            whole = page.locator(button).bounding_box()
            assert whole is not None
            assert whole["x"] >= 0, (name, whole)
            assert whole["x"] + whole["width"] <= size[0], (name, whole)
            assert whole["height"] >= 44, (name, whole)  # a finger's size
            assert whole["width"] >= 44, (name, whole)
            boxes.append(whole)
        for left, right in itertools.pairwise(boxes):
            assert left["x"] + left["width"] <= right["x"] + 0.5, (left, right)
        # Each name on one line, so no button is taller than the others («Última baza» was).
        assert max(b["height"] for b in boxes) - min(b["height"] for b in boxes) < 1, boxes
        lines = page.eval_on_selector_all(
            ".menu .menu-texto",
            "els => els.map(e => e.getClientRects().length === 1 && e.getBoundingClientRect()"
            ".height < 1.5 * parseFloat(getComputedStyle(e).lineHeight))",
        )
        assert all(lines), lines
        width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"the page is wider than the screen: {width}"
    finally:
        page.context.close()
