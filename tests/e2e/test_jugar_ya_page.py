"""«Jugar ya»'s pages in headless Chromium (docs/page-quick.md): the first screen's «Jugar ya»
makes the profile then (reading the first screen makes none) and opens the queue; /perfil
renames it; a passkey added with Chromium's virtual authenticator signs a second browser in to
the same profile; /clasificacion shows the rows; axe finds nothing serious on the new screens."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from axe_playwright_python.sync_playwright import Axe
from e2e_helpers import Server, watched_page
from friends_page_helpers import start_server
from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, expect

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-jugar-ya")]

TOKEN = "picas.perfil.token"
AXE_OPTIONS = {
    "resultTypes": ["violations"],
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
    },
}


def api(base: str, method: str, path: str, token: str | None = None) -> Any:
    request = urllib.request.Request(base + path, method=method)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def findings(page: Page, where: str) -> list[str]:
    violations: list[dict[str, Any]] = Axe().run(page, options=AXE_OPTIONS).response["violations"]
    return [
        f"{where}: {v['impact']} {v['id']} {[n['target'] for n in v['nodes']][:3]}"
        for v in violations
        if v["impact"] in ("serious", "critical") or v["id"] in ("page-has-heading-one", "region")
    ]


def authenticator(context: BrowserContext, page: Page) -> tuple[CDPSession, str]:
    """Chromium's virtual authenticator for ``page``: a platform one that verifies the user."""
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable", {"enableUI": False})
    options = {
        "protocol": "ctap2",
        "transport": "internal",
        "hasResidentKey": True,
        "hasUserVerification": True,
        "isUserVerified": True,
        "automaticPresenceSimulation": True,
    }
    made = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": options})
    return cdp, str(made["authenticatorId"])


@pytest.fixture
def fresh(browser: Browser) -> Iterator[Page]:
    """A phone of a first visit: nothing chosen, nothing stored."""
    yield from watched_page(browser, (390, 844), "", 15_000, touch=True)


def test_the_first_screen_makes_no_profile_and_jugar_ya_opens_the_queue(
    fresh: Page, server: Server
) -> None:
    fresh.goto(server.base + "/")
    fresh.wait_for_selector("#ya-spades-250")
    # Targets from the manifest's declaration: Spades' quick and standard, and Corazones'.
    shown = fresh.eval_on_selector_all("[data-ya]", "bs => bs.map(b => b.id)")
    assert shown == ["ya-spades-250", "ya-spades-500", "ya-corazones-50", "ya-corazones-100"]
    assert fresh.evaluate(f"localStorage.getItem('{TOKEN}')") is None
    fresh.click("#ya-spades-250")
    fresh.wait_for_selector("#cola:not([hidden])")
    assert fresh.is_hidden("#portada")
    assert "250" in fresh.inner_text("#cola-juego")
    expect(fresh.locator("#cola-perfil")).not_to_be_empty()  # the profile, made now
    token = fresh.evaluate(f"localStorage.getItem('{TOKEN}')")
    profile = api(server.base, "GET", "/api/perfil", token)
    assert fresh.inner_text("#cola-perfil").count(profile["name"]) == 1
    # The server's `queued` says how many wait in this queue: this player alone.
    expect(fresh.locator("#cola-cuenta")).to_have_text("1 persona en la cola")
    fresh.click("#btn-cola-cancelar")
    fresh.wait_for_selector("#portada:not([hidden])")
    assert fresh.is_hidden("#cola")
    assert fresh.evaluate("document.activeElement.id") == "ya-spades-250"


def test_the_profile_page_makes_a_profile_when_asked_and_renames_it(
    fresh: Page, server: Server
) -> None:
    fresh.goto(server.base + "/perfil")
    fresh.wait_for_selector("#sin-perfil:not([hidden])")
    assert fresh.evaluate(f"localStorage.getItem('{TOKEN}')") is None
    fresh.click("#btn-crear-perfil")
    fresh.wait_for_selector("#perfil-nombre:not([hidden])")
    fresh.fill("#nombre", "  Marta  ")
    fresh.click("#btn-nombre")
    expect(fresh.locator("#perfil-aviso")).to_contain_text("Marta")
    token = fresh.evaluate(f"localStorage.getItem('{TOKEN}')")
    assert api(server.base, "GET", "/api/perfil", token)["name"] == "Marta"
    fresh.reload()
    fresh.wait_for_selector("#perfil-nombre:not([hidden])")
    assert fresh.input_value("#nombre") == "Marta"


