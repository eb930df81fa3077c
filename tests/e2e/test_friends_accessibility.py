"""axe on the friends' table (issue 20): the first screen with its «Jugar con amigos» form, the
waiting room and the table in play; and the keyboard reaches the room's seat and start."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from friends_page_helpers import create_table, person, start_server
from playwright.sync_api import Browser
from test_accessibility import _findings

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-friends")]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from start_server(tmp_path_factory.mktemp("picas-friends-a11y"), 60.0)


def test_axe_finds_nothing_serious_in_the_form_the_room_and_the_table(
    browser: Browser, base: str
) -> None:
    ana, luis = person(browser, "Ana"), person(browser, "Luis")
    try:
        ana.page.goto(base + "/")
        ana.page.click("#elegir-amigos")
        ana.page.wait_for_selector("#crear-nombre")
        found = _findings(ana.page, "form")
        link = create_table(ana, base, "spades", 250)
        luis.page.goto(link)
        luis.page.wait_for_selector("[data-sentarse='west']")
        found += _findings(luis.page, "room (watcher)")
        # The keyboard: the name field, then a free seat's button, sits down.
        luis.page.focus("#nombre-sala")
        luis.page.keyboard.type("Luis")
        luis.page.focus("[data-sentarse='north']")
        luis.page.keyboard.press("Enter")
        luis.page.wait_for_selector("#btn-dejar")
        found += _findings(ana.page, "room (host)")
        ana.page.focus("#btn-empezar")
        ana.page.keyboard.press("Enter")
        for who in (ana, luis):
            who.page.wait_for_selector("#mano .carta-mano")
        found += _findings(ana.page, "table")
        assert ana.page.get_attribute("#anuncios", "aria-live") == "polite"
        assert not found, "\n".join(found)
    finally:
        ana.context.close()
        luis.context.close()
    assert not ana.errors + luis.errors
