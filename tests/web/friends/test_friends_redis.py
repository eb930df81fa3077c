"""Tables in a real Redis: the people of one table on two server processes' apps (no sticky
sessions), the compare-and-set that stops two processes applying one change, and Redis restarted
mid-game."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from pathlib import Path

import pytest
from friends_helpers import host, person, run, server, table_of

import friends_redis
from friends_redis import RedisServer
from picas.cli.friends_client import Sent
from picas.web.friends.redis_store import RedisStore
from picas.web.friends.store import Change, NewTable

redis_server = friends_redis.redis_server  # the fixture, by name


def test_people_of_one_table_on_two_servers_play_a_whole_game(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    env = {"PICAS_STORE": redis_server.url}
    with server(tmp_path / "a", **env) as first, server(tmp_path / "b", **env) as second:
        table_id, tokens = table_of(
            first, "corazones", ["south", "west", "north", "east"], settings={"target": 50}
        )
        assert host(second, table_id, tokens["south"], {"type": "start"}).status_code == 200
        sent = Sent()
        bases = {"south": first, "west": second, "north": first, "east": second}
        people = [person(bases[seat], table_id, tokens[seat], sent) for seat in bases]
        run(*(one.run() for one in people), timeout=180)
    for one in people:
        assert one.lost == 0
        assert one.duplicated == 0
        assert one.errors == []
        assert one.end is not None
    assert len({one.end["code"] for one in people if one.end}) == 1
    # A card played on one server reached the people on the other.
    assert sent.latencies


def test_two_processes_cannot_both_apply_a_change(redis_server: RedisServer) -> None:
    async def race() -> list[bool]:
        stores = [RedisStore(redis_server.url), RedisStore(redis_server.url)]
        doc = {"id": "t1", "seq": 1}
        await stores[0].create(NewTable(doc, address="a", limits=(5, 10), ttl=60))
        changes = [
            store.commit(Change({"id": "t1", "seq": 2, "by": n}, 1, {}, due=None, ttl=60))
            for n, store in enumerate(stores)
        ]
        results = list(await asyncio.gather(*changes))
        stored = await stores[0].load("t1")
        assert stored is not None
        assert stored["by"] == results.index(True)
        for store in stores:
            await store.close()
        return results

    assert sorted(asyncio.run(race())) == [False, True]


def test_redis_restarted_mid_game_the_table_goes_on(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    env = {"PICAS_STORE": redis_server.url}
    with server(tmp_path, **env) as base:
        table_id, tokens = table_of(base, "corazones", ["south", "north"], settings={"target": 50})
        host(base, table_id, tokens["south"], {"type": "start"})
        people = [person(base, table_id, tokens[seat]) for seat in ("south", "north")]

        def restart() -> None:
            time.sleep(3)
            redis_server.stop()  # its append-only file keeps every change
            time.sleep(1)
            redis_server.start()

        thread = threading.Thread(target=restart)
        thread.start()
        run(*(one.run() for one in people), timeout=180)
        thread.join()
    for one in people:
        assert one.end is not None
        assert one.duplicated == 0
    assert any(one.welcomes > 1 for one in people) or all(one.lost == 0 for one in people)


def test_a_publication_reaches_the_listener_without_a_debug_line_of_it(
    redis_server: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    """Each change's publication is read as it is: redis-py's default handler of what Redis
    pushes formats the whole message for its debug log, at every publication."""

    async def publish() -> list[tuple[str, int, dict[str, str]]]:
        heard: list[tuple[str, int, dict[str, str]]] = []
        got = asyncio.Event()
        store = RedisStore(redis_server.url)

        def listener(table_id: str, seq: int, messages: dict[str, str]) -> None:
            heard.append((table_id, seq, messages))
            got.set()

        store.set_listener(listener)
        await store.start()
        await store.subscribe("t9")
        await store.create(NewTable({"id": "t9", "seq": 1}, address="a", limits=(5, 10), ttl=60))
        big = {"south": "x" * 10_000}
        deadline = time.monotonic() + 10
        # The reader subscribes in its own task: publish until it has heard one.
        seq = 1
        while not got.is_set() and time.monotonic() < deadline:
            change = Change({"id": "t9", "seq": seq + 1}, seq, big, due=None, ttl=60)
            assert await store.commit(change)
            seq += 1
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(got.wait(), 0.2)
        await store.close()
        return heard

    with caplog.at_level(logging.DEBUG, logger="push_response"):
        heard = asyncio.run(publish())
    assert heard
    assert heard[0][0] == "t9"
    assert heard[0][2] == {"south": "x" * 10_000}
    assert not [record for record in caplog.records if record.name == "push_response"]
