"""``picas load --abuse N``: connections that misbehave below HTTP, opened after the warm-up, and
how and when the server ends each: a request with a 1 MB header, a request's head sent one byte a
second (a slowloris) and N connections that send nothing. No HTTP client sends these: they are
raw sockets, on purpose."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from typing import Any

Json = dict[str, Any]
ABUSE_WAIT = 60.0
"""Seconds an abusive connection is watched; one still open then is reported as such."""


async def _ended(reader: asyncio.StreamReader, started: float) -> Json:
    """Read until the server closes: its status (0: closed without an answer) and the time."""
    data = b""
    with contextlib.suppress(OSError, TimeoutError):
        async with asyncio.timeout(ABUSE_WAIT):
            while chunk := await reader.read(65536):
                data += chunk
    seconds = round(time.perf_counter() - started, 2)
    if seconds >= ABUSE_WAIT:
        return {"status": None, "seconds": seconds, "still_open": True}
    status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.") else 0
    return {"status": status, "seconds": seconds}


async def _big_header(host: str, port: int) -> Json:
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection(host, port)
    try:
        with contextlib.suppress(OSError):
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 1_000_000 + b"\r\n\r\n")
            await writer.drain()
        return await _ended(reader, started)
    finally:
        writer.close()


async def _trickle(host: str, port: int) -> Json:
    """A request's head, one byte a second (a slowloris)."""
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection(host, port)
    head = b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 1000 + b"\r\n\r\n"

    async def send() -> None:
        with contextlib.suppress(OSError):
            for byte in head:
                writer.write(bytes([byte]))
                await writer.drain()
                await asyncio.sleep(1)

    sender = asyncio.create_task(send())
    try:
        return await _ended(reader, started)
    finally:
        sender.cancel()
        writer.close()


async def _idle(host: str, port: int, count: int) -> Json:
    """``count`` connections that send nothing: how each ends."""
    started = time.perf_counter()
    opened = await asyncio.gather(
        *(asyncio.open_connection(host, port) for _ in range(count)), return_exceptions=True
    )
    streams = [item for item in opened if not isinstance(item, BaseException)]
    ends = await asyncio.gather(*(_ended(reader, started) for reader, _ in streams))
    for _, writer in streams:
        writer.close()
    statuses = Counter(str(end["status"]) for end in ends)
    return {
        "connections": count,
        "not_opened": count - len(streams),
        "endings": dict(statuses),
        "max_seconds": max((end["seconds"] for end in ends), default=0.0),
        "still_open": sum(1 for end in ends if end.get("still_open")),
    }


async def abuse(host: str, port: int, idle: int) -> Json:
    big, slow, lazy = await asyncio.gather(
        _big_header(host, port), _trickle(host, port), _idle(host, port, idle)
    )
    return {"header_1mb": big, "trickle_1_byte_per_second": slow, "idle": lazy}
