"""The days and the attempts in Redis (``PICAS_STORE=redis://…``), for several processes:

* ``picas:reto:dia:<game>:<day>`` the day as drawn (``SET NX``: one secret a day), and
  ``…:abierto`` the day opened with its baseline (``SET NX`` too: opened once);
* ``picas:reto:turno:<game>:<day>`` the preparation's lease (its owner, with an expiry);
* ``picas:reto:intentos:<game>:<day>`` a hash, profile → the ranked attempt's JSON;
  ``picas:reto:pendientes:<game>:<day>`` the profiles whose attempt is not finished;
  ``picas:reto:puntos:<game>:<day>`` a sorted set of the finished attempts' totals;
* ``picas:reto:dias:<game>:<profile>`` a sorted set of the days a profile played (its streak).
"""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import date
from typing import Any

import redis.asyncio as aioredis

from picas.web.daily.days import games as challenge_games
from picas.web.daily.model import AttemptDoc, DayDoc
from picas.web.daily.store import Standing
from picas.web.redis_pool import bounded_client

PREFIX = "picas:reto:"

LEASE = """
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
"""

FINISH = """
local text = redis.call('HGET', KEYS[1], ARGV[1])
if not text then return 0 end
local stored = cjson.decode(text)
if stored['table'] ~= ARGV[2] or stored['total'] ~= cjson.null then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
redis.call('SREM', KEYS[3], ARGV[1])
return 1
"""


def _key(*parts: str) -> str:
    return PREFIX + ":".join(parts)


def _str(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _attempt(text: Any) -> AttemptDoc:
    return AttemptDoc(**json.loads(_str(text)))


def _text(attempt: AttemptDoc) -> str:
    return json.dumps(asdict(attempt), separators=(",", ":"))


class RedisDaily:
    def __init__(self, url: str) -> None:
        self._redis: aioredis.Redis = bounded_client(url)
        self._lease = self._redis.register_script(LEASE)
        self._finish = self._redis.register_script(FINISH)

    async def draw(self, day: DayDoc) -> DayDoc:
        await self._redis.set(_key("dia", day.game, day.day), day.text(), nx=True)
        stored = await self.day(day.game, day.day)
        assert stored is not None
        return stored

    async def day(self, game: str, day: str) -> DayDoc | None:
        drawn, opened = await self._redis.mget(
            _key("dia", game, day), _key("dia", game, day, "abierto")
        )
        text = opened or drawn
        return None if text is None else DayDoc.parse(_str(text))

    async def lease(self, game: str, day: str, owner: str, now: float, seconds: float) -> bool:
        del now  # Redis's own clock runs the expiry
        taken = await self._lease(
            keys=[_key("turno", game, day)], args=[owner, max(1, int(seconds * 1000))]
        )
        return bool(taken)

    async def open(self, day: DayDoc, now: float) -> DayDoc:
        drawn = await self.day(day.game, day.day)
        if drawn is not None and drawn.opened is None and drawn.code == day.code:
            drawn.baseline = list(day.baseline)
            drawn.baseline_hands = list(day.baseline_hands)
            drawn.opened = now
            await self._redis.set(_key("dia", day.game, day.day, "abierto"), drawn.text(), nx=True)
        stored = await self.day(day.game, day.day)
        assert stored is not None
        return stored

    async def claim(self, attempt: AttemptDoc) -> bool:
        added = await self._redis.hsetnx(
            _key("intentos", attempt.game, attempt.day), attempt.profile, _text(attempt)
        )
        if added:
            ordinal = date.fromisoformat(attempt.day).toordinal()
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.sadd(_key("pendientes", attempt.game, attempt.day), attempt.profile)
                pipe.zadd(_key("dias", attempt.game, attempt.profile), {attempt.day: ordinal})
                await pipe.execute()
        return bool(added)

    async def unclaim(self, game: str, day: str, profile: str, table: str) -> None:
        stored = await self.attempt(game, day, profile)
        if stored is not None and stored.table == table and stored.total is None:
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.hdel(_key("intentos", game, day), profile)
                pipe.srem(_key("pendientes", game, day), profile)
                pipe.zrem(_key("dias", game, profile), day)
                await pipe.execute()

    async def attempt(self, game: str, day: str, profile: str) -> AttemptDoc | None:
        text = await self._redis.hget(_key("intentos", game, day), profile)
        return None if text is None else _attempt(text)

    async def pending(self, game: str, day: str) -> list[AttemptDoc]:
        profiles = sorted(await self._redis.smembers(_key("pendientes", game, day)))
        if not profiles:
            return []
        texts = await self._redis.hmget(_key("intentos", game, day), profiles)
        return [_attempt(text) for text in texts if text is not None]

    async def finish(self, attempt: AttemptDoc) -> bool:
        assert attempt.total is not None
        done = await self._finish(
            keys=[
                _key("intentos", attempt.game, attempt.day),
                _key("puntos", attempt.game, attempt.day),
                _key("pendientes", attempt.game, attempt.day),
            ],
            args=[attempt.profile, attempt.table, _text(attempt), attempt.total],
        )
        return bool(done)

    async def standing(self, game: str, day: str, start: int, count: int) -> Standing:
        points = _key("puntos", game, day)
        async with self._redis.pipeline(transaction=False) as pipe:
            pipe.zcard(points)
            pipe.zrevrange(points, 0, 0, withscores=True)
            pipe.zrevrange(points, start, start + count - 1) if count > 0 else pipe.echo("")
            players, top, page = await pipe.execute()
        best = int(top[0][1]) if top else None
        rows: list[AttemptDoc] = []
        if count > 0 and page:
            texts = await self._redis.hmget(_key("intentos", game, day), page)
            rows = [_attempt(text) for text in texts if text is not None]
            rows.sort(key=lambda row: (-(row.total or 0), row.finished or 0))
        return Standing(int(players), best, rows)

    async def better(self, game: str, day: str, total: int) -> int:
        return int(await self._redis.zcount(_key("puntos", game, day), f"({total}", "+inf"))

    async def days_of(self, game: str, profile: str, limit: int) -> list[str]:
        days: list[Any] = await self._redis.zrevrange(_key("dias", game, profile), 0, limit - 1)
        return [str(day) for day in days]

    async def forget(self, profile: str) -> None:
        for game in challenge_games():
            listed = await self._redis.zrange(_key("dias", game, profile), 0, -1)
            async with self._redis.pipeline(transaction=True) as pipe:
                for day in map(_str, listed):
                    pipe.hdel(_key("intentos", game, day), profile)
                    pipe.zrem(_key("puntos", game, day), profile)
                    pipe.srem(_key("pendientes", game, day), profile)
                pipe.delete(_key("dias", game, profile))
                await pipe.execute()

    async def close(self) -> None:
        await self._redis.aclose()
