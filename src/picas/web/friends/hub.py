"""This process's sockets, by table, and the fan-out of each stored change to them.

Every socket has its own queue of outgoing texts and one task that writes them: a socket that
never reads fills its queue and is closed (4410), it never holds up the others. Each socket is
sent each ``seq`` of its table once, in order; a gap (a change this process did not hear of)
is mended with a fresh ``welcome`` built from the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket

log = logging.getLogger("picas.web")

CLOSE_TOO_SLOW = 4410


@dataclass(eq=False)
class Conn:
    """One socket: who it is (``viewer``: a seat key or ``"public"``), what it has been sent."""

    socket: WebSocket
    table_id: str
    viewer: str
    owner: str
    queue_size: int
    seq: int | None = None
    """The last ``seq`` sent; None until its ``welcome`` is sent (updates wait meanwhile)."""
    pending: list[tuple[int, str]] = field(default_factory=list)
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


class Hub:
    def __init__(self, resync: Resync) -> None:
        self._tables: dict[str, set[Conn]] = {}
        self._resync = resync
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
        for later, message in sorted(pending):
            self._send(conn, later, message)

    def deliver(self, table_id: str, seq: int, messages: dict[str, str]) -> None:
        """A stored change of ``table_id``: each socket here gets its viewer's message."""
        for conn in list(self.conns(table_id)):
            text = messages.get(conn.viewer)
            if text is None:
                continue
            if conn.seq is None:
                conn.pending.append((seq, text))
            else:
                self._send(conn, seq, text)

    def resync_table(self, table_id: str) -> None:
        """Changes of ``table_id`` may have been missed: each socket here gets a ``welcome``."""
        for conn in list(self.conns(table_id)):
            if conn.seq is not None:
                conn.seq = None
                self._spawn(conn)

    def _spawn(self, conn: Conn) -> None:
        task = asyncio.get_running_loop().create_task(self._resync(conn))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _send(self, conn: Conn, seq: int, text: str) -> None:
        assert conn.seq is not None
        if seq <= conn.seq:
            return  # sent already (the snapshot included it)
        if seq == conn.seq + 1:
            conn.push(text)
            conn.seq = seq
            return
        # A gap: changes this process did not hear of. The store has the truth.
        conn.seq = None
        self._spawn(conn)
