"""What the profiles' tests share: a store of each kind (SQLite in a fresh folder, Redis on a
real redis-server), the server's clock they move, and apps with the profiles' API alone on the
test's store. A test module takes the fixtures by name
(``store_env = profiles_helpers.store_env``)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import friends_redis
from friends_redis import RedisServer
from picas.web import Settings, errors
from picas.web.profiles.limits import ProfileLimits
from picas.web.profiles.redis_store import RedisProfiles
from picas.web.profiles.routes import install, open_profiles
from picas.web.profiles.store import ProfileStore, SqliteProfiles

KEY = b"profiles-tests-key-0123456789abcdef"


class Clock:
    """The server's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def profiles_app(
    env: dict[str, str],
    clock: Clock,
    limits: ProfileLimits | None = None,
    *,
    behind_proxy: bool = False,
) -> FastAPI:
    """An app with the profiles' API alone (and the server's error answers), on the store
    ``env`` names, with the test's clock and limits."""
    app = FastAPI()
    errors.install(app)
    settings = Settings(key=KEY, behind_proxy=behind_proxy)
    install(app, settings, open_profiles(env), limits=limits, clock=clock)
    return app


redis_server = friends_redis.redis_server  # the fixture, by name

T = TypeVar("T")
StoreRun = Callable[[Callable[[ProfileStore], Awaitable[T]]], T]


@pytest.fixture(params=["sqlite", "redis"])
def store_env(request: pytest.FixtureRequest, tmp_path: Path) -> dict[str, str]:
    """The environment naming each kind of store: SQLite in the data folder, or a real Redis."""
    url = ""
    if request.param == "redis":
        server: RedisServer = request.getfixturevalue("redis_server")
        url = server.url
    return {"PICAS_STORE": url, "PICAS_DATA_DIR": str(tmp_path)}


@pytest.fixture
def with_store(store_env: dict[str, str]) -> Callable[..., object]:
    """``with_store(body)``: runs ``body(store)`` in one event loop with a store opened as the
    server opens it (``open_profiles``), closed after."""

    def run(body: Callable[[ProfileStore], Awaitable[T]]) -> T:
        async def scenario() -> T:
            store = open_profiles(store_env)
            kind = RedisProfiles if store_env["PICAS_STORE"] else SqliteProfiles
            assert isinstance(store, kind)
            try:
                return await body(store)
            finally:
                await store.close()

        return asyncio.run(scenario())

    return run


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def api(store_env: dict[str, str], clock: Clock) -> Iterator[Callable[..., TestClient]]:
    """``api(limits=…, behind_proxy=…)``: a client of a fresh app on this test's store (several
    apps on one store are several server processes)."""
    with contextlib.ExitStack() as stack:

        def make(limits: ProfileLimits | None = None, *, behind_proxy: bool = False) -> TestClient:
            app = profiles_app(store_env, clock, limits, behind_proxy=behind_proxy)
            return stack.enter_context(TestClient(app))

        yield make
