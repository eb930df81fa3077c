"""The page draws each game's options from their declaration in the manifest: served a manifest
written from a changed declaration of Spades (tests/changed_options.py: no bag penalty by default,
«Comodines» excluding «10 por 200»), the settings dialog and the «Jugar con amigos» form show the
declared default, and the dialog dims what the new exclusion excludes."""

from __future__ import annotations

import pytest
from e2e_helpers import Server, open_table, watched_page
from playwright.sync_api import Browser, Page, Route, expect

from changed_options import changed_spades
from picas import games
from picas.web.manifest import PATH, manifest_js

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-options")]


@pytest.fixture
def changed_manifest(monkeypatch: pytest.MonkeyPatch) -> str:
    games.games()
    monkeypatch.setitem(games._registered, "spades", changed_spades())
    return manifest_js()


def _serve(page: Page, manifest: str) -> None:
    def answer(route: Route) -> None:
        route.fulfill(status=200, content_type="text/javascript; charset=utf-8", body=manifest)

    page.route(f"**{PATH}", answer)


def test_the_settings_show_the_declared_default_and_exclusion(
    page: Page, server: Server, changed_manifest: str
) -> None:
    _serve(page, changed_manifest)
    open_table(page, server)
    page.click("#btn-ajustes")
    page.wait_for_selector("#dlg-ajustes[open] .casa")
    form = page.locator("#form-ajustes")
    expect(form.locator("[name='bag_penalty']")).not_to_be_checked()
    ten = form.locator("[name='ten_for_200']")
    expect(ten).to_be_enabled()
    form.locator("[name='jokers']").check()
    expect(ten).to_be_disabled()


def test_the_friends_form_shows_the_declared_default(
    browser: Browser, server: Server, changed_manifest: str
) -> None:
    # A first visit (no game chosen yet): the first screen, with «Jugar con amigos».
    for page in watched_page(browser, (1280, 800), "", 15_000):
        _serve(page, changed_manifest)
        page.goto(server.base + "/")
        page.click("#elegir-amigos")
        page.check("#crear-game-spades")
        expect(page.locator("#crear-bag_penalty")).not_to_be_checked()
        expect(page.locator("#crear-blind_nil")).not_to_be_checked()
        expect(page.locator("#crear-target-250")).to_be_checked()
