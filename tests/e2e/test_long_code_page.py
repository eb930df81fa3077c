"""The long code a friends' table reveals at its end plays its deals at the solo table: from a
shared link (``?codigo=``) and from «Jugar una partida por su código», shown in groups of four."""

from __future__ import annotations

import pytest
from e2e_helpers import Server, deal, hand_codes
from playwright.sync_api import Page

from picas.shared.cards import cards_in
from picas.shared.deals import deal_for
from picas.shared.seats import Seat

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e")]

LONG = "QRST2345ABCDEFGHJKLMNPUVWXYZ"
SHOWN = "QRST 2345 ABCD EFGH JKLM NPUV WXYZ"


def _south(code: str) -> list[str]:
    """South's first hand, East dealing (the first dealer of both games' tables)."""
    return sorted(card.code for card in cards_in(deal_for(code, 1, Seat.EAST)[Seat.SOUTH]))


def test_a_link_with_a_long_code_deals_its_cards(page: Page, server: Server) -> None:
    dashed = "-".join(SHOWN.split()).lower()
    page.goto(server.base + f"/?codigo={dashed}&juego=corazones&rapido=1")
    page.wait_for_selector("#btn-repartir")
    assert page.inner_text("#dato-codigo") == SHOWN
    deal(page)
    assert sorted(hand_codes(page)) == _south(LONG)


def test_the_settings_play_a_typed_long_code(page: Page, server: Server) -> None:
    page.goto(server.base + "/?rapido=1")
    page.wait_for_selector("#btn-repartir")
    page.click("#btn-ajustes")
    page.fill("#ajustes-codigo", " " + "-".join(SHOWN.split()) + " ")
    page.click("#ajustes-codigo-jugar")
    page.wait_for_selector("#dlg-ajustes", state="hidden")
    page.wait_for_selector("#btn-repartir")
    assert page.inner_text("#dato-codigo") == SHOWN
    deal(page)
    assert sorted(hand_codes(page)) == _south(LONG)
