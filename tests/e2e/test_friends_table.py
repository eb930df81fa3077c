"""Mesa con amigos in headless Chromium (issue 20, docs/friends.md): people in separate browser
contexts make a table from the first screen, sit down by its link, and play whole games of Picas
and Corazones together to the quick target; two people with two computer players; a reload in
the middle of a trick; a person who leaves, the CPU playing for them, and their return; and at
the end each page checks the deals against the commitment it kept («Repartos verificados»)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from friends_page_helpers import (
    OVER,
    STEP,
    VERIFIED,
    Person,
    create_table,
    join,
    person,
    play_until,
    reopen,
    start_server,
    stored_keys,
)
from playwright.sync_api import Browser

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-friends")]

GRACE_S = 2.0


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from start_server(tmp_path_factory.mktemp("picas-friends"), GRACE_S)


@pytest.fixture
def people(browser: Browser) -> Iterator[list[Person]]:
    made: list[Person] = []

    def make(name: str) -> Person:
        who = person(browser, name)
        made.append(who)
        return who

    yield made  # tests append with make() through the list's helper below
    for who in made:
        who.context.close()
    errors = [f"{who.name}: {e}" for who in made for e in who.errors]
    assert not errors, errors


def _seat_four(browser: Browser, people: list[Person], base: str, game: str, target: int) -> str:
    names = ["Ana", "Luis", "Marta", "Íñigo"]
    people.extend(person(browser, name) for name in names)
    link = create_table(people[0], base, game, target)
    for who, seat in zip(people[1:], ["west", "north", "east"], strict=True):
        join(who, link, seat)
    people[0].page.wait_for_selector("#btn-empezar:not([disabled])")
    return link


def _codes(people: list[Person]) -> set[str]:
    texts = [p.page.inner_text(VERIFIED) for p in people]
    return {m.group(1) for t in texts if (m := re.search(r"código (\S+ \S+)", t))}


def _only_own_storage(people: list[Person], link: str) -> None:
    table_id = link.rsplit("/", 1)[1]
    for who in people:
        keys = stored_keys(who.page)
        assert f"picas.mesa.{table_id}" in keys
        allowed = {f"picas.mesa.{table_id}", f"picas.mesa.{table_id}.compromiso"}
        assert set(keys) <= allowed | {"picas.mesa.ultima", "picas.rapido"}, keys


# On the page's own thread, so nothing happens between the look and the step: Luis is to play
# into a trick already led, nothing of his is on the way, and the page has drawn all it got.
_LUIS_STEP = (
    "() => (document.querySelector('#mano.mi-turno')"
    " && !document.querySelector('#mano .levantada, #mesa.ocupada')"
    " && document.querySelectorAll('#baza .carta').length >= 1)"
    f" ? 'ready' : ({STEP})()"
)


def _until_to_play_mid_trick(ana: Person, luis: Person, limit_s: float = 120) -> None:
    """Both play their turns until it is Luis's turn in a trick someone else led: then the server
    waits for him, and nothing he sent can still be on the way."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        step = luis.page.evaluate(_LUIS_STEP)
        if step == "ready":
            return
        if not (ana.page.evaluate(STEP) or step):
            time.sleep(0.05)
    pytest.fail(f"Luis was not to play into a trick in {limit_s} s")


def test_four_people_play_a_whole_picas_game(
    browser: Browser, base: str, people: list[Person]
) -> None:
    link = _seat_four(browser, people, base, "spades", 250)
    host = people[0].page
    # The host's room: four seats, the partners said, the link to copy.
    assert "Sur y Norte juegan juntos" in host.inner_text("#sala-parejas")
    assert host.input_value("#enlace") == link
    host.click("#btn-empezar")
    for who in people:
        who.page.wait_for_selector("#app:not([hidden]) #mano .carta-mano")
    # Each person's own seat is at the bottom with their name; the others by name at theirs.
    assert "Luis" in people[1].page.inner_text("#asiento-south .asiento-nombre")
    assert "Marta" in people[1].page.inner_text("#asiento-west .asiento-nombre")
    assert "Ana" in people[1].page.inner_text("#asiento-east .asiento-nombre")
    assert people[1].page.locator("#asiento-north .punto.conectado").count() == 1
    _only_own_storage(people, link)
    play_until(people, OVER)
    assert len(_codes(people)) == 1  # everyone verified the same code
    _only_own_storage(people, link)


def test_four_people_play_a_whole_corazones_game(
    browser: Browser, base: str, people: list[Person]
) -> None:
    link = _seat_four(browser, people, base, "corazones", 50)
    assert "Cada uno juega por su cuenta" in people[0].page.inner_text("#sala-parejas")
    people[0].page.click("#btn-empezar")
    play_until(people, OVER)
    assert len(_codes(people)) == 1
    _only_own_storage(people, link)


def test_two_people_two_cpus_a_reload_a_leave_and_a_return(
    browser: Browser, base: str, people: list[Person]
) -> None:
    people.extend([person(browser, "Ana"), person(browser, "Luis")])
    ana, luis = people
    link = create_table(ana, base, "spades", 250)
    join(luis, link, "north")
    ana.page.click("#btn-empezar")
    for who in people:
        who.page.wait_for_selector("#mano .carta-mano")
    # The empty seats are the CPU's, and say so.
    assert "CPU" in ana.page.inner_text("#asiento-west")
    # Play until Luis is to play in the middle of a trick, then he reloads and finds the same table.
    _until_to_play_mid_trick(ana, luis)
    before = luis.page.locator("#mano .carta-mano").count()
    luis.page.reload()
    luis.page.wait_for_selector("#mano .carta-mano")
    assert luis.page.locator("#mano .carta-mano").count() == before
    assert luis.page.locator("#baza .carta").count() >= 1
    # Luis closes the page: away at once, and after the grace period the CPU plays for him.
    luis.page.close()
    ana.page.wait_for_selector("#asiento-north .asiento-nota", timeout=30_000)
    assert "Luis" in ana.page.inner_text("#asiento-north .asiento-nota")
    play_until(
        [ana], "document.querySelectorAll('#asiento-west .canto:not(.sin-canto)').length", 60
    )
    # He comes back from the same browser: his seat, his cards, the CPU no longer for him.
    reopen(luis)
    luis.page.goto(link)
    luis.page.wait_for_selector("#mano .carta-mano")
    ana.page.wait_for_selector("#asiento-north .punto.conectado")
    assert ana.page.locator("#asiento-north .asiento-nota").count() == 0
    play_until(people, OVER)
    assert len(_codes(people)) == 1
    _only_own_storage(people, link)
    # The reveal is checked against the commitment each browser kept when the game started, even
    # after a reload: a kept commitment that the code and salt do not give fails the check.
    key = f"picas.mesa.{link.rsplit('/', 1)[1]}.compromiso"
    kept = [who.page.evaluate("(k) => localStorage.getItem(k)", key) for who in people]
    assert kept[0] == kept[1]
    assert re.fullmatch(r"1:[0-9a-f]{64}", kept[0])
    forged = "1:" + ("0" if kept[1][2] != "0" else "1") * 64
    luis.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, forged])
    for who in people:
        who.page.reload()
    luis.page.wait_for_selector("#verificacion.mal")
    ana.page.wait_for_selector("#verificacion.bien")