def test_a_name_the_rules_refuse_is_said_and_not_sent(fresh: Page, server: Server) -> None:
    fresh.goto(server.base + "/perfil")
    fresh.click("#btn-crear-perfil")
    fresh.wait_for_selector("#perfil-nombre:not([hidden])")
    before = fresh.input_value("#nombre")
    fresh.fill("#nombre", " \u200b ")  # nothing but blanks and a format character
    fresh.click("#btn-nombre")
    assert fresh.get_attribute("#nombre", "aria-invalid") == "true"
    token = fresh.evaluate(f"localStorage.getItem('{TOKEN}')")
    assert api(server.base, "GET", "/api/perfil", token)["name"] == before


def test_a_passkey_signs_another_browser_in_to_the_same_profile(
    browser: Browser, server: Server
) -> None:
    # WebAuthn takes a host name, not an address: the same server by the name «localhost».
    base = server.base.replace("127.0.0.1", "localhost")
    first = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-ES")
    second = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-ES")
    try:
        page = first.new_page()
        page.goto(base + "/perfil")
        cdp, made = authenticator(
            first, page
        )  # after the navigation: it belongs to the page's site
        page.click("#btn-crear-perfil")
        page.wait_for_selector("#perfil-nombre:not([hidden])")
        page.fill("#nombre", "Lola")
        page.click("#btn-nombre")
        expect(page.locator("#perfil-aviso")).to_contain_text("Lola")
        page.click("#btn-llave")
        page.wait_for_selector("#llaves-lista .llave")
        profile_id = page.evaluate("JSON.parse(localStorage.getItem('picas.perfil')).id")
        first_token = page.evaluate(f"localStorage.getItem('{TOKEN}')")
        keys = cdp.send("WebAuthn.getCredentials", {"authenticatorId": made})
        assert len(keys["credentials"]) == 1

        # The second browser has the same passkey on its own authenticator (as a synced
        # passkey would be) and no profile of its own.
        other = second.new_page()
        other.goto(base + "/perfil")
        cdp2, made2 = authenticator(second, other)
        cdp2.send(
            "WebAuthn.addCredential",
            {"authenticatorId": made2, "credential": keys["credentials"][0]},
        )
        other.wait_for_selector("#sin-perfil:not([hidden])")
        other.click("#btn-entrar")
        other.wait_for_selector("#perfil-nombre:not([hidden])")
        assert other.input_value("#nombre") == "Lola"
        assert other.evaluate("JSON.parse(localStorage.getItem('picas.perfil')).id") == profile_id
        second_token = other.evaluate(f"localStorage.getItem('{TOKEN}')")
        # A new token for this browser; the first browser keeps its own.
        assert second_token != first_token
        assert api(base, "GET", "/api/perfil", second_token)["id"] == profile_id
        assert api(base, "GET", "/api/perfil", first_token)["id"] == profile_id
    finally:
        first.close()
        second.close()


def test_axe_finds_nothing_serious_on_the_new_screens(fresh: Page, server: Server) -> None:
    fresh.goto(server.base + "/")
    fresh.wait_for_selector("#ya-spades-250")
    found = findings(fresh, "first screen")
    fresh.click("#ya-corazones-50")
    fresh.wait_for_selector("#cola:not([hidden])")
    expect(fresh.locator("#cola-perfil")).not_to_be_empty()  # the profile, made now
    found += findings(fresh, "queue")
    fresh.goto(server.base + "/perfil")
    fresh.wait_for_selector("#perfil-nombre:not([hidden])")
    found += findings(fresh, "profile")
    fresh.click("#btn-borrar")
    fresh.wait_for_selector("#dlg-borrar[open]")
    found += findings(fresh, "delete dialog")
    fresh.click("#btn-borrar-no")
    fresh.goto(server.base + "/clasificacion")
    fresh.wait_for_selector("#mi-puesto:not(:empty)")
    found += findings(fresh, "leaderboard")
    assert found == []


