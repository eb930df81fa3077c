"""The first screen: a first visit picks Picas or Corazones, the choice is remembered, a Spades
player from before Corazones lands on Spades, and the menu switches games without losing either
game's save."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from e2e_helpers import GAME_KEY, Server, settle
from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

CORAZONES_KEY = "picas.corazones.partida"


@pytest.fixture
def first_visit(browser: Browser) -> Iterator[Page]:
    """A phone-sized page that has never chosen a game (no init script sets one)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-ES")
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.set_default_timeout(15_000)
    try:
        yield tab
    finally:
        context.close()
    assert not errors, errors


def _choice(page: Page) -> str | None:
    value = page.evaluate("() => localStorage.getItem('picas.juego')")
    assert value is None or isinstance(value, str)
    return value


def test_a_first_visit_chooses_and_the_choice_is_remembered(
    first_visit: Page, server: Server
) -> None:
    page = first_visit
    page.goto(server.base + "/?rapido=1")
    page.wait_for_selector("#portada:not([hidden])")
    assert page.is_hidden("#app")
    # Each choice is named by its game first, then what the game is like.
    assert page.get_by_role("button", name=re.compile(r"^Picas Spades por parejas")).count() == 1
    assert page.get_by_role("button", name=re.compile(r"^Corazones Cada uno")).count() == 1
    assert "las picas son triunfo" in page.inner_text("#nota-spades")
    assert "reina de picas" in page.inner_text("#nota-corazones")
    assert page.get_attribute("#portada-diferencia", "href") == "picas-y-corazones.html"
    assert _choice(page) is None  # nothing is chosen for the player
    page.click("#elegir-spades")
    page.wait_for_selector("#btn-repartir")
    assert page.is_hidden("#portada")
    assert _choice(page) == "spades"
    page.reload()
    page.wait_for_selector("#btn-repartir")
    assert page.is_hidden("#portada")


def test_a_spades_player_from_before_the_choice_lands_on_spades(
    first_visit: Page, server: Server
) -> None:
    page = first_visit
    page.goto(server.base + "/?rapido=1")
    page.click("#elegir-spades")
    page.wait_for_selector("#btn-repartir")
    code = page.inner_text("#dato-codigo")
    # As the browser of a player who played before Corazones came: a save, and no choice.
    page.evaluate("() => localStorage.removeItem('picas.juego')")
    page.reload()
    page.wait_for_selector("#btn-repartir")
    assert page.inner_text("#dato-codigo") == code
    assert page.is_hidden("#portada")


def test_the_menu_opens_the_first_screen_and_back_keeps_the_game(
    first_visit: Page, server: Server
) -> None:
    page = first_visit
    page.goto(server.base + "/?rapido=1")
    page.click("#elegir-spades")
    page.click("#btn-repartir")
    settle(page)
    before = page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')")
    page.click("#mas summary")
    page.click("#btn-juego")
    page.wait_for_selector("#portada:not([hidden])")
    assert page.get_attribute("#elegir-spades", "aria-current") == "true"
    assert page.get_attribute("#elegir-corazones", "aria-current") == "false"
    assert page.evaluate("() => document.activeElement.id") == "elegir-spades"
    page.click("#portada-volver")
    assert page.is_visible("#mano")
    assert page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')") == before


def test_a_link_to_corazones_remembers_it_and_spades_keeps_its_save(
    first_visit: Page, server: Server
) -> None:
    page = first_visit
    page.goto(server.base + "/?rapido=1")
    page.click("#elegir-spades")
    page.wait_for_selector("#btn-repartir")
    spades = page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')")
    page.click("#mas summary")
    page.click("#btn-juego")
    page.click("#elegir-corazones")
    page.wait_for_selector("#btn-repartir")
    page.wait_for_selector(".cz-marcador")
    assert _choice(page) == "corazones"
    assert page.evaluate(f"() => localStorage.getItem('{CORAZONES_KEY}')") is not None
    assert page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')") == spades
    # Back to Spades: the same game as before.
    page.click("#mas summary")
    page.click("#btn-juego")
    page.click("#elegir-spades")
    page.wait_for_selector("#equipo-north_south")
    assert page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')") == spades
    # A shared Corazones link names its game.
    page.goto(server.base + "/?juego=corazones&rapido=1")
    page.wait_for_selector(".cz-marcador")
    assert _choice(page) == "corazones"
    assert "juego=" not in page.url


# The first load with both games: the first screen, a Spades player's, a Corazones player's.
# Each game's hooks are fetched only when that game is played (js/inicio.js). The figures are
# in docs/benchmarks.md ("The page's first load"); run with -s to print them.
@pytest.mark.parametrize("game", [None, "spades", "corazones"])
def test_the_first_load_of_each_game_stays_under_150_kb(
    browser: Browser, server: Server, game: str | None
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-ES")
    if game:
        context.add_init_script(f"localStorage.setItem('picas.juego', '{game}')")
    page = context.new_page()
    try:
        page.goto(server.base + "/")
        page.wait_for_selector("#btn-repartir" if game else "#portada:not([hidden])")
        page.wait_for_load_state("networkidle")
        entries: list[tuple[str, int]] = page.evaluate(
            """() => performance.getEntriesByType('navigation')
                  .concat(performance.getEntriesByType('resource'))
                  .map(e => [e.name, e.transferSize])"""
        )
    finally:
        context.close()
    names = [name for name, _ in entries]
    assert all(name.startswith(server.base) for name in names), names
    # The other game's hooks stay out (both, on the first screen).
    others = {"spades": ("corazones/hooks.js",), "corazones": ("spades/hooks.js",)}.get(
        game or "", ("spades/hooks.js", "corazones/hooks.js")
    )
    assert not [n for n in names if n.endswith(tuple("/js/" + o for o in others))], names
    total = sum(size for _, size in entries)
    print(f"first load, {game or 'first screen'}: {total} bytes ({total / 1024:.1f} KB)")
    assert 0 < total <= 150 * 1024, entries


def test_a_choice_stored_under_spades_former_name_opens_spades_and_is_renamed(
    browser: Browser, server: Server
) -> None:
    # Before the page named each game by its key, Spades' choice was stored as "picas".
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-ES")
    context.add_init_script(
        "if (!sessionStorage.getItem('sembrado')) {"
        " sessionStorage.setItem('sembrado', '1'); localStorage.setItem('picas.juego', 'picas'); }"
    )
    page = context.new_page()
    try:
        page.goto(server.base + "/?rapido=1")
        page.wait_for_selector("#btn-repartir")
        assert page.is_hidden("#portada")
        assert _choice(page) == "spades"
        assert page.evaluate("() => document.body.classList.contains('juego-corazones')") is False
    finally:
        context.close()
