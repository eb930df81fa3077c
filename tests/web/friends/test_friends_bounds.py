"""Bounds a stranger cannot get around: a socket that never reads is closed (its queue is bounded,
the other sockets are not held up), and an idle table is closed after its documented time."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx2
from friends_helpers import create, server

from picas.web.friends.hub import CLOSE_TOO_SLOW, Conn, Hub


class StuckSocket:
    """A peer that never reads: every send waits for ever."""

    def __init__(self) -> None:
        self.sent = 0
        self.closed_with: int | None = None

    async def send_text(self, text: str) -> None:
        self.sent += 1
        await asyncio.Event().wait()

    async def close(self, code: int = 1000) -> None:
        self.closed_with = code


class ReadingSocket(StuckSocket):
    async def send_text(self, text: str) -> None:
        self.sent += 1


def test_a_socket_that_never_reads_is_closed_and_holds_nobody_up() -> None:
    async def scenario() -> tuple[Conn, Conn, Any, Any]:
        async def no_resync(conn: Conn) -> None:
            return None

        hub = Hub(no_resync, lambda code, message: code)
        stuck_socket, reader_socket = StuckSocket(), ReadingSocket()
        stuck = Conn(stuck_socket, "t", "south", "a", 8)  # type: ignore[arg-type]
        reader = Conn(reader_socket, "t", "north", "b", 8)  # type: ignore[arg-type]
        for conn in (stuck, reader):
            hub.add(conn)
            hub.welcomed(conn, 0, "{}")
        writers = [asyncio.create_task(conn.write()) for conn in (stuck, reader)]
        for seq in range(1, 40):
            hub.deliver("t", seq, {"south": "{}", "north": "{}"})
            await asyncio.sleep(0)
        for _ in range(10):  # let the reader's writer send what is queued
            await asyncio.sleep(0)
        writers[0].cancel()
        writers[1].cancel()
        return stuck, reader, stuck_socket, reader_socket

    stuck, reader, _, reader_socket = asyncio.run(scenario())
    assert stuck.closed
    assert stuck.close_code == CLOSE_TOO_SLOW
    assert not reader.closed
    assert reader_socket.sent == 40  # the welcome and every update
    assert reader.seq == 39


def test_an_idle_table_is_closed_after_its_time(tmp_path: Path) -> None:
    with server(tmp_path, PICAS_FRIENDS_IDLE="1") as base:
        table_id = create(base)["table"]["id"]
        first = httpx2.get(f"{base}/api/mesas/{table_id}", timeout=10)
        time.sleep(1.5)
        later = httpx2.get(f"{base}/api/mesas/{table_id}", timeout=10)
    assert first.status_code == 200
    assert first.json()["expires_in"] <= 1
    assert later.status_code == 404
    assert later.json()["error"]["code"] == "table_not_found"
