"""Difícil's own play of the day's deals: the same computer players as at the player's table,
and Difícil in South too, seeded as everywhere (code, action index, seat), so the same day gives
the same baseline on any machine. One hand per job, in the heavy lane's worker processes."""

from __future__ import annotations

from typing import Any

from picas.games import find_game
from picas.web.friends import play
from picas.web.heavy import worker_table


def replay(game: str, rules: dict[str, Any], code: str, actions: list[Any]) -> tuple[Any, Any]:
    """The record and the position after ``actions`` on the day's deals."""
    record = play.new_record(game, {}, level="dificil", code=code, table_id="reto", rules=rules)
    codec = find_game(game).record.codec()
    parsed = [codec.parse_action(value) for value in actions]
    state = record.start()
    for action in parsed:
        state = state.apply(action, play.seat_to_act(state))
    return record.append(*parsed), state


def play_hand(
    game: str, rules: dict[str, Any], code: str, actions: list[Any], bot: Any
) -> list[Any]:
    """The actions of the next hand after ``actions``, every seat played by ``bot``."""
    _, state = replay(game, rules, code, actions)
    adapter = play.adapter(game)
    codec = find_game(game).record.codec()
    done = len(state.history)
    position = len(actions)
    played: list[Any] = []
    while state.outcome is None and len(state.history) == done:
        seat = play.seat_to_act(state)
        assert seat is not None
        action = play.bot_action(adapter, bot, state, seat, position)
        state = state.apply(action, seat)
        played.append(codec.action_json(action))
        position += 1
    return played


def play_hand_job(
    game: str, rules: dict[str, Any], code: str, actions: list[Any], level: str
) -> list[Any]:
    """:func:`play_hand` in a worker process, with the worker's own computer player."""
    return play_hand(game, rules, code, actions, worker_table().bot(level, game=game))
