"""The friends' tables' tests: a real server (uvicorn, the guarded protocol, WebSockets) on a free
loopback port, REST calls and simulated people (:mod:`picas.cli.friends_client`)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import uvicorn

from picas.cli.friends_client import Person, Sent
from picas.web import Settings, create_app
from picas.web.protocol import GuardedHttpToolsProtocol
from picas.web.ws_protocol import QuietWebSocketProtocol

KEY = b"friends-tests-key-0123456789abcdef"
Json = dict[str, Any]


@contextlib.contextmanager
def server(data_dir: Path, **env: str) -> Iterator[str]:
    """The whole app on uvicorn (the guarded HTTP protocol, so its WebSocket upgrade is tested
    too), its tables in ``data_dir``: the base URL."""
    saved = {name: os.environ.get(name) for name in ("PICAS_DATA_DIR", *env)}
    os.environ["PICAS_DATA_DIR"] = str(data_dir)
    os.environ.update(env)
    try:
        app = create_app(Settings(key=KEY))
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port: int = sock.getsockname()[1]
        config = uvicorn.Config(
            app,
            host="127.0.0.1",
            port=port,
            log_level="warning",
            http=GuardedHttpToolsProtocol,
            ws=QuietWebSocketProtocol,
            ws_max_size=4096,
        )
        instance = uvicorn.Server(config)
        thread = threading.Thread(target=instance.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + 20
        while not instance.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            instance.should_exit = True
            thread.join(timeout=15)
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def post(base: str, path: str, body: Json) -> httpx.Response:
    return httpx.post(base + path, json=body, timeout=20)


def create(base: str, game: str = "spades", **extra: Any) -> Json:
    body: Json = {"game": game, "name": "Ana", "level": "facil"} | extra
    response = post(base, "/api/mesas", body)
    assert response.status_code == 200, response.text
    data: Json = response.json()
    return data


def sit(base: str, table_id: str, seat: str, name: str) -> Json:
    response = post(base, f"/api/mesas/{table_id}/seats", {"seat": seat, "name": name})
    assert response.status_code == 200, response.text
    data: Json = response.json()
    return data


def host(base: str, table_id: str, token: str, action: Json) -> httpx.Response:
    return post(base, f"/api/mesas/{table_id}/host", {"token": token, "action": action})


def person(base: str, table_id: str, token: str | None, sent: Sent | None = None) -> Person:
    url = base.replace("http://", "ws://") + f"/api/mesas/{table_id}/ws"
    return Person(url, table_id, token, origin=base, sent=sent or Sent())


def table_of(base: str, game: str, seats: list[str], **extra: Any) -> tuple[str, dict[str, str]]:
    """A table with people at ``seats`` (South is the host): its id and each seat's token."""
    made = create(base, game, **extra)
    table_id = made["table"]["id"]
    tokens = {"south": made["token"]}
    for seat in seats:
        if seat != "south":
            tokens[seat] = sit(base, table_id, seat, seat.capitalize())["token"]
    return table_id, tokens


def run(*coros: Any, timeout: float = 120) -> Any:
    """Run the coroutines together in a new event loop, within ``timeout`` seconds: the one's
    result, or the list of them."""

    async def together() -> Any:
        results = await asyncio.wait_for(asyncio.gather(*coros), timeout)
        return results[0] if len(results) == 1 else results

    return asyncio.run(together())
