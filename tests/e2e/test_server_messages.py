"""Two answers the page must take kindly: «La mesa está muy ocupada» (503 ``busy``, and nginx's
502 ``server_down`` / 504 ``server_timeout``: the save is untouched and «Reintentar» sends the same
action again) and a save whose signature this server
does not know (a changed key): nobody is blamed, and the player chooses to keep the game aside and
start a new one, or to leave it as it is."""

from __future__ import annotations

import json
import re
from typing import Any

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

from picas.games.corazones.bots.base import decide as decide_corazones
from picas.games.corazones.bots.registry import load_bot as load_corazones_bot
from picas.games.corazones.game import GameState as CorazonesGame
from picas.games.corazones.rules import Rules as CorazonesRules
from picas.games.corazones.view import view_for as corazones_view_for
from picas.games.corazones.view import view_to_json as corazones_view_json
from picas.games.spades import GameState, Play, Rules, Seat
from picas.games.spades.bots.base import decide
from picas.games.spades.bots.registry import load_bot
from picas.games.spades.view import view_for, view_to_json
from picas.shared.bots import decision_rng
from picas.shared.cards import Card
from picas.shared.deals import code_from_bytes
from picas.shared.views import refusal_json
from picas.web.errors import WorkerCrashedError
from picas.web.table import not_your_turn

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


# --- refusals from their codes -------------------------------------------------------------------


def _engine_refusals() -> list[dict[str, Any]]:
    """Refusals as the wire carries them (code, Spanish message, params): the refused cards and
    bids of bot-played Spades games (with «Mínimo de 4 por pareja», with and without «Comodines»)
    and of a Corazones game, and the table's «not your turn»."""
    found: dict[str, dict[str, Any]] = {}
    bot = load_bot("normal")
    for i in range(1, 5):
        code = code_from_bytes(i.to_bytes(5, "big"))
        game: Any = GameState.new(Rules(team_minimum=4, jokers=i % 2 == 0), code)
        for position in range(120):
            seat = game.turn
            view = view_for(game, seat)
            for refusal in view_to_json(view)["refusals"].values():
                found[refusal["message"]] = refusal
            for card in ("BJ", "2H", "AS"):  # a card out of this deck, or held by somebody else
                error = game.hand.check(Play(Card.parse(card)), seat)
                if error is not None:
                    found[error.message] = refusal_json(error)
            game = game.apply(decide(bot, view, decision_rng(code, position, seat)))
    hearts: Any = CorazonesGame.new(CorazonesRules(), "K7PMX4QH")
    for position in range(60):
        seen = corazones_view_for(hearts, hearts.turn)
        for refusal in corazones_view_json(seen)["refusals"].values():
            found[refusal["message"]] = refusal
        hearts = hearts.apply(
            decide_corazones(
                load_corazones_bot("normal"), seen, decision_rng("K7PMX4QH", position, hearts.turn)
            )
        )
    for seat in (Seat.WEST, None):
        error = not_your_turn(seat)
        found[error.message] = {
            "code": error.code,
            "message": error.message,
            "params": dict(error.params),
        }
    return list(found.values())


SERVER_TEXT = """async ([refusals, lang]) => {
  const i18n = await import('/js/i18n.js');
  const hearts = await import('/js/games/corazones/i18n.js'); // as its table adds them
  i18n.addStrings({ es: hearts.ES, en: hearts.EN });
  await i18n.loadLanguage(lang);
  return refusals.map((r) => i18n.serverText(r.code, r.message, r.params));
}"""


def test_a_refusal_is_worded_from_its_code_in_spanish_as_the_server_and_in_english(
    page: Page, server: Server
) -> None:
    refusals = _engine_refusals()
    codes = {refusal["code"] for refusal in refusals}
    assert {"must_follow_suit", "card_not_in_hand", "team_minimum", "card_not_in_deck"} <= codes
    assert {"hearts_not_broken", "not_your_turn"} <= codes
    open_table(page, server)
    spanish = page.evaluate(SERVER_TEXT, [refusals, "es"])
    assert spanish == [refusal["message"] for refusal in refusals]
    english = page.evaluate(SERVER_TEXT, [refusals, "en"])
    for refusal, words in zip(refusals, english, strict=True):
        assert words != refusal["message"], refusal
        assert "{" not in words
        assert not re.search(r"\b(tienes|carta|le toca|compañero)\b", words)
    # A code this page does not know (a newer server's) shows the server's own words.
    unknown = [{"code": "not_a_code", "message": "Algo nuevo.", "params": {}}]
    assert page.evaluate(SERVER_TEXT, [unknown, "en"]) == ["Algo nuevo."]
    page.evaluate("async () => (await import('/js/i18n.js')).loadLanguage('es')")
