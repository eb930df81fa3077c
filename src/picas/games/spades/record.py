"""Spades' part of the record: its rules and actions as JSON (the envelope is
:mod:`picas.shared.record`). A record without a ``game`` key is Spades', and a Spades record is
written without it, exactly as every record was before there were two games."""

from __future__ import annotations

from picas.games.spades.actions import Action, action_to_json, parse_action
from picas.games.spades.game import GameState
from picas.games.spades.rules import Rules
from picas.shared.record import GameCodec, GameRecord, codec_for

KEY = "spades"
SPADES: GameCodec[Rules, Action, GameState] = codec_for(
    KEY, "Picas", Rules, (parse_action, action_to_json), GameState, GameState.apply, implied=True
)


class SpadesRecord(GameRecord[Rules, Action, GameState]):
    """A Spades record (``game`` absent or ``"spades"``)."""

    __slots__ = ()

    @classmethod
    def codec(cls) -> GameCodec[Rules, Action, GameState]:
        return SPADES
