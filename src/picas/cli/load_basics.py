"""What ``picas load`` and its abusive clients (:mod:`picas.cli.load_abusive`) share: the
percentiles they report and the error of a connection that fails, in a module of their own so that
neither imports the other back."""

from __future__ import annotations

import asyncio
import os
from collections import defaultdict
from collections.abc import Callable, Coroutine, Iterable
from typing import Any, TypeVar

from picas.cli import collector

Json = dict[str, Any]
T = TypeVar("T")

TABLES_WARMUP = 10.0
"""Seconds at the start of a tables' run (``--friends``, ``--quick``) left out of its figures by
default, or a quarter of the run if that is less: everyone connecting, or queueing and being
seated, at once is not play."""


def untimed(seconds: float, warmup: float | None) -> float:
    """The first seconds of a run of ``seconds`` left out of its figures: ``warmup`` (the
    command's ``--warmup``) if given, else the default above."""
    return min(TABLES_WARMUP, seconds / 4) if warmup is None else warmup


def run_loop(main: Coroutine[Any, Any, T]) -> T:
    """Run the simulated people on uvloop where it is installed (the server's own loop, with
    uvicorn): the load generator shares the machine with the server it measures, and asyncio's
    own loop spent about a fifth of its CPU on its bookkeeping at 1,000 people. Its collector is
    set as the server's (:mod:`picas.cli.collector`): thousands of sockets of its own, whose full
    collections paused every simulated person at once and counted in every latency."""
    collector.tune()
    factory: Callable[[], asyncio.AbstractEventLoop] | None = None
    try:
        import uvloop

        factory = uvloop.new_event_loop
    except ImportError:  # pragma: no cover (a platform without it: asyncio's own loop)
        pass
    with asyncio.Runner(loop_factory=factory) as runner:
        return runner.run(main)


def percentiles(values: list[float]) -> Json:
    """p50, p95, p99 and max in milliseconds (nearest rank)."""
    if not values:
        return {"n": 0}
    ordered = sorted(values)

    def rank(fraction: float) -> float:
        index = min(len(ordered) - 1, max(0, int(fraction * len(ordered) + 0.999999) - 1))
        return round(ordered[index] * 1000, 1)

    return {
        "n": len(ordered),
        "p50": rank(0.50),
        "p95": rank(0.95),
        "p99": rank(0.99),
        "max": round(ordered[-1] * 1000, 1),
    }


class LoopLag:
    """How late the load generator's own event loop runs: a task asks to wake every ``tick``
    and records by how much it was late. A simulated person's message is timed when its loop
    gets to it, so this lateness is inside every latency the run reports: it tells the
    generator's share of a figure from the server's."""

    def __init__(self, tick: float = 0.01) -> None:
        self.tick = tick
        self.late: list[float] = []
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._watch())

    def restart(self) -> None:
        """Forget what was recorded (the end of the untimed start)."""
        self.late.clear()

    def stop(self) -> Json:
        """Stop watching; the lateness recorded since :meth:`restart`, in milliseconds."""
        if self._task is not None:
            self._task.cancel()
        return percentiles(self.late)

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time()
            await asyncio.sleep(self.tick)
            self.late.append(max(0.0, loop.time() - asked - self.tick))


def describe_lag(late: Json) -> list[str]:
    """The line of a run's text report on :class:`LoopLag`'s figures (none if not watched)."""
    if not late.get("n"):
        return []
    return [
        f"  the load generator's own loop late by p50 {late['p50']} / p99 {late['p99']} /"
        f" max {late['max']} ms (inside every latency above)"
    ]


class HttpError(Exception):
    """The connection failed, or the answer is not HTTP this client can read."""


def cpu_used(before: dict[str, float], after: dict[str, float], seconds: float) -> Json:
    """CPU used in the window, in seconds and as a share of one core, per kind of process (a
    process born in the window counts from zero)."""
    totals: dict[str, float] = defaultdict(float)
    for name, now in after.items():
        totals[name.split()[0]] += now - before.get(name, 0.0)
    return {
        kind: {"cpu_seconds": round(total, 2), "cores": round(total / seconds, 2)}
        for kind, total in sorted(totals.items())
    }


def machine_busy(stat: str | None = None) -> tuple[float, float]:
    """The whole machine's CPU seconds so far: busy (every process's, the kernel's, another
    guest's) and stolen by another guest; (0, 0) where ``/proc/stat`` is not to be read. With
    the server's and the load generator's own, what is left is everything else on the machine
    (Redis, anybody else's work), which a figure on a shared machine must be read with."""
    if stat is None:
        try:
            with open("/proc/stat", encoding="ascii") as f:
                stat = f.readline()
        except OSError:
            return 0.0, 0.0
    fields = stat.split()
    if not fields or fields[0] != "cpu":
        return 0.0, 0.0
    ticks = [int(value) for value in fields[1:9]]
    ticks += [0] * (8 - len(ticks))
    user, nice, system, _idle, _iowait, irq, softirq, steal = ticks
    per_second = os.sysconf("SC_CLK_TCK")
    busy = user + nice + system + irq + softirq + steal
    return busy / per_second, steal / per_second


def machine_used(before: tuple[float, float], after: tuple[float, float], seconds: float) -> Json:
    """:func:`machine_busy` over the timed stretch, in cores."""
    return {
        "busy_cores": round((after[0] - before[0]) / seconds, 2),
        "steal_cores": round((after[1] - before[1]) / seconds, 2),
        "cores": os.cpu_count(),
    }


def describe_machine(machine: Json) -> str:
    return (
        f"  the machine in the timed stretch: {machine['busy_cores']} of {machine['cores']} cores"
        f" busy, {machine['steal_cores']} stolen by other guests (everything counted: the"
        " server, the load generator, Redis, anybody else's work)"
    )


def table_seqs(people: Iterable[Any]) -> dict[str, int]:
    """The latest ``seq`` any socket of each table was sent (``people``: the friends' client's
    ``Person``, each with ``table_id`` and ``seq``)."""
    latest: dict[str, int] = {}
    for one in people:
        if one.seq is not None:
            latest[one.table_id] = max(latest.get(one.table_id, 0), one.seq)
    return latest


def changes_between(before: dict[str, int], after: dict[str, int]) -> int:
    """The tables' stored changes between two :func:`table_seqs`: every card, bid, arrival and
    departure, a computer player's turn too (what the server's work is made of, where a count
    of the people's own actions leaves the computer players' out)."""
    return sum(seq - before.get(table_id, 0) for table_id, seq in after.items())
