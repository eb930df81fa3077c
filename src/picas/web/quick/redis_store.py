"""The queue in Redis (``PICAS_STORE=redis://…``), under ``picas:ya:``, for several server
processes: each change that must be all or nothing (a put replacing an older entry, a claim of
four entries, the lease) is one Lua script."""

from __future__ import annotations

import contextlib
import json
import secrets

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from picas.web.friends.redis_store import answering
from picas.web.quick.model import Entry, Seating
from picas.web.quick.store import JOIN_WINDOW, SEATING_TTL, Claim, Status
from picas.web.redis_pool import bounded_client

PREFIX = "picas:ya:"
WHERE = PREFIX + "donde"
"""profile → the queue it waits in."""
CONNS = PREFIX + "conn"
"""profile → the socket that holds its entry."""
QUEUES = PREFIX + "colas"
LEASE = PREFIX + "lease"


def _queue(name: str) -> str:
    return f"{PREFIX}cola:{name}"


def _seat(profile: str) -> str:
    return f"{PREFIX}asiento:{profile}"


PUT = """
local old = redis.call('HGET', KEYS[1], ARGV[1])
if old then redis.call('HDEL', ARGV[5] .. 'cola:' .. old, ARGV[1]) end
redis.call('DEL', ARGV[5] .. 'asiento:' .. ARGV[1])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
redis.call('SADD', KEYS[3], ARGV[2])
redis.call('HSET', ARGV[5] .. 'cola:' .. ARGV[2], ARGV[1], ARGV[4])
return 1
"""
"""KEYS: where, conns, queues. ARGV: profile, queue, conn, the entry's JSON, the prefix."""

REMOVE = """
if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
local queue = redis.call('HGET', KEYS[1], ARGV[1])
if queue then redis.call('HDEL', ARGV[3] .. 'cola:' .. queue, ARGV[1]) end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return 1
"""
"""KEYS: where, conns. ARGV: profile, conn, the prefix."""

CLAIM = """
local n = tonumber(ARGV[1])
for i = 0, n - 1 do
  if redis.call('HGET', KEYS[2], ARGV[2 + 2 * i]) ~= ARGV[3 + 2 * i] then return 0 end
end
for i = 0, n - 1 do
  local profile = ARGV[2 + 2 * i]
  local queue = redis.call('HGET', KEYS[1], profile)
  if queue then redis.call('HDEL', ARGV[#ARGV] .. 'cola:' .. queue, profile) end
  redis.call('HDEL', KEYS[1], profile)
  redis.call('HDEL', KEYS[2], profile)
end
local m = tonumber(ARGV[2 + 2 * n])
for j = 0, m - 1 do
  local at = 3 + 2 * n + 2 * j
  redis.call('SET', ARGV[#ARGV] .. 'asiento:' .. ARGV[at], ARGV[at + 1], 'PX', ARGV[#ARGV - 1])
end
return 1
"""
"""KEYS: where, conns. ARGV: n, (profile, conn) × n, m, (profile, seating JSON) × m, the
seatings' time to live (ms), the prefix."""

TAKE_LEASE = """
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
"""

BLOCKS_AMONG = """
local wanted = {}
for i = 2, #ARGV do wanted[ARGV[i]] = true end
local found = {}
for i = 2, #ARGV do
  for _, other in ipairs(redis.call('SMEMBERS', ARGV[1] .. 'bloqueos:' .. ARGV[i])) do
    if wanted[other] then
      found[#found + 1] = ARGV[i]
      found[#found + 1] = other
    end
  end
end
return found
"""
"""ARGV: the prefix, the profiles. Answers the pairs (a, b), a blocked b, both among them: read
in Redis, so that a queue of thousands is one round trip and a short answer."""

RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
"""


def _claim_args(entries: list[Entry], seatings: list[Seating]) -> list[str | int]:
    """``CLAIM``'s arguments."""
    args: list[str | int] = [len(entries)]
    for entry in entries:
        args += [entry.profile, entry.conn]
    args.append(len(seatings))
    for seating in seatings:
        args += [seating.profile, json.dumps(seating.to_json())]
    args += [int(SEATING_TTL * 1000), PREFIX]
    return args


