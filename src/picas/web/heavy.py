"""Heavy work, bounded: the computer players' long thinking runs in a small pool of worker
processes per server process, never on the event loop and never more at once than the pool has
workers.

What counts as heavy is everything that runs computer players beyond a normal reply: «Rejugar esta
mano» (a whole hand at Difícil), an import's check (every computer action played again), and any
reply at Difícil. Fácil and Normal replies and the play hint (Normal's logic) take a few
milliseconds and stay in the server process.

* **Two lanes.** Practice and import checks (seconds of work each) have one pool; Difícil's replies
  (tens of milliseconds with the compiled hot path) have their own, so a crowd asking for practice
  cannot keep Difícil players from playing.
* **A limit, answered at once.** When every slot is taken the request is refused straight away
  with 503 ``busy`` and ``Retry-After``, and the save in the page is untouched. The practice lane
  has no waiting room: nothing queues behind a slow job. The replies' lane lets a few replies wait
  for a worker (:data:`picas.web.settings.REPLY_WAITING`), since each is short.
* **A deadline that stops the work.** The job runs in a process (:mod:`pebble`), so at the deadline
  its worker is terminated and replaced, not left running after the answer (503 ``too_slow``).
* **A client that has gone** cancels its job: the worker is stopped the same way.
* **Workers lower their priority** (``nice``), so the server processes' quick replies come first
  when the machine is full.

Workers come from a fork server (:mod:`multiprocessing`'s ``forkserver``), not from the server
process itself: a worker forked from it would inherit its open connections and its listening
socket, and a client's closed connection would stay open in the worker. Each worker builds its own
:class:`~picas.web.table.Table` from the same settings (so they must pickle: the bot loader is a
module-level function), and a job only carries the request's data.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import concurrent.futures.process
import contextlib
import logging
import multiprocessing
import os
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import pebble
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from picas.games import KEYS
from picas.web.errors import (
    RETRY_AFTER_SECONDS,
    BusyError,
    ClientGoneError,
    WorkerCrashedError,
    error_response,
)
from picas.web.settings import Settings
from picas.web.table import Table

P = ParamSpec("P")
T = TypeVar("T")

HEAVY_LEVELS = frozenset({"dificil"})
"""The levels whose every reply is heavy work (a Difícil decision runs thousands of playouts)."""
WORKER_NICENESS = 10

log = logging.getLogger("picas.web")


# --- inside a worker process ------------------------------------------------------------------

_worker_table: Table | None = None


def _start_worker(settings: Settings) -> None:
    global _worker_table
    with contextlib.suppress(OSError):  # not allowed here: the work runs, only not politely
        os.nice(WORKER_NICENESS)
    _worker_table = Table(settings)


def worker_table() -> Table:
    """The worker process's own table (a job function's way to the computer players)."""
    assert _worker_table is not None, "a heavy job runs only in a worker process"
    return _worker_table


def _context() -> multiprocessing.context.BaseContext:
    context = multiprocessing.get_context("forkserver")
    # Imported once in the fork server, so a worker (new, or replacing a stopped one) starts in
    # milliseconds.
    games = [f"picas.games.{key}.spec" for key in KEYS]
    context.set_forkserver_preload(["picas.web.jobs", *games])
    return context


# --- in the server process ----------------------------------------------------------------------


class HeavyPool:
    """``workers`` worker processes in this server process (by default ``settings.heavy_workers``),
    at most ``workers + waiting`` jobs admitted at once (the ``waiting`` ones queue for a free
    worker), each stopped at ``settings.heavy_deadline`` seconds of running. The worker processes
    start at the first job."""

    def __init__(self, settings: Settings, *, workers: int | None = None, waiting: int = 0) -> None:
        self._settings = settings
        self._workers_count = settings.heavy_workers if workers is None else workers
        self._slots = self._workers_count + waiting
        self._deadline = settings.heavy_deadline
        self._running = 0
        self._pool: pebble.ProcessPool | None = None

    @property
    def running(self) -> int:
        return self._running

    @property
    def full(self) -> bool:
        return self._running >= self._slots

    def _workers(self) -> pebble.ProcessPool:
        if self._pool is None:
            self._pool = pebble.ProcessPool(
                max_workers=self._workers_count,
                initializer=_start_worker,
                initargs=(self._settings,),
                context=_context(),
            )
        return self._pool

    async def run(
        self, request: Request, job: Callable[P, T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """``job(*args)`` in a worker; 503 ``busy`` at once when every slot is taken."""
        if self.full:
            raise BusyError()
        self._running += 1
        future = self._workers().schedule(job, args=args, kwargs=kwargs, timeout=self._deadline)
        try:
            result: asyncio.Future[T] = asyncio.wrap_future(future)
            gone: asyncio.Future[None] = asyncio.ensure_future(_client_gone(request))
            try:
                waited: set[asyncio.Future[Any]] = {result, gone}
                await asyncio.wait(waited, return_when=asyncio.FIRST_COMPLETED)
            finally:
                gone.cancel()
            if not result.done():
                raise ClientGoneError
            try:
                return result.result()
            except concurrent.futures.TimeoutError:
                log.warning("Trabajo pesado detenido al pasar %s s: %s", self._deadline, job)
                raise BusyError(
                    "La CPU ha tardado demasiado en pensar esta vez: vuelve a intentarlo más"
                    " tarde. Tu partida sigue guardada.",
                    code="too_slow",
                ) from None
            except (pebble.ProcessExpired, concurrent.futures.process.BrokenProcessPool) as error:
                # Not «muy ocupada»: the worker died (killed, out of memory) mid-job.
                log.error("Un proceso de trabajo pesado ha terminado mal: %s", error)
                raise WorkerCrashedError() from None
        finally:
            if not future.done():
                future.cancel()  # type: ignore[no-untyped-call]  # pebble stops its worker
            self._running -= 1

    def close(self) -> None:
        if self._pool is not None:
            self._pool.stop()  # type: ignore[no-untyped-call]
            self._pool.join(timeout=5)
            self._pool = None


async def _client_gone(request: Request) -> None:
    """Returns when the client disconnects (the body has been read: the next message the server
    sends the app is the disconnect)."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            return


HEAVY_PATHS = frozenset({"/api/practice", "/api/games/import"})
"""Requests that are always heavy work (an act is heavy only at Difícil, known once read)."""


class BusyGateMiddleware:
    """Refuses a request that is always heavy work while every worker is busy, before its JSON
    is parsed or its save's signature checked: a client that keeps asking gets its 503 for the
    price of reading the body (which the body cap has done), so a crowd of them cannot take the
    server's time from the quick replies."""

    def __init__(self, app: ASGIApp, *, pool: HeavyPool) -> None:
        self.app = app
        self.pool = pool

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self.pool.full and scope.get("path") in HEAVY_PATHS:
            busy = BusyError()
            response = error_response(
                503, busy.code, busy.message, {"Retry-After": str(RETRY_AFTER_SECONDS)}
            )
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)