def _seed_board(folder: Path) -> tuple[str, str]:
    """Rated Corazones results written to the server's own SQLite file (the one the server reads):
    nine games of three people and the CPU Fácil, last each time; one the CPU Difícil wins; and
    one whose fourth place is the asking profile, so it ranks below every other person. Its id
    and token."""
    # Imported here: the rest of the module runs without the ratings' package.
    from picas.web.profiles.service import Profiles
    from picas.web.profiles.store import PEOPLE_FILE, SqliteProfiles
    from picas.web.ratings.model import RatedResult, RatedSeat
    from picas.web.ratings.service import Ratings
    from picas.web.ratings.store import SqliteRatings

    path = folder / PEOPLE_FILE

    async def seed() -> tuple[str, str]:
        profiles = Profiles(SqliteProfiles(path))
        ratings = Ratings(SqliteRatings(path))
        me, token = await profiles.create("Yo")
        ended = time.time() - 3600

        async def game(number: int, players: list[str]) -> None:
            seats = tuple(
                RatedSeat(player, seat, score, False)
                for player, seat, score in zip(
                    players, ("s", "w", "n", "e"), (10, 20, 30, 40), strict=True
                )
            )
            await ratings.record(RatedResult(f"mesa-{number}", "corazones", ended + number, seats))

        async def people(count: int, first: int) -> list[str]:
            made = [await profiles.create(f"Persona {first + i}") for i in range(count)]
            return [profile.id for profile, _ in made]

        await game(0, [*await people(3, 0), me.id])
        for number in range(1, 10):
            await game(number, [*await people(3, number * 3), "cpu:facil"])
        await game(10, ["cpu:dificil", *await people(3, 30)])
        return me.id, token

    # In a thread of its own: Playwright's loop runs in this one.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, seed()).result()


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, str]]:
    folder = tmp_path_factory.mktemp("picas-board")
    for base in start_server(folder, 30.0):
        yield (base, *_seed_board(folder))


def test_the_leaderboard_shows_rows_cpu_levels_and_the_own_rank_far_down(
    fresh: Page, seeded: tuple[str, str, str]
) -> None:
    base, my_id, token = seeded
    fresh.goto(base + "/")
    fresh.evaluate(
        "([token, id]) => { localStorage.setItem('picas.perfil.token', token);"
        " localStorage.setItem('picas.perfil', JSON.stringify({id, name: 'Yo'})); }",
        [token, my_id],
    )
    fresh.goto(base + "/clasificacion?juego=corazones")
    fresh.wait_for_selector("#filas tr")
    board = api(base, "GET", "/api/clasificacion/corazones?periodo=siempre", token)
    names = fresh.locator(
        "#filas tr:not(.fila-hueco) .col-nombre span:first-child"
    ).all_inner_texts()
    first_page = board["rows"]
    assert len(first_page) == 20
    assert board["total"] > 20
    # The rows are the server's, in its order; a computer level by its level's name.
    expected = [
        f"CPU · {row['name']}" if row["id"].startswith("cpu:") else row["name"]
        for row in first_page
    ]
    assert names[:20] == expected
    assert "CPU · Difícil" in names
    # The asking profile, below every other person, after a gap, marked, its rank said.
    assert board["me"]["rank"] > 20
    assert fresh.locator("#filas tr.fila-hueco").count() == 1
    mine = fresh.locator("#filas tr.fila-mia")
    assert mine.locator(".col-puesto").inner_text() == str(board["me"]["rank"])
    expect(fresh.locator("#mi-puesto")).to_contain_text(f"{board['me']['rank']}.º")
    # «Ver más» brings the next rows (at most twenty more).
    fresh.click("#btn-mas")
    expect(fresh.locator("#filas tr:not(.fila-hueco)")).to_have_count(min(40, board["total"]))
    # This week: the same results (an hour old).
    fresh.check("input[name='periodo'][value='semana']")
    expect(fresh.locator("#tabla-titulo")).to_contain_text("Esta semana")
    fresh.wait_for_selector("#filas tr")


