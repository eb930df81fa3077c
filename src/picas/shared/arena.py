"""What every game's arena shares: deal codes from a label, who sits where, the deals run in order
on several processes, and the mean over deals with its 95% interval.

A match plays each deal once per *arrangement* of two players A and B at the table, on the same
cards and the same generators, so the luck of the cards cancels out. Each game's arena
(``games/<game>/arena.py``) says what one deal is and what it counts.
"""

from __future__ import annotations

import hashlib
import math
import statistics
from collections.abc import Callable, Iterator, Sequence
from multiprocessing import get_context
from typing import TypeVar

from picas.shared.deals import code_from_bytes
from picas.shared.seats import Seat

BotT = TypeVar("BotT")
TaskT = TypeVar("TaskT")
ResultT = TypeVar("ResultT")

PAIRS: tuple[frozenset[Seat], ...] = (
    frozenset({Seat.NORTH, Seat.SOUTH}),
    frozenset({Seat.EAST, Seat.WEST}),
)
"""A as North–South, then as East–West: every seat is played once by each, on the same cards."""
ONE_AGAINST_THREE: tuple[frozenset[Seat], ...] = tuple(frozenset({seat}) for seat in Seat)
"""A alone in each of the four seats against three B."""


def seating(a: BotT, b: BotT, a_seats: frozenset[Seat]) -> dict[Seat, BotT]:
    """The table of one arrangement: ``a`` in ``a_seats``, ``b`` in the others."""
    return {seat: a if seat in a_seats else b for seat in Seat}


def code_for(label: str) -> str:
    """A readable game code derived from ``label`` (the arena's seed and the deal's index)."""
    return code_from_bytes(hashlib.sha256(label.encode()).digest())


def run_in_order(
    work: Callable[[TaskT], ResultT], tasks: Sequence[TaskT], jobs: int
) -> Iterator[ResultT]:
    """``work`` on every task, on ``jobs`` processes, the results in task order: the same numbers
    in the same order whatever the number of processes. ``work`` is a module-level function."""
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(work, tasks)
        return
    with get_context("fork").Pool(jobs) as pool:
        chunk = max(1, min(8, len(tasks) // (jobs * 8)))
        yield from pool.imap(work, tasks, chunksize=chunk)


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean of independent per-deal figures and the half-width of its 95% interval (1.96
    standard errors, the normal approximation; infinite with fewer than two values)."""
    mean = statistics.fmean(values) if values else 0.0
    if len(values) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))
