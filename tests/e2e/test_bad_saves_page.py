"""Every save of the bad-saves corpus (tests/proof/bad_saves/), put in the browser's storage as
the page's own save: the page explains in Spanish, keeps the broken save aside untouched and offers
a new game that can be played. Nothing crashes, nothing is lost."""

from __future__ import annotations

import json

import pytest
from bad_save_corpus import BadSave, bad_saves
from e2e_helpers import ASIDE_PREFIX, GAME_KEY, Server, deal, open_table, state, stored_game
from playwright.sync_api import Page

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-bad-saves")]

CORPUS = sorted(bad.name for bad in bad_saves())


def _corpus_entry(name: str, key: bytes) -> BadSave:
    return next(bad for bad in bad_saves(key) if bad.name == name)


@pytest.mark.parametrize("name", CORPUS)
def test_the_page_refuses_each_bad_save_and_keeps_it(page: Page, server: Server, name: str) -> None:
    bad = _corpus_entry(name, server.key)
    open_table(page, server)
    # The page's own wrapping (store.js, "format": 1), so the save reaches the server.
    stored = (
        '{"format": 1, "save": ' + bad.save_json + ', "code": "K7PMX4QH", "level": "facil",'
        ' "ui": {"stage": "mesa"}}'
    )
    page.evaluate(f"(s) => localStorage.setItem('{GAME_KEY}', s)", stored)
    page.reload()
    if bad.code == "bad_signature":
        # A signature this server does not know blames nobody: the player chooses.
        page.wait_for_selector("#dlg-clave[open]", timeout=15_000)
        assert "dañada" not in page.inner_text("#dlg-clave")
        page.click("#dlg-clave-si")
    page.wait_for_selector("#btn-repartir", timeout=15_000)
    notice = page.inner_text("#aviso")  # under the table, covering no seat
    expected = (
        "guardada aparte" if bad.code == "bad_signature" else "dañada o había sido modificada"
    )
    assert expected in notice, (name, notice)
    kept = page.evaluate(
        f"""() => Object.keys(localStorage).filter(k => k.startsWith('{ASIDE_PREFIX}'))
              .map(k => localStorage.getItem(k))"""
    )
    assert kept == [stored], name
    fresh = stored_game(page)
    assert fresh["save"]["record"]["actions"] == []
    assert json.dumps(fresh) != stored
    deal(page)
    assert state(page) == "bid"
