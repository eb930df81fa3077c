"""«Jugar ya»'s tests: the whole app on a real uvicorn server (as the friends' tests run it),
profiles made over HTTP, the queue's socket through the websockets library, the tables played by
the friends' simulated people, and a ratings service that records what it is given."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
import uvicorn
import websockets
from fastapi import FastAPI
from websockets.typing import Origin

from picas.cli.friends_client import Person, Sent
from picas.web import Settings, create_app
from picas.web.protocol import GuardedHttpToolsProtocol
from picas.web.quick.ports import DEFAULT_RATING, RatedResult
from picas.web.ws_protocol import QuietWebSocketProtocol

# The friends' frame check (every frame's cards are its own seat's) is reused as it is.
sys.path.append(str(Path(__file__).resolve().parents[1] / "friends"))

KEY = b"quick-tests-key-0123456789abcdef!"
Json = dict[str, Any]


@dataclass
class RecordingRatings:
    """``app.state.ratings`` for these tests: each ``record`` is kept as it came (a second call
    with the same id is kept too, so a test sees it); ratings are the ``preset`` ones."""

    preset: dict[tuple[str, str], int] = field(default_factory=dict)
    recorded: list[RatedResult] = field(default_factory=list)

    async def record(self, result: RatedResult) -> dict[str, Any]:
        self.recorded.append(result)
        return {}

    async def rating(self, game: str, player: str) -> int:
        return self.preset.get((game, player), DEFAULT_RATING)


@dataclass
class Clock:
    """The matcher's clock: the real one moved on by ``ahead`` seconds."""

    ahead: float = 0.0

    def __call__(self) -> float:
        return time.time() + self.ahead


@dataclass
class Server:
    base: str
    app: FastAPI
    ratings: RecordingRatings
    clock: Clock

    @property
    def ws(self) -> str:
        return self.base.replace("http://", "ws://") + "/api/ya/ws"


@contextlib.contextmanager
def server(data_dir: Path, *, real_ratings: bool = False, **env: str) -> Iterator[Server]:
    """The app on uvicorn; every test client connects from 127.0.0.1, so the queue keeps
    addresses apart only when a test asks for it (``PICAS_YA_APART_BY_ADDRESS="1"``). The
    ratings are a recording stand-in unless ``real_ratings``."""
    env = {"PICAS_YA_APART_BY_ADDRESS": "0", **env}
    saved = {name: os.environ.get(name) for name in ("PICAS_DATA_DIR", *env)}
    os.environ["PICAS_DATA_DIR"] = str(data_dir)
    os.environ.update(env)
    try:
        app = create_app(Settings(key=KEY))
        ratings = RecordingRatings()
        if not real_ratings:
            app.state.ratings = ratings
        clock = Clock()
        app.state.quick.clock = clock
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
            yield Server(f"http://127.0.0.1:{port}", app, ratings, clock)
        finally:
            instance.should_exit = True
            thread.join(timeout=15)
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def profile(base: str, name: str) -> tuple[str, str]:
    """A new profile: its id and its token."""
    response = httpx.post(base + "/api/perfil", json={"name": name}, timeout=20)
    assert response.status_code == 201, response.text
    data = response.json()
    return data["profile"]["id"], data["token"]


async def connect(srv: Server, address: str | None = None) -> Any:
    local = None if address is None else (address, 0)
    return await websockets.connect(
        srv.ws, origin=Origin(srv.base), open_timeout=20, local_addr=local
    )


async def hello(
    srv: Server, token: str, game: str = "spades", target: int = 250, address: str | None = None
) -> Any:
    """A socket in the queue (its ``hello`` sent), from ``address`` if given."""
    ws = await connect(srv, address)
    await ws.send(json.dumps({"type": "hello", "token": token, "game": game, "target": target}))
    return ws


async def next_message(ws: Any, timeout: float = 20.0) -> Json:
    message: Json = json.loads(await asyncio.wait_for(ws.recv(), timeout))
    return message


async def until(ws: Any, kind: str, timeout: float = 30.0) -> Json:
    """The next message of type ``kind`` (others skipped; an error fails)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        left = deadline - asyncio.get_running_loop().time()
        message = await next_message(ws, max(left, 0.01))
        if message["type"] == kind:
            return message
        assert message["type"] in ("queued", "pong"), message


def person(srv: Server, table_id: str, token: str) -> Person:
    url = srv.base.replace("http://", "ws://") + f"/api/mesas/{table_id}/ws"
    return Person(url, table_id, token, origin=srv.base, sent=Sent(), keep=True)


def table(srv: Server, table_id: str) -> Json:
    response = httpx.get(f"{srv.base}/api/mesas/{table_id}", timeout=20)
    assert response.status_code == 200, response.text
    data: Json = response.json()
    return data


def leave(srv: Server, table_id: str, token: str) -> None:
    response = httpx.post(f"{srv.base}/api/mesas/{table_id}/leave", json={"token": token})
    assert response.status_code == 200, response.text


def run(*coros: Any, timeout: float = 300) -> Any:
    async def together() -> Any:
        results = await asyncio.wait_for(asyncio.gather(*coros), timeout)
        return results[0] if len(results) == 1 else results

    return asyncio.run(together())


async def wait_for(predicate: Any, timeout: float = 20.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not predicate():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.05)


async def wait_entries(srv: Server, count: int, timeout: float = 20.0) -> None:
    """Until the queue holds ``count`` entries (the SQLite store: its calls are loop-free)."""
    store = srv.app.state.quick.store
    deadline = asyncio.get_running_loop().time() + timeout
    while len(await store.entries()) != count:
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.05)


def recorded(srv: Server, table_id: str, timeout: float = 20.0) -> list[RatedResult]:
    """The results recorded for ``table_id``, once there is one (and a moment more, so that a
    second one would be seen)."""
    deadline = time.monotonic() + timeout
    while not any(r.id == table_id for r in srv.ratings.recorded):
        assert time.monotonic() < deadline, "no result recorded"
        time.sleep(0.05)
    time.sleep(0.5)
    return [r for r in srv.ratings.recorded if r.id == table_id]


@pytest.fixture(params=["sqlite", "redis"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Where two processes' stores meet: a folder of SQLite files, or a real redis-server's URL
    (the module using it imports ``redis_server`` too)."""
    if request.param == "sqlite":
        yield str(tmp_path)
    else:
        yield request.getfixturevalue("redis_server").url
