"""«Jugar ya» from end to end in headless Chromium (issue 27): four new players, each in a browser
of their own, name their profiles, press «Jugar ya» at the quick target, are seated together at
one rated table, and play a whole game; each page then shows its rating's change, which is the one
the server keeps, and the leaderboard lists all four with the player's own row marked. At the end
of the Picas game one player blocks another from the end's panel. A whole Corazones game too, and
one where a player leaves mid-way: the CPU plays the seat, the others finish, and the leaver's
rating goes down the most (rated last). One server for the file's tests."""

from __future__ import annotations

import json
import os
import re
import time
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
    # Phones (two of them touch) and one desktop.
    made = [
        person(browser, name, size=(1280, 800) if i == 3 else (390, 844), touch=i % 2 == 0)
        for i, name in enumerate(NAMES)
    ]
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


def seat_four(players: list[Person], base: str, game: str, target: int) -> dict[str, str]:
    """The four name their profiles, press «Jugar ya» and are seated at one rated table: ids."""
    ids = {who.name: name_profile(who, base) for who in players}
    for who in players:
        who.page.goto(base + "/")
    *first, last = players
    for who in first:
        who.page.click(f"#ya-{game}-{target}")
        who.page.wait_for_selector("#cola:not([hidden])")
    shot(first[-1], f"ya-cola-{game}")
    # The fourth completes a table: the matcher may seat them and their page may leave the
    # queue's screen before a look at it finds it shown, so theirs is not waited for.
    last.page.click(f"#ya-{game}-{target}")
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
    return ids


def shown_changes(players: list[Person], game: str) -> dict[str, tuple[int, int]]:
    """Each page's end line: (rating, change)."""
    shown: dict[str, tuple[int, int]] = {}
    for who in players:
        line = who.page.locator("#valoracion-cambio")
        expect(line).to_have_text(CHANGE, timeout=15_000)
        found = CHANGE.search(line.inner_text())
        assert found is not None
        sign = {"+": 1, "−": -1, "±": 0}[found.group(2)]
        shown[who.name] = (number(found.group(1)), sign * int(found.group(3)))
        shot(who, f"ya-fin-{game}-{who.name}")
    return shown


def rated_as_shown(base: str, ids: dict[str, str], game: str, shown: Any) -> dict[str, Any]:
    """Each profile's part of ``game`` as the page reads it, its last change the one shown."""
    parts = {}
    for name, pid in ids.items():
        part = read(base, f"/api/perfiles/{pid}")["games"][game]
        assert part["games"] == 1
        last = part["history"][-1]
        if name in shown:
            assert shown[name] == (round(last["rating"]), round(last["change"]))
        parts[name] = part
    return parts


def block_from_the_end(who: Person, other: str) -> str:
    """``who`` presses «No volver a jugar» by ``other``'s name in the end's panel and confirms:
    the server's answer to the page (its text)."""
    page = who.page
    row = page.locator("#centro .fin-bloquear li", has_text=other)
    expect(page.locator("#centro .fin-bloquear li")).to_have_count(3)
    shot(who, f"ya-bloquear-{who.name}")
    row.get_by_role("button", name=f"No volver a jugar con {other}").click()
    expect(page.locator("#dlg-bloquear-si")).to_be_visible()
    shot(who, f"ya-bloquear-pregunta-{who.name}")
    with page.expect_response(lambda r: r.url.endswith("/api/ya/bloqueos")) as answered:
        page.click("#dlg-bloquear-si-si")
    expect(row.locator(".bloquear-hecho")).to_have_text(f"✓ {other}: no volveréis a coincidir")
    shot(who, f"ya-bloqueado-{who.name}")
    return answered.value.text()


