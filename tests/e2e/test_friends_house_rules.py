"""The «Jugar con amigos» form offers each game's house rules («Reglas de la casa»), off by default
as in solo, and the table is made with the ones ticked; Corazones' ♦J and Omnibus are one card or
the other, so ticking one unticks the other."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator

import pytest
from friends_page_helpers import Person, person, start_server
from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from start_server(tmp_path_factory.mktemp("house"), grace=60.0)


def _create(base: str, page: Page, name: str) -> dict[str, object]:
    """The form sent with ``name``: the settings of the table it made."""
    page.fill("#crear-nombre", name)
    page.click("#btn-crear-mesa")
    page.wait_for_url("**/mesa/*")
    return _settings_of(base, page.url)


def _settings_of(base: str, link: str) -> dict[str, object]:
    table_id = link.rstrip("/").rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{base}/api/mesas/{table_id}", timeout=20) as answer:
        table = json.load(answer)
    settings: dict[str, object] = table["settings"]
    return settings


def _open_form(page_base: str, who: Person) -> None:
    who.page.goto(page_base + "/")
    who.page.click("#elegir-amigos")


def test_spades_house_rules_reach_the_table(browser: Browser, base: str) -> None:
    ana = person(browser, "Ana")
    try:
        _open_form(base, ana)
        page = ana.page
        page.check("#crear-game-spades")
        house = page.locator(".crear-casa")
        assert house.locator("legend").first.inner_text() == "Reglas de la casa"
        for name in ("team_minimum", "ten_for_200", "jokers"):
            assert not page.is_checked(f"#crear-{name}")  # the standard game by default
        assert page.is_checked("#crear-all_thirteen-off")
        page.check("#crear-jokers")
        page.check("#crear-team_minimum")
        page.check("#crear-all_thirteen-bonus")
        settings = _create(base, page, "Ana")
        assert settings["jokers"] is True
        assert settings["team_minimum"] is True
        assert settings["all_thirteen"] == "bonus"
        assert settings["ten_for_200"] is False
        assert ana.errors == []
    finally:
        ana.context.close()


def test_corazones_house_rules_and_the_one_bonus_card(browser: Browser, base: str) -> None:
    bea = person(browser, "Bea", (1280, 800))
    try:
        _open_form(base, bea)
        page = bea.page
        page.check("#crear-game-corazones")
        assert page.is_checked("#crear-queen_breaks_hearts")
        assert page.is_checked("#crear-pass_size-3")
        page.check("#crear-jack_of_diamonds")
        page.check("#crear-omnibus")
        assert not page.is_checked("#crear-jack_of_diamonds")
        page.check("#crear-pass_size-4")
        page.uncheck("#crear-queen_breaks_hearts")
        settings = _create(base, page, "Bea")
        assert (settings["omnibus"], settings["jack_of_diamonds"]) == (True, False)
        assert settings["pass_size"] == 4
        assert settings["queen_breaks_hearts"] is False
        assert bea.errors == []
    finally:
        bea.context.close()
