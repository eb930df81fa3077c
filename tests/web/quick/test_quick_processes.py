"""Two server processes' worth of «Jugar ya» on one store (SQLite and a real redis-server): the
matcher runs in one at a time and the other takes over within seconds when it stops; a rated
table's end is rated once even when both processes store it."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import quick_helpers
from quick_helpers import KEY, RecordingRatings

import friends_redis
from picas.shared.errors import PicasError
from picas.web.friends.limits import FriendsLimits
from picas.web.friends.messages import HostIn
from picas.web.friends.model import FriendsTable, token_digest
from picas.web.friends.redis_store import RedisStore
from picas.web.friends.service import Friends
from picas.web.friends.store import SqliteStore, Store
from picas.web.quick.matcher import Found
from picas.web.quick.model import Entry
from picas.web.quick.rated import RatedTables
from picas.web.quick.redis_store import RedisQuick
from picas.web.quick.service import Quick, QuickLimits
from picas.web.quick.store import QuickStore, SqliteQuick
from picas.web.settings import Settings
from picas.web.table import Table

redis_server = friends_redis.redis_server
where = quick_helpers.where
LIMITS = QuickLimits(lease_ttl=1.0, match_every=0.1)


@dataclass
class Process:
    """One server process's part: its stores' connections, its friends' service, its queue."""

    friends: Friends
    quick: Quick
    ratings: RecordingRatings


def _process(where: str, ratings: RecordingRatings, name: str, clock: Any = time.time) -> Process:
    table = Table(Settings(key=KEY))
    if where.startswith("redis://"):
        store: Store = RedisStore(where)
        queue: QuickStore = RedisQuick(where)
    else:
        store = SqliteStore(Path(where) / "mesas.sqlite3")
        queue = SqliteQuick(Path(where) / "jugadores.sqlite3")
    friends = Friends(
        store,
        FriendsLimits(),
        bot=lambda game, level: table.bot("normal", game=game),
        sign=table.sign,
        clock=clock,
    )
    rated = RatedTables(friends, queue, lambda: ratings, clock=clock)
    friends.rated_hooks = rated
    return Process(friends, Quick(queue, rated, lambda: ratings, LIMITS, process=name), ratings)


async def _close(*processes: Process) -> None:
    for one in processes:
        await one.quick.stop_matcher()
        await one.friends.settle()
        await one.quick.store.close()
        await one.friends.store.close()


def test_the_matcher_runs_in_one_process_and_another_takes_over(where: str) -> None:
    async def scenario() -> float:
        ratings = RecordingRatings()
        a, b = _process(where, ratings, "A"), _process(where, ratings, "B")
        try:
            a.quick.start_matcher()
            await asyncio.sleep(0.3)
            b.quick.start_matcher()
            for _ in range(10):
                await asyncio.sleep(0.2)
                assert a.quick.holding
                assert not b.quick.holding
            a.quick.paused = True  # as if A's process had died: its lease is not renewed
            stopped = time.monotonic()
            while not b.quick.holding:
                assert time.monotonic() - stopped < 10, "nobody took the matcher over"
                await asyncio.sleep(0.05)
            took = time.monotonic() - stopped
            assert not a.quick.holding
            # B's matcher seats the people A's sockets queued.
            entries = [await a.quick.join(f"p{i}", f"P{i}", "corazones", 50) for i in range(4)]
            deadline = time.monotonic() + 10
            statuses = [await a.quick.status(e) for e in entries]
            while any(s.seating is None for s in statuses):
                assert time.monotonic() < deadline, "not seated"
                await asyncio.sleep(0.1)
                statuses = [await a.quick.status(e) for e in entries]
            tables = {s.seating.table for s in statuses if s.seating is not None}
            assert len(tables) == 1
            stored = await a.friends.load(tables.pop())
            assert stored.rated is not None
            assert sorted(stored.rated["seats"].values()) == [e.profile for e in entries]
            return took
        finally:
            await _close(a, b)

    took = asyncio.run(scenario())
    assert took <= LIMITS.lease_ttl + 2.0


def _found(game: str = "corazones") -> Found:
    target = 250 if game == "spades" else 50
    people = [Entry(f"p{i}", f"P{i}", game, target, 1500, 0.0, f"c{i}") for i in range(4)]
    return Found(game, target, (people[0], people[1], people[2], people[3]))


def _everyone_left(table: FriendsTable) -> None:
    for key in table.seats:
        table.seats[key] = type(table.seats[key])(kind="cpu")


