"""Raw-socket HTTP for the tests of what a server does before (or instead of) answering: send
bytes as they are, read until the other side closes, and time it."""

from __future__ import annotations

import socket
import time


def read_all(sock: socket.socket) -> bytes:
    """Everything the other side sends until it closes (or resets) the connection."""
    chunks = []
    while True:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


def exchange(
    address: tuple[str, int], data: bytes, *, wait: float, source: str | None = None
) -> tuple[bytes, float]:
    """Send ``data``, read until the other side closes; what came back and the seconds taken.
    ``source``: the client's own address (127.0.0.2… are this machine too)."""
    started = time.monotonic()
    bind = None if source is None else (source, 0)
    with socket.create_connection(address, timeout=wait, source_address=bind) as sock:
        sock.sendall(data)
        return read_all(sock), time.monotonic() - started