class RedisQuick:
    def __init__(self, url: str) -> None:
        self._redis: aioredis.Redis = bounded_client(url)
        self._put = self._redis.register_script(PUT)
        self._remove = self._redis.register_script(REMOVE)
        self._claim = self._redis.register_script(CLAIM)
        self._lease = self._redis.register_script(TAKE_LEASE)
        self._release = self._redis.register_script(RELEASE)
        self._blocks_among = self._redis.register_script(BLOCKS_AMONG)

    async def put_entry(self, entry: Entry) -> None:
        doc = json.dumps(entry.to_json())
        args = [entry.profile, entry.queue, entry.conn, doc, PREFIX]
        with answering():
            await self._put(keys=[WHERE, CONNS, QUEUES], args=args)

    async def remove_entry(self, profile: str, conn: str) -> bool:
        with answering():
            done = await self._remove(keys=[WHERE, CONNS], args=[profile, conn, PREFIX])
        return bool(done == 1)

    async def entries(self) -> list[Entry]:
        found: list[Entry] = []
        with answering():
            for name in sorted(await self._redis.smembers(QUEUES)):
                docs = await self._redis.hvals(_queue(str(name)))
                found.extend(Entry.from_json(json.loads(doc)) for doc in docs)
        return found

    async def status(self, profile: str, conn: str) -> Status:
        with answering():
            # One transaction: a claim (a script) cannot run between the reads, so a person
            # being seated is found waiting or seated, never neither («replaced»).
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.get(_seat(profile))
                pipe.hget(CONNS, profile)
                pipe.hget(WHERE, profile)
                seat, holder, queue = await pipe.execute()
            if seat is not None:
                seating = Seating.from_json(json.loads(seat))
                if seating.conn == conn:
                    return Status(seating=seating)
            if holder != conn or queue is None:
                return Status()
            return Status(waiting=int(await self._redis.hlen(_queue(str(queue)))))

    async def statuses(self, waiting: list[tuple[str, str]]) -> list[Status]:
        if not waiting:
            return []
        with answering():
            # One transaction, as in ``status``: a long batch of reads is otherwise read by the
            # server in parts, and another process's claim can run between them.
            async with self._redis.pipeline(transaction=True) as pipe:
                for profile, _ in waiting:
                    pipe.get(_seat(profile))
                    pipe.hget(CONNS, profile)
                    pipe.hget(WHERE, profile)
                answers = await pipe.execute()
            rows = [answers[i : i + 3] for i in range(0, len(answers), 3)]
            queues = sorted({str(queue) for _, _, queue in rows if queue is not None})
            async with self._redis.pipeline(transaction=False) as pipe:
                for queue in queues:
                    pipe.hlen(_queue(queue))
                counts = dict(zip(queues, await pipe.execute(), strict=True))
        found: list[Status] = []
        for (_, conn), (seat, holder, queue) in zip(waiting, rows, strict=True):
            if seat is not None:
                seating = Seating.from_json(json.loads(seat))
                if seating.conn == conn:
                    found.append(Status(seating=seating))
                    continue
            if holder != conn or queue is None:
                found.append(Status())
            else:
                found.append(Status(waiting=int(counts[str(queue)])))
        return found

    async def claim(self, entries: list[Entry], seatings: list[Seating], now: float) -> bool:
        with answering():
            done = await self._claim(keys=[WHERE, CONNS], args=_claim_args(entries, seatings))
        return bool(done == 1)

    async def claim_many(self, claims: list[Claim], now: float) -> list[bool]:
        if not claims:
            return []
        with answering():
            # One script per claim (each all or nothing), sent together: one round trip for a
            # pass's tables rather than one each.
            async with self._redis.pipeline(transaction=False) as pipe:
                for claim in claims:
                    args = _claim_args(list(claim.entries), list(claim.seatings))
                    await self._claim(keys=[WHERE, CONNS], args=args, client=pipe)
                answers = await pipe.execute()
        return [answer == 1 for answer in answers]

    async def drop_seating(self, profile: str, conn: str) -> None:
        with contextlib.suppress(RedisError):
            seat = await self._redis.get(_seat(profile))
            if seat is not None and Seating.from_json(json.loads(seat)).conn == conn:
                await self._redis.delete(_seat(profile))

    async def lease(self, holder: str, now: float, ttl: float) -> bool:
        """Redis's own clock runs the lease's time to live (``now`` is the caller's)."""
        try:
            done = await self._lease(keys=[LEASE], args=[holder, int(ttl * 1000)])
        except RedisError:
            return False
        return bool(done == 1)

    async def release(self, holder: str) -> None:
        with contextlib.suppress(RedisError):
            await self._release(keys=[LEASE], args=[holder])

    async def alive(self, process: str, now: float, ttl: float) -> None:
        with contextlib.suppress(RedisError):
            await self._redis.set(f"{PREFIX}proceso:{process}", "1", px=int(ttl * 1000))

    async def living(self, processes: list[str], now: float) -> set[str]:
        if not processes:
            return set()
        with answering():
            found = await self._redis.mget([f"{PREFIX}proceso:{p}" for p in processes])
        return {p for p, value in zip(processes, found, strict=True) if value is not None}

    async def join(self, profile: str, now: float) -> int:
        key = f"{PREFIX}entradas:{profile}"
        with answering():
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.zremrangebyscore(key, "-inf", now - JOIN_WINDOW)
                pipe.zadd(key, {f"{now}:{secrets.token_hex(4)}": now})
                pipe.zcard(key)
                pipe.expire(key, int(JOIN_WINDOW * 2))
                _, _, count, _ = await pipe.execute()
        return int(count)

    async def add_loss(self, profile: str, table: str, at: float) -> None:
        key = f"{PREFIX}abandonos:{profile}"
        with answering():
            await self._redis.zadd(key, {table: at}, nx=True)
            await self._redis.zremrangebyscore(key, "-inf", at - 7 * 86400)

    async def losses(self, profile: str, since: float) -> list[float]:
        with answering():
            found = await self._redis.zrangebyscore(
                f"{PREFIX}abandonos:{profile}", f"({since}", "+inf", withscores=True
            )
        return [float(item[1]) for item in found]

    async def block(self, profile: str, other: str, most: int) -> bool:
        key = f"{PREFIX}bloqueos:{profile}"
        with answering():
            members = await self._redis.smembers(key)
            if other not in members and len(members) >= most:
                return False
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.sadd(key, other)
                pipe.sadd(f"{PREFIX}bloqueado:{other}", profile)
                await pipe.execute()
        return True

    async def unblock(self, profile: str, other: str) -> None:
        with answering():
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.srem(f"{PREFIX}bloqueos:{profile}", other)
                pipe.srem(f"{PREFIX}bloqueado:{other}", profile)
                await pipe.execute()

    async def blocked(self, profile: str) -> list[str]:
        with answering():
            return sorted(
                str(item) for item in await self._redis.smembers(f"{PREFIX}bloqueos:{profile}")
            )

    async def blocks_among(self, profiles: list[str]) -> set[frozenset[str]]:
        if not profiles:
            return set()
        with answering():
            pairs = await self._blocks_among(args=[PREFIX, *profiles])
        return {frozenset((str(pairs[i]), str(pairs[i + 1]))) for i in range(0, len(pairs), 2)}

    async def forget(self, profile: str) -> None:
        with answering():
            conn = await self._redis.hget(CONNS, profile)
            if conn is not None:
                await self._remove(keys=[WHERE, CONNS], args=[profile, conn, PREFIX])
            for other in await self._redis.smembers(f"{PREFIX}bloqueado:{profile}"):
                await self._redis.srem(f"{PREFIX}bloqueos:{other!s}", profile)
            for other in await self._redis.smembers(f"{PREFIX}bloqueos:{profile}"):
                await self._redis.srem(f"{PREFIX}bloqueado:{other!s}", profile)
            await self._redis.delete(
                _seat(profile),
                f"{PREFIX}entradas:{profile}",
                f"{PREFIX}abandonos:{profile}",
                f"{PREFIX}bloqueos:{profile}",
                f"{PREFIX}bloqueado:{profile}",
            )

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self._redis.aclose()
