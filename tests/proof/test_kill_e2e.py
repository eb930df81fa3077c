"""The page resumes after the server is killed: a game started and played a little in headless
Chromium, the server killed with SIGKILL (main process and workers) and started again on the same
port with the same key file, the page reloaded: the same game, the same hand, and play goes on.

The page is driven by what a player sees: roles and Spanish accessible names ("Repartir", the
group "Tu mano", the bid keys "2 bazas", "Cantar…", "Jugar").
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from proof_server import PicasServer

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e")]

GAME_KEY = "picas.partida"


def _stored(page: Page) -> dict[str, Any]:
    raw = page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')")
    assert isinstance(raw, str), "no game saved in the browser"
    data: dict[str, Any] = json.loads(raw)
    return data


def _actions(page: Page) -> int:
    raw = page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')")
    if not isinstance(raw, str):
        return 0
    return len(json.loads(raw)["save"]["record"]["actions"])


def _hand(page: Page) -> list[str]:
    """The Spanish names of the cards South holds, as the page shows them."""
    cards = page.get_by_role("group", name="Tu mano").get_by_role("button")
    names: list[str] = cards.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    return names


def _code(page: Page) -> str:
    return page.locator("#dato-codigo").inner_text().strip()


def _wait_for_play(page: Page, hand_size: int) -> None:
    cards = page.get_by_role("group", name="Tu mano").get_by_role("button")
    expect(cards).to_have_count(hand_size, timeout=20_000)
    expect(page.get_by_role("button", name="Jugar")).to_be_attached(timeout=20_000)


def _play_a_card(page: Page) -> None:
    """Lift a card South may play and press «Jugar», as a keyboard player does (focus the card,
    Enter): the fan of cards covers most of each card, so a pointer needs aim.

    The page may still be animating the computer players' moves when the cards appear; a press
    before South's turn does nothing, so try again until the play goes through (South's card and
    at least the three replies are saved).
    """
    before = _actions(page)
    cards = page.get_by_role("group", name="Tu mano").get_by_role("button")
    held = cards.count()
    playable = page.get_by_role("group", name="Tu mano").locator(
        "button:not([aria-disabled='true'])"
    )
    for _ in range(20):
        expect(playable.first).to_be_visible()
        playable.first.focus()
        page.keyboard.press("Enter")
        page.get_by_role("button", name="Jugar").click()
        try:
            # The page moves South's card to the table at once, before the server answers.
            expect(cards).to_have_count(held - 1, timeout=1_500)
            break
        except AssertionError:
            continue
    else:
        raise AssertionError("South's card was never played")
    # The page saves once per server answer: South's card and every computer reply up to South's
    # next turn (none at all if South wins the trick and leads again).
    page.wait_for_function(
        f"() => JSON.parse(localStorage.getItem('{GAME_KEY}')).save.record.actions.length"
        f" > {before}",
        timeout=20_000,
    )


def test_the_page_resumes_the_same_game_after_the_server_is_killed(
    browser: Browser, tmp_path: Path
) -> None:
    server = PicasServer(tmp_path, workers=2).start()
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-ES")
    page = context.new_page()
    page_errors: list[str] = []
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    page.set_default_timeout(20_000)
    try:
        page.goto(server.base + "/?rapido=1")  # rapido: the animations take no time
        page.get_by_role("button", name=re.compile(r"^Picas")).click()  # the first screen's choice
        page.get_by_role("button", name="Repartir").click()
        expect(page.get_by_role("group", name="Tu mano").get_by_role("button")).to_have_count(13)

        # South bids first in hand 1: 2 tricks, then «Cantar…»; the computers bid; South leads.
        page.get_by_role("button", name="2 bazas", exact=True).click()
        page.get_by_role("button", name=re.compile(r"^Cantar")).click()
        _wait_for_play(page, 13)
        _play_a_card(page)
        _wait_for_play(page, 12)

        code, hand, saved = _code(page), _hand(page), _stored(page)["save"]
        assert re.fullmatch(r"[0-9A-Z]{4}[ -]?[0-9A-Z]{4}", code), code
        assert len(hand) == 12
        assert all(" de " in name for name in hand), hand  # "as de picas"…

        server.kill()  # SIGKILL to the main process and its workers
        assert server.process is None
        server.start()  # same port, same key file

        page.reload()
        _wait_for_play(page, 12)
        assert _code(page) == code
        assert _hand(page) == hand
        assert _stored(page)["save"] == saved  # the save the server signed before the kill

        _play_a_card(page)  # and the game goes on
        _wait_for_play(page, 11)
        assert set(_hand(page)) < set(hand)
    finally:
        context.close()
        server.stop()
    assert not page_errors, page_errors
    assert "Traceback" not in server.log_text()
