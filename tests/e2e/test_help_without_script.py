"""The help pages with JavaScript off: rendered on the server, each still has its words, its menu
with itself marked, its counterpart in the other language and the way back to the table; only the
boxes that scripts fill (the player's rules, the pointer to English) stay hidden."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from e2e_helpers import Server
from playwright.sync_api import Browser, Page

from picas.web.help_pages import counterpart, rendered

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-help-noscript")]


@pytest.fixture
def no_script(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    try:
        yield context.new_page()
    finally:
        context.close()


def test_every_help_page_reads_and_leads_on_without_javascript(
    no_script: Page, server: Server
) -> None:
    for path in sorted(rendered()):
        no_script.goto(f"{server.base}/{path}")
        assert no_script.locator("h1").is_visible(), path
        assert len(no_script.inner_text("main")) > 500, path
        current = no_script.locator("nav.temas a[aria-current='page']")
        assert current.count() == 1, path
        assert current.evaluate("a => a.href") == f"{server.base}/{path}"
        switch = no_script.locator("a.idioma").evaluate("a => a.href")
        assert switch == f"{server.base}/{counterpart(path)}"
        back = no_script.locator("a.volver").evaluate("a => a.href")
        assert back.startswith(f"{server.base}/"), path
        assert no_script.locator("#ajustes-activos").is_hidden(), path  # ayuda.js never ran
