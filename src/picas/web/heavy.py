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
* **A fair share per address** (:mod:`picas.web.fair`). Each lane admits at most
  ``settings.address_jobs`` jobs of one client address (running or waiting); one more is refused
  at once with 429 ``too_many_requests`` and ``Retry-After``, before its body is parsed where the
  path says it is heavy (:class:`FairGateMiddleware`). When every worker is taken a job waits in
  a fair queue: a freed worker goes to the waiting address with the fewest jobs running, then
  round-robin, so the address asking fastest does not get every turn.
* **A limit, answered at once.** When the queue is full too the request is refused straight away
  with 503 ``busy`` and ``Retry-After``, and the save in the page is untouched. The practice lane
  waits for at most :data:`picas.web.settings.HEAVY_WAITING` jobs per worker; the replies' lane
  for :data:`picas.web.settings.REPLY_WAITING`, since each reply is short.
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
import json
import logging
import multiprocessing
import os
import time
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, TypeVar

import pebble
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from picas import games
from picas.games import KEYS
from picas.web.errors import (
    RETRY_AFTER_SECONDS,
    BusyError,
    ClientGoneError,
    TooManyRequestsError,
    WorkerCrashedError,
)
from picas.web.fair import REPEAT_PAUSE, FairLane, client_address
from picas.web.middleware import replaying
from picas.web.settings import Settings
from picas.web.table import Table

P = ParamSpec("P")
T = TypeVar("T")

HEAVY_LEVELS = games.heavy_levels()
"""The levels whose every reply is heavy work (a Difícil decision runs thousands of playouts), as
the games' registry says."""
HEAVY_MARKERS = tuple(json.dumps(level).encode() for level in sorted(HEAVY_LEVELS))
"""How a heavy level is written in a body (``b'"dificil"'``): the gate's markers for the replies."""
WORKER_NICENESS = 10
LOW_PRIORITY_NICENESS = 19
"""The niceness of the worker that runs the jobs of an address refused lately for asking too
often (:class:`HeavyPool`): the lowest priority, so its work takes only the CPU nobody else's
jobs want (the kernel gives a nice-10 worker about seven times a nice-19 one's share)."""

log = logging.getLogger("picas.web")


# --- inside a worker process ------------------------------------------------------------------

_worker_table: Table | None = None


def _start_worker(settings: Settings, niceness: int = WORKER_NICENESS) -> None:
    global _worker_table
    with contextlib.suppress(OSError):  # not allowed here: the work runs, only not politely
        os.nice(niceness)
    _worker_table = Table(settings)


def worker_table() -> Table:
    """The worker process's own table (a job function's way to the computer players)."""
    assert _worker_table is not None, "a heavy job runs only in a worker process"
    return _worker_table


def _context() -> multiprocessing.context.BaseContext:
    context = multiprocessing.get_context("forkserver")
    # Imported once in the fork server, so a worker (new, or replacing a stopped one) starts in
    # milliseconds.
    specs = [f"picas.games.{key}.spec" for key in KEYS]
    context.set_forkserver_preload(["picas.web.jobs", *specs])
    return context


# --- in the server process ----------------------------------------------------------------------


