"""A Difícil decision at a friends' table, in a reply worker (:mod:`picas.web.heavy`): the record
so far is replayed there and the seat's computer player decides from its own view, seeded as
everywhere (code, action index, seat)."""

from __future__ import annotations

from typing import Any

from picas.games import find_game
from picas.record import final_state, read_record
from picas.shared.seats import Seat
from picas.web.friends import play
from picas.web.heavy import worker_table


def decide(record_json: dict[str, Any], seat_key: str, position: int) -> Any:
    """The action (record notation) of ``seat_key``'s computer player after ``record_json``."""
    record = read_record(record_json)
    state = final_state(record)
    game = play.adapter(record.game)
    level = record.meta.get("level", find_game(record.game).default_level)
    bot = worker_table().bot(level, game=record.game)
    action = play.bot_action(game, bot, state, Seat.from_key(seat_key), position)
    return find_game(record.game).record.codec().action_json(action)
