"""The table never stalls while it shows an answer it holds: a flight whose animation never ends, a
pause whose timer never fires, and whole games at «Rápida» with random taps during the animations.
Also a late hint that held back the next one, and the «Ritmo» setting for South's forced last
card."""

from __future__ import annotations

import json
import os
import random
import time

import pytest
from e2e_helpers import (
    Json,
    Server,
    as_spades_player,
    bid_tip,
    settle,
    shown_point,
    state,
    stored_game,
    tap_card,
)
from e2e_saves import bids, make_save, south_last_card, store_game, wait_for_code
from playwright.sync_api import Browser, Page, Route, expect
from playwright.sync_api import Error as PlaywrightError

from picas.games.spades import Seat, action_to_json

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-stall")]

SETTINGS_KEY = "picas.ajustes"
FAST = {"speed": "rapida", "hint": True}
PLAY_GAP_FAST = 220 * 0.45  # the pause after each card at «Rápida» (animation.js PACE.playGap)

# Every flight of a card to the trick starts paused: its `finished` never settles on its own, as
# with a page that draws no frames for a while.
FLIGHTS_NEVER_END = """(() => {
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    const animation = animate.apply(this, args);
    if (this.classList.contains('en-baza')) {
      animation.pause();
      window.pausedFlights = (window.pausedFlights || 0) + 1;
    }
    return animation;
  };
})();"""

# The first pause after a card at «Rápida» never wakes up: its timer is dropped.
FIRST_PLAY_GAP_LOST = """(() => {
  const setTimer = window.setTimeout;
  let lost = false;
  window.setTimeout = function (callback, ms, ...rest) {
    if (!lost && ms === PLAY_GAP) {
      lost = true;
      window.lostTimer = performance.now();
      return 0;
    }
    return setTimer.call(window, callback, ms, ...rest);
  };
})();""".replace("PLAY_GAP", repr(PLAY_GAP_FAST))


def _open_fast(page: Page, server: Server, settings: Json) -> None:
    """The table with real animation durations and ``settings`` saved before it loads."""
    page.goto(server.base + "/")
    page.wait_for_selector("#btn-repartir")
    page.evaluate(f"(s) => localStorage.setItem('{SETTINGS_KEY}', s)", json.dumps(settings))
    page.reload()
    page.wait_for_selector("#btn-repartir")


def _south_plays_and_waits(page: Page) -> None:
    """Deal, bid, play one card, and wait (no tap) for South's next turn or the sheet."""
    page.click("#btn-repartir")
    settle(page)
    bid_tip(page)
    assert state(page) == "play"
    code = page.locator("#mano .carta-mano.jugable").first.get_attribute("data-carta") or ""
    tap_card(page, f"#mano [data-carta='{code}']")
    page.click("#btn-jugar")
    # Nobody taps: only the page itself may end the wait.
    page.wait_for_function(
        "() => !document.getElementById('mesa').classList.contains('ocupada')"
        " && (document.querySelector('#mano .carta-mano.jugable') !== null"
        "  || document.querySelector('dialog[open]') !== null)",
        timeout=20_000,
    )


def _shown_matches_the_save(page: Page, server: Server) -> None:
    """The trick on the table is the saved game's current trick."""
    view = page.request.post(
        server.base + "/api/games/resume", data={"save": stored_game(page)["save"]}
    ).json()["view"]
    shown = page.eval_on_selector_all("#baza .carta", "cards => cards.length")
    assert shown == len(view["trick"])


def test_a_flight_whose_animation_never_ends_does_not_stall_the_table(
    page: Page, server: Server
) -> None:
    page.add_init_script(FLIGHTS_NEVER_END)
    _open_fast(page, server, FAST)
    _south_plays_and_waits(page)
    assert page.evaluate("() => window.pausedFlights") >= 4
    _shown_matches_the_save(page, server)


def test_a_pause_whose_timer_never_fires_is_ended_by_the_watchdog(
    page: Page, server: Server
) -> None:
    page.add_init_script(FIRST_PLAY_GAP_LOST)
    _open_fast(page, server, FAST)
    _south_plays_and_waits(page)
    assert page.evaluate("() => window.lostTimer") is not None
    _shown_matches_the_save(page, server)


