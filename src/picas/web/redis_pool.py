"""The Redis client every store of the server uses (``PICAS_STORE=redis://…``): a bounded pool
that waits for a free connection. redis-py's default pool opens a new connection for every
command in flight, so a burst (a thousand people joining «Jugar ya» at once) opens a thousand
connections at the same moment, and those past Redis' listen backlog fail; a bounded pool queues
them instead, each command a fraction of a millisecond."""

from __future__ import annotations

import redis.asyncio as aioredis

POOL_SIZE = 64
"""Connections to Redis per store and server process (besides a pub/sub one)."""
POOL_WAIT = 10.0
"""Seconds a command waits for a free connection before it fails (the store's «unavailable»)."""


def bounded_client(url: str) -> aioredis.Redis:
    pool = aioredis.BlockingConnectionPool.from_url(
        url, max_connections=POOL_SIZE, timeout=POOL_WAIT, decode_responses=True
    )
    return aioredis.Redis(connection_pool=pool)
