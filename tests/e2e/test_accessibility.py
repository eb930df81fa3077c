"""Keyboard and screen reader: axe-core (the copy axe-playwright-python ships: no network) finds
nothing serious on the table, its dialogs and the help pages, and the focus never falls to
<body> after the deal or a bid."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from e2e_helpers import Server, open_table, settle, tap_card
from playwright.sync_api import Page

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-a11y")]

# Every rule axe has, the experimental ones too (label-content-name-mismatch is one of them).
AXE_OPTIONS = {
    "resultTypes": ["violations"],
    "runOnly": {
        "type": "tag",
        "values": [
            "wcag2a",
            "wcag2aa",
            "wcag21a",
            "wcag21aa",
            "wcag22aa",
            "best-practice",
            "experimental",
        ],
    },
}
HELP_PAGES = [
    "como-se-juega.html",
    "reglas.html",
    "ejemplo.html",
    "estrategia.html",
    "preguntas.html",
    "en/how-to-play.html",
    "en/rules.html",
    "en/scoring-example.html",
    "en/strategy.html",
    "en/faq.html",
    "corazones/como-se-juega.html",
    "corazones/reglas.html",
    "corazones/estrategia.html",
    "corazones/preguntas.html",
    "en/hearts/how-to-play.html",
    "en/hearts/rules.html",
    "en/hearts/strategy.html",
    "en/hearts/faq.html",
    "picas-y-corazones.html",
    "en/spades-and-hearts.html",
]


def _findings(page: Page, where: str) -> list[str]:
    """axe's serious and critical findings, one line each, and two moderate ones: the page's
    heading, and content outside every landmark ("region")."""
    violations: list[dict[str, Any]] = Axe().run(page, options=AXE_OPTIONS).response["violations"]
    return [
        f"{where}: {v['impact']} {v['id']} {[n['target'] for n in v['nodes']][:3]}"
        for v in violations
        if v["impact"] in ("serious", "critical") or v["id"] in ("page-has-heading-one", "region")
    ]


def _in_dialog(page: Page, opener: str, dialog: str, where: str) -> list[str]:
    page.click(opener)
    page.wait_for_selector(f"{dialog}[open]")
    found = _findings(page, where)
    page.keyboard.press("Escape")
    page.wait_for_selector(f"{dialog}[open]", state="detached")
    return found


def test_axe_finds_nothing_serious_on_the_table_and_its_dialogs(page: Page, server: Server) -> None:
    open_table(page, server)
    found = _findings(page, "first screen")
    page.click("#btn-repartir")
    settle(page)
    page.wait_for_selector(".tecla-tip .tecla-sub")
    found += _findings(page, "bidding")
    page.click("#tecla-tip")
    page.click("#btn-cantar")
    settle(page)
    page.wait_for_selector("#mano .carta-mano.jugable")
    tap_card(page, "#mano .carta-mano.jugable")
    found += _findings(page, "playing, a card lifted")
    found += _in_dialog(page, "#btn-ajustes", "#dlg-ajustes", "settings")
    found += _in_dialog(page, "#btn-ultima", "#dlg-ultima", "last trick")
    found += _in_dialog(page, "#btn-puntos", "#dlg-hoja", "score")
    page.click("#mas > summary")
    found += _in_dialog(page, "#btn-estadisticas", "dialog", "statistics")
    page.click("#mas > summary")
    found += _in_dialog(page, "#btn-compartir", "dialog", "sharing")
    assert found == []


@pytest.mark.parametrize("path", HELP_PAGES)
def test_axe_finds_nothing_serious_on_the_help_pages(page: Page, server: Server, path: str) -> None:
    page.goto(f"{server.base}/{path}")
    page.wait_for_load_state("networkidle")
    assert _findings(page, path) == []


def _focused(page: Page) -> str:
    where: str = page.evaluate(
        """() => {
          const el = document.activeElement;
          if (!el || el === document.body) return 'body';
          if (el.closest('#mano')) return 'hand';
          if (el.closest('.teclado')) return 'bid pad';
          return el.id || el.className;
        }"""
    )
    return where


def test_the_focus_goes_to_the_bid_pad_after_the_deal_and_to_the_hand_after_bidding(
    page: Page, server: Server
) -> None:
    open_table(page, server)
    page.focus("#btn-repartir")
    page.keyboard.press("Enter")
    settle(page)
    page.wait_for_selector(".teclado")
    assert _focused(page) == "bid pad"
    page.keyboard.press("3")  # a digit picks the bid and moves to «Cantar»
    assert _focused(page) == "btn-cantar"
    page.keyboard.press("Enter")
    settle(page)
    page.wait_for_selector("#mano .carta-mano.jugable")
    assert _focused(page) == "hand"
    # From there the arrows and Enter play a card without a single Tab.
    page.keyboard.press("Home")
    for _ in range(13):
        if page.evaluate("() => document.activeElement.classList.contains('jugable')"):
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    settle(page)
    assert _focused(page) in ("hand", "bid pad"), _focused(page)


def test_axe_finds_nothing_serious_at_the_corazones_table_and_the_first_screen(
    page: Page, server: Server
) -> None:
    open_table(page, server)
    page.click("#mas > summary")
    page.click("#btn-juego")
    page.wait_for_selector("#portada:not([hidden])")
    found = _findings(page, "the first screen")
    page.click("#elegir-corazones")
    page.wait_for_selector(".cz-marcador")
    page.wait_for_selector("#btn-repartir")
    found += _findings(page, "corazones, before the deal")
    page.click("#btn-repartir")
    settle(page)
    page.click("#btn-pista")
    page.click("#btn-porque")
    page.click("#btn-elegir-pista")
    found += _findings(page, "corazones, three cards chosen, the hint open")
    page.click("#btn-pasar")
    settle(page)
    page.wait_for_selector("#mano .carta-mano.jugable")
    tap_card(page, "#mano .carta-mano.jugable")
    found += _findings(page, "corazones, playing, received cards marked, a card lifted")
    found += _in_dialog(page, "#btn-ajustes", "#dlg-ajustes", "corazones settings")
    found += _in_dialog(page, "#btn-ultima", "#dlg-ultima", "corazones last trick")
    found += _in_dialog(page, "#btn-puntos", "#dlg-hoja", "corazones score")
    page.click("#mas > summary")
    found += _in_dialog(page, "#btn-estadisticas", "dialog", "corazones statistics")
    assert found == []