# --- random taps at «Rápida» ----------------------------------------------------------------------

_SNAPSHOT = """() => {
  const q = (s) => document.querySelector(s);
  return {
    busy: q('#mesa').classList.contains('ocupada'),
    table: [q('#aviso').textContent, q('#baza').textContent, q('#mano').children.length,
            ...[...document.querySelectorAll('#baza .carta, .asiento')].map((e) => e.textContent)]
      .join('|'),
    ready: q('#mano .carta-mano.jugable') !== null || q('.teclado, #btn-nil-ciego') !== null
      || q('dialog[open]') !== null || (!q('#centro').hidden && q('#centro button') !== null),
  };
}"""

STALL_S = 12.0  # well past the watchdog's two steps (4 s each)
GAME_S = 360.0  # a game to 250 takes a few minutes at «Rápida» (more on a loaded machine)
GAMES = int(os.environ.get("PICAS_STRESS_GAMES", "2"))  # more for a longer hunt


def _random_tap(page: Page, rng: random.Random) -> None:
    """A tap a new player might make at any moment: a card, the Tip key, «Jugar», the table."""
    roll = rng.random()
    if roll < 0.4:
        cards = page.locator("#mano button.carta-mano")
        count = cards.count()
        if count:
            box = cards.nth(rng.randrange(count)).bounding_box()
            if box:
                page.mouse.click(box["x"] + 6, box["y"] + 12)
    elif roll < 0.55:
        for target in ("#tecla-tip", "#btn-jugar:not([disabled])"):
            if page.locator(target).count():
                page.locator(target).click(timeout=1000, force=True)
                break
    elif roll < 0.7:
        keys = page.locator(".tecla[data-accion='elegir']")
        if keys.count():
            keys.nth(rng.randrange(1, 5)).click(timeout=1000)
            page.click("#btn-cantar", timeout=1000)
    elif roll < 0.8:
        page.mouse.click(rng.randrange(30, 360), rng.randrange(180, 480))
    else:
        page.wait_for_timeout(rng.randrange(20, 150))


def _south_acts(page: Page, rng: random.Random) -> None:
    """South's turn, taken the way a player does: the Tip's bid, or a playable card."""
    if page.locator("#tecla-tip").count():
        page.click("#tecla-tip", timeout=2000)
        page.wait_for_selector(".tecla[aria-pressed='true']", timeout=5000)
        page.click("#btn-cantar", timeout=2000)
    elif page.locator("#btn-ver").count():
        page.click("#btn-ver", timeout=2000)
    else:
        playable = page.locator("#mano .carta-mano.jugable")
        count = playable.count()
        if count:
            code = playable.nth(rng.randrange(count)).get_attribute("data-carta") or ""
            point = shown_point(page, f"#mano [data-carta='{code}']")
            if point is None:
                # A random tap opened a dialog over the hand: close it as a player would; a
                # table that stays stuck is caught by the stall check, not here.
                page.keyboard.press("Escape")
                return
            page.mouse.click(*point)
            page.click("#btn-jugar", timeout=2000)


def _next_step(page: Page) -> bool:
    """Move the game on when it waits for a button: True if a button was pressed."""
    for button in ("#btn-siguiente-hoja", "#btn-repartir", "#btn-siguiente", "#btn-volver"):
        if page.locator(button).count() and page.locator(button).is_visible():
            page.click(button, timeout=2000)
            return True
    if page.locator("dialog[open]").count():  # taps are for the table, not the sheet's tools
        page.keyboard.press("Escape")
        return True
    return False


