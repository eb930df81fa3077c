"""A whole Corazones hand played by taps on a phone's touch screen (390×844, touch), at the speed a
player plays (no ``?rapido``), with and without the play hint: each tap goes down, once the hand is
still, where ``elementFromPoint`` finds the card meant, and is held as a finger holds it (150 ms);
that card — never a neighbour, nor a button under the hand — is the one lifted, then the one
played. With the hint on, its answer is held back until the finger is down (a slow network, a
Difícil hint): the redraw it brings must not move the card from under the finger."""

from __future__ import annotations

import json

import pytest
from e2e_helpers import Server, watched_page
from playwright.sync_api import Browser, Page, Route

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-touch")]

PHONE = (390, 844)


def _chosen(hint: bool) -> str:
    table = json.dumps({"speed": "rapida", "hint": hint})
    own = json.dumps({"hint": hint})
    return (
        "localStorage.setItem('picas.juego', 'corazones');"
        f"localStorage.setItem('picas.ajustes', {json.dumps(table)});"
        f"localStorage.setItem('picas.corazones.ajustes', {json.dumps(own)});"
    )


# Where a thumb goes: the lowest points of a card where elementFromPoint returns that very card
# (every point of its box is tried), the middle one of them.
_POINT = """(code) => {
  const card = document.querySelector(`#mano [data-carta="${code}"]`);
  const r = card.getBoundingClientRect();
  let hits = [];
  for (let y = r.top + 2; y < r.bottom - 2; y += 3) {
    const row = [];
    for (let x = r.left + 2; x < r.right - 2; x += 2) {
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.closest('.carta-mano') === card) row.push([x, y]);
    }
    if (row.length) hits = row;
  }
  return hits.length ? hits[Math.floor(hits.length / 2)] : null;
}"""

_SOUTH_TO_PLAY = """() => !document.getElementById('mesa').classList.contains('ocupada')
  && (document.querySelector('#mano .carta-mano.jugable') !== null
      || document.querySelector('#dlg-hoja[open]') !== null)"""


# The card tapped twice has left the hand, or another card is lifted instead.
_PLAYED_OR_NOT = """(code) => {
  const lifted = [...document.querySelectorAll('#mano .carta-mano.levantada')];
  return !document.querySelector(`#mano [data-carta="${code}"]`)
    || (lifted.length > 0 && lifted[0].dataset.carta !== code);
}"""


# Resolves once the hand has not moved for a fifth of a second: where a player's eye rests
# before the finger goes down.
_STILL = """() => new Promise((resolve) => {
  const boxes = () => [...document.querySelectorAll('#mano .carta-mano')]
    .map((c) => { const r = c.getBoundingClientRect(); return `${r.left},${r.top}`; }).join(' ');
  let last = boxes();
  let since = performance.now();
  const look = () => {
    const now = boxes();
    if (now !== last) { last = now; since = performance.now(); }
    if (performance.now() - since >= 200) resolve(true); else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})"""


def _tap(page: Page, code: str, held: list[Route]) -> None:
    """A finger down on the card's point, held 150 ms, then lifted where it went down; the hint
    answers held back (``held``) are let go while the finger is down."""
    page.evaluate(_STILL)
    point = page.evaluate(_POINT, code)
    assert point is not None, f"nothing of {code} shows"
    touch = [{"x": point[0], "y": point[1]}]
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": touch})
        while held:
            route = held.pop(0)
            route.fulfill(response=route.fetch())
        page.wait_for_timeout(150)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


def _lifted(page: Page) -> list[str]:
    codes: list[str] = page.eval_on_selector_all(
        "#mano .carta-mano.levantada", "els => els.map(e => e.dataset.carta)"
    )
    return codes


def _hand(page: Page) -> list[str]:
    codes: list[str] = page.eval_on_selector_all(
        "#mano .carta-mano", "els => els.map(e => e.dataset.carta)"
    )
    return codes


def _play_the_hand_by_taps(page: Page, held: list[Route]) -> int:
    """At each of South's turns: tap a playable card other than the last one played's
    neighbour (a different place of the hand each turn), see it lifted, tap it again, see it
    played. Returns how many cards were played by taps."""
    played = 0
    for turn in range(13):
        page.wait_for_function(_SOUTH_TO_PLAY)
        if page.locator("#dlg-hoja[open]").count():
            break
        playable: list[str] = page.eval_on_selector_all(
            "#mano .carta-mano.jugable", "els => els.map(e => e.dataset.carta)"
        )
        if len(playable) == 1 and len(_hand(page)) == 1:
            break  # the last card plays itself
        code = playable[(turn * 5) % len(playable)]
        _tap(page, code, held)
        page.wait_for_function(
            "() => document.querySelector('#mano .carta-mano.levantada') !== null", timeout=3000
        )
        assert _lifted(page) == [code], f"a tap on {code} lifted {_lifted(page)}"
        _tap(page, code, held)
        page.wait_for_function(_PLAYED_OR_NOT, arg=code)
        assert code not in _hand(page), f"a second tap on {code} lifted {_lifted(page)}"
        played += 1
    return played


@pytest.mark.parametrize("hint", [False, True], ids=["plain", "hint"])
def test_each_tap_over_a_whole_hand_lifts_and_plays_the_card_tapped(
    browser: Browser, server: Server, hint: bool
) -> None:
    held: list[Route] = []

    def hold(route: Route) -> None:
        # One parameter: Playwright hands a handler of two the request as its second.
        held.append(route)

    for page in watched_page(browser, PHONE, _chosen(hint), 20_000, touch=True):
        page.route("**/api/hint", hold)
        page.goto(server.base + "/?codigo=K7PMX4QH")
        page.wait_for_selector("#btn-repartir")
        page.click("#btn-repartir")
        page.wait_for_selector("#btn-pasar")
        for code in _hand(page)[:3]:
            _tap(page, code, held)
        page.click("#btn-pasar")
        assert _play_the_hand_by_taps(page, held) >= 10
