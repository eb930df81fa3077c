"""Steps the end-to-end tests share: open the table, deal, bid, play, read what it shows.

Every step goes through the page the way a player does (taps on visible parts of cards and
buttons); ``?rapido=1`` only sets the animations' durations to zero.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
GAME_KEY = "picas.partida"
ASIDE_PREFIX = "picas.partida.apartada."

Json = dict[str, Any]

# A player who has picked Picas on the first screen (js/inicio.js): the Spades tests start at the
# table, as a returning Spades player does. The first screen is tested in test_choose_game.py.
SPADES_CHOSEN = (
    "if (localStorage.getItem('picas.juego') === null)"
    " localStorage.setItem('picas.juego', 'spades');"
)


def as_spades_player(context: BrowserContext) -> None:
    """Every page of ``context`` opens with Picas chosen (unless a test chose otherwise)."""
    context.add_init_script(SPADES_CHOSEN)


def watched_page(
    browser: Browser,
    size: tuple[int, int],
    init_script: str,
    timeout_ms: float,
    *,
    touch: bool = False,
) -> Iterator[Page]:
    """A page of a fresh context of ``size`` (a phone's touch screen with ``touch``) that runs
    ``init_script`` first; any script error on the page fails the test once it is done."""
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        locale="es-ES",
        has_touch=touch,
        is_mobile=touch,
    )
    context.add_init_script(init_script)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    # The browser logs each refused request ("Failed to load resource: … 400"): some tests cause
    # those on purpose, and the page shows the refusal itself. Anything else is a fault.
    tab.on(
        "console",
        lambda message: (
            errors.append(message.text)
            if message.type == "error" and not message.text.startswith("Failed to load resource")
            else None
        ),
    )
    tab.set_default_timeout(timeout_ms)
    try:
        yield tab
    finally:
        context.close()
    assert not errors, f"errors on the page: {errors}"


@dataclass(frozen=True)
class Server:
    base: str
    key: bytes

    def sign(self, record: Json) -> str:
        """The server's signature of a record (docs/api.md: HMAC-SHA256, canonical JSON)."""
        text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hmac.new(self.key, text.encode("utf-8"), hashlib.sha256).hexdigest()


def open_table(page: Page, server: Server) -> None:
    page.goto(server.base + "/?rapido=1")
    page.wait_for_selector("#btn-repartir")


def settle(page: Page, timeout: float | None = None) -> None:
    """Wait until nothing moves and the server has answered (``timeout`` in ms: longer for heavy
    work, which runs at a lower priority and waits for a core on a busy machine)."""
    page.wait_for_function(
        "() => !document.getElementById('mesa').classList.contains('ocupada')", timeout=timeout
    )


def deal(page: Page) -> None:
    page.click("#btn-repartir")
    settle(page)


_VISIBLE_POINT = """(el) => {
  const r = el.getBoundingClientRect();
  for (let y = r.top + 10; y < r.bottom - 2; y += 5) {
    for (let x = r.left + 3; x < r.right - 2; x += 3) {
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.closest('.carta-mano') === el) return [x, y];
    }
  }
  return null;
}"""


def shown_point(page: Page, selector: str) -> tuple[float, float] | None:
    """A point of a card of the hand that shows (the fan covers the rest of it), or None when
    nothing of it shows (a dialog is open over the hand)."""
    point = page.locator(selector).first.evaluate(_VISIBLE_POINT)
    return None if point is None else (point[0], point[1])


def visible_point(page: Page, selector: str) -> tuple[float, float]:
    """A point of a card of the hand that shows: the card must show."""
    point = shown_point(page, selector)
    assert point is not None, f"no visible part of {selector}"
    return point


def tap_card(page: Page, selector: str) -> None:
    """Tap a card of the hand on a part of it that shows."""
    page.mouse.click(*visible_point(page, selector))


def bid_tip(page: Page) -> int:
    """Bid what the Tip key suggests; returns the bid."""
    page.wait_for_selector(".tecla-tip .tecla-sub")
    page.click("#tecla-tip")
    pressed = page.locator(".tecla[aria-pressed='true']")
    value = int(pressed.get_attribute("data-valor") or "-1")
    page.click("#btn-cantar")
    settle(page)
    return value


def play_first_playable(page: Page) -> str:
    """Lift the first playable card and press «Jugar»; returns its code."""
    code = page.locator("#mano .carta-mano.jugable").first.get_attribute("data-carta") or ""
    tap_card(page, f"#mano [data-carta='{code}']")
    page.click("#btn-jugar")
    settle(page)
    return code


def state(page: Page) -> str:
    """What South can do now: bid, blind, play, sheet, over, or wait."""
    settle(page)
    if page.locator("#dlg-hoja[open] #btn-nueva").count():
        return "over"
    if page.locator("#dlg-hoja[open] #btn-siguiente-hoja").count():
        return "sheet"
    if page.locator("#btn-nil-ciego").count():
        return "blind"
    if page.locator(".teclado").count():
        return "bid"
    if page.locator("#mano .carta-mano.jugable").count():
        return "play"
    return "wait"


def stored_game(page: Page) -> Json:
    raw = page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')")
    assert isinstance(raw, str)
    data: Json = json.loads(raw)
    return data


def hand_codes(page: Page) -> list[str]:
    codes: list[str] = page.eval_on_selector_all(
        "#mano .carta-mano", "els => els.map(e => e.dataset.carta || '?')"
    )
    return codes


def table_text(page: Page) -> dict[str, str]:
    """The pods, the trick and the score as the player reads them."""
    text: dict[str, str] = page.evaluate(
        """() => {
          const out = {};
          for (const s of ['south', 'west', 'north', 'east']) {
            out[s] = document.querySelector('#asiento-' + s + ' .asiento-datos').textContent;
          }
          out.trick = [...document.querySelectorAll('#baza .carta')]
            .map(c => c.getAttribute('aria-label')).join('|');
          out.score = document.getElementById('marcador').textContent;
          out.info = document.getElementById('datos').textContent;
          return out;
        }"""
    )
    return text
