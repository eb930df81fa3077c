"""Both tables on a phone's touch screen (390×844, touch): a tap on the part of a card that shows
lifts that card, whatever card is lifted already (Picas' hand and Corazones' are the same code)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from e2e_helpers import (
    SPADES_CHOSEN,
    Server,
    bid_tip,
    deal,
    open_table,
    play_first_playable,
    settle,
    state,
    watched_page,
)
from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-touch")]

PHONE = (390, 844)
CORAZONES_CHOSEN = "localStorage.setItem('picas.juego', 'corazones');"


@pytest.fixture
def spades_phone(browser: Browser) -> Iterator[Page]:
    yield from watched_page(browser, PHONE, SPADES_CHOSEN, 20_000, touch=True)


@pytest.fixture
def hearts_phone(browser: Browser) -> Iterator[Page]:
    yield from watched_page(browser, PHONE, CORAZONES_CHOSEN, 20_000, touch=True)


# The part of each card of the hand that shows, from the boxes of its neighbours as they are now:
# across, from its left edge to the left edge of the next card of its row (the last card of a
# row shows a strip as wide as the others at its left edge, where the taps went); down,
# from its top to the top of the row below (two rows) or its bottom. Returns the strips' centres.
_STRIPS = """() => {
  const hand = document.getElementById('mano');
  const cards = [...hand.querySelectorAll('.carta-mano')];
  const rows = Number(hand.dataset.filas || '1');
  const perRow = Math.ceil(cards.length / rows);
  const boxes = cards.map((c) => c.getBoundingClientRect());
  return cards.map((card, i) => {
    const box = boxes[i];
    const row = Math.floor(i / perRow);
    const lastOfRow = i === cards.length - 1 || Math.floor((i + 1) / perRow) !== row;
    const step = i > 0 && !lastOfRow ? boxes[i + 1].left - box.left
      : i > 0 ? box.left - boxes[i - 1].left : box.width;
    const right = lastOfRow ? box.left + Math.min(step, box.width) : boxes[i + 1].left;
    const below = cards.slice((row + 1) * perRow).map((_, k) => boxes[(row + 1) * perRow + k].top);
    const bottom = below.length ? Math.min(box.bottom, ...below) : box.bottom;
    return { code: card.dataset.carta, x: (box.left + right) / 2, y: (box.top + bottom) / 2 };
  });
}"""


def _strips(page: Page) -> dict[str, tuple[float, float]]:
    found: list[dict[str, object]] = page.evaluate(_STRIPS)
    return {str(s["code"]): (float(str(s["x"])), float(str(s["y"]))) for s in found}


def _lifted(page: Page) -> list[str]:
    codes: list[str] = page.eval_on_selector_all(
        "#mano .carta-mano.levantada", "els => els.map(e => e.dataset.carta)"
    )
    return codes


def _tap_each_playable_card(page: Page) -> None:
    """Tap the showing strip of each playable card, left to right and back: each tap lifts the
    card tapped (a tap on the card already lifted would play it, so none is tapped twice in a
    row)."""
    playable: list[str] = page.eval_on_selector_all(
        "#mano .carta-mano.jugable", "els => els.map(e => e.dataset.carta)"
    )
    assert len(playable) >= 3, playable
    order = playable + playable[-2::-1]
    for code in order:
        x, y = _strips(page)[code]
        page.touchscreen.tap(x, y)
        page.wait_for_timeout(200)  # the lift's own transition
        assert _lifted(page) == [code], (code, order)


def _until_many_playable(page: Page, play: bool) -> None:
    """Play South's first playable card until at least four of its cards may be played."""
    for _ in range(12):
        settle(page)
        if page.locator("#mano .carta-mano.jugable").count() >= 4:
            return
        if play and page.locator("#mano .carta-mano.jugable").count():
            play_first_playable(page)
    pytest.fail("no turn with four playable cards")


def test_a_tap_on_each_card_of_the_spades_hand_lifts_that_card(
    spades_phone: Page, server: Server
) -> None:
    page = spades_phone
    open_table(page, server)
    deal(page)
    bid_tip(page)
    while state(page) == "wait":
        page.wait_for_timeout(100)
    _until_many_playable(page, play=True)
    _tap_each_playable_card(page)


