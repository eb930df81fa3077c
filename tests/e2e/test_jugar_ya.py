"""«Jugar ya» from end to end in headless Chromium (issue 27): four new players, each in a browser
of their own, name their profiles, press «Jugar ya» for Picas at the quick target, are seated
together at one rated table, and play a whole game; each page then shows its rating's change,
which is the one the server keeps, and the leaderboard lists all four with the player's own row
marked."""

from __future__ import annotations

import json
import os
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from friends_page_helpers import OVER, Person, person, play_until, start_server
from playwright.sync_api import Browser, expect
from test_jugar_ya_page import findings

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-jugar-ya-game")]

NAMES = ["Ana", "Luis", "Marta", "Jorge"]
SHOTS = os.environ.get("PICAS_E2E_SHOTS")
"""A folder for screenshots of the queue, the rated table's end and the pages after, to look at."""
CHANGE = re.compile(r"Tu valoración: ([\d\u00a0]+) \(([+−±])(\d+)\)")


def shot(who: Person, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        who.page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def read(base: str, path: str) -> Any:
    with urllib.request.urlopen(base + path, timeout=10) as answer:
        return json.loads(answer.read())


def number(text: str) -> int:
    return int(text.replace("\u00a0", ""))


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # The four browsers share this machine's address, which «Jugar ya» keeps apart (one person
    # with two profiles): not here. The server by the name «localhost», as players reach it.
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PICAS_YA_APART_BY_ADDRESS", "0")
        for url in start_server(tmp_path_factory.mktemp("picas-ya"), 30.0):
            yield url.replace("127.0.0.1", "localhost")


@pytest.fixture
def players(browser: Browser) -> Iterator[list[Person]]:
    made = [person(browser, name, touch=i % 2 == 0) for i, name in enumerate(NAMES)]
    yield made
    for who in made:
        who.context.close()
    assert all(not who.errors for who in made), {who.name: who.errors for who in made}


def name_profile(who: Person, base: str) -> str:
    """The player makes their profile on /perfil and names it: its id."""
    page = who.page
    page.goto(base + "/perfil")
    page.click("#btn-crear-perfil")
    page.wait_for_selector("#perfil-nombre:not([hidden])")
    page.fill("#nombre", who.name)
    page.click("#btn-nombre")
    expect(page.locator("#perfil-aviso")).to_contain_text(who.name)
    profile_id: str = page.evaluate("JSON.parse(localStorage.getItem('picas.perfil')).id")
    return profile_id


def test_four_players_press_jugar_ya_play_a_rated_picas_game_and_see_their_ratings(
    players: list[Person], base: str
) -> None:
    ids = {who.name: name_profile(who, base) for who in players}
    for who in players:
        who.page.goto(base + "/")
        who.page.click("#ya-spades-250")
        who.page.wait_for_selector("#cola:not([hidden])")
    shot(players[-1], "ya-cola")
    for who in players:
        who.page.wait_for_url("**/mesa/*", timeout=30_000)
    tables = {who.page.url for who in players}
    assert len(tables) == 1  # the four at one table
    for who in players:
        page = who.page
        page.wait_for_selector("#app:not([hidden]) #mano .carta-mano")
        expect(page.locator("#puntuada-marca")).to_be_visible()
        assert who.name in page.inner_text("#asiento-south .asiento-nombre")
        seated = {
            page.inner_text(f"#asiento-{seat} .asiento-nombre")
            for seat in ("west", "north", "east")
        }
        assert {name for name in NAMES if name != who.name} == {s.strip() for s in seated}
    play_until(players, OVER)

    shown: dict[str, tuple[int, int]] = {}
    for who in players:
        line = who.page.locator("#valoracion-cambio")
        expect(line).to_have_text(CHANGE, timeout=15_000)
        found = CHANGE.search(line.inner_text())
        assert found is not None
        sign = {"+": 1, "−": -1, "±": 0}[found.group(2)]
        shown[who.name] = (number(found.group(1)), sign * int(found.group(3)))
        shot(who, f"ya-fin-{who.name}")
    assert findings(players[0].page, "rated table's end") == []
    for who in players:
        profile = read(base, f"/api/perfiles/{ids[who.name]}")
        spades = profile["games"]["spades"]
        assert spades["games"] == 1
        last = spades["history"][-1]
        assert shown[who.name] == (round(last["rating"]), round(last["change"]))
        # Winners went up and losers down; partners alike.
        assert (spades["wins"] == 1) == (shown[who.name][1] > 0)

    page = players[0].page
    page.goto(base + "/clasificacion?juego=spades&periodo=semana")
    page.wait_for_selector("#filas tr")
    rows = page.locator("#filas tr .col-nombre span:first-child").all_inner_texts()
    assert sorted(rows) == sorted(NAMES)
    assert players[0].name in page.inner_text("#filas tr.fila-mia")
    expect(page.locator("#mi-puesto")).to_contain_text("Tu puesto")
    shot(players[0], "ya-clasificacion")
    for who in players[:2]:
        who.page.goto(base + "/perfil")
        who.page.wait_for_selector("#valoracion-spades .valor-cifra")
        shot(who, f"ya-perfil-{who.name}")
