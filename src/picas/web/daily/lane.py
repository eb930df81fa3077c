"""The daily lane: the worker process that plays the challenge's baseline, and how tomorrow's
preparation gives way to today's players.

The worker runs at the lowest priority (nice 19), so it takes only the CPU nobody else wants. On
a machine with spare cores that is not enough: it runs *beside* the server on another core, and
the two share the caches and the memory bus, which made a Normal player's act p99 about a third
slower while a day was being prepared (docs/benchmarks.md, «Reto del día»). So while a day ahead
is prepared, :class:`Yielding` stops the worker (``SIGSTOP``) whenever this server process is
answering anyone (an HTTP request, or a socket's message until the socket reads again:
:class:`YieldingMiddleware`) and lets it go on (``SIGCONT``) as soon as the process is idle. A
stop is bounded: after :data:`HOLD` seconds stopped the worker gets :data:`BREATH` seconds, so a
server that is never idle still prepares tomorrow, slowly. Today's day, when its preparation was
missed (a server down at midnight), does not give way: players are waiting for it.

Only this process's answers stop the worker; with several processes, the others' answers see it
as a nice-19 process (docs/daily.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pebble
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from picas.web.heavy import LOW_PRIORITY_NICENESS, HeavyPool, start_worker, worker_context
from picas.web.settings import Settings

PREPARATION_DEADLINE = 600.0
"""Seconds a hand of the baseline may take in the daily lane's worker (a Difícil hand is a few
seconds of CPU; at the lowest priority on a busy server it waits for idle time)."""
HOLD = 2.0
"""The longest the worker stays stopped at once while the process keeps answering."""
BREATH = 0.1
"""How long it then runs before it may be stopped again (about 5 % of a core at worst)."""


def _start_daily_worker(settings: Settings, niceness: int, pid: Any) -> None:
    """The worker's start: a heavy worker's, and its process id told to the server."""
    start_worker(settings, niceness)
    pid.value = os.getpid()


class DailyLane(HeavyPool):
    """One worker process of its own at the lowest priority (nice 19): a day is prepared hours
    ahead, with the CPU nobody's game wants, and never takes a worker of the replies' or the
    practice lane. :attr:`worker` is its process id (0 before it starts), kept fresh when a
    worker is replaced."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(replace(settings, heavy_deadline=PREPARATION_DEADLINE), workers=1)
        self._pid: Any = worker_context().Value("i", 0, lock=False)

    @property
    def worker(self) -> int:
        return int(self._pid.value)

    def _workers(self, address: str) -> pebble.ProcessPool:
        if self._pool is None:
            self._pool = self._new_pool(1, LOW_PRIORITY_NICENESS)
        return self._pool

    def _new_pool(self, workers: int, niceness: int) -> pebble.ProcessPool:
        return pebble.ProcessPool(
            max_workers=workers,
            initializer=_start_daily_worker,
            initargs=(self._settings, niceness, self._pid),
            context=worker_context(),
        )


def _signal(pid: int, number: int) -> None:
    if pid > 0:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, number)


class Yielding:
    """Stops the process ``worker()`` names while this process is busy, during
    :meth:`giving_way` only (a job of that worker running: never a stale process id). Busy is
    counted by :meth:`enter` and :meth:`leave`, from the event loop's thread."""

    def __init__(
        self, worker: Callable[[], int], *, hold: float = HOLD, breath: float = BREATH
    ) -> None:
        self._worker = worker
        self._hold, self._breath = hold, breath
        self._busy = 0
        self._giving_way = False
        self._stopped = 0  # the process id stopped, 0 while none is
        self._timer: asyncio.TimerHandle | None = None

    @property
    def busy(self) -> int:
        return self._busy

    @property
    def stopped(self) -> bool:
        return self._stopped != 0

    def enter(self) -> None:
        self._busy += 1
        if self._busy == 1:
            self._stop()

    def leave(self) -> None:
        self._busy -= 1
        if self._busy == 0:
            self._go_on()

    @contextlib.contextmanager
    def giving_way(self) -> Iterator[None]:
        """While the block runs (a job of the worker's), the worker gives way to this process's
        answers; after it the worker is never left stopped."""
        self._giving_way = True
        if self._busy:
            self._stop()
        try:
            yield
        finally:
            self._giving_way = False
            self._go_on()

    def _stop(self) -> None:
        if not self._giving_way or self._stopped or not hasattr(signal, "SIGSTOP"):
            return
        pid = self._worker()
        if pid <= 0:
            return
        _signal(pid, signal.SIGSTOP)
        self._stopped = pid
        self._timer = asyncio.get_running_loop().call_later(self._hold, self._breathe)

    def _go_on(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._stopped:
            _signal(self._stopped, signal.SIGCONT)
            self._stopped = 0

    def _breathe(self) -> None:
        self._timer = None
        self._go_on()
        self._timer = asyncio.get_running_loop().call_later(self._breath, self._after_breath)

    def _after_breath(self) -> None:
        self._timer = None
        if self._busy:
            self._stop()


class YieldingMiddleware:
    """Counts this process busy for :class:`Yielding`: an HTTP request from its start to its
    end; a socket from each message it receives until it asks for the next one (its handler's
    work on that message)."""

    def __init__(self, app: ASGIApp, yielding: Yielding) -> None:
        self.app = app
        self.yielding = yielding

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            self.yielding.enter()
            try:
                await self.app(scope, receive, send)
            finally:
                self.yielding.leave()
        elif scope["type"] == "websocket":
            working = False

            async def receive_counted() -> Message:
                nonlocal working
                if working:
                    working = False
                    self.yielding.leave()
                message = await receive()
                if message["type"] == "websocket.receive":
                    working = True
                    self.yielding.enter()
                return message

            try:
                await self.app(scope, receive_counted, send)
            finally:
                if working:
                    self.yielding.leave()
        else:
            await self.app(scope, receive, send)
