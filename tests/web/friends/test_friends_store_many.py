"""Tables stored together (``Store.create_many``, the tables a pass of «Jugar ya»'s matcher
opens): each stored as ``create`` stores one, refused on its own past the limits (the others
stored all the same), and a table stored dealt is due when its clock says. SQLite in a file, and
a real redis-server."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import friends_redis
from picas.web.friends.redis_store import RedisStore
from picas.web.friends.store import NewTable, SqliteStore, Store, TablesFull, TooManyTables

redis_server = friends_redis.redis_server  # the fixture, by name


@pytest.fixture(params=["sqlite", "redis"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        made: Store = SqliteStore(tmp_path / "mesas.sqlite3")
    else:
        made = RedisStore(request.getfixturevalue("redis_server").url)
    yield made
    asyncio.run(made.close())


def new(table_id: str, address: str, limits: tuple[int, int], due: float | None = None) -> NewTable:
    return NewTable({"id": table_id, "seq": 1, "n": table_id}, address, limits, ttl=60, due=due)


def test_each_table_is_stored_or_refused_on_its_own(store: Store) -> None:
    async def scenario() -> None:
        await store.create(new("before", "b", (5, 4)))
        refused = await store.create_many(
            [
                new("a1", "a", (2, 4)),
                new("a2", "a", (2, 4)),
                new("a3", "a", (2, 4)),  # a third of address a: too many
                new("b1", "b", (5, 4)),  # the fourth table of all
                new("b2", "b", (5, 4)),  # a fifth: full
                new("c1", "c", (5, 9)),  # a roomier limit: stored
            ]
        )
        kinds = [None if error is None else type(error) for error in refused]
        assert kinds == [None, None, TooManyTables, None, TablesFull, None]
        for table_id in ("before", "a1", "a2", "b1", "c1"):
            assert await store.load(table_id) == {"id": table_id, "seq": 1, "n": table_id}
        for table_id in ("a3", "b2"):
            assert await store.load(table_id) is None
        # Stored together or one by one, the limits count the same tables.
        with pytest.raises(TooManyTables):
            await store.create(new("a4", "a", (2, 9)))
        assert await store.create_many([]) == []

    asyncio.run(scenario())


def test_a_table_stored_dealt_is_due_when_its_clock_says(store: Store) -> None:
    async def scenario() -> None:
        now = time.time()
        refused = await store.create_many(
            [
                new("now", "ya", (10, 10), due=now - 1),
                new("later", "ya", (10, 10), due=now + 30),
                new("never", "ya", (10, 10)),
            ]
        )
        assert refused == [None, None, None]
        assert await store.due(now) == ["now"]
        assert sorted(await store.due(now + 31)) == ["later", "now"]

    asyncio.run(scenario())
