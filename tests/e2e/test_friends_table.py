"""Mesa con amigos in headless Chromium (issue 20, docs/friends.md): people in separate browser
contexts make a table from the first screen, sit down by its link, and play whole games of Picas
and Corazones together to the quick target; two people with two computer players; a reload in
the middle of a trick; a person who leaves, the CPU playing for them, and their return; and at
the end each page checks the deals against the commitment it kept («Repartos verificados»)."""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import tap_card
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
from friends_secrets import SEATS, end_of, foreign_hands, leaks, outcome_of, parsed, truth
from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-friends")]

GRACE_S = 2.0
NAMES = {"south": "Ana", "west": "Marta", "north": "Luis", "east": "Jorge"}
"""Who sits where in the four people's games, after the host's move."""
SHOTS = os.environ.get("PICAS_E2E_SHOTS")
"""A folder for screenshots of the rooms, a pass and the ends, to look at (none when unset)."""


def shot(who: Person, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        who.page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


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
    """Ana makes the table on a desktop; Luis (West), Marta (North) and Jorge (East) sit down on
    phones. Each newcomer's page, once its socket speaks for its seat, says nothing of a lost
    connection. Then the host swaps West and North («Cambiar de asiento»): Marta is at West and
    Luis at North (``NAMES``), their pages open all along: from the move on each page is told
    its person's new seat (every frame is checked after the game)."""
    ana = person(browser, "Ana", (1280, 800))
    luis, marta, jorge = (person(browser, name, touch=True) for name in ("Luis", "Marta", "Jorge"))
    people.extend([ana, luis, marta, jorge])
    link = create_table(ana, base, game, target)
    for who, seat in [(luis, "west"), (marta, "north"), (jorge, "east")]:
        join(who, link, seat)
        _connected_without_alarm(who, seat)
    shot(jorge, f"{game}-sala-jorge")
    _swap_west_and_north(ana)
    for who, seat in [(luis, "north"), (marta, "west")]:
        _connected_without_alarm(who, seat)
    _all_connected(ana)
    shot(ana, f"{game}-sala-ana")
    return link


def _connected_without_alarm(who: Person, seat: str) -> None:
    page = who.page
    page.wait_for_selector(f"#asientos-lista li[data-seat='{seat}'] .punto.conectado")
    assert page.inner_text("#sala-aviso") == "", page.inner_text("#sala-aviso")
    assert "sin-conexion" not in (page.get_attribute("body", "class") or "")


def _swap_west_and_north(host: Person) -> None:
    host.page.select_option("#asientos-lista li[data-seat='west'] select.sala-mover", "north")
    host.page.wait_for_function(
        "() => document.querySelector(\"#asientos-lista li[data-seat='west']\").textContent"
        ".includes('Marta')"
    )


def _all_connected(host: Person) -> None:
    host.page.wait_for_function(
        "() => document.querySelectorAll('#asientos-lista .punto.conectado').length === 4"
    )
    host.page.wait_for_selector("#btn-empezar:not([disabled])")


def _seat_of(who: Person) -> str:
    return next(seat for seat, name in NAMES.items() if name == who.name)


def _nothing_of_the_others(people: list[Person]) -> dict[str, Any]:
    """Every frame each page received before the end, and each look at its own hand, showed only
    its own seat's cards: checked against the record revealed at the end. The reveal."""
    frames = {who.name: parsed(who.frames) for who in people}
    end = end_of(frames[people[0].name])
    hands = truth(end["record"])
    found = []
    for who in people:
        seat = _seat_of(who)
        found += [f"{who.name}: {f}" for f in leaks(frames[who.name], seat, hands)]
        found += [f"{who.name}: {f}" for f in foreign_hands(who.looks, who.name, seat, hands)]
        assert len(frames[who.name]) > 20, who.name  # the whole game came by this socket
        assert len(who.looks) > 20, who.name
    assert not found, found[:10]
    return end


def _num(n: int) -> str:
    return f"−{-n}" if n < 0 else str(n)


def _words(text: str) -> str:
    return " ".join(text.replace("\xa0", " ").split())


def _end_said(who: Person, game: str, outcome: dict[str, Any]) -> str:
    """The end as this seat must read it: turned to it, with the people's names."""
    at = SEATS.index(_seat_of(who))
    me, left, across, right = (SEATS[(at + k) % 4] for k in range(4))
    hands = outcome["hands_played"]
    if game == "spades":
        ours, theirs = "north_south", "east_west"
        if me in ("west", "east"):
            ours, theirs = theirs, ours
        totals = dict(zip(["north_south", "east_west"], outcome["totals"], strict=True))
        if outcome["winner"] == ours:
            head = f"¡Ganáis {NAMES[across]} y tú!"
        elif outcome["winner"] == theirs:
            head = f"Ganan {NAMES[left]} y {NAMES[right]}."
        else:
            head = "Tablas."
        tail = f"Nosotros {_num(totals[ours])} · Ellos {_num(totals[theirs])}"
    else:
        totals = outcome["totals"]
        winner = outcome["winner"]
        points = "1 punto" if totals[winner] == 1 else f"{totals[winner]} puntos"
        head = f"Gana {NAMES[winner]}, con {points}."
        if winner == me:
            head = f"¡Ganas tú, con {points}!"
        named = [f"Tú {totals[me]}"] + [f"{NAMES[s]} {totals[s]}" for s in (left, across, right)]
        tail = " · ".join(named)
    return f"{head} {tail}, en {'1 mano' if hands == 1 else f'{hands} manos'}."


def _end_read(people: list[Person], game: str, end: dict[str, Any]) -> None:
    """Each page's end names the right people from its own seat, and shows whole at its size:
    the title not clipped, the fair-play link tappable."""
    outcome = outcome_of(end["record"])
    for who in people:
        page = who.page
        page.wait_for_selector(VERIFIED)
        said = _words(page.inner_text("#centro .centro-resultado"))
        assert said == _end_said(who, game, outcome), who.name
        shot(who, f"{game}-fin-{who.name}")
        for selector in ("#centro .centro-titulo", "#centro .centro-enlace"):
            assert page.locator(selector).evaluate(WHOLE_AND_ON_TOP) == "", (who.name, selector)


# An element shows whole and takes a tap: scrolled into view, no clipping ancestor cuts it, and the
# topmost element at its centre and near its corners is itself (not the status line over it).
WHOLE_AND_ON_TOP = """(el) => {
  el.scrollIntoView({ block: 'nearest' });
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return 'not shown';
  for (let a = el.parentElement; a; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const b = a.getBoundingClientRect();
    const inside = r.top >= b.top - 1 && r.bottom <= b.bottom + 1
      && r.left >= b.left - 1 && r.right <= b.right + 1;
    if (!inside) return 'clipped by ' + (a.id || a.className);
  }
  const points = [[0.5, 0.5], [0.1, 0.2], [0.9, 0.2], [0.1, 0.8], [0.9, 0.8]];
  for (const [fx, fy] of points) {
    const x = r.left + r.width * fx;
    const y = r.top + r.height * fy;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return 'off screen';
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) continue;
    return 'under ' + (hit ? hit.id || hit.className : 'nothing');
  }
  return '';
}"""


def _record_opens_at_the_solo_table(
    who: Person, reviewer: Person, base: str, game: str, end: dict[str, Any], tmp: Path
) -> None:
    """«Descargar la partida» saves {record, sig}, and the file opens at the solo table («Abrir
    una partida descargada»); «Repasar en mi mesa» opens the game there at once."""
    with who.page.expect_download() as info:
        who.page.click("#btn-descargar")
    saved = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert saved == {"record": end["record"], "sig": end["sig"]}
    path = tmp / "mesa.json"
    path.write_text(json.dumps(saved), encoding="utf-8")
    solo = who.context.new_page()
    solo.set_default_timeout(20_000)
    solo.on("pageerror", lambda error: who.errors.append(str(error)))
    solo.goto(base + "/")
    solo.evaluate("(game) => localStorage.setItem('picas.juego', game)", game)
    solo.goto(base + "/")
    solo.click("#mas summary")
    solo.click("#btn-compartir")
    solo.set_input_files("#compartir-archivo", str(path))
    solo.wait_for_selector("#dlg-compartir", state="hidden")
    _at_the_end_of(solo, end)
    solo.close()

    page = reviewer.page
    page.click("#btn-repasar")
    page.wait_for_url(base + "/")
    _at_the_end_of(page, end)


_SAVED_WITH_CODE = """(code) => {
  for (const key of Object.keys(localStorage)) {
    try {
      const kept = JSON.parse(localStorage.getItem(key));
      if (kept && kept.save && kept.save.record && kept.save.record.code === code) return kept.save;
    } catch {}
  }
  return null;
}"""


def _at_the_end_of(page: Page, end: dict[str, Any]) -> None:
    """The solo table holds the friends' game, at its end, with every hand's sheet to review."""
    page.wait_for_selector("#centro .centro-titulo")
    save = page.evaluate(_SAVED_WITH_CODE, end["record"]["code"])
    assert save is not None
    assert save["record"] == end["record"]
    page.click("#centro [data-accion='ver-hoja']")
    hands = outcome_of(end["record"])["hands_played"]
    page.wait_for_selector("#dlg-hoja[open]")
    assert page.locator("#dlg-hoja .enlace-mano").count() == hands


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
    browser: Browser, base: str, people: list[Person], tmp_path: Path
) -> None:
    link = _seat_four(browser, people, base, "spades", 250)
    ana, luis, marta, jorge = people
    host = ana.page
    # The host's room: four seats, the partners said, the link to copy.
    assert "Sur y Norte juegan juntos" in host.inner_text("#sala-parejas")
    assert host.input_value("#enlace") == link
    host.click("#btn-empezar")
    for who in people:
        who.page.wait_for_selector("#app:not([hidden]) #mano .carta-mano")
    # Each person's own seat is at the bottom with their name; the others by name at theirs.
    assert "Luis" in luis.page.inner_text("#asiento-south .asiento-nombre")
    assert "Jorge" in luis.page.inner_text("#asiento-west .asiento-nombre")
    assert "Ana" in luis.page.inner_text("#asiento-north .asiento-nombre")
    assert "Marta" in luis.page.inner_text("#asiento-east .asiento-nombre")
    assert luis.page.locator("#asiento-north .punto.conectado").count() == 1
    _only_own_storage(people, link)
    play_until(people, OVER, look=True)
    assert len(_codes(people)) == 1  # everyone verified the same code
    _only_own_storage(people, link)
    end = _nothing_of_the_others(people)
    _end_read(people, "spades", end)
    _record_opens_at_the_solo_table(marta, jorge, base, "spades", end, tmp_path)


