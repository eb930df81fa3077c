"""«Reto del día» in Chromium (docs/daily-page.md): a new player opens the first screen, plays the
Picas and the Corazones challenge of the day to the end at the friends' table machinery, reads the
score against Difícil after each hand and the day's table; then the server's clock (a test-only
offset file, ``PICAS_RETO_CLOCK_FILE``) moves past the end of the day, and the page checks the
reveal against the commitment it showed and opens the side-by-side review."""

from __future__ import annotations

import json
import os
import time
import urllib.request
from pathlib import Path

import friends_page_helpers
import pytest
from friends_page_helpers import FAST, STEP
from playwright.sync_api import Browser, Page

SHOTS = Path(os.environ.get("PICAS_SHOTS_DIR", "/tmp/picas-reto-shots"))
"""Where the screenshots go to be looked at (never into the repository)."""

daily_server = friends_page_helpers.daily_server

pytestmark = pytest.mark.e2e


def api(base: str, path: str) -> dict[str, object]:
    with urllib.request.urlopen(base + path, timeout=30) as answer:
        data: dict[str, object] = json.loads(answer.read())
        return data


def signed(value: int) -> str:
    return f"{'+' if value > 0 else ('−' if value < 0 else '')}{abs(value)}"


def play_attempt(page: Page, game: str) -> list[str]:
    """Play the day's table to its end; returns each score line the page showed, in order."""
    lines: list[str] = []
    deadline = time.monotonic() + 900
    while time.monotonic() < deadline:
        if page.locator("#centro:not([hidden]) #btn-ver-tabla").count():
            break
        text = page.locator("#reto-mano").text_content() or ""
        if text and (not lines or lines[-1] != text):
            lines.append(text)
        if not page.evaluate(STEP):
            time.sleep(0.05)
    else:
        pytest.fail(f"the {game} challenge did not end")
    lines.append(page.locator("#reto-mano").text_content() or "")
    return lines