class HeavyPool:
    """``workers`` worker processes in this server process (by default ``settings.heavy_workers``),
    as many jobs running, at most ``waiting`` more waiting for a free worker in the lane's fair
    queue (:attr:`lane`), and at most ``settings.address_jobs`` of them from one client address;
    each job is stopped at ``settings.heavy_deadline`` seconds of running. The worker processes
    start at the first job.

    The jobs of an address that its lane refused lately for asking too often
    (:attr:`FairLane.repeated`, a loop that ignores ``Retry-After``) run in one more worker of
    their own at the lowest priority (:data:`LOW_PRIORITY_NICENESS`): the fair queue already
    keeps such an address to its share of the slots, and this keeps its running jobs from taking
    the CPU that everyone else's need."""

    def __init__(self, settings: Settings, *, workers: int | None = None, waiting: int = 0) -> None:
        self._settings = settings
        self._workers_count = settings.heavy_workers if workers is None else workers
        self._deadline = settings.heavy_deadline
        self.lane = FairLane(
            self._workers_count, per_address=settings.address_jobs, waiting=waiting
        )
        self._pool: pebble.ProcessPool | None = None
        self._low_pool: pebble.ProcessPool | None = None

    @property
    def running(self) -> int:
        return self.lane.share.running_total

    @property
    def admitted(self) -> int:
        """Jobs running or waiting for a worker."""
        return self.lane.share.running_total + self.lane.share.waiting_total

    @property
    def full(self) -> bool:
        return self.lane.full

    def address(self, request: Request) -> str:
        return client_address(request.scope, behind_proxy=self._settings.behind_proxy)

    def _workers(self, address: str) -> pebble.ProcessPool:
        if self.lane.repeated.repeated(address, time.monotonic()):
            if self._low_pool is None:
                self._low_pool = self._new_pool(1, LOW_PRIORITY_NICENESS)
            return self._low_pool
        if self._pool is None:
            self._pool = self._new_pool(self._workers_count, WORKER_NICENESS)
        return self._pool

    def _new_pool(self, workers: int, niceness: int) -> pebble.ProcessPool:
        return pebble.ProcessPool(
            max_workers=workers,
            initializer=_start_worker,
            initargs=(self._settings, niceness),
            context=_context(),
        )

    async def run(
        self, request: Request, job: Callable[P, T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """``job(*args)`` in a worker, once the lane's fair queue gives this request its turn;
        429 ``too_many_requests`` at once when its address has its share already, 503 ``busy``
        when the queue is full."""
        address = self.address(request)
        ticket = self.lane.enter(address)
        gone: asyncio.Future[None] = asyncio.ensure_future(_client_gone(request))
        future: concurrent.futures.Future[T] | None = None
        try:
            if not ticket.granted.done():
                waiting: set[asyncio.Future[Any]] = {ticket.granted, gone}
                await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
                if not ticket.granted.done():
                    raise ClientGoneError  # it left while waiting for its turn
            future = self._workers(address).schedule(
                job, args=args, kwargs=kwargs, timeout=self._deadline
            )
            result: asyncio.Future[T] = asyncio.wrap_future(future)
            waited: set[asyncio.Future[Any]] = {result, gone}
            await asyncio.wait(waited, return_when=asyncio.FIRST_COMPLETED)
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
            gone.cancel()
            if future is not None and not future.done():
                future.cancel()  # pebble stops its worker
            self.lane.leave(ticket)

    async def run_job(
        self, address: str, job: Callable[P, T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """``job(*args)`` in a worker, with no request behind it (a friends' table's computer
        player: ``address`` names the table, so each table gets its fair share of the lane);
        refused like :meth:`run` (429, 503) when the lane has no room for it."""
        ticket = self.lane.enter(address)
        future: concurrent.futures.Future[T] | None = None
        try:
            await ticket.granted
            future = self._workers(address).schedule(
                job, args=args, kwargs=kwargs, timeout=self._deadline
            )
            return await asyncio.wrap_future(future)
        finally:
            if future is not None and not future.done():
                future.cancel()
            self.lane.leave(ticket)

    def close(self) -> None:
        for pool in (self._pool, self._low_pool):
            if pool is not None:
                pool.stop()  # type: ignore[no-untyped-call]
                pool.join(timeout=5)
        self._pool = self._low_pool = None


async def _client_gone(request: Request) -> None:
    """Returns when the client disconnects (the body has been read: the next message the server
    sends the app is the disconnect)."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            return


HEAVY_PATHS = frozenset({"/api/practice", "/api/games/import"})
"""Requests that are always heavy work (an act is heavy only at Difícil, known once read)."""
HINT_PATH = "/api/hint"
ACT_PATH = "/api/games/act"


class FairGateMiddleware:
    """Refuses a request whose path names a lane (``lanes``: path → lane) when its address has
    its share of that lane already (429 ``too_many_requests``) or the lane is full (503
    ``busy``), before its JSON is parsed or its save's signature checked: a client that keeps
    asking gets its refusal for the price of reading the body (which the body cap has done), so a
    crowd of them cannot take the server's time from the quick replies. The lane itself checks
    again when the job enters it (the route may have answered from its cache by then).

    ``marked`` lanes (path → lane and its markers) hold only the requests whose body has one of
    the markers: an act is heavy work only if its save names a heavy level (``"dificil"``). The
    body is looked at only while the address is over its share; a body without a marker (or one
    that spells it with JSON escapes) goes on to the route, which checks the parsed save's level.

    An address that asks again before the ``Retry-After`` of its last refusal has passed has its
    refusal held for ``pause`` seconds first (:class:`~picas.web.fair.RepeatedRefusals`): a loop
    that ignores ``Retry-After`` is slowed to a request a second per connection instead of costing
    the server a core in refusals (the refusal is decided on arrival: the pause only delays it)."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        lanes: dict[str, FairLane],
        marked: dict[str, tuple[FairLane, tuple[bytes, ...]]],
        behind_proxy: bool,
        pause: float = REPEAT_PAUSE,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.app = app
        self.lanes = lanes
        self.marked = marked
        self.behind_proxy = behind_proxy
        self.pause = pause
        self._clock = clock
        self._sleep = sleep

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        lane = self.lanes.get(path)
        if lane is not None:
            address = client_address(scope, behind_proxy=self.behind_proxy)
            if lane.refusal(address) is not None and await self._refused(lane, address, send):
                return
        elif path in self.marked:
            lane, markers = self.marked[path]
            address = client_address(scope, behind_proxy=self.behind_proxy)
            if lane.refusal(address) is not None:
                message = await receive()  # the whole body: the cap has read it
                body = message.get("body", b"")
                marked = any(marker in body for marker in markers)
                if marked and await self._refused(lane, address, send):
                    return
                receive = replaying(message, receive)
        await self.app(scope, receive, send)

    async def _refused(self, lane: FairLane, address: str, send: Send) -> bool:
        """Sends ``lane``'s refusal for ``address``, decided as the request arrived (held for
        :attr:`pause` first if the address was refused inside its ``Retry-After`` already), and
        says so; False if the lane has room for it (the request goes on)."""
        refusal = lane.refusal(address)
        if refusal is None:
            return False
        repeated = lane.repeated.repeated(address, self._clock())
        lane.repeated.note(address, self._clock())
        if repeated:
            await self._sleep(self.pause)
        await send_refusal(refusal, send)
        return True


_REFUSAL_BODIES = {
    error_class: json.dumps(
        {"error": {"code": error_class.code, "message": error_class().message, "params": {}}},
        ensure_ascii=False,
        separators=(",", ":"),
    ).encode("utf-8")
    for error_class in (BusyError, TooManyRequestsError)
}
"""The two refusals' answers, made once: refusing costs a lookup, not a JSON encoding."""


async def send_refusal(refusal: Exception, send: Send) -> None:
    """A lane's refusal (:meth:`FairLane.refusal`) as its answer: 429 or 503, ``Retry-After``
    (the security headers are added on the way out by their middleware)."""
    assert isinstance(refusal, BusyError | TooManyRequestsError)
    status = 429 if isinstance(refusal, TooManyRequestsError) else 503
    body = _REFUSAL_BODIES[type(refusal)]
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"retry-after", str(RETRY_AFTER_SECONDS).encode()),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
