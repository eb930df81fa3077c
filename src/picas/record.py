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
    MAX_CODE_TEXT,
    MAX_DEALS,
    MAX_META,
    MAX_META_KEY,
    MAX_META_TEXT,
    MIN_ACTIONS_PER_HAND,
    VERSION,
    GameCodec,
    GameRecord,
    RecordError,
    check_encodable,
    check_envelope,
    check_lengths,
    final_state,
    iter_states,
    list_excerpt,
    load_json,
    replay,
)

__all__ = [
    "FORMAT",
    "MAX_ACTIONS",
    "MAX_CODE_TEXT",
    "MAX_DEALS",
    "MAX_META",
    "MAX_META_KEY",
    "MAX_META_TEXT",
    "MIN_ACTIONS_PER_HAND",
    "VERSION",
    "AnyRecord",
    "GameCodec",
    "GameRecord",
    "RecordError",
    "check_encodable",
    "check_lengths",
    "final_state",
    "iter_states",
    "list_excerpt",
    "load_json",
    "read_envelope",
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
        raise RecordError(error.message, code=error.code, params=error.params) from None


def read_record(data: object) -> AnyRecord:
    """Read a record of any game (by its ``game`` key), refusing anything malformed with a clear
    message (not yet replayed)."""
    if not isinstance(data, dict):
        raise RecordError("Una partida guardada es un objeto JSON.")
    check_encodable(data)
    return read_envelope(data).from_envelope(data)


def read_envelope(data: dict[str, Any]) -> type[AnyRecord]:
    """The record type of ``data`` by its envelope (``format``, ``version``, its keys, ``game``),
    refusing a malformed one: what costs nothing to look at, so a server can refuse a file
    before it pays for anything in proportion to its size."""
    check_envelope(data)
    kind = record_type(data.get("game"), implied="game" not in data)
    actions = data.get("actions")
    if isinstance(actions, list) and len(actions) > MAX_ACTIONS:
        raise RecordError("La partida tiene demasiadas acciones.", code="record_too_long")
    return kind
