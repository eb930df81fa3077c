"""Sharing a lane of heavy work fairly between client addresses.

A lane (:mod:`picas.web.heavy`'s practice and replies lanes, the hints) runs at most ``slots``
jobs at once. Without more, whoever asks fastest takes every slot: a script looping on
«Rejugar esta mano» leaves a polite player nothing. So each lane also has

* **a quota per address**: at most ``per_address`` jobs of one address admitted (running or
  waiting) at once; one more is refused at once, before anything is parsed or run (429
  ``too_many_requests``, :class:`~picas.web.errors.TooManyRequestsError`);
* **a reserve**: one address runs at most ``running_per_address`` jobs at once (the lanes: half
  their slots, at least one), so a newcomer finds a free slot at once instead of waiting for a
  job of the busy address to end; the address's next job waits in the queue meanwhile;
* **a fair queue**: when every slot is taken a job waits (at most ``waiting`` of them in all,
  then 503 ``busy``), and a freed slot goes to the waiting address that has the fewest jobs
  running, ties going round-robin (the address served longest ago first), never simply to the
  first that came. An address that sends many requests therefore gets its turn like one that
  sends one, and a newcomer with nothing running goes first.

:class:`FairShare` is the bookkeeping alone (no clock, no event loop: its tests are plain
calls); :class:`FairLane` puts it on asyncio for the server. Both are per server process.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from starlette.types import Scope

from picas.web.errors import RETRY_AFTER_SECONDS, BusyError, TooManyRequestsError

W = TypeVar("W")


class FairShare(Generic[W]):
    """Who runs and who waits in one lane. ``W`` is whatever stands for a waiting job (the
    server uses a future); the caller starts a job when :meth:`enter` or :meth:`leave` says so."""

    def __init__(
        self,
        slots: int,
        *,
        per_address: int,
        waiting: int,
        running_per_address: int | None = None,
    ) -> None:
        running_per_address = slots if running_per_address is None else running_per_address
        if slots < 1 or per_address < 1 or waiting < 0 or running_per_address < 1:
            raise ValueError("a lane needs a slot, a quota of one job and a queue of 0 or more")
        self.slots = slots
        self.per_address = per_address
        self.running_per_address = min(running_per_address, slots)
        self.waiting = waiting
        self._running: dict[str, int] = {}
        self._queues: OrderedDict[str, deque[W]] = OrderedDict()
        """Waiting jobs by address, in round-robin order (the next to be served first)."""
        self._turns: OrderedDict[str, None] = OrderedDict()
        """Every address seen lately, the one served longest ago first (the tie-break)."""
        self._waiting_count = 0

    # --- reading --------------------------------------------------------------------------------

    @property
    def running_total(self) -> int:
        return sum(self._running.values())

    @property
    def waiting_total(self) -> int:
        return self._waiting_count

    def running(self, address: str) -> int:
        return self._running.get(address, 0)

    def admitted(self, address: str) -> int:
        """Jobs of ``address`` running or waiting."""
        queue = self._queues.get(address)
        return self.running(address) + (len(queue) if queue else 0)

    def refusal(self, address: str) -> Exception | None:
        """The error a new job of ``address`` would get now (None: it would be admitted)."""
        if self.admitted(address) >= self.per_address:
            return TooManyRequestsError()
        if not self._may_run(address) and self._waiting_count >= self.waiting:
            return BusyError()
        return None

    def _may_run(self, address: str) -> bool:
        return self.running_total < self.slots and self.running(address) < self.running_per_address

    # --- changing -------------------------------------------------------------------------------

    def enter(self, address: str, waiter: W) -> bool:
        """Admit a job: True if it runs now, False if it waits (``waiter`` is handed back by
        :meth:`leave` when its turn comes). Raises the :meth:`refusal` if it is refused."""
        refusal = self.refusal(address)
        if refusal is not None:
            raise refusal
        if self._may_run(address):
            self._start(address)
            return True
        self._queues.setdefault(address, deque()).append(waiter)
        self._waiting_count += 1
        return False

    def leave(self, address: str) -> tuple[str, W] | None:
        """A running job of ``address`` has ended: its slot goes to the next waiting job, which is
        returned (with its address) and counts as running from now; None if nobody waits."""
        left = self._running[address] - 1
        if left:
            self._running[address] = left
        else:
            del self._running[address]
        chosen = self._next_address()
        if chosen is None:
            return None
        queue = self._queues[chosen]
        waiter = queue.popleft()
        if not queue:
            del self._queues[chosen]
        self._waiting_count -= 1
        self._start(chosen)
        return chosen, waiter

    def withdraw(self, address: str, waiter: W) -> bool:
        """A waiting job gives up (its client has gone); False if it was not waiting."""
        queue = self._queues.get(address)
        if queue is None or waiter not in queue:
            return False
        queue.remove(waiter)
        if not queue:
            del self._queues[address]
        self._waiting_count -= 1
        return True

    def _start(self, address: str) -> None:
        self._running[address] = self._running.get(address, 0) + 1
        self._turns.pop(address, None)
        self._turns[address] = None  # served now: last in the round-robin order
        while len(self._turns) > self.slots + self.waiting + len(self._running):
            # Forget the oldest address that holds nothing (it would go first anyway).
            oldest = next(
                a for a in self._turns if a not in self._running and a not in self._queues
            )
            del self._turns[oldest]

    def _next_address(self) -> str | None:
        """The waiting address with the fewest jobs running (and fewer than its reserve allows);
        among equals, the one served longest ago (an address never served, or forgotten, counts
        as longest ago)."""
        eligible = [a for a in self._queues if self.running(a) < self.running_per_address]
        if not eligible or self.running_total >= self.slots:
            return None
        order = {address: index for index, address in enumerate(self._turns)}
        return min(eligible, key=lambda address: (self.running(address), order.get(address, -1)))


@dataclass(eq=False)
class Ticket:
    """One job's place in a :class:`FairLane`: ``granted`` is done when it may run. Always
    :meth:`FairLane.leave` it (``finally``), whether it ran, waited or gave up."""

    address: str
    granted: asyncio.Future[None] = field(repr=False)


class FairLane:
    """:class:`FairShare` on asyncio: ``ticket = lane.enter(address)`` (refused at once if over
    quota or full), ``await ticket.granted`` (at once if a slot is free), run the job, then
    ``lane.leave(ticket)``."""

    def __init__(self, slots: int, *, per_address: int, waiting: int) -> None:
        self.share: FairShare[Ticket] = FairShare(
            slots,
            per_address=per_address,
            waiting=waiting,
            running_per_address=max(1, slots // 2),
        )
        self.repeated = RepeatedRefusals(RETRY_AFTER_SECONDS)
        """The addresses this lane refused lately that asked again too soon (kept by the gate,
        :class:`picas.web.heavy.FairGateMiddleware`)."""

    @property
    def full(self) -> bool:
        return self.share.running_total >= self.share.slots

    def refusal(self, address: str) -> Exception | None:
        return self.share.refusal(address)

    def enter(self, address: str) -> Ticket:
        ticket = Ticket(address, asyncio.get_running_loop().create_future())
        if self.share.enter(address, ticket):
            ticket.granted.set_result(None)
        return ticket

    def leave(self, ticket: Ticket) -> None:
        if ticket.granted.cancelled() or not ticket.granted.done():
            self.share.withdraw(ticket.address, ticket)  # it never ran
            ticket.granted.cancel()
            return
        turn = self.share.leave(ticket.address)
        # A waiter whose task was cancelled in the meantime cannot run: its slot passes on.
        while turn is not None and turn[1].granted.cancelled():
            turn = self.share.leave(turn[0])
        if turn is not None:
            turn[1].granted.set_result(None)


class RepeatedRefusals:
    """Addresses that were refused lately and asked again before their ``Retry-After`` had passed.

    A refusal costs the server a fraction of a millisecond, but a script that loops without a
    pause asks thousands of times a second, and those fractions (and the script's own CPU on the
    same machine) add up to a core that the polite players' replies need. So the first refusal
    is at once, and an address that asks again inside the window it was told to wait has its
    next refusal held for :data:`REPEAT_PAUSE` seconds (a timer, not work: it only slows a loop
    that ignores ``Retry-After`` down to about one request a second per connection). At most
    ``limit`` addresses are remembered, so a crowd of addresses cannot grow this without end.
    No clock inside: the caller passes ``now`` (its tests are plain calls)."""

    def __init__(self, window: float, *, limit: int = 4096) -> None:
        self.window = window
        self.limit = limit
        self._until: dict[str, float] = {}

    def repeated(self, address: str, now: float) -> bool:
        """Whether ``address`` was refused less than ``window`` seconds before ``now``."""
        until = self._until.get(address)
        return until is not None and now < until

    def note(self, address: str, now: float) -> None:
        """``address`` has just been refused."""
        if address not in self._until and len(self._until) >= self.limit:
            self._until = {known: until for known, until in self._until.items() if now < until}
            if len(self._until) >= self.limit:
                return  # every one still counts: this address is refused at once, as before
        self._until[address] = now + self.window


REPEAT_PAUSE = 1.0
"""Seconds a refusal is held for an address that asks again before its ``Retry-After`` has
passed (:class:`RepeatedRefusals`)."""


def client_address(scope: Scope, *, behind_proxy: bool) -> str:
    """Whose share a request counts against: the socket's peer; behind a proxy (``picas serve
    --behind-proxy``, set by scripts/serve-behind-nginx) the address nginx puts in ``X-Real-IP``
    (deploy/nginx.conf), since every connection then comes from nginx. Without that setting the
    header is ignored: a client cannot name itself a new address to get a new quota."""
    if behind_proxy:
        for name, value in scope.get("headers", ()):
            if name == b"x-real-ip":
                return str(value.decode("latin-1").strip())
    client = scope.get("client")
    return str(client[0]) if client else ""