def test_four_people_play_a_whole_corazones_game(
    browser: Browser, base: str, people: list[Person], tmp_path: Path
) -> None:
    link = _seat_four(browser, people, base, "corazones", 50)
    ana, _, marta, jorge = people
    assert "Cada uno juega por su cuenta" in ana.page.inner_text("#sala-parejas")
    ana.page.click("#btn-empezar")
    for who in people:
        who.page.wait_for_selector("#app:not([hidden]) #btn-pasar")
    shot(ana, "corazones-pase-ana")
    _a_held_pass_shows_as_made(jorge, ana)
    play_until(people, OVER, look=True)
    assert len(_codes(people)) == 1
    _only_own_storage(people, link)
    end = _nothing_of_the_others(people)
    _end_read(people, "corazones", end)
    _record_opens_at_the_solo_table(jorge, marta, base, "corazones", end, tmp_path)


def _a_held_pass_shows_as_made(who: Person, south: Person) -> None:
    """East passes before South: the server holds the pass (``held_pass``), and East's page shows
    it made: the cards said, no pass bar, and a tap on a card sends nothing."""
    page = who.page
    cards = page.eval_on_selector_all("#mano .carta-mano", "els => els.map(e => e.dataset.carta)")
    assert page.evaluate(STEP) == "pass"
    said = " ".join(_label(code) for code in cards[:3])
    page.wait_for_function(
        "(text) => document.getElementById('aviso').textContent.includes(text)",
        arg=f"Has pasado {said}; esperando a los demás",
    )
    assert page.locator("#btn-pasar").count() == 0
    assert page.locator("#mano .carta-mano.elegida, #mano.mi-turno").count() == 0
    sent = len(who.frames)
    tap_card(page, f"#mano [data-carta='{cards[5]}']")
    page.wait_for_timeout(300)
    refusals = [f for f in parsed(who.frames[sent:]) if f.get("type") == "error"]
    assert refusals == []
    assert "Has pasado" in page.inner_text("#aviso")
    assert south.page.locator("#btn-pasar").count() == 1  # South's turn to pass: held till then
    shot(who, "corazones-pase-hecho-jorge")