def test_games_at_the_fast_pace_with_random_taps_never_stall(
    browser: Browser, server: Server
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-ES")
    as_spades_player(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(15_000)
    rng = random.Random(11)
    try:
        _open_fast(page, server, {**FAST, "target": 250})
        last, since, games, taps_in_motion = "", time.monotonic(), 0, 0
        deadline = time.monotonic() + GAME_S * GAMES
        while games < GAMES:
            shot = page.evaluate(_SNAPSHOT)
            now = time.monotonic()
            if shot["table"] != last or (shot["ready"] and not shot["busy"]):
                last, since = shot["table"], now
            assert now - since < STALL_S, f"the table stalled: {shot}"
            assert now < deadline, f"{games} games in {GAME_S * GAMES:.0f} s: {shot}"
            over = [
                b
                for b in ("#dlg-hoja[open] #btn-nueva", "#btn-nueva-fin")
                if page.locator(b).count()
            ]
            if over:
                try:
                    page.click(over[0], timeout=2000)
                    page.wait_for_selector("#btn-repartir", timeout=5000)
                except PlaywrightError:
                    continue  # the sheet opened over «Nueva partida» meanwhile: its own next
                games += 1
                last, since = "", time.monotonic()
                continue
            try:
                if _next_step(page):
                    continue
                if shot["busy"] or rng.random() < 0.3:
                    _random_tap(page, rng)
                    taps_in_motion += shot["busy"]
                else:
                    _south_acts(page, rng)
            except PlaywrightError:
                pass  # the tap's target moved or left (a dialog opened): only stalls count
        assert taps_in_motion > 50 * GAMES  # the taps did land while the table moved
    finally:
        context.close()
    assert not errors, errors


# --- «Ritmo»: the forced last card ---------------------------------------------------------------


def test_the_forced_last_card_waits_for_a_tap_when_its_setting_is_off(
    page: Page, server: Server
) -> None:
    made = make_save(server, hands=[bids(2, 13, 2, 13)], code="LAST2345", stop=south_last_card)
    assert made.game.turn is Seat.SOUTH
    [last] = [action_to_json(a) for a in made.game.legal_actions()]
    page.goto(server.base + "/?rapido=1")
    page.wait_for_selector("#btn-repartir")
    page.click("#btn-ajustes")
    box = page.locator("#form-ajustes fieldset.ritmo")
    assert box.locator("legend").first.inner_text() == "Ritmo"
    toggle = box.locator("[name='auto_last']")
    assert toggle.is_checked()  # on by default
    toggle.set_checked(False)
    page.click("#dlg-ajustes [data-cerrar]")
    assert (
        json.loads(page.evaluate(f"() => localStorage.getItem('{SETTINGS_KEY}')"))["auto_last"]
        is False
    )
    store_game(page, made)
    page.reload()
    wait_for_code(page, made.record["code"])
    page.wait_for_timeout(1200)  # longer than the forced card's look at any speed
    assert stored_game(page)["save"]["record"]["actions"] == made.record["actions"]
    assert page.locator("#mano .carta-mano.jugable").count() == 1
    tap_card(page, "#mano .carta-mano.jugable")
    page.click("#btn-jugar")
    page.wait_for_selector("#dlg-hoja[open]")
    record = stored_game(page)["save"]["record"]
    assert record["actions"][len(made.record["actions"])] == last
    page.reload()  # stored with the other settings
    page.click("#btn-ajustes")
    assert not page.locator("#form-ajustes [name='auto_last']").is_checked()


# --- the hint's answer after the position moved on -----------------------------------------------


def test_a_hint_that_answers_late_does_not_hold_back_the_next_positions_hint(
    page: Page, server: Server
) -> None:
    # South plays before the hint for that turn has come back; when it does, South's next turn
    # must still get a hint of its own (the late answer used to leave «Buscando…» for good).
    held: list[Route] = []

    def hold_first(route: Route) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route("**/api/hint", hold_first)
    page.goto(server.base + "/?rapido=1")
    page.wait_for_selector("#btn-repartir")
    page.evaluate(f"(s) => localStorage.setItem('{SETTINGS_KEY}', s)", json.dumps({"hint": True}))
    page.reload()
    page.click("#btn-repartir")
    settle(page)
    bid_tip(page)
    assert state(page) == "play"
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1, "the page did not ask for the hint"
    code = page.locator("#mano .carta-mano.jugable").first.get_attribute("data-carta") or ""
    tap_card(page, f"#mano [data-carta='{code}']")
    page.click("#btn-jugar")
    settle(page)
    assert state(page) == "play"  # South's second card: trick 2 of 13
    held[0].continue_()
    expect(page.locator("#pista")).to_contain_text("Sugerencia:", timeout=5_000)
    page.wait_for_selector("#mano .carta-mano.sugerida")
