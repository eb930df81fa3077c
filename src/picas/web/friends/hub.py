"""This process's sockets, by table, and the fan-out of each stored change to them.

Every socket has its own queue of outgoing texts and one task that writes them: a socket that
never reads fills its queue and is closed (4410), it never holds up the others. Each socket is
sent each ``seq`` of its table once, in order; a gap (a change this process did not hear of)
is mended with a fresh ``welcome`` built from the store.

A seated socket is bound to its **person** (the seat token's digest), never to a seat: every
change carries the table's seating (:data:`SEATING`, person → seat, server-side only), and the
socket is given the message of the seat its person holds at that change. When that seat is not
the one the socket was reading (the host moved them) the socket gets a fresh ``welcome`` of its
new seat before anything else; when its person no longer sits at the table (freed, handed to
the CPU in the waiting room, left) it is told so and closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket

log = logging.getLogger("picas.web")

CLOSE_TOO_SLOW = 4410
CLOSE_SEAT_LOST = 4401
SEATING = "@seating"
"""The key of a change's messages that holds the seating (JSON: person → seat), not a viewer."""
Messages = dict[str, str]


@dataclass(eq=False)
class Conn:
    """One socket: who it is (``person``: a seat token's digest, None for a watcher), whose
    messages it reads now (``viewer``: that person's seat key, or ``"public"``), what it has
    been sent."""

    socket: WebSocket
    table_id: str
    viewer: str
    owner: str
    queue_size: int
    person: str | None = None
    address: str = ""
    """The client's address (watchers are capped per address)."""
    seq: int | None = None
    """The last ``seq`` sent; None until its ``welcome`` is sent (updates wait meanwhile)."""
    pending: list[tuple[int, Messages]] = field(default_factory=list)
    queue: asyncio.Queue[str | None] = field(init=False)
    closed: bool = False
    close_code: int | None = None

    def __post_init__(self) -> None:
        self.queue = asyncio.Queue(self.queue_size)

    def push(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.shut(CLOSE_TOO_SLOW)

    def shut(self, code: int) -> None:
        """Close after what is queued (or now, if the queue is what is full)."""
        if self.closed:
            return
        self.closed = True
        self.close_code = code
        if self.queue.full():
            with contextlib.suppress(asyncio.QueueEmpty):
                while True:
                    self.queue.get_nowait()
        self.queue.put_nowait(None)

    async def write(self) -> None:
        """The socket's writer: sends the queue in order, then closes."""
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    break
                await self.socket.send_text(text)
        except Exception:  # the peer went away: the reader notices and cleans up
            return
        with contextlib.suppress(Exception):
            await self.socket.close(code=self.close_code or 1000)


Resync = Callable[[Conn], Coroutine[Any, Any, None]]
Bye = Callable[[str, str], str]


def seat_lost(make_bye: Bye) -> str:
    return make_bye("seat_lost", "Ya no tienes asiento en esta mesa.")


class Hub:
    def __init__(self, resync: Resync, bye: Bye) -> None:
        self._tables: dict[str, set[Conn]] = {}
        self._resync = resync
        self._bye = bye
        self._tasks: set[asyncio.Task[None]] = set()

    def conns(self, table_id: str) -> set[Conn]:
        return self._tables.get(table_id, set())

    def add(self, conn: Conn) -> bool:
        """Register ``conn``; False if its table is new to this process (subscribe to it)."""
        conns = self._tables.setdefault(conn.table_id, set())
        first = not conns
        conns.add(conn)
        return first

    def remove(self, conn: Conn) -> bool:
        """Unregister ``conn``; True if it was the table's last socket here."""
        conns = self._tables.get(conn.table_id)
        if conns is None:
            return False
        conns.discard(conn)
        if conns:
            return False
        del self._tables[conn.table_id]
        return True

    def welcomed(self, conn: Conn, seq: int, text: str) -> None:
        """``conn``'s snapshot at ``seq`` goes out, then the updates that came meanwhile."""
        conn.push(text)
        conn.seq = seq
        pending, conn.pending = conn.pending, []
        for later, messages in sorted(pending, key=lambda item: item[0]):
            if conn.seq is None:  # rebound or resynced by an earlier one: the welcome will do
                break
            self._send(conn, later, messages)

    def deliver(self, table_id: str, seq: int, messages: Messages) -> None:
        """A stored change of ``table_id``: each socket here gets its person's seat's message."""
        for conn in list(self.conns(table_id)):
            if conn.seq is None:
                conn.pending.append((seq, messages))
            else:
                self._send(conn, seq, messages)

    def resync_table(self, table_id: str) -> None:
        """Changes of ``table_id`` may have been missed: each socket here gets a ``welcome``."""
        for conn in list(self.conns(table_id)):
            if conn.seq is not None:
                self.resync(conn)

    def resync(self, conn: Conn) -> None:
        """``conn`` gets a fresh ``welcome`` (built from the store) before anything else."""
        conn.seq = None
        conn.pending = []
        self._spawn(conn)

    def _spawn(self, conn: Conn) -> None:
        task = asyncio.get_running_loop().create_task(self._resync(conn))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _send(self, conn: Conn, seq: int, messages: Messages) -> None:
        assert conn.seq is not None
        if seq <= conn.seq:
            return  # sent already (the snapshot included it)
        if seq != conn.seq + 1:
            # A gap: changes this process did not hear of. The store has the truth.
            self.resync(conn)
            return
        if conn.person is not None and SEATING in messages:
            seat = _seating(messages[SEATING]).get(conn.person)
            if seat is None:
                conn.push(seat_lost(self._bye))
                conn.shut(CLOSE_SEAT_LOST)
                return
            if seat != conn.viewer:
                # Moved: not one message more of the old seat; the new seat's whole present.
                conn.viewer = seat
                self.resync(conn)
                return
        text = messages.get(conn.viewer)
        if text is None:
            return
        conn.push(text)
        conn.seq = seq


@functools.lru_cache(maxsize=256)
def _seating(text: str) -> dict[str, str]:
    """A change's seating, read once for all the sockets of its table (do not change it)."""
    seating = json.loads(text)
    return seating if isinstance(seating, dict) else {}