_LABEL = {"T": "10"}
_SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _label(code: str) -> str:
    return _SUIT[code[1]] + _LABEL.get(code[0], code[0])


def test_a_host_move_rebinds_open_pages(browser: Browser, base: str, people: list[Person]) -> None:
    """Luis (West) and Marta (North) have their pages open when the host swaps them: from the
    start each page shows its person's own seat and cards, in every frame (issue 25, §0)."""
    ana = person(browser, "Ana", (1280, 800))
    luis, marta = person(browser, "Luis", touch=True), person(browser, "Marta", touch=True)
    people.extend([ana, luis, marta])
    link = create_table(ana, base, "spades", 250)
    join(luis, link, "west")
    join(marta, link, "north")
    _swap_west_and_north(ana)
    ana.page.wait_for_selector("#btn-empezar:not([disabled])")
    ana.page.click("#btn-empezar")
    for who in people:
        who.page.wait_for_selector("#app:not([hidden]) #mano .carta-mano")
    _own_views(luis, "north")
    _own_views(marta, "west")
    # The first trick, each page looking at itself at every step.
    play_until(people, "document.querySelectorAll('#mano .carta-mano').length <= 12", 90, look=True)
    _own_views(luis, "north")
    _own_views(marta, "west")


def _own_views(who: Person, seat: str) -> None:
    """Every view this page received is its seat's; the page shows its own name at the bottom."""
    views = [f["view"] for f in parsed(who.frames) if f.get("view")]
    assert views, who.name
    assert {v["seat"] for v in views} == {seat}, (who.name, {v["seat"] for v in views})
    assert all(bottom.startswith(who.name) for bottom, _ in who.looks if bottom), who.name


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