def test_new_player_plays_both_challenges_then_the_reveal_checks(
    browser: Browser, daily_server: tuple[str, Path]
) -> None:
    base, clock = daily_server
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="es-ES"
    )
    context.add_init_script(FAST)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(120_000)
    page.goto(base + "/")
    page.wait_for_selector("#reto-spades")
    page.screenshot(path=str(SHOTS / "reto-portada-phone.png"), full_page=True)
    commitments = {}
    own_scores: dict[str, list[int]] = {}
    for game, hands in (("spades", 6), ("corazones", 4)):
        page.goto(base + "/")
        page.click(f"#reto-{game}")
        page.wait_for_selector("#reto-jugar:not([disabled])", timeout=600_000)  # prepared on demand
        commitment = page.locator("#reto-compromiso").text_content() or ""
        assert len(commitment) == 64
        commitments[game] = commitment
        day = api(base, f"/api/reto/{game}")
        assert day["commitment"] == commitment
        assert "Termina" in (page.locator("#reto-fin").text_content() or "")
        page.click("#reto-jugar")
        page.wait_for_selector("#app:not([hidden]) #reto-etiqueta:not(:empty)")
        assert page.locator("#reto-etiqueta").text_content() == "Reto del día"
        lines = play_attempt(page, game)
        table_id = page.evaluate("() => new URLSearchParams(location.search).get('mesa')")
        scored = api(base, f"/api/reto/mesa/{table_id}")["scored"]
        assert isinstance(scored, list)
        assert len(scored) == hands
        own_scores[game] = [hand["score"] for hand in scored]
        last = scored[-1]
        shown = page.locator("#reto-linea").text_content() or ""
        sign = "+" if last["score"] > 0 else ("−" if last["score"] < 0 else "")
        assert f"Mano {hands}: {sign}{abs(last['score'])} frente a Difícil en esta mano" in shown
        total = last["total"]
        assert f"Total: {signed(total)}" in shown
        # Every hand's line was on the page at some point (the page was read between steps).
        seen_hands = {int(x.split(":")[0].split()[1]) for x in lines if x.startswith("Mano ")}
        assert seen_hands >= {hands}, lines
        assert len(seen_hands) >= hands - 1, lines  # a line may be replaced within one step
        if game == "spades":
            page.reload()  # a reload mid-way or at the end gets its score line back
            page.wait_for_selector("#reto-total:not(:empty)")
            assert f"Mano {hands}:" in (page.locator("#reto-mano").text_content() or "")
            page.wait_for_selector("#centro:not([hidden]) #btn-ver-tabla")
        # The end looks like an end: no hand of a next deal, nobody's turn, the total in the centre.
        assert page.locator("#mano .carta-mano").count() == 0
        assert page.locator(".asiento.turno").count() == 0
        centre = page.locator("#centro").text_content() or ""
        assert "Reto terminado" in centre
        assert f"Total: {signed(total)}" in centre
        page.screenshot(path=str(SHOTS / f"reto-{game}-fin-phone.png"))
        page.set_viewport_size({"width": 1280, "height": 800})  # the same end on a desktop
        page.screenshot(path=str(SHOTS / f"reto-{game}-fin-desktop.png"))
        page.set_viewport_size({"width": 390, "height": 844})
        page.click("#btn-ver-tabla")
        page.wait_for_selector("#tabla-hoy .reto-clasificacion")
        mine = page.locator("#tabla-hoy .reto-mio").text_content() or ""
        assert "Tu puesto: 1 de 1" in mine
        assert "Racha: 1 día" in (page.locator("#tabla-hoy").text_content() or "")
        page.screenshot(path=str(SHOTS / f"reto-{game}-tabla-phone.png"), full_page=True)
    # The day ends: the server's clock moves past it.
    ends = api(base, "/api/reto/spades")["ends"]
    assert isinstance(ends, int | float)
    clock.write_text(str(ends - time.time() + 120))
    for game in ("spades", "corazones"):
        page.goto(base + f"/reto/{game}")
        page.wait_for_selector("#reto-verificacion.bien")
        assert "Repartos verificados" in (page.locator("#reto-verificacion").text_content() or "")
        assert page.locator("#tabla-ayer .reto-mio").count() == 1
        # The player's own column: each hand's score against Difícil, as the table gave it.
        heads = page.locator("#revelacion-manos thead th").all_text_contents()
        assert "Tú" in heads
        own_column = heads.index("Tú")
        cells = [
            row.locator("td, th").nth(own_column).text_content()
            for row in page.locator("#revelacion-manos tbody tr").all()
        ]
        assert cells == [signed(score) for score in own_scores[game]]
        page.click("#repasar-1")
        page.wait_for_selector("#repaso .repaso-columna .baza-mini")
        columns = page.locator("#repaso .repaso-columna h4").all_text_contents()
        assert columns == ["Tu intento", "Difícil", "El mejor del día: tú"]
        assert page.locator("#repaso .repaso-columna .baza-mini").count() == 3
        page.click("#repaso-siguiente")
        assert "Baza 2 de 13" in (page.locator("#repaso .repaso-posicion").text_content() or "")
        page.screenshot(path=str(SHOTS / f"reto-{game}-repaso-phone.png"), full_page=True)
        page.locator("#repaso").screenshot(path=str(SHOTS / f"reto-{game}-repaso-lados-phone.png"))
    # The same profile on a desktop: its own column too.
    token = page.evaluate("() => localStorage.getItem('picas.perfil.token')")
    desk = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-ES")
    desk.add_init_script(f"localStorage.setItem('picas.perfil.token', {json.dumps(token)});")
    other = desk.new_page()
    other.goto(base + "/reto/spades")
    other.wait_for_selector("#reto-verificacion.bien")
    other.click("#repasar-2")
    other.wait_for_selector("#repaso .repaso-columna .baza-mini")
    assert other.locator("#repaso .repaso-columna").count() == 3
    other.screenshot(path=str(SHOTS / "reto-spades-desktop.png"), full_page=True)
    desk.close()
    context.close()
    assert not errors, errors
