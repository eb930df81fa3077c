"""Corazones' part of the record: its rules and actions as JSON (the envelope is
:mod:`picas.shared.record`).

A hand with a pass starts with the four passes in seat order from South (South, West, North,
East): each is the pass of the first seat still to choose, the seat the engine puts on turn while
passing, so a record needs no seat names (docs/record.md)."""

from __future__ import annotations

from picas.games.corazones import actions
from picas.games.corazones.game import GameState
from picas.games.corazones.rules import Rules
from picas.shared.record import GameCodec, GameRecord, codec_for

KEY = "corazones"
CORAZONES: GameCodec[Rules, actions.Action, GameState] = codec_for(
    KEY,
    "Corazones",
    Rules,
    (actions.parse_action, actions.action_to_json),
    GameState,
    GameState.apply,
)


class CorazonesRecord(GameRecord[Rules, actions.Action, GameState]):
    """A Corazones record (``"game": "corazones"``)."""

    __slots__ = ()

    @classmethod
    def codec(cls) -> GameCodec[Rules, actions.Action, GameState]:
        return CORAZONES
