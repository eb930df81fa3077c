"""axe on «Reto del día» (docs/daily-page.md) for every game with a challenge: the day's page before
the attempt, the table during it and at its end, the day's table after it, and, once the server's
clock has moved past the end of the day, the reveal with the side-by-side review open; then the
profile's pages (/perfil, /clasificacion) of the player who played. Nothing serious may be found,
and no page may be wider than the phone."""

from __future__ import annotations

import json
import time
from pathlib import Path

import friends_page_helpers
import pytest
from friends_page_helpers import FAST, STEP
from playwright.sync_api import Browser, Page, ViewportSize
from test_accessibility import _findings, _in_dialog

from picas.web.games import rated_games

daily_server = friends_page_helpers.daily_server

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-a11y")]

GAMES = rated_games()

PHONE: ViewportSize = {"width": 390, "height": 844}
# Against the phone's width itself: a mobile page wider than its screen is zoomed out to fit, and
# its window's width grows with it.
WIDER_THAN_THE_PHONE = f"() => document.documentElement.scrollWidth - {PHONE['width']}"


def _play_to_the_end(page: Page) -> None:
    deadline = time.monotonic() + 600
    while not page.locator("#centro:not([hidden]) #btn-ver-tabla").count():
        assert time.monotonic() < deadline, "the challenge did not end"
        if not page.evaluate(STEP):
            time.sleep(0.05)


def _wide(page: Page, where: str) -> list[str]:
    extra: int = page.evaluate(WIDER_THAN_THE_PHONE)
    return [f"{where}: {extra} px wider than the screen"] if extra > 0 else []


def test_axe_finds_nothing_serious_on_the_days_pages_from_the_start_to_the_review(
    browser: Browser, daily_server: tuple[str, Path]
) -> None:
    base, clock = daily_server
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="es-ES")
    context.add_init_script(FAST)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(120_000)
    found: list[str] = []
    try:
        for game in GAMES:
            page.goto(f"{base}/reto/{game}")
            page.wait_for_selector("#reto-jugar:not([disabled])", timeout=600_000)
            found += _findings(page, f"{game}: before the attempt")
            found += _wide(page, f"{game}: before the attempt")
            page.click("#reto-jugar")
            page.wait_for_selector("#app:not([hidden]) #mano .carta-mano")
            found += _findings(page, f"{game}: at the table")
            _play_to_the_end(page)
            found += _findings(page, f"{game}: the table at its end")
            found += _in_dialog(page, "#btn-puntos", "#dlg-hoja", f"{game}: the score at the end")
            found += _in_dialog(page, "#btn-ultima", "#dlg-ultima", f"{game}: the last trick")
            page.click("#btn-ver-tabla")
            page.wait_for_selector("#tabla-hoy .reto-clasificacion")
            found += _findings(page, f"{game}: the day's table")
            found += _wide(page, f"{game}: the day's table")
        ends = page.evaluate(
            "async (game) => (await (await fetch(`/api/reto/${game}`)).json()).ends", GAMES[0]
        )
        clock.write_text(str(ends - time.time() + 120))  # the server's day is over
        for game in GAMES:
            page.goto(f"{base}/reto/{game}")
            page.wait_for_selector("#reto-verificacion.bien")
            page.click("#repasar-1")
            page.wait_for_selector("#repaso .repaso-columna .baza-mini")
            found += _findings(page, f"{game}: the reveal, the review open")
            found += _wide(page, f"{game}: the reveal, the review open")
        # The review's three sides on a desktop too, for the same profile.
        token = page.evaluate("() => localStorage.getItem('picas.perfil.token')")
        desk = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-ES")
        desk.add_init_script(f"localStorage.setItem('picas.perfil.token', {json.dumps(token)});")
        wide = desk.new_page()
        wide.on("pageerror", lambda e: errors.append(str(e)))
        for game in GAMES:
            wide.goto(f"{base}/reto/{game}")
            wide.wait_for_selector("#reto-verificacion.bien")
            wide.click("#repasar-2")
            wide.wait_for_selector("#repaso .repaso-columna .baza-mini")
            found += _findings(wide, f"{game}: the review on a desktop")
        desk.close()
        page.goto(f"{base}/perfil")
        page.wait_for_selector("#perfil-nombre:not([hidden])")
        page.wait_for_load_state("networkidle")
        found += _findings(page, "/perfil")
        found += _wide(page, "/perfil")
        page.goto(f"{base}/clasificacion")
        page.wait_for_selector("#tabla-titulo:not(:empty)", state="attached")
        page.wait_for_load_state("networkidle")
        found += _findings(page, "/clasificacion")
        found += _wide(page, "/clasificacion")
    finally:
        context.close()
    assert not found, "\n".join(found)
    assert not errors, errors
