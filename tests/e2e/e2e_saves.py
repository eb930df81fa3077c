"""Signed saves at chosen positions, made with the engine, so a test can open the table exactly
where it needs to be (a finished hand, a failed Nil, South's last card) without playing there.

The record is what the page would hold; the server signs and replays it like any save. The
computer players' actions in it are the engine's first legal ones (a save is not checked against
the bots; only an imported record is).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from e2e_helpers import GAME_KEY, Json, Server
from playwright.sync_api import Page

from picas.engine import Action, Bid, GameState, Rules, Seat, action_to_json
from picas.record import Record

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
    bids: Sequence[int],
    code: str = CODE,
    rules: Rules | None = None,
    level: str = "facil",
    stop: Callable[[GameState], bool] | None = None,
) -> Made:
    """Hand 1 with ``bids`` (South, West, North, East: East deals, South bids first), every card
    the first legal one, then hand 2's computer bids until South's turn. ``stop`` ends it earlier,
    at the first position where it holds (checked before each action)."""
    rules = rules or Rules()
    game = GameState.new(rules, code)
    actions: list[Action] = []

    def do(action: Action) -> None:
        nonlocal game
        actions.append(action)
        game = game.apply(action)

    for bid in bids:
        do(Bid(bid))
    while game.outcome is None and not (stop and stop(game)):
        if game.hand.number > 1 and game.turn is Seat.SOUTH:
            break
        if game.hand.number > 1:
            do(Bid(2))  # the next hand's computer bids, up to South's
        else:
            do(_first_legal(game))
    record = Record(rules=rules, code=code, actions=tuple(actions), meta={"level": level})
    record_json = record.to_json()
    assert [action_to_json(a) for a in actions] == record_json["actions"]
    return Made(
        save={"record": record_json, "sig": server.sign(record_json)}, game=game, record=record_json
    )


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


def failed_nil_code(seat: Seat, bids: Sequence[int]) -> str:
    """A game code whose first hand, played with the first legal cards, breaks ``seat``'s Nil."""
    for i in range(200):
        code = "NLX" + f"{i:05d}".replace("0", "A").replace("1", "B")
        game = GameState.new(Rules(), code)
        for bid in bids:
            game = game.apply(Bid(bid))
        while game.hand.number == 1:
            game = game.apply(_first_legal(game))
        if game.history[0].hand.won[seat] > 0:
            return code
    raise AssertionError("no code breaks that Nil")