def test_a_tap_on_each_card_of_the_corazones_hand_lifts_that_card(
    hearts_phone: Page, server: Server
) -> None:
    page = hearts_phone
    page.goto(server.base + "/?rapido=1&codigo=K7PMX4QH")
    page.wait_for_selector("#btn-repartir")
    deal(page)
    codes = page.eval_on_selector_all("#mano .carta-mano", "els => els.map(e => e.dataset.carta)")
    for code in codes[:3]:
        x, y = _strips(page)[code]
        page.touchscreen.tap(x, y)
    page.click("#btn-pasar")
    _until_many_playable(page, play=True)
    _tap_each_playable_card(page)


# --- Corazones' «¿Por qué?» -----------------------------------------------------------------------

# The rectangles of the hand's cards, each suggested card's ★ above it included.
_HAND_BOXES = """() => [...document.querySelectorAll('#mano .carta-mano')].map((card) => {
  const r = card.getBoundingClientRect();
  const star = card.classList.contains('sugerida') ? 24 : 0;
  return [card.dataset.carta, r.left, r.top - star, r.right, r.bottom];
})"""


def _covered_cards(page: Page) -> list[str]:
    """The cards of the hand (or their ★) the open reasons' bubble covers."""
    bubble = page.locator("#pista-razones").bounding_box()
    assert bubble is not None
    left, top = bubble["x"], bubble["y"]
    right, bottom = left + bubble["width"], top + bubble["height"]
    boxes: list[list[object]] = page.evaluate(_HAND_BOXES)
    covered = []
    for code, x0, y0, x1, y1 in boxes:
        a, b, c, d = (float(str(v)) for v in (x0, y0, x1, y1))
        if a < right and left < c and b < bottom and top < d:
            covered.append(str(code))
    return covered


def _open_why(page: Page) -> None:
    page.click("#btn-pista")
    page.wait_for_selector("#btn-porque")
    page.click("#btn-porque")
    page.wait_for_selector("#pista-razones", state="visible")


def _tap_the_table(page: Page) -> None:
    """A tap on an empty part of the table, below North's seat."""
    box = page.locator("#mesa").bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + 30, box["y"] + box["height"] * 0.3)


@pytest.mark.parametrize("size", [PHONE, (1280, 800)])
def test_the_reasons_bubble_covers_no_card_and_closes_on_a_tap_elsewhere(
    browser: Browser, server: Server, size: tuple[int, int]
) -> None:
    for page in watched_page(browser, size, CORAZONES_CHOSEN, 20_000, touch=True):
        page.goto(server.base + "/?rapido=1&codigo=K7PMX4QH")
        page.wait_for_selector("#btn-repartir")
        deal(page)
        _open_why(page)  # the pass: three cards suggested
        assert _covered_cards(page) == []
        _tap_the_table(page)
        page.wait_for_selector("#pista-razones", state="hidden")
        page.click("#btn-porque")
        page.wait_for_selector("#pista-razones", state="visible")
        page.keyboard.press("Escape")
        page.wait_for_selector("#pista-razones", state="hidden")
        page.click("#btn-elegir-pista")
        page.click("#btn-pasar")
        _until_many_playable(page, play=True)
        _open_why(page)  # the play: one card suggested, the whole hand playable or not
        assert _covered_cards(page) == []
        _tap_the_table(page)
        page.wait_for_selector("#pista-razones", state="hidden")
        assert page.locator("#mano .carta-mano.levantada").count() == 0  # the tap did nothing else


# --- «Las 13 bazas» -------------------------------------------------------------------------------


def _play_a_corazones_hand(page: Page, server: Server) -> None:
    page.goto(server.base + "/?rapido=1&codigo=K7PMX4QH")
    page.wait_for_selector("#btn-repartir")
    deal(page)
    page.click("#btn-pista")
    page.click("#btn-elegir-pista")
    page.click("#btn-pasar")
    for _ in range(14):
        settle(page)
        if page.locator("#dlg-hoja[open]").count():
            break
        if page.locator("#mano .carta-mano.jugable").count():
            play_first_playable(page)
    page.wait_for_selector("#dlg-hoja[open]")


