"""One POST through an app's ASGI interface, as uvicorn would make it: what the server benches
(``picas bench server`` and its ``--refusals``) time, with no network in between."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.types import ASGIApp, Message


async def post(app: ASGIApp, path: str, body: bytes) -> tuple[int, bytes]:
    """One POST through the ASGI interface, as uvicorn would make it."""
    scope: dict[str, Any] = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [
            (b"host", b"bench"),
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
        ],
        "client": ("127.0.0.1", 9),
        "server": ("bench", 80),
    }
    delivered = False
    status = 0
    chunks: list[bytes] = []

    async def receive() -> Message:
        nonlocal delivered
        if delivered:  # the client stays until the answer, as a browser does
            await asyncio.get_running_loop().create_future()
        delivered = True
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: Message) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await app(scope, receive, send)
    return status, b"".join(chunks)
