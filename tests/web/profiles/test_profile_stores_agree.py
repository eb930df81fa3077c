"""The two stores are one protocol: any sequence of operations (made up by Hypothesis) answers the
same on SQLite and on a real Redis, and leaves the same profiles, tokens and passkeys behind."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path
from typing import Any

import profiles_helpers
import redis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from friends_redis import RedisServer
from picas.web.profiles.model import Challenge, Passkey, Profile
from picas.web.profiles.redis_store import RedisProfiles
from picas.web.profiles.store import ProfileStore, SqliteProfiles

redis_server = profiles_helpers.redis_server  # the fixture, by name

PROFILES, KEYS, CHALLENGES = 3, 4, 6
pick = st.integers(0, PROFILES - 1)
key = st.integers(0, KEYS - 1)
OPERATIONS = st.lists(
    st.one_of(
        st.tuples(st.just("create"), pick),
        st.tuples(st.just("add_token"), pick),
        st.tuples(st.just("delete"), pick),
        st.tuples(st.just("rename"), pick, st.sampled_from(["Eva", "Leo"])),
        st.tuples(st.just("add_passkey"), pick, key, st.integers(0, 3)),
        st.tuples(st.just("used"), key, st.integers(0, 4)),
        st.tuples(st.just("remove"), pick, key),
        st.tuples(st.just("challenge"), st.integers(0, CHALLENGES - 1), st.integers(0, 1)),
        st.tuples(st.just("take"), st.integers(0, CHALLENGES - 1)),
        st.tuples(st.just("tick"), st.integers(1, 300)),
        st.tuples(st.just("hit"), st.integers(0, 1)),
    ),
    max_size=30,
)


async def play(store: ProfileStore, operations: list[tuple[Any, ...]]) -> list[object]:
    """What each operation answers, then what is left (every profile, token and passkey)."""
    now, tokens = 1000.0, 0
    seen: list[object] = []
    for op, *args in operations:
        try:
            if op == "create":
                tokens += 1
                await store.create(Profile(f"p{args[0]}", "Ana", now), f"d{tokens}")
                answer: object = "made"
            elif op == "add_token":
                tokens += 1
                answer = await store.add_token(f"p{args[0]}", f"d{tokens}", keep=2)
            elif op == "delete":
                await store.delete(f"p{args[0]}")
                answer = "deleted"
            elif op == "rename":
                await store.rename(f"p{args[0]}", args[1])
                answer = "renamed"
            elif op == "add_passkey":
                passkey = Passkey(f"k{args[1]}", f"p{args[0]}", b"\x01\x02", args[2], "L", now)
                answer = await store.add_passkey(passkey, most=2)
            elif op == "used":
                answer = await store.passkey_used(f"k{args[0]}", args[1], now)
            elif op == "remove":
                answer = await store.remove_passkey(f"p{args[0]}", f"k{args[1]}")
            elif op == "challenge":
                made = Challenge(f"c{args[0]}", "entrada", "", f"a{args[1]}", now + 120)
                answer = await store.add_challenge(made, now, now + 420, 2, 4)
            elif op == "take":
                answer = await store.take_challenge(f"c{args[0]}", now)
            elif op == "tick":
                now += args[0]
                answer = None
            else:
                answer = await store.hit(f"b{args[0]}:{int(now // 60)}", now, 60)
        except Exception:  # a second profile with one id: both refuse it
            answer = "refused"
        seen.append((op, answer))
    for n in range(PROFILES):
        seen.append((await store.get(f"p{n}"), await store.passkeys(f"p{n}")))
    seen.append([await store.by_digest(f"d{n}") for n in range(1, tokens + 1)])
    seen.append(await store.names([f"p{n}" for n in range(PROFILES)]))
    return seen


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(operations=OPERATIONS)
def test_sqlite_and_redis_answer_alike(
    redis_server: RedisServer, tmp_path: Path, operations: list[tuple[Any, ...]]
) -> None:
    redis.Redis(port=redis_server.port).flushdb()

    async def both() -> tuple[list[object], list[object]]:
        sqlite = SqliteProfiles(tmp_path / f"{uuid.uuid4().hex}.sqlite3")
        in_redis = RedisProfiles(redis_server.url)
        try:
            return await play(sqlite, operations), await play(in_redis, operations)
        finally:
            await sqlite.close()
            await in_redis.close()

    from_sqlite, from_redis = asyncio.run(both())
    assert from_sqlite == from_redis
