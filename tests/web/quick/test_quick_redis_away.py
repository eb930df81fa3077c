"""Redis gone: every call of the queue's store and of the tables' store that a request cannot do
without is refused as ``store_unavailable`` (the page and the API know it), with one line in the
log of why; the calls that are best effort (a liveness mark, the lease, a goodbye) do nothing."""

from __future__ import annotations

import asyncio
import logging
import socket
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import pytest

from picas.web.friends.redis_store import RedisStore, StoreUnavailable
from picas.web.friends.store import Change, NewTable
from picas.web.quick.model import Entry, Seating
from picas.web.quick.redis_store import RedisQuick
from picas.web.quick.store import Claim


@pytest.fixture
def nobody() -> Iterator[str]:
    """A Redis URL at a loopback port nothing listens on (bound, never listening)."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        yield f"redis://127.0.0.1:{held.getsockname()[1]}/0"


ENTRY = Entry("ana", "Ana", "spades", 250, 1500, 10.0, "p/1")
SEATING = Seating("ana", "p/1", "t1", "south", "token")
CLAIM = Claim((ENTRY,), (SEATING,))

QUEUE_CALLS: dict[str, Callable[[RedisQuick], Awaitable[Any]]] = {
    "put_entry": lambda s: s.put_entry(ENTRY),
    "remove_entry": lambda s: s.remove_entry("ana", "p/1"),
    "entries": lambda s: s.entries(),
    "status": lambda s: s.status("ana", "p/1"),
    "statuses": lambda s: s.statuses([("ana", "p/1")]),
    "claim": lambda s: s.claim([ENTRY], [SEATING], 1.0),
    "claim_many": lambda s: s.claim_many([CLAIM], 1.0),
    "living": lambda s: s.living(["p"], 1.0),
    "join": lambda s: s.join("ana", 1.0),
    "add_loss": lambda s: s.add_loss("ana", "t1", 1.0),
    "losses": lambda s: s.losses("ana", 0.0),
    "block": lambda s: s.block("ana", "luis", 10),
    "unblock": lambda s: s.unblock("ana", "luis"),
    "blocked": lambda s: s.blocked("ana"),
    "blocks_among": lambda s: s.blocks_among(["ana", "luis"]),
    "forget": lambda s: s.forget("ana"),
}

DOC = {"id": "t1", "seq": 1}
TABLE_CALLS: dict[str, Callable[[RedisStore], Awaitable[Any]]] = {
    "create": lambda s: s.create(NewTable(DOC, "127.0.0.1", (5, 100), 60.0)),
    "create_many": lambda s: s.create_many([NewTable(DOC, "127.0.0.1", (5, 100), 60.0)]),
    "load": lambda s: s.load("t1"),
    "commit": lambda s: s.commit(Change(DOC, 1, {"*": "{}"}, None, 60.0)),
}


@pytest.mark.parametrize("call", sorted(QUEUE_CALLS))
def test_the_queues_store_refuses_when_redis_is_away(
    call: str, nobody: str, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> None:
        store = RedisQuick(nobody)
        try:
            with pytest.raises(StoreUnavailable) as refused:
                await QUEUE_CALLS[call](store)
            assert refused.value.code == "store_unavailable"
        finally:
            await store.close()

    with caplog.at_level(logging.WARNING, logger="picas.web"):
        asyncio.run(scenario())
    said = [r.getMessage() for r in caplog.records if r.getMessage().startswith("Redis no")]
    assert len(said) == 1


@pytest.mark.parametrize("call", sorted(TABLE_CALLS))
def test_the_tables_store_refuses_when_redis_is_away(call: str, nobody: str) -> None:
    async def scenario() -> None:
        store = RedisStore(nobody)
        try:
            with pytest.raises(StoreUnavailable):
                await TABLE_CALLS[call](store)
        finally:
            await store.close()

    asyncio.run(scenario())


def test_best_effort_calls_do_nothing_when_redis_is_away(nobody: str) -> None:
    async def scenario() -> None:
        store = RedisQuick(nobody)
        tables = RedisStore(nobody)
        try:
            await store.alive("p", 1.0, 10.0)
            await store.release("p")
            await store.drop_seating("ana", "p/1")
            assert not await store.lease("p", 1.0, 3.0)
            assert await tables.due(1.0) == []
        finally:
            await store.close()
            await tables.close()

    asyncio.run(scenario())
