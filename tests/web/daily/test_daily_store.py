"""The two stores of the day's challenge, held to the same behaviour: SQLite (the people's file)
and Redis (a real redis-server)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

import friends_redis
from friends_redis import RedisServer
from picas.web.daily.model import AttemptDoc, draw_day
from picas.web.daily.redis_store import RedisDaily
from picas.web.daily.store import DailyStore, SqliteDaily

redis_server = friends_redis.redis_server
DAY = "2026-03-14"


@pytest.fixture(params=["sqlite", "redis"])
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def opener(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[object]:
    if kind == "sqlite":
        yield lambda: SqliteDaily(tmp_path / "jugadores.sqlite3")
    else:
        server: RedisServer = request.getfixturevalue("redis_server")
        yield lambda: RedisDaily(server.url)


def _run(opener: object, scenario: object) -> None:
    async def go() -> None:
        store: DailyStore = opener()  # type: ignore[operator]
        try:
            await scenario(store)  # type: ignore[operator]
        finally:
            await store.close()

    asyncio.run(go())


def test_a_day_is_drawn_once_and_opened_once(opener: object) -> None:
    async def scenario(store: DailyStore) -> None:
        first, second = draw_day("spades", DAY, 1.0), draw_day("spades", DAY, 2.0)
        assert first.code != second.code
        kept = await asyncio.gather(store.draw(first), store.draw(second))
        assert kept[0].code == kept[1].code
        assert kept[0].code in (first.code, second.code)
        assert kept[0].opened is None
        opened = kept[0]
        opened.baseline, opened.baseline_hands = ["2C"], [10, -20]
        done = await store.open(opened, 5.0)
        assert done.opened == 5.0
        assert done.baseline_hands == [10, -20]
        later = kept[0]
        later.baseline_hands = [99]
        again = await store.open(later, 6.0)
        assert again.opened == 5.0
        assert again.baseline_hands == [10, -20]
        other = await store.day("corazones", DAY)
        assert other is None

    _run(opener, scenario)


def test_the_preparation_lease_is_one_owners_until_it_runs_out(opener: object) -> None:
    async def scenario(store: DailyStore) -> None:
        assert await store.lease("spades", DAY, "a", 100.0, 0.5)
        assert not await store.lease("spades", DAY, "b", 100.1, 0.5)
        assert await store.lease("spades", DAY, "a", 100.2, 0.5)  # renewed by its owner
        assert await store.lease("corazones", DAY, "b", 100.2, 0.5)  # another day's own
        await asyncio.sleep(0.7)
        assert await store.lease("spades", DAY, "b", 100.9, 0.5)

    _run(opener, scenario)


def test_one_ranked_attempt_per_profile_written_once_and_ranked(opener: object) -> None:
    async def scenario(store: DailyStore) -> None:
        assert await store.claim(AttemptDoc("spades", DAY, "ana", "t1", 1.0))
        assert not await store.claim(AttemptDoc("spades", DAY, "ana", "t2", 2.0))
        assert await store.claim(AttemptDoc("spades", DAY, "luis", "t3", 2.0))
        assert await store.claim(AttemptDoc("spades", DAY, "eva", "t4", 2.0))
        assert await store.claim(AttemptDoc("spades", "2026-03-13", "ana", "t0", 0.5))
        pending = await store.pending("spades", DAY)
        assert sorted(item.profile for item in pending) == ["ana", "eva", "luis"]
        result = AttemptDoc("spades", DAY, "ana", "t1", 1.0, 30, [10, 20], ["2C"], 9.0)
        assert await store.finish(result)
        assert not await store.finish(
            AttemptDoc("spades", DAY, "ana", "t1", 1.0, 99, [99], [], 9.5)
        )
        assert not await store.finish(
            AttemptDoc("spades", DAY, "ana", "t2", 1.0, 99, [99], [], 9.5)
        )
        assert await store.finish(AttemptDoc("spades", DAY, "luis", "t3", 2.0, 45, [45], [], 10.0))
        assert await store.finish(AttemptDoc("spades", DAY, "eva", "t4", 2.0, 30, [30], [], 11.0))
        stored = await store.attempt("spades", DAY, "ana")
        assert stored == result
        assert await store.pending("spades", DAY) == []
        standing = await store.standing("spades", DAY, 0, 10)
        assert standing.players == 3
        assert standing.best == 45
        assert [row.profile for row in standing.rows] == ["luis", "ana", "eva"]
        assert await store.better("spades", DAY, 30) == 1
        assert await store.better("spades", DAY, 45) == 0
        page = await store.standing("spades", DAY, 1, 1)
        assert [row.total for row in page.rows] == [30]
        assert await store.days_of("spades", "ana", 10) == [DAY, "2026-03-13"]
        await store.unclaim("spades", "2026-03-13", "ana", "t0")
        assert await store.days_of("spades", "ana", 10) == [DAY]
        await store.forget("ana")
        assert await store.attempt("spades", DAY, "ana") is None
        assert (await store.standing("spades", DAY, 0, 10)).players == 2
        assert await store.days_of("spades", "ana", 10) == []

    _run(opener, scenario)


def test_what_is_stored_is_there_after_a_restart(
    opener: object, kind: str, request: pytest.FixtureRequest
) -> None:
    async def write(store: DailyStore) -> None:
        await store.draw(draw_day("corazones", DAY, 1.0))
        await store.claim(AttemptDoc("corazones", DAY, "ana", "t1", 1.0))
        await store.finish(AttemptDoc("corazones", DAY, "ana", "t1", 1.0, -3, [-3], [], 2.0))

    async def read(store: DailyStore) -> None:
        day = await store.day("corazones", DAY)
        assert day is not None
        assert (await store.standing("corazones", DAY, 0, 5)).best == -3

    _run(opener, write)
    if kind == "redis":  # the server itself restarts, from its append-only file
        server: RedisServer = request.getfixturevalue("redis_server")
        server.stop()
        server.start()
    _run(opener, read)