def test_a_ban_says_why_and_until_when_in_the_players_time(
    browser: Browser, server: Server
) -> None:
    context = browser.new_context(locale="es-ES", timezone_id="America/Mexico_City")
    try:
        page = context.new_page()
        page.goto(server.base + "/")
        until = time.time() + 3600
        text = page.evaluate(
            "async (until) => (await import('./js/ya/cola.js'))"
            ".refusalText({type: 'error', code: 'banned', message: 'x', params: {until}})",
            until * 1000,
        )
        local = datetime.fromtimestamp(until, ZoneInfo("America/Mexico_City"))
        assert "tres partidas puntuadas" in text
        assert f"{local:%H:%M}" in text
    finally:
        context.close()


RESULTS = {
    "normal|250": {"won": 3, "lost": 2, "drawn": 0},
    "dificil|500": {"won": 0, "lost": 1, "drawn": 0},
}
SOLO: dict[str, Any] = {
    "v": 1,
    "results": RESULTS,
    "hands": 40,
    "nsMade": 20,
    "nsSet": 5,
    "southMade": 11,
    "southSet": 3,
    "nilsBid": 2,
    "nilsMade": 1,
    "bags": 17,
    "seen": {"g1": {"h": 9, "over": True, "at": 1}},
}


def test_the_solo_statistics_are_copied_to_the_profile_once(fresh: Page, server: Server) -> None:
    fresh.goto(server.base + "/perfil")
    fresh.evaluate("(s) => localStorage.setItem('picas.estadisticas', JSON.stringify(s))", SOLO)
    fresh.click("#btn-crear-perfil")
    fresh.wait_for_selector("#perfil-solo:not([hidden]) .solo-lista")
    token = fresh.evaluate(f"localStorage.getItem('{TOKEN}')")
    kept = api(server.base, "GET", "/api/perfil/estadisticas", token)
    assert kept["spades"]["results"] == SOLO["results"]
    assert kept["spades"]["bags"] == SOLO["bags"]
    assert "seen" not in kept["spades"]  # which games were counted stays in the browser
    played = sum(r["won"] + r["lost"] + r["drawn"] for r in RESULTS.values())
    won = sum(r["won"] for r in RESULTS.values())
    assert (
        fresh.inner_text(".solo-lista")
        == f"Picas: {played} partidas, {won} ganadas, {played - won} perdidas"
    )
    # Once per profile: what this browser counts later stays here, the profile keeps its copy.
    fresh.evaluate(
        "(s) => localStorage.setItem('picas.estadisticas', JSON.stringify(s))", {**SOLO, "bags": 99}
    )
    fresh.reload()
    fresh.wait_for_selector("#perfil-solo:not([hidden]) .solo-lista")
    assert (
        api(server.base, "GET", "/api/perfil/estadisticas", token)["spades"]["bags"] == SOLO["bags"]
    )


def test_deleting_the_profile_asks_first_and_then_forgets_it(fresh: Page, server: Server) -> None:
    fresh.goto(server.base + "/perfil")
    fresh.click("#btn-crear-perfil")
    fresh.wait_for_selector("#perfil-nombre:not([hidden])")
    token = fresh.evaluate(f"localStorage.getItem('{TOKEN}')")
    fresh.click("#btn-borrar")
    fresh.click("#btn-borrar-no")  # «No, conservarlo»: nothing happens
    assert api(server.base, "GET", "/api/perfil", token)["name"]
    fresh.click("#btn-borrar")
    fresh.click("#btn-borrar-si")
    fresh.wait_for_selector("#sin-perfil:not([hidden])")
    assert fresh.evaluate(f"localStorage.getItem('{TOKEN}')") is None
    with pytest.raises(urllib.error.HTTPError) as refused:
        api(server.base, "GET", "/api/perfil", token)
    assert refused.value.code == 401
