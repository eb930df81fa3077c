"""The heavy jobs (:mod:`picas.web.heavy`): module-level functions, so a worker process can find
them by name. Each takes the request's data, works on the worker's own table and returns the
answer as plain JSON data (cheap to send back, and cacheable as it is)."""

from __future__ import annotations

from typing import Any

from picas.web import review
from picas.web.heavy import worker_table
from picas.web.table import Turn

Json = dict[str, Any]


def game_json(turn: Turn) -> Json:
    """The answer: South's view only; the other hands stay on the server's side of ``view_for``."""
    return {
        "game": turn.record.game,
        "save": {"record": turn.record_json, "sig": turn.sig},
        "view": turn.game.view_json(turn.state),
        "events": list(turn.events),
        "code": turn.record.code,
        "level": turn.level,
    }


def practice_json(answer: review.Practice) -> Json:
    return {
        **game_json(answer.turn),
        "compare": {"original": answer.original, "dificil": answer.dificil},
    }


def act(record_json: Json, sig: str, action: object) -> Json:
    return game_json(worker_table().act(record_json, sig, action))


def practice(record_json: Json, sig: str, hand_number: int) -> Json:
    return practice_json(review.practice(worker_table(), record_json, sig, hand_number))


def import_record(record_json: Json, sig: str | None) -> Json:
    """The opened game, with the «¿Por qué?» of every computer bid worked out again from the record,
    so it looks exactly like the game that was saved."""
    turn = review.import_record(worker_table(), record_json, sig)
    return {**game_json(turn), **review.bid_reasons(turn.record)}
