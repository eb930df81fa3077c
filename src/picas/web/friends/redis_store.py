"""Friends' tables in Redis, for several server processes or machines (``picas serve --store
redis://…``): each table a hash (``seq`` and the table's JSON), each change one Lua script that
checks ``seq``, writes the table and publishes the change's messages on the table's channel —
so a change is stored before anyone hears of it, and two processes can never both apply one.

Every process subscribes to the channels of the tables its sockets are at (one pub/sub
connection per process). If Redis goes away, the connection is opened again and every table's
sockets here are sent a fresh ``welcome`` from the store (they may have missed changes).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Iterator
from typing import Any

import pydantic_core
import redis
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from picas.shared.errors import PicasError
from picas.web.friends.store import (
    FULL_MESSAGE,
    TOO_MANY_MESSAGE,
    Change,
    Listener,
    NewTable,
    TablesFull,
    TooManyTables,
    loads,
)
from picas.web.redis_pool import bounded_client
from picas.web.tasks import stop as stop_task

log = logging.getLogger("picas.web")

PREFIX = "picas:mesa:"
DUE = PREFIX + "due"
LIVE = PREFIX + "live"

COMMIT = """
local current = redis.call('HGET', KEYS[1], 'seq')
if not current or current ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'seq', ARGV[2], 'doc', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
if ARGV[5] == '' then
  redis.call('ZREM', KEYS[2], ARGV[6])
else
  redis.call('ZADD', KEYS[2], ARGV[5], ARGV[6])