# Every element of the open sheet that ends past the viewport's right edge.
_PAST_THE_EDGE = """() => [...document.querySelectorAll('#dlg-hoja *')]
  .filter((e) => e.getBoundingClientRect().width > 0
    && e.getBoundingClientRect().right > innerWidth + 0.5)
  .map((e) => e.tagName + '.' + e.className)"""

# The sheet's buttons that are not the element at their own centre.
_HIDDEN_BUTTONS = """() => [...document.querySelectorAll('#hoja-botones button')].filter((b) => {
  const r = b.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !(hit && b.contains(hit));
}).map((b) => b.textContent)"""


def test_the_thirteen_tricks_fit_a_360_px_phone_with_every_button_reachable(
    browser: Browser, server: Server
) -> None:
    for page in watched_page(browser, (360, 740), CORAZONES_CHOSEN, 20_000, touch=True):
        _play_a_corazones_hand(page, server)
        page.click("#dlg-hoja .cz-bazas summary")
        assert page.locator("#dlg-hoja .baza-repaso").count() == 13
        # Scroll the sheet through the tricks: at each stop the buttons are on top, nothing
        # leaves the screen on the right.
        body = page.locator("#dlg-hoja")
        height = float(body.evaluate("(d) => d.scrollHeight"))
        for fraction in (0.0, 0.3, 0.5, 0.7, 1.0):
            body.evaluate(f"(d) => {{ d.scrollTop = {fraction} * d.scrollHeight; }}")
            page.wait_for_timeout(50)
            assert page.evaluate(_PAST_THE_EDGE) == [], fraction
            assert page.evaluate(_HIDDEN_BUTTONS) == [], (fraction, height)
        # Each trick's caption is a line or two across its trick, not a word a line.
        widths = page.eval_on_selector_all(
            "#dlg-hoja .baza-repaso p", "els => els.map(e => e.getBoundingClientRect().width)"
        )
        assert min(widths) >= 120, widths
        lines = page.eval_on_selector_all(
            "#dlg-hoja .baza-repaso p",
            "els => els.map(e => Math.round(e.getBoundingClientRect().height"
            " / parseFloat(getComputedStyle(e).lineHeight || '16')))",
        )
        assert max(lines) <= 3, lines
        # Every card of every trick lies inside its own item (no picture over the next caption).
        spill = page.eval_on_selector_all(
            "#dlg-hoja .baza-repaso",
            """els => els.filter((li) => {
              const box = li.getBoundingClientRect();
              return [...li.querySelectorAll('.carta')].some((c) => {
                const r = c.getBoundingClientRect();
                return r.top < box.top - 8 || r.bottom > box.bottom + 8;
              });
            }).length""",
        )
        assert spill == 0


# --- Ajustes: tap targets apart -------------------------------------------------------------------

_TARGETS = """() => [...document.querySelectorAll('#form-ajustes label.opcion')].map((label) => {
  const r = label.getBoundingClientRect();
  const box = label.querySelector('input').getBoundingClientRect();
  return [label.textContent.trim(), r.left, r.top, r.right, r.bottom, box.width, box.height];
})"""


@pytest.mark.parametrize("chosen", [SPADES_CHOSEN, CORAZONES_CHOSEN], ids=["picas", "corazones"])
def test_the_settings_tap_targets_are_big_enough_and_never_touch(
    browser: Browser, server: Server, chosen: str
) -> None:
    for page in watched_page(browser, PHONE, chosen, 20_000, touch=True):
        page.goto(server.base + "/?rapido=1")
        page.wait_for_selector("#btn-repartir")
        page.click("#btn-ajustes")
        page.wait_for_selector("#dlg-ajustes[open] #form-ajustes")
        targets = page.evaluate(_TARGETS)
        assert len(targets) >= 8
        for name, *_, width, height in targets:
            assert width >= 24, name
            assert height >= 24, name
        for a, b in ((a, b) for i, a in enumerate(targets) for b in targets[i + 1 :]):
            # Two targets are apart by 4 px or more across or down (their boxes never touch).
            apart_x = max(a[1], b[1]) - min(a[3], b[3])
            apart_y = max(a[2], b[2]) - min(a[4], b[4])
            assert max(apart_x, apart_y) >= 4, (a[0], b[0], apart_x, apart_y)
