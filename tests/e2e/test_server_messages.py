"""Two answers the page must take kindly: «La mesa está muy ocupada» (503 ``busy``, and nginx's
502 ``server_down`` / 504 ``server_timeout``: the save is untouched and «Reintentar» sends the same
action again) and a save whose signature this server
does not know (a changed key): nobody is blamed, and the player chooses to keep the game aside and
start a new one, or to leave it as it is."""

from __future__ import annotations

import json

import pytest
from e2e_helpers import (
    ASIDE_PREFIX,
    GAME_KEY,
    Server,
    deal,
    open_table,
    settle,
    state,
    stored_game,
)
from playwright.sync_api import Page, Route

from picas.web.errors import WorkerCrashedError

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-server-messages")]

BUSY = {
    "error": {
        "code": "busy",
        "message": "La mesa está muy ocupada ahora mismo: vuelve a intentarlo en unos segundos."
        " Tu partida sigue guardada.",
    }
}


# nginx's own answers while the server behind it is down or slow (deploy/nginx.conf).
SERVER_DOWN = {
    "error": {
        "code": "server_down",
        "message": "El servidor de la partida no responde ahora mismo: vuelve a intentarlo en unos"
        " segundos. Tu partida sigue guardada.",
    }
}
# The reply worker killed mid-act: not «muy ocupada», but what happened.
WORKER_CRASHED = {
    "error": {"code": WorkerCrashedError.code, "message": WorkerCrashedError().message}
}
SERVER_TIMEOUT = {
    "error": {
        "code": "server_timeout",
        "message": "El servidor ha tardado demasiado en contestar: vuelve a intentarlo."
        " Tu partida sigue guardada.",
    }
}


@pytest.mark.parametrize(
    ("status", "answer", "words"),
    [
        (503, BUSY, "muy ocupada"),
        (503, WORKER_CRASHED, "se ha detenido"),
        (502, SERVER_DOWN, "no responde ahora mismo"),
        (504, SERVER_TIMEOUT, "ha tardado demasiado"),
    ],
)
def test_a_busy_table_is_explained_and_retry_sends_the_action_again(
    page: Page, server: Server, status: int, answer: dict[str, dict[str, str]], words: str
) -> None:
    open_table(page, server)
    deal(page)
    assert state(page) == "bid"
    before = stored_game(page)
    refused: list[str] = []

    def busy_once(route: Route) -> None:
        if not refused:
            refused.append(route.request.url)
            route.fulfill(
                status=status,
                headers={"Retry-After": "5"},
                content_type="application/json",
                body=json.dumps(answer),
            )
        else:
            route.continue_()

    page.route("**/api/games/act", busy_once)
    page.click(".teclado .tecla[data-valor='3']")
    page.click("#btn-cantar")
    page.wait_for_selector(".centro-error")
    assert words in page.inner_text("#centro")
    assert stored_game(page)["save"] == before["save"]  # the save is untouched
    page.click("[data-accion='reintentar']")
    settle(page)
    after = stored_game(page)["save"]["record"]["actions"]
    assert after[: len(before["save"]["record"]["actions"]) + 1][-1] == 3
    assert len(refused) == 1


def _store_foreign_save(page: Page, server: Server) -> str:
    """The page's own save, re-signed with a key this server does not have."""
    game = stored_game(page)
    game["save"]["sig"] = Server(base=server.base, key=b"a-key-this-server-lost-0123").sign(
        game["save"]["record"]
    )
    stored = json.dumps(game)
    page.evaluate(f"(s) => localStorage.setItem('{GAME_KEY}', s)", stored)
    return stored


def _kept_aside(page: Page) -> list[str]:
    kept: list[str] = page.evaluate(
        f"""() => Object.keys(localStorage).filter(k => k.startsWith('{ASIDE_PREFIX}'))
              .map(k => localStorage.getItem(k))"""
    )
    return kept


def test_an_unknown_key_blames_nobody_and_offers_to_keep_the_game_aside(
    page: Page, server: Server
) -> None:
    open_table(page, server)
    deal(page)
    stored = _store_foreign_save(page, server)
    page.reload()
    page.wait_for_selector("#dlg-clave[open]")
    text = page.inner_text("#dlg-clave")
    assert "No has hecho nada mal" in text
    assert "dañada" not in text
    assert "modificada" not in text
    page.click("#dlg-clave-si")
    page.wait_for_selector("#btn-repartir")
    assert "guardada aparte" in page.inner_text("#aviso")
    assert _kept_aside(page) == [stored]
    assert stored_game(page)["save"]["record"]["actions"] == []
    deal(page)
    assert state(page) == "bid"


def test_an_unknown_key_can_be_left_as_it_is(page: Page, server: Server) -> None:
    open_table(page, server)
    deal(page)
    stored = _store_foreign_save(page, server)
    page.reload()
    page.wait_for_selector("#dlg-clave[open]")
    page.click("#dlg-clave-no")
    page.wait_for_selector(".centro-error")
    assert "sigue guardada" in page.inner_text("#centro")
    assert page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')") == stored
    assert _kept_aside(page) == []