end
redis.call('ZADD', KEYS[4], 'XX', ARGV[8], ARGV[6])
redis.call('PUBLISH', KEYS[3], ARGV[7])
return 1
"""
"""KEYS: the table, the due set, the channel, the live set. ARGV: expected seq, new seq, the
table's JSON, its time to live (ms), when it is due ('' for never), its id, the change's messages,
when it expires (s)."""

CREATE = """
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[2]) then return -1 end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[3]) then return -2 end
redis.call('HSET', KEYS[1], 'seq', ARGV[4], 'doc', ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('ZADD', KEYS[2], ARGV[7], ARGV[8])
redis.call('ZADD', KEYS[3], ARGV[7], ARGV[8])
redis.call('PEXPIRE', KEYS[3], ARGV[6])
if ARGV[9] ~= '' then redis.call('ZADD', KEYS[4], ARGV[9], ARGV[8]) end
return 1
"""
"""KEYS: the table, the live set, the address's set, the due set. ARGV: now, per-address limit,
total limit, seq, the table's JSON, time to live (ms), when it expires, its id, when it is due
('' for never)."""


class StoreUnavailable(PicasError):  # noqa: N818 (named like the engine's errors)
    code = "store_unavailable"

    def __init__(self) -> None:
        super().__init__(
            "La mesa no puede guardar ahora mismo: vuelve a intentarlo en unos segundos."
        )


def unavailable(error: RedisError) -> StoreUnavailable:
    """The refusal of a request the store could not serve, with one line in the log of why."""
    log.warning("Redis no responde: %s", error)
    return StoreUnavailable()


@contextlib.contextmanager
def answering() -> Iterator[None]:
    """Around calls to Redis that a request cannot go on without: Redis's failure becomes the
    refusal the page and the API know (``store_unavailable``), logged by :func:`unavailable`."""
    try:
        yield
    except RedisError as error:
        raise unavailable(error) from None


def _refusal(result: Any) -> PicasError | None:
    """What ``CREATE``'s answer refuses, if anything."""
    if result == -1:
        return TooManyTables(TOO_MANY_MESSAGE)
    if result == -2:
        return TablesFull(FULL_MESSAGE)
    return None


def _table_key(table_id: str) -> str:
    return f"{PREFIX}t:{table_id}"


def _channel(table_id: str) -> str:
    return f"{PREFIX}ch:{table_id}"


async def _as_read(response: Any) -> Any:
    """The pub/sub connection's handler of what Redis pushes (every change's publication, in
    the protocol redis-py speaks by default, RESP3): the message as read. redis-py's own handler
    builds a debug line of the whole message (``str`` of 10 KB) for every publication whether
    or not that logger is on, a few per cent of a server process's CPU under load."""
    return response


class RedisStore:
    multi_process = True

    def __init__(self, url: str, *, clock: Callable[[], float] = time.time) -> None:
        self.url = url
        self._clock = clock
        # A bounded pool that waits for a free connection (picas.web.redis_pool).
        self._redis: aioredis.Redis = bounded_client(url)
        self._sync: redis.Redis = redis.Redis.from_url(url, decode_responses=True)
        self._commit = self._redis.register_script(COMMIT)
        self._create = self._redis.register_script(CREATE)
        self._listener: Listener | None = None
        self._resync: Callable[[str], None] | None = None
        self._channels: set[str] = set()
        self._pubsub: Any = None
        self._reader: asyncio.Task[None] | None = None

    def set_listener(self, listener: Listener, resync: Callable[[str], None] | None = None) -> None:
        self._listener = listener
        self._resync = resync

    async def start(self) -> None:
        if self._reader is None:
            self._reader = asyncio.get_running_loop().create_task(self._read())

    async def create(self, table: NewTable) -> None:
        with answering():
            result = await self._create(**self._creating(table, self._clock()))
        refused = _refusal(result)
        if refused is not None:
            raise refused

    async def create_many(self, tables: list[NewTable]) -> list[PicasError | None]:
        if not tables:
            return []
        now = self._clock()
        with answering():
            # One script per table (each checks the limits and stores), sent together.
            async with self._redis.pipeline(transaction=False) as pipe:
                for table in tables:
                    await self._create(**self._creating(table, now), client=pipe)
                results = await pipe.execute()
        return [_refusal(result) for result in results]

    @staticmethod
    def _creating(table: NewTable, now: float) -> dict[str, Any]:
        """``CREATE``'s keys and arguments for ``table``."""
        return {
            "keys": [_table_key(table.id), LIVE, f"{PREFIX}addr:{table.address}", DUE],
            "args": [
                now,
                table.limits[0],
                table.limits[1],
                table.doc["seq"],
                table.text(),
                int(table.ttl * 1000),
                now + table.ttl,
                table.id,
                "" if table.due is None else repr(table.due),
            ],
        }

    async def load(self, table_id: str) -> dict[str, Any] | None:
        with answering():
            text = await self._redis.hget(_table_key(table_id), "doc")
        return None if text is None else loads(text)

    async def commit(self, change: Change) -> bool:
        entry = pydantic_core.to_json({"seq": change.seq, "messages": change.messages}).decode()
        with answering():
            result = await self._commit(
                keys=[_table_key(change.id), DUE, _channel(change.id), LIVE],
                args=[
                    change.expected_seq,
                    change.seq,
                    change.text(),
                    int(change.ttl * 1000),
                    "" if change.due is None else repr(change.due),
                    change.id,
                    entry,
                    self._clock() + change.ttl,
                ],
            )
        return bool(result == 1)

    async def due(self, now: float) -> list[str]:
        try:
            ids = await self._redis.zrangebyscore(DUE, "-inf", now, start=0, num=200)
        except RedisError:
            return []
        return [str(item) for item in ids]

    async def sweep(self, now: float) -> int:
        """Redis closes idle tables itself (each key's time to live); the sets are trimmed."""
        try:
            removed = await self._redis.zremrangebyscore(LIVE, "-inf", now)
            # A due table whose key has expired is dropped from the due set too.
            for item in await self._redis.zrangebyscore(DUE, "-inf", now, start=0, num=500):
                table_id = str(item)
                if not await self._redis.exists(_table_key(table_id)):
                    await self._redis.zrem(DUE, table_id)
        except RedisError:
            return 0
        return int(removed)

    async def subscribe(self, table_id: str) -> None:
        channel = _channel(table_id)
        self._channels.add(channel)
        if self._pubsub is not None:
            with contextlib.suppress(RedisError):
                await self._pubsub.subscribe(channel)

    async def unsubscribe(self, table_id: str) -> None:
        channel = _channel(table_id)
        self._channels.discard(channel)
        if self._pubsub is not None:
            with contextlib.suppress(RedisError):
                await self._pubsub.unsubscribe(channel)

    async def _read(self) -> None:
        """The pub/sub connection: reopened whenever it drops (then every table is resynced)."""
        first = True
        while True:
            try:
                self._pubsub = self._redis.pubsub(
                    ignore_subscribe_messages=True, push_handler_func=_as_read
                )
                await self._pubsub.subscribe(PREFIX + "hello")
                if self._channels:
                    await self._pubsub.subscribe(*self._channels)
                if not first and self._resync is not None:
                    for channel in list(self._channels):
                        self._resync(channel.removeprefix(PREFIX + "ch:"))
                first = False
                while True:
                    # Blocks until a message (no timeout armed and disarmed for each one); a
                    # dropped connection raises, and ``close`` cancels the task.
                    message = await self._pubsub.get_message(timeout=None)
                    if message is None or message.get("type") != "message":
                        continue
                    channel = str(message["channel"])
                    if not channel.startswith(PREFIX + "ch:") or self._listener is None:
                        continue
                    entry = loads(message["data"])
                    self._listener(
                        channel.removeprefix(PREFIX + "ch:"), int(entry["seq"]), entry["messages"]
                    )
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as error:
                log.warning("Redis: conexión de avisos perdida (%s); se reintenta", error)
                first = False
                with contextlib.suppress(Exception):
                    await self._pubsub.aclose()
                self._pubsub = None
                await asyncio.sleep(0.5)

    async def close(self) -> None:
        if self._reader is not None:
            with contextlib.suppress(Exception):
                await stop_task(self._reader)
            self._reader = None
        with contextlib.suppress(Exception):
            if self._pubsub is not None:
                await self._pubsub.aclose()
        with contextlib.suppress(Exception):
            await self._redis.aclose()
        with contextlib.suppress(Exception):
            self._sync.close()