def blocks_of(who: Person, base: str) -> Any:
    token = who.page.evaluate("localStorage.getItem('picas.perfil.token')")
    request = urllib.request.Request(
        base + "/api/ya/bloqueos", headers={"Authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def test_four_players_press_jugar_ya_play_a_rated_picas_game_and_see_their_ratings(
    players: list[Person], base: str
) -> None:
    ids = seat_four(players, base, "spades", 250)
    play_until(players, OVER)

    shown = shown_changes(players, "spades")
    assert findings(players[0].page, "rated table's end") == []
    # Ana (a phone) never wants to play with Luis again; Jorge's desktop shows the same list.
    block_from_the_end(players[0], "Luis")
    shot(players[3], "ya-bloquear-escritorio")
    assert blocks_of(players[0], base) == {"bloqueos": [{"id": ids["Luis"], "name": "Luis"}]}
    assert blocks_of(players[1], base) == {"bloqueos": []}
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


def test_a_whole_rated_corazones_game(players: list[Person], base: str) -> None:
    ids = seat_four(players, base, "corazones", 50)
    play_until(players, OVER)
    shown = shown_changes(players, "corazones")
    parts = rated_as_shown(base, ids, "corazones", shown)
    # Someone won the game (the fewest points): their rating went up, by the most of the four.
    winners = [name for name in NAMES if parts[name]["wins"] == 1]
    assert winners
    best = max(change for _, change in shown.values())
    assert all(0 < shown[name][1] == best for name in winners)


def test_a_leaver_is_played_by_the_cpu_and_rated_last(players: list[Person], base: str) -> None:
    ids = seat_four(players, base, "corazones", 50)
    leaver, others = players[2], [p for p in players if p is not players[2]]
    page = leaver.page
    page.on("dialog", lambda dialog: dialog.accept())  # «¿Dejar la partida puntuada?»: yes
    page.click("#mas summary")
    page.click("#btn-salir")
    expect(page.locator("#puntuada-marca")).to_be_visible()
    table_id = page.url.rsplit("/", 1)[-1]
    deadline = time.monotonic() + 20
    while not any(s["kind"] == "cpu" for s in read(base, f"/api/mesas/{table_id}")["seats"]):
        assert time.monotonic() < deadline, "the leaver's seat is not the CPU's"
        time.sleep(0.2)
    for who in others:  # the leaver's name is gone from the others' tables: the CPU plays there
        expect(who.page.locator(".asiento-nombre", has_text=leaver.name)).to_have_count(0)
    # During the game «Más → No volver a jugar con…» lists the other people, the leaver too
    # (asked of the server by seat: the public view shows that seat as the computer's).
    first = others[0].page
    first.click("#mas summary")
    with first.expect_response(lambda answer: "/personas" in answer.url) as asked:
        first.click("#btn-bloquear")
    people = asked.value.text()
    listed = first.locator("#dlg-bloquear .bloquear-lista li")
    expect(listed).to_have_count(3)
    gone = first.locator("#dlg-bloquear .bloquear-lista li", has_text=leaver.name)
    expect(gone.locator(".bloquear-se-fue")).to_have_text("dejó la mesa")
    expect(first.locator("#dlg-bloquear .bloquear-se-fue")).to_have_count(1)
    shot(others[0], "ya-bloquear-menu")
    first.locator("#dlg-bloquear [data-cerrar]").click()
    expect(first.locator("#dlg-bloquear")).to_be_hidden()
    play_until(others, OVER)
    shown = shown_changes(others, "corazones")
    parts = rated_as_shown(base, ids, "corazones", shown)
    change = {name: part["history"][-1]["change"] for name, part in parts.items()}
    assert change[leaver.name] < 0
    assert all(change[leaver.name] < change[who.name] for who in others)
    assert parts[leaver.name]["wins"] == 0

    # At the end the first of the others blocks the leaver and one who stayed; no profile id of
    # anyone else ever reached that page.
    answers = [block_from_the_end(others[0], leaver.name)]
    answers.append(block_from_the_end(others[0], others[1].name))
    blocked = {item["name"] for item in blocks_of(others[0], base)["bloqueos"]}
    assert blocked == {leaver.name, others[1].name}
    elsewhere = [ids[who.name] for who in players if who is not others[0]]
    seen = [people, *answers, *others[0].frames]
    assert not any(pid in text for pid in elsewhere for text in seen)
    # /perfil lists both; «Desbloquear» each, and the list says it is empty.
    first.goto(base + "/perfil")
    rows = first.locator("#bloqueos-lista li.bloqueo")
    expect(rows).to_have_count(2)
    assert set(rows.locator(".bloqueo-nombre").all_inner_texts()) == blocked
    shot(others[0], "ya-perfil-bloqueos")
    for name in sorted(blocked):
        first.get_by_role("button", name=f"Desbloquear a {name}").click()
        expect(first.get_by_role("button", name=f"Desbloquear a {name}")).to_have_count(0)
    expect(first.locator("#bloqueos-lista")).to_have_text("No has bloqueado a nadie.")
    assert blocks_of(others[0], base) == {"bloqueos": []}
