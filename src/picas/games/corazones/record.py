"""Corazones' part of the record: its rules and actions as JSON (the envelope is
:mod:`picas.shared.record`).

A hand with a pass starts with the four passes in seat order from South (South, West, North,
East): each is the pass of the first seat still to choose, the seat the engine puts on turn while
passing, so a record needs no seat names (docs/record.md)."""

from __future__ import annotations

from picas.games.corazones.actions import Action, action_to_json, parse_action
from picas.games.corazones.game import GameState
from picas.games.corazones.rules import Rules
from picas.shared.record import GameCodec, GameRecord

KEY = "corazones"

CORAZONES: GameCodec[Rules, Action, GameState] = GameCodec(
    key=KEY,
    name_es="Corazones",
    read_rules=Rules.from_json,
    rules_json=Rules.to_json,
    parse_action=parse_action,
    action_json=action_to_json,
    start=lambda rules, code, deals: GameState.new(rules, code, deals=deals),
    apply=GameState.apply,
)


class CorazonesRecord(GameRecord[Rules, Action, GameState]):
    """A Corazones record (``"game": "corazones"``)."""

    __slots__ = ()

    @classmethod
    def codec(cls) -> GameCodec[Rules, Action, GameState]:
        return CORAZONES
