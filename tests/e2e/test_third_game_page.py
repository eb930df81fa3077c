"""The third game on the page: Minibazas, the toy game of tests/minibazas registered through
``PICAS_GAMES`` alone, is played to its end at the page's one table controller. What it adds is
its folder — its web part (``web.py``: the generic table and its ``PAGE``) and its one module of
hooks (``page/hooks.js``), which this test's server serves —, and nothing of the page changes."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_helpers import watched_page
from friends_page_helpers import start_server
from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

TESTS = Path(__file__).resolve().parents[1]


@pytest.fixture
def minibazas_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setenv("PICAS_GAMES", "minibazas.spec:SPEC")
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])
    )
    yield from start_server(tmp_path, 0.5)


@pytest.fixture(params=[((390, 844), True), ((1280, 800), False)], ids=["phone", "desktop"])
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    size, touch = request.param
    yield from watched_page(browser, size, "", 20_000, touch=touch)


def _busy(page: Page) -> bool:
    return bool(
        page.evaluate("() => document.getElementById('mesa').classList.contains('ocupada')")
    )


def test_minibazas_is_played_to_its_end_at_the_one_table(page: Page, minibazas_server: str) -> None:
    loaded: list[str] = []
    page.on("request", lambda request: loaded.append(request.url))
    page.goto(minibazas_server + "/?juego=minibazas&rapido=1")
    page.click("#btn-repartir")
    played: list[str] = []
    for _ in range(400):
        if page.locator("#btn-nueva-fin").count():
            break
        if _busy(page):
            page.wait_for_timeout(50)
            continue
        playable = page.locator("#mano .carta-mano.jugable")
        if not playable.count():
            page.wait_for_timeout(50)
            continue
        card = playable.first.get_attribute("data-carta") or ""
        # A first tap lifts the card, «Jugar» plays it (the controller's, as at every table).
        page.evaluate(f"() => document.querySelector('#mano [data-carta=\"{card}\"]').click()")
        page.wait_for_selector("#btn-jugar:not([disabled])")
        page.click("#btn-jugar")
        played.append(card)  # the table is busy from the tap on, until the answer is shown
    assert page.locator("#btn-nueva-fin").count(), "the game did not end"
    # Two hands of five cards: South chose four of each, and each hand's last card played itself
    # (the setting «auto_last», on by default: the controller's, as at every table).
    assert len(played) == 8
    saved = json.loads(page.evaluate("() => localStorage.getItem('minibazas.partida')"))
    record = saved["save"]["record"]
    assert record["game"] == "minibazas"
    assert len(record["actions"]) == 40
    assert set(played) <= set(record["actions"])
    # The end is said from the record's final totals: each seat's tricks, which add up to ten.
    totals = page.locator("#mb-total-south, #mb-total-west, #mb-total-north, #mb-total-east")
    assert sum(int(totals.nth(i).inner_text().split()[-1]) for i in range(4)) == 10
    assert "centro-titulo" in page.inner_html("#centro")
    # Its hooks came from the game's own folder; no other game's table was loaded.
    assert any(url.endswith("/js/games/minibazas/hooks.js") for url in loaded)
    assert not [
        url for url in loaded if "/js/games/spades/" in url or "/js/games/corazones/" in url
    ]