def test_a_rated_end_stored_by_two_processes_is_rated_once(where: str) -> None:
    async def scenario() -> RecordingRatings:
        ratings = RecordingRatings()
        a, b = _process(where, ratings, "A"), _process(where, ratings, "B")
        try:
            await a.friends.store.start()
            await b.friends.store.start()
            tokens = {key: f"tok-{key}" for key in ("south", "west", "north", "east")}
            await a.quick.rated.open("mesa-ya-1", _found(), tokens)
            mine = await a.friends.load("mesa-ya-1")
            theirs = await b.friends.load("mesa-ya-1")
            seq = mine.seq
            _everyone_left(mine)
            _everyone_left(theirs)
            # Both processes end the same game from the same stored table: one store wins.
            stored = [
                await a.friends._commit(mine, seq, {}),
                await b.friends._commit(theirs, seq, {}),
            ]
            assert stored == [True, False]
            await a.friends.settle()
            await b.friends.settle()
            # B tries again on the table as stored now: the result is there, nothing more.
            again = await b.friends.load("mesa-ya-1")
            assert again.rated is not None
            assert again.rated["result"]["id"] == "mesa-ya-1"
            assert await b.friends._commit(again, again.seq, {})
            await b.friends.settle()
            losses = [await a.quick.store.losses(f"p{i}", 0.0) for i in range(4)]
            assert [len(each) for each in losses] == [1, 1, 1, 1]
            return ratings
        finally:
            await _close(a, b)

    ratings = asyncio.run(scenario())
    assert [r.id for r in ratings.recorded] == ["mesa-ya-1"]
    assert all(seat.left for seat in ratings.recorded[0].seats)


def test_the_entries_of_a_process_that_died_leave_the_queue(where: str) -> None:
    """A process killed outright cannot take its sockets' entries out of the queue: once it has
    not said it is alive for a while, the matcher does, and seats nobody of them."""

    async def scenario() -> None:
        ratings = RecordingRatings()
        limits = QuickLimits(lease_ttl=1.0, match_every=0.1, alive_ttl=0.6)
        a, b = _process(where, ratings, "A"), _process(where, ratings, "B")
        a.quick.limits = b.quick.limits = limits
        try:
            # Another game's queue, so that the four make no table before A is taken for dead.
            dead = [await a.quick.join(f"d{i}", f"D{i}", "corazones", 50) for i in range(2)]
            b.quick.start_matcher()  # A's loop never runs: A is gone once its word runs out
            kept = [await b.quick.join(f"k{i}", f"K{i}", "spades", 250) for i in range(2)]
            deadline = time.monotonic() + 10
            while len(await b.quick.store.entries()) != 2:
                assert time.monotonic() < deadline, "the dead process's entries stayed"
                await asyncio.sleep(0.1)
            left = sorted(e.profile for e in await b.quick.store.entries())
            assert left == [e.profile for e in kept]
            for entry in dead:
                assert (await a.quick.status(entry)).seating is None
        finally:
            await _close(a, b)

    asyncio.run(scenario())


def test_a_turn_that_runs_out_at_a_rated_table_is_played_by_the_computer(tmp_path: Path) -> None:
    now = [1_000_000.0]
    ratings = RecordingRatings()
    one = _process(str(tmp_path), ratings, "A", clock=lambda: now[0])

    async def scenario() -> None:
        try:
            tokens = {key: f"tok-{key}" for key in ("south", "west", "north", "east")}
            await one.quick.rated.open("mesa-ya-2", _found("spades"), tokens)
            table = await one.friends.load("mesa-ya-2")
            turn = one.friends.turn_of(table)
            assert turn is not None
            await one.friends.connect("mesa-ya-2", token_digest(tokens[turn.key]), "A/1")
            public = one.friends.public(await one.friends.load("mesa-ya-2"))
            assert public.turn_timer == 30
            assert public.level == "dificil"
            assert public.state == "playing"
            assert public.turn_deadline_ms == int((now[0] + 30) * 1000)
            now[0] += 29
            assert not await one.friends.step("mesa-ya-2")  # still the person's to play
            now[0] += 1.5
            assert await one.friends.step("mesa-ya-2")
            after = await one.friends.load("mesa-ya-2")
            assert len(after.actions) == 1
            assert after.seats[turn.key].kind == "person"  # the seat stays the person's
            assert one.friends.turn_of(after) != turn
        finally:
            await _close(one)

    asyncio.run(scenario())


def test_a_rated_table_has_no_host(tmp_path: Path) -> None:
    one = _process(str(tmp_path), RecordingRatings(), "A")

    async def scenario() -> list[str]:
        codes = []
        try:
            tokens = {key: f"tok-{key}" for key in ("south", "west", "north", "east")}
            await one.quick.rated.open("mesa-ya-3", _found(), tokens)
            for action in ({"type": "cpu", "seat": "west"}, {"type": "again"}):
                body = HostIn.model_validate({"token": tokens["south"], "action": action})
                try:
                    await one.friends.host("mesa-ya-3", body)
                except PicasError as error:
                    codes.append(error.code)
            table = await one.friends.load("mesa-ya-3")
            assert table.seats["west"].kind == "person"
            assert table.round == 1
        finally:
            await _close(one)
        return codes

    assert asyncio.run(scenario()) == ["not_host", "not_host"]
