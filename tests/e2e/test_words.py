"""The table's words through a new player's eyes: «¿Por qué?» without hidden cards and kept when
a downloaded game is opened, Spanish that agrees in gender and number, the small texts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from e2e_helpers import (
    Server,
    bid_tip,
    deal,
    open_table,
    play_first_playable,
    stored_game,
)
from e2e_saves import wait_for_code
from playwright.sync_api import Page

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-words")]

CARD_LABEL = re.compile(r"[♣♦♥♠]|\b(as|rey|reina|jota|[2-9]|10) de (picas|corazones|diamantes)")


def _open_share(page: Page) -> None:
    page.click("#mas summary")
    page.click("#btn-compartir")
    page.wait_for_selector("#dlg-compartir[open]")


def _badges(page: Page) -> list[str]:
    """The seats whose bid shows a «?»."""
    seats: list[str] = page.eval_on_selector_all(".porque", "els => els.map(e => e.dataset.seat)")
    return sorted(seats)


def _bubble(page: Page, seat: str) -> str:
    page.click(f"#porque-{seat}")
    page.wait_for_selector(f"#bocadillo-{seat}")
    text = page.inner_text(f"#bocadillo-{seat}")
    page.click(f"#porque-{seat}")
    return text


def test_an_opened_download_shows_the_same_reasons_and_badges(
    page: Page, server: Server, tmp_path: Path
) -> None:
    open_table(page, server)
    deal(page)
    bid_tip(page)
    play_first_playable(page)
    saved = stored_game(page)
    assert saved["reasons"]["1"], "the computer players' bids have reasons"
    badges = _badges(page)
    assert badges == sorted(saved["reasons"]["1"])
    bubbles = {seat: _bubble(page, seat) for seat in badges}
    for text in bubbles.values():  # «¿Por qué?» during the hand names no hidden card
        assert not CARD_LABEL.search(text), text
    _open_share(page)
    with page.expect_download() as info:
        page.click("#btn-exportar")
    exported = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    page.keyboard.press("Escape")

    for downloaded in (exported, exported["record"]):  # the save, and a plain record
        page.click("#btn-ajustes")
        page.click("#ajustes-nueva")
        page.wait_for_selector("#btn-repartir")
        path = tmp_path / "partida.json"
        path.write_text(json.dumps(downloaded), encoding="utf-8")
        _open_share(page)
        page.set_input_files("#compartir-archivo", str(path))
        page.wait_for_selector("#dlg-compartir", state="hidden")
        wait_for_code(page, saved["code"])
        assert stored_game(page)["reasons"] == saved["reasons"]
        assert _badges(page) == badges
        assert {seat: _bubble(page, seat) for seat in badges} == bubbles
