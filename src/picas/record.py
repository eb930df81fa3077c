"""Any game's record, read by the games' registry (:mod:`picas.games`): the envelope is
:mod:`picas.shared.record`, each game's codec and record type live in its folder.

A record without a ``game`` key is the first game's (Spades), so every older save still opens.
"""

from __future__ import annotations

from typing import Any

from picas.games import UnknownGame, find_game, games
from picas.shared.record import (
    FORMAT,
    MAX_ACTIONS,
    MAX_META,
    VERSION,
    GameCodec,
    GameRecord,
    RecordError,
    check_encodable,
    final_state,
    iter_states,
    list_excerpt,
    load_json,
    read_envelope,
    replay,
)

__all__ = [
    "FORMAT",
    "MAX_ACTIONS",
    "MAX_META",
    "VERSION",
    "AnyRecord",
    "GameCodec",
    "GameRecord",
    "RecordError",
    "check_encodable",
    "final_state",
    "iter_states",
    "list_excerpt",
    "load_json",
    "read_record",
    "record_type",
    "replay",
]

AnyRecord = GameRecord[Any, Any, Any]
"""A record of any registered game."""


def record_type(key: object, *, implied: bool = False) -> type[AnyRecord]:
    """The record type of the game ``key`` names (``implied``: a record without ``game``)."""
    if implied:
        for spec in games():
            if spec.record.codec().implied:
                return spec.record
    try:
        return find_game(key).record
    except UnknownGame as error:
        raise RecordError(error.message, code=error.code) from None


def read_record(data: object) -> AnyRecord:
    """Read a record of any game (by its ``game`` key), refusing anything malformed with a clear
    message (not yet replayed)."""
    fields = read_envelope(data)
    kind = record_type(fields.get("game"), implied="game" not in fields)
    return kind.from_envelope(fields)
