"""Every page the server serves loads in Chromium without a script error.

A module that fails to parse (a name declared twice, say) stops its whole page from running, and
only the pages that import it show it: each page is opened here, on a phone and on a desktop, and
the watched page fails on any script error. The challenge's page is opened for every rated game
the registry declares."""

from __future__ import annotations

import pytest
from e2e_helpers import SPADES_CHOSEN, Server, watched_page
from playwright.sync_api import Browser

from picas.web.games import rated_games

pytestmark = pytest.mark.e2e

PAGES = [
    "/",
    "/mesa/abcdefghij",
    "/perfil",
    "/clasificacion",
    *(f"/reto/{key}" for key in rated_games()),
]


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desktop"])
def test_every_page_runs_its_scripts(
    browser: Browser, server: Server, size: tuple[int, int]
) -> None:
    for page in watched_page(browser, size, SPADES_CHOSEN, 15_000):
        for path in PAGES:
            answer = page.goto(server.base + path)
            assert answer is not None, path
            assert answer.ok, path
            # The page's scripts have run (and any of their errors been heard) once it is idle.
            page.wait_for_load_state("networkidle")
            assert page.evaluate("() => document.documentElement.lang") == "es", path
