"""The benchmarks' loops, for every game: random legal play through whole games, rates per second
of CPU time, positions spread evenly over seeded games, and decisions timed one by one.

Each game's benchmark (``picas bench engine|bots --game …``) says how a hand is played at random
and which positions its bots are timed on; the loops and the arithmetic are written once, here.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol, Self, TypeVar


class _Numbered(Protocol):
    @property
    def number(self) -> int: ...


class BenchGame(Protocol):
    """What the whole-game loop uses of a game's state: its public API."""

    @property
    def hand(self) -> _Numbered: ...

    @property
    def outcome(self) -> object: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any) -> Self: ...


GameT = TypeVar("GameT", bound=BenchGame)
ItemT = TypeVar("ItemT")


def random_game_hands(
    new_game: Callable[[], GameT],
    count: int,
    seed: int,
    before_play: Callable[[GameT, random.Random], tuple[GameT, int]] | None = None,
) -> int:
    """``count`` hands through whole games: totals carry over, the next hand is dealt, a finished
    game is followed by a new one. Every action is a random legal one; ``before_play`` does what
    comes first in a hand and is not chosen from ``legal_actions()`` (Corazones' pass, three cards
    at once) and says how many actions that was. Returns the number of actions applied."""
    rng = random.Random(seed)
    game = new_game()
    actions = 0
    for _ in range(count):
        if game.outcome is not None:
            game = new_game()
        if before_play is not None:
            game, done = before_play(game, rng)
            actions += done
        number = game.hand.number
        # The loop of the hand level, through the game: one legal_actions() and one apply() an
        # action, nothing else between them (a helper called per action would be timed too).
        while game.hand.number == number and game.outcome is None:
            legal = game.legal_actions()
            game = game.apply(legal[int(rng.random() * len(legal))])
            actions += 1
    return actions


def measure(play: Callable[[int, int], int], hands: int, seed: int) -> tuple[float, float]:
    """Hands and actions per second of CPU time of ``play(hands, seed)`` (which returns the number
    of actions), after a short warm-up."""
    play(min(hands, 500), seed)  # warm-up
    # CPU time of this process, not the wall clock: on a shared machine the wall clock measures
    # the neighbours too (OpenSpiel's side is timed the same way).
    start = time.process_time()
    actions = play(hands, seed)
    elapsed = time.process_time() - start
    return hands / elapsed, actions / elapsed


def spread(items: Sequence[ItemT], count: int) -> list[ItemT]:
    """``count`` of ``items`` taken at even steps (all of them if there are not more)."""
    if count >= len(items):
        return list(items)
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def timed(call: Callable[[], object]) -> tuple[float, float]:
    """Seconds ``call()`` takes: by the clock, and in processor time (what the clock would read on
    an idle core)."""
    start, start_cpu = time.perf_counter(), time.process_time()
    call()
    return time.perf_counter() - start, time.process_time() - start_cpu
