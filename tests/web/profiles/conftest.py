"""A profile store of each kind: SQLite in a fresh folder, and Redis on a real redis-server."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

import pytest

import friends_redis
from friends_redis import RedisServer
from picas.web.profiles.redis_store import RedisProfiles
from picas.web.profiles.routes import open_profiles
from picas.web.profiles.store import ProfileStore, SqliteProfiles

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
