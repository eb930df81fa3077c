"""The queue's two stores, alike: entries replaced and removed only by their own socket, claims
all or nothing, the matcher's lease, the joins, the losses, the blocks, a deleted profile
forgotten. SQLite in a file, and a real redis-server."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import friends_redis
from picas.web.quick.model import Entry, Seating
from picas.web.quick.redis_store import RedisQuick
from picas.web.quick.store import Claim, QuickStore, SqliteQuick

redis_server = friends_redis.redis_server


@pytest.fixture(params=["sqlite", "redis"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[QuickStore]:
    if request.param == "sqlite":
        made: QuickStore = SqliteQuick(tmp_path / "jugadores.sqlite3")
    else:
        server = request.getfixturevalue("redis_server")
        made = RedisQuick(server.url)
    yield made
    asyncio.run(made.close())


def entry(profile: str, conn: str = "", game: str = "spades", target: int = 250) -> Entry:
    return Entry(profile, profile.title(), game, target, 1500, 10.0, conn or f"p/{profile}")


def test_a_new_socket_replaces_the_older_entry(store: QuickStore) -> None:
    async def scenario() -> None:
        await store.put_entry(entry("ana", "p/1"))
        assert (await store.status("ana", "p/1")).waiting == 1
        await store.put_entry(entry("ana", "p/2", game="corazones", target=100))
        assert [e.conn for e in await store.entries()] == ["p/2"]
        old = await store.status("ana", "p/1")
        assert old.seating is None
        assert old.waiting is None
        assert not await store.remove_entry("ana", "p/1")  # the old socket's goodbye: no effect
        assert (await store.status("ana", "p/2")).waiting == 1
        assert await store.remove_entry("ana", "p/2")
        assert await store.entries() == []

    asyncio.run(scenario())


def test_the_count_is_of_the_entrys_own_queue(store: QuickStore) -> None:
    async def scenario() -> None:
        for name in ("a", "b", "c"):
            await store.put_entry(entry(name))
        await store.put_entry(entry("d", game="corazones", target=50))
        assert (await store.status("a", "p/a")).waiting == 3
        assert (await store.status("d", "p/d")).waiting == 1

    asyncio.run(scenario())


def test_a_claim_is_all_or_nothing(store: QuickStore) -> None:
    async def scenario() -> None:
        people = [entry(name) for name in ("a", "b", "c")]
        for one in people:
            await store.put_entry(one)
        seatings = [
            Seating(e.profile, e.conn, "mesa1", s, f"tok-{s}")
            for e, s in zip(people, ("south", "west", "north"), strict=True)
        ]
        await store.remove_entry("c", "p/c")  # c went away meanwhile
        assert not await store.claim(people, seatings, time.time())
        assert sorted(e.profile for e in await store.entries()) == ["a", "b"]
        assert (await store.status("a", "p/a")).seating is None
        assert await store.claim(people[:2], seatings[:2], time.time())
        assert await store.entries() == []
        seated = (await store.status("b", "p/b")).seating
        assert seated == seatings[1]
        assert (await store.status("b", "p/other")).seating is None  # another socket: not its
        await store.drop_seating("b", "p/b")
        assert (await store.status("b", "p/b")).seating is None

    asyncio.run(scenario())


def test_the_lease_is_one_holders_until_it_runs_out(store: QuickStore) -> None:
    async def scenario() -> None:
        ttl = 0.4
        now = time.time()
        assert await store.lease("A", now, ttl)
        assert not await store.lease("B", now, ttl)
        assert await store.lease("A", now + 0.1, ttl)  # renewed
        await asyncio.sleep(ttl + 0.3)
        assert await store.lease("B", time.time(), ttl)  # A stopped renewing: taken over
        assert not await store.lease("A", time.time(), ttl)
        await store.release("A")  # not A's any more: nothing happens
        assert not await store.lease("A", time.time(), ttl)
        await store.release("B")
        assert await store.lease("A", time.time(), ttl)

    asyncio.run(scenario())


def test_joins_are_counted_over_the_last_minute(store: QuickStore) -> None:
    async def scenario() -> None:
        counts = [await store.join("ana", 1000.0 + i) for i in range(4)]
        assert counts == [1, 2, 3, 4]
        assert await store.join("luis", 1004.0) == 1
        assert await store.join("ana", 1000.0 + 61.5) == 3  # the first two are over a minute old

    asyncio.run(scenario())


def test_a_loss_counts_once_per_table(store: QuickStore) -> None:
    async def scenario() -> None:
        await store.add_loss("ana", "m1", 100.0)
        await store.add_loss("ana", "m1", 100.0)
        await store.add_loss("ana", "m2", 200.0)
        await store.add_loss("luis", "m2", 200.0)
        assert await store.losses("ana", 0.0) == [100.0, 200.0]
        assert await store.losses("ana", 150.0) == [200.0]

    asyncio.run(scenario())


def test_blocks_are_bounded_found_among_the_queue_and_forgotten(store: QuickStore) -> None:
    async def scenario() -> None:
        assert await store.block("ana", "luis", 2)
        assert await store.block("ana", "marta", 2)
        assert await store.block("ana", "marta", 2)  # again: no new one
        assert not await store.block("ana", "jorge", 2)
        assert await store.blocked("ana") == ["luis", "marta"]
        await store.block("jorge", "ana", 2)
        pairs = await store.blocks_among(["ana", "jorge", "luis"])
        assert pairs == {frozenset(("ana", "luis")), frozenset(("ana", "jorge"))}
        await store.unblock("ana", "luis")
        assert await store.blocked("ana") == ["marta"]
        await store.put_entry(entry("ana"))
        await store.add_loss("ana", "m1", 1.0)
        await store.forget("ana")
        assert await store.entries() == []
        assert await store.blocked("ana") == []
        assert await store.blocked("jorge") == []  # a block of the deleted profile goes too
        assert await store.losses("ana", 0.0) == []

    asyncio.run(scenario())


def test_a_process_is_living_until_its_word_runs_out(store: QuickStore) -> None:
    async def scenario() -> None:
        now = time.time()
        await store.alive("A", now, 0.5)
        await store.alive("B", now, 60.0)
        assert await store.living(["A", "B", "C"], now) == {"A", "B"}
        await asyncio.sleep(0.8)
        assert await store.living(["A", "B", "C"], time.time()) == {"B"}

    asyncio.run(scenario())


@pytest.mark.parametrize("together", [1, 8])
def test_a_person_being_seated_is_waiting_or_seated_at_every_look(
    store: QuickStore, request: pytest.FixtureRequest, tmp_path: Path, together: int
) -> None:
    """The process's batched look reads each waiting socket's seat, holder and queue while
    another process's matcher claims them: every look must find each person still waiting or
    already seated, never neither (which the socket would take for «replaced by another tab»).
    Hundreds of sockets make the look's reads span several of the store's reads of its input,
    between which another client's claim could run. The claims one by one, and ``together``
    tables at a time as the matcher's pass makes them."""
    if isinstance(store, RedisQuick):
        other: QuickStore = RedisQuick(request.getfixturevalue("redis_server").url)
    else:
        other = SqliteQuick(tmp_path / "jugadores.sqlite3")
    seats = ("south", "west", "north", "east")

    async def scenario() -> list[str]:
        people = [entry(f"persona{i:04d}") for i in range(600)]
        for one in people:
            await store.put_entry(one)
        asked = [(one.profile, one.conn) for one in people]
        neither: list[str] = []
        done = asyncio.Event()

        async def look() -> None:
            while not done.is_set():
                for one, status in zip(people, await other.statuses(asked), strict=True):
                    if status.seating is None and status.waiting is None:
                        neither.append(one.profile)
                await asyncio.sleep(0)  # the matcher's turn, whatever the store awaits

        def claim(start: int) -> Claim:
            group = people[start : start + 4]
            seatings = [
                Seating(one.profile, one.conn, f"mesa{start}", seat, f"tok{start}{seat}")
                for one, seat in zip(group, seats, strict=True)
            ]
            return Claim(tuple(group), tuple(seatings))

        async def seat() -> None:
            for start in range(0, len(people), 4 * together):
                ends = min(start + 4 * together, len(people))
                claims = [claim(at) for at in range(start, ends, 4)]
                if together == 1:
                    assert await store.claim(
                        list(claims[0].entries), list(claims[0].seatings), time.time()
                    )
                else:
                    assert await store.claim_many(claims, time.time()) == [True] * len(claims)
                await asyncio.sleep(0.001)
            done.set()

        await asyncio.gather(look(), seat())
        return neither

    try:
        assert asyncio.run(scenario()) == []
    finally:
        asyncio.run(other.close())


def test_claims_made_together_are_each_all_or_nothing(store: QuickStore) -> None:
    async def scenario() -> None:
        people = [entry(f"p{i}") for i in range(8)]
        for one in people:
            await store.put_entry(one)
        await store.remove_entry("p5", "p/p5")  # p5 went away meanwhile: the second table fails
        claims = [
            Claim(
                tuple(group),
                tuple(
                    Seating(e.profile, e.conn, f"mesa{start}", s, f"tok-{e.profile}")
                    for e, s in zip(group, ("south", "west", "north", "east"), strict=True)
                ),
            )
            for start in (0, 4)
            for group in [people[start : start + 4]]
        ]
        assert await store.claim_many(claims, time.time()) == [True, False]
        assert sorted(e.profile for e in await store.entries()) == ["p4", "p6", "p7"]
        for one in people[:4]:
            seated = (await store.status(one.profile, one.conn)).seating
            assert seated is not None
            assert (seated.table, seated.token) == ("mesa0", f"tok-{one.profile}")
        for one in (people[4], people[6]):
            found = await store.status(one.profile, one.conn)
            assert found.seating is None
            assert found.waiting == 3
        assert await store.claim_many([], time.time()) == []

    asyncio.run(scenario())
