"""Corazones records for tests: games between four computer players, each decision seeded as at
the web table (its position in the record), as the table and ``picas check`` play them."""

from __future__ import annotations

from typing import Any

from picas.games.corazones import Rules
from picas.games.corazones.bots import LEVELS, play_bots
from picas.games.corazones.record import CorazonesRecord
from picas.games.spades import Seat


def bots_game(
    code: str = "K7PMX4QH", hands: int = 2, level: str = "normal", **rules: Any
) -> CorazonesRecord:
    """``hands`` hands between four ``level`` players (the whole game if it ends first)."""
    record = CorazonesRecord(rules=Rules(**rules), code=code, meta={"level": level})
    actions: list[Any] = []
    play_bots(
        record.start(),
        dict.fromkeys(Seat, LEVELS[level]()),
        position=0,
        stop=lambda game: len(game.history) >= hands,
        on_action=lambda before, seat, action, after: actions.append(action),
    )
    return record.append(*actions)
