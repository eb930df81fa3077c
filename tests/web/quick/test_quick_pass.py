"""One pass of the matcher opening many tables together (SQLite and a real redis-server): every
table it makes is stored dealt, its people seated by the tokens of its seats; a table one of
whose people left between the matcher's read and its claim is dropped while the others open; a
table the store refuses (the tables full) sends its people back to the queue."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import quick_helpers
from quick_helpers import KEY, RecordingRatings

import friends_redis
from picas.web.friends.limits import FriendsLimits
from picas.web.friends.model import token_digest
from picas.web.friends.redis_store import RedisStore
from picas.web.friends.service import Friends
from picas.web.friends.store import SqliteStore, Store
from picas.web.quick.model import Entry
from picas.web.quick.rated import RatedTables
from picas.web.quick.redis_store import RedisQuick
from picas.web.quick.service import Quick, QuickLimits
from picas.web.quick.store import Claim, QuickStore, SqliteQuick
from picas.web.settings import Settings
from picas.web.table import Table

redis_server = friends_redis.redis_server
where = quick_helpers.where
PEOPLE = 24  # six tables, opened in one pass


def _stores(where: str, before_claims: Callable[[], Awaitable[None]]) -> tuple[Store, QuickStore]:
    """The real stores; the queue's runs ``before_claims`` as the matcher's claims start (how a
    test has a person leave between the pass's read of the queue and its claims)."""
    if where.startswith("redis://"):

        class Redis(RedisQuick):
            async def claim_many(self, claims: list[Claim], now: float) -> list[bool]:
                await before_claims()
                return await super().claim_many(claims, now)

        return RedisStore(where), Redis(where)

    class Sqlite(SqliteQuick):
        async def claim_many(self, claims: list[Claim], now: float) -> list[bool]:
            await before_claims()
            return await super().claim_many(claims, now)

    return SqliteStore(Path(where) / "mesas.sqlite3"), Sqlite(Path(where) / "jugadores.sqlite3")


def _quick(tables: Store, queue: QuickStore, max_tables: int) -> tuple[Friends, Quick]:
    table = Table(Settings(key=KEY))
    friends = Friends(
        tables,
        FriendsLimits(max_tables=max_tables),
        bot=lambda game, level: table.bot("facil", game=game),
        sign=table.sign,
    )
    ratings = RecordingRatings()
    rated = RatedTables(friends, queue, lambda: ratings)
    friends.rated_hooks = rated
    return friends, Quick(queue, rated, lambda: ratings, QuickLimits(joins_per_minute=100))


def _pass(where: str, *, leaver: str | None = None, max_tables: int = 100) -> dict[str, object]:
    """Queue ``PEOPLE`` people (near ratings: tables of four at once), run one pass; ``leaver``
    leaves as the claims start. What the pass opened and where everyone is after it."""
    entries: dict[str, Entry] = {}
    queue: QuickStore

    async def leave() -> None:
        if leaver is not None:
            await queue.remove_entry(leaver, entries[leaver].conn)

    tables, queue = _stores(where, leave)
    friends, quick = _quick(tables, queue, max_tables)

    async def scenario() -> dict[str, object]:
        try:
            for i in range(PEOPLE):
                profile = f"p{i:02d}"
                entries[profile] = await quick.join(profile, f"P{i}", "spades", 250)
            opened = await quick.match_once()
            seated: dict[str, list[str]] = {}
            for profile, entry in entries.items():
                status = await quick.status(entry)
                if status.seating is None:
                    continue
                seating = status.seating
                stored = await friends.load(seating.table)
                # The seat's token is the one the table holds for that seat, at a dealt table.
                assert stored.seats[seating.seat].token == token_digest(seating.token)
                assert stored.rated is not None
                assert stored.rated["seats"][seating.seat] == profile
                assert stored.state == "playing"
                seated.setdefault(seating.table, []).append(profile)
            waiting = sorted(e.profile for e in await queue.entries())
            return {"opened": opened, "tables": seated, "waiting": waiting}
        finally:
            await friends.settle()
            await tables.close()
            await queue.close()

    return asyncio.run(scenario())


def test_one_pass_opens_every_table_it_makes(where: str) -> None:
    found = _pass(where)
    tables = found["tables"]
    assert isinstance(tables, dict)
    assert found["opened"] == PEOPLE // 4 == len(tables)
    assert all(len(people) == 4 for people in tables.values())
    assert found["waiting"] == []


def test_a_table_whose_person_left_before_the_claim_is_dropped_alone(where: str) -> None:
    found = _pass(where, leaver="p05")
    tables = found["tables"]
    assert isinstance(tables, dict)
    assert found["opened"] == PEOPLE // 4 - 1 == len(tables)
    seated = {profile for people in tables.values() for profile in people}
    waiting = found["waiting"]
    assert isinstance(waiting, list)
    # The leaver's three would-be partners wait for the next pass; nobody else does.
    assert len(waiting) == 3
    assert "p05" not in waiting
    assert "p05" not in seated
    assert seated | set(waiting) | {"p05"} == {f"p{i:02d}" for i in range(PEOPLE)}


def test_tables_the_store_refuses_send_their_people_back_to_the_queue(where: str) -> None:
    found = _pass(where, max_tables=2)
    tables = found["tables"]
    assert isinstance(tables, dict)
    assert found["opened"] == 2 == len(tables)
    waiting = found["waiting"]
    assert isinstance(waiting, list)
    assert len(waiting) == PEOPLE - 8
    seated = {profile for people in tables.values() for profile in people}
    assert not seated & set(waiting)
