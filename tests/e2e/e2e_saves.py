"""Signed saves at chosen positions, made with the engine, so a test can open the table exactly
where it needs to be (a finished hand, a failed Nil, South's last card) without playing there.

The record is what the page would hold; the server signs and replays it like any save. The
computer players' actions in it are the engine's first legal ones (a save is not checked against
the bots; only an imported record is).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from e2e_helpers import GAME_KEY, Json, Server
from playwright.sync_api import Page

from picas.games.spades import Action, Bid, GameState, Phase, Rules, Seat, action_to_json
from picas.games.spades.record import SpadesRecord

CODE = "K7PMX4QH"


@dataclass(frozen=True)
class Made:
    """A save and the game state it leads to (for the test's own expectations)."""

    save: Json
    game: GameState
    record: Json


def _first_legal(game: GameState) -> Action:
    return game.legal_actions()[0]


def make_save(
    server: Server,
    *,
    hands: Sequence[Mapping[Seat, int]],
    code: str = CODE,
    rules: Rules | None = None,
    level: str = "facil",
    stop: Callable[[GameState], bool] | None = None,
) -> Made:
    """Play ``hands`` (each one's bids by seat; every card the first legal one), then the next
    hand's computer bids (2 each) up to South's turn, unless the game is over first. ``stop`` ends
    it earlier, at the first position where it holds (checked before each action)."""
    rules = rules or Rules()
    game = GameState.new(rules, code)
    actions: list[Action] = []
    while game.outcome is None and not (stop and stop(game)):
        turn = game.turn
        assert turn is not None
        number = game.hand.number
        if number > len(hands):
            if turn is Seat.SOUTH:
                break
            action: Action = Bid(2)
        elif game.hand.phase is Phase.BIDDING:
            action = Bid(hands[number - 1][turn])
        else:
            action = _first_legal(game)
        actions.append(action)
        game = game.apply(action)
    record = SpadesRecord(rules=rules, code=code, actions=tuple(actions), meta={"level": level})
    record_json = record.to_json()
    assert [action_to_json(a) for a in actions] == record_json["actions"]
    return Made(
        save={"record": record_json, "sig": server.sign(record_json)}, game=game, record=record_json
    )


def bids(south: int, west: int, north: int, east: int) -> dict[Seat, int]:
    return {Seat.SOUTH: south, Seat.WEST: west, Seat.NORTH: north, Seat.EAST: east}


def store_game(page: Page, made: Made, *, ui: Json | None = None, gid: str | None = None) -> None:
    """Put the save where the page keeps its game (the page must be open on the server)."""
    entry: Json = {
        "format": 1,
        "save": made.save,
        "code": made.record["code"],
        "level": made.record["meta"]["level"],
        "ui": ui or {"stage": "mesa"},
    }
    if gid is not None:
        entry["gid"] = gid
    page.evaluate(f"(s) => localStorage.setItem('{GAME_KEY}', s)", json.dumps(entry))


def south_last_card(game: GameState) -> bool:
    """South to play the 13th card of hand 1."""
    return game.hand.number == 1 and game.turn is Seat.SOUTH and len(game.hand.tricks) == 12


def failed_nil_code(seat: Seat, hand: Mapping[Seat, int]) -> str:
    """A game code whose first hand, played with the first legal cards, breaks ``seat``'s Nil."""
    for i in range(200):
        code = "NLX" + f"{i:05d}".replace("0", "A").replace("1", "B")
        game = GameState.new(Rules(), code)
        while game.hand.number == 1:
            turn = game.turn
            assert turn is not None
            if game.hand.phase is Phase.BIDDING:
                game = game.apply(Bid(hand[turn]))
            else:
                game = game.apply(_first_legal(game))
        if game.history[0].hand.won[seat] > 0:
            return code
    raise AssertionError("no code breaks that Nil")


def wait_for_code(page: Page, code: str) -> None:
    """Wait until the table shows the game ``code`` (after a reload or a new game)."""
    shown = f"{code[:4]} {code[4:]}"
    page.wait_for_function(
        "(c) => document.getElementById('dato-codigo').textContent === c"
        " && !document.getElementById('mesa').classList.contains('ocupada')",
        arg=shown,
    )
