"""Results and ratings in Redis, for several processes (``PICAS_STORE=redis://…``), under
``picas:valor:``. Boards are sorted sets scored by the display number.

A result is written in one ``MULTI`` under ``WATCH`` of its own key and of the game's ratings,
this week's and today's pairs: a second process (or a retry) recording the same result either
finds it written or has its transaction refused and then finds it; two different results of one
game are written one after the other, each on the ratings the other left. With the append-only
file (``appendfsync everysec``, Debian's default), a crash of Redis loses at most the last second
of writes (docs/ratings.md, «Durability»)."""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any

from redis.exceptions import WatchError

from picas.web.ratings.model import (
    GAMES,
    GONE_PREFIX,
    HISTORY_KEPT,
    BoardEntry,
    HistoryPoint,
    PlayerState,
    RatedResult,
    RatingChange,
    changes_from_json,
    changes_to_json,
    result_from_json,
    result_to_json,
    state_from_json,
    state_to_json,
)
from picas.web.ratings.rate import Replay, people_pairs
from picas.web.ratings.store import Merge, RateFn
from picas.web.redis_pool import bounded_client

PREFIX = "picas:valor:"
SEQ = PREFIX + "seq"
WEEK_KEPT = 15 * 86400
"""A week's ratings and board outlive the week by a week."""
PAIRS_KEPT = 3 * 86400
ATTEMPTS = 50


def _result(result_id: str) -> str:
    return f"{PREFIX}res:{result_id}"


def _states(game: str, week: str | None = None) -> str:
    return f"{PREFIX}st:{game}" if week is None else f"{PREFIX}sem:{game}:{week}"


def _board(game: str, week: str | None = None) -> str:
    return f"{PREFIX}tabla:{game}" if week is None else f"{PREFIX}tablasem:{game}:{week}"


def _pairs(game: str, day: str) -> str:
    return f"{PREFIX}pares:{game}:{day}"


def _history(game: str, player: str) -> str:
    return f"{PREFIX}hist:{game}:{player}"


def _order(game: str) -> str:
    return f"{PREFIX}orden:{game}"


def _of(player: str) -> str:
    return f"{PREFIX}de:{player}"


def _stats(profile: str) -> str:
    return f"{PREFIX}est:{profile}"


def _decode(found: Mapping[str, str | None]) -> dict[str, PlayerState]:
    return {p: state_from_json(json.loads(v)) for p, v in found.items() if v is not None}


def _point(point: HistoryPoint) -> str:
    return json.dumps([point.result, point.at, point.rating, point.change])


class RedisRatings:
    def __init__(self, url: str) -> None:
        self.url = url
        # Typed loosely: redis-py declares bytes-or-str answers, this client decodes to str.
        self._redis: Any = bounded_client(url)

    async def _hmget(self, pipe: Any, key: str, players: list[str]) -> dict[str, PlayerState]:
        values = await pipe.hmget(key, players)
        return _decode(dict(zip(players, values, strict=True)))

    async def record(self, result: RatedResult, rate: RateFn) -> dict[str, RatingChange]:
        key = _result(result.id)
        game, week, day = result.game, result.week, result.day
        watched = [key, _states(game), _states(game, week), _pairs(game, day)]
        for _ in range(ATTEMPTS):
            async with self._redis.pipeline(transaction=True) as pipe:
                try:
                    # The order counter is watched and written by the transaction itself: a
                    # number taken before it (an INCR) could be beaten to the commit by a later
                    # one, and the stored order would no longer be the order the ratings were
                    # computed in (a recompute would then differ).
                    await pipe.watch(SEQ, *watched)
                    found = await pipe.get(key)
                    if found is not None:
                        return changes_from_json(json.loads(found)["changes"])
                    seq = int(await pipe.get(SEQ) or 0) + 1
                    players = result.players
                    states = await self._hmget(pipe, _states(game), players)
                    weekly = await self._hmget(pipe, _states(game, week), players)
                    pairs = people_pairs(result)
                    found_counts = await pipe.hmget(_pairs(game, day), pairs) if pairs else []
                    counts = {
                        k: int(v) for k, v in zip(pairs, found_counts, strict=True) if v is not None
                    }
                    rated = rate(result, states, weekly, counts)
                    pipe.multi()
                    pipe.set(SEQ, seq)
                    doc = {
                        "result": result_to_json(result),
                        "changes": changes_to_json(rated.changes),
                    }
                    pipe.set(key, json.dumps(doc))
                    pipe.zadd(_order(game), {result.id: seq})
                    for player in players:
                        pipe.sadd(_of(player), result.id)
                    self._put(pipe, game, None, rated.states)
                    self._put(pipe, game, week, rated.week)
                    pipe.expire(_states(game, week), WEEK_KEPT)
                    pipe.expire(_board(game, week), WEEK_KEPT)
                    for pair in rated.pairs:
                        pipe.hincrby(_pairs(game, day), pair, 1)
                    pipe.expire(_pairs(game, day), PAIRS_KEPT)
                    for player, point in rated.points.items():
                        pipe.rpush(_history(game, player), _point(point))
                        pipe.ltrim(_history(game, player), -HISTORY_KEPT, -1)
                    await pipe.execute()
                    return rated.changes
                except WatchError:
                    continue
        raise RuntimeError(f"result {result.id} not written after {ATTEMPTS} attempts")

    @staticmethod
    def _put(pipe: Any, game: str, week: str | None, states: Mapping[str, PlayerState]) -> None:
        shown = {p: s for p, s in states.items() if not p.startswith(GONE_PREFIX)}
        if not shown:
            return
        pipe.hset(
            _states(game, week), mapping={p: json.dumps(state_to_json(s)) for p, s in shown.items()}
        )
        pipe.zadd(_board(game, week), {p: s.display for p, s in shown.items()})

    async def state(self, game: str, player: str) -> PlayerState | None:
        found = await self._redis.hget(_states(game), player)
        return None if found is None else state_from_json(json.loads(found))

    async def history(self, game: str, player: str) -> list[HistoryPoint]:
        points = await self._redis.lrange(_history(game, player), 0, -1)
        return [HistoryPoint(*json.loads(p)) for p in points]

    async def board(self, game: str, week: str | None, start: int, count: int) -> list[BoardEntry]:
        ids: list[str] = await self._redis.zrevrange(_board(game, week), start, start + count - 1)
        if not ids:
            return []
        states = _decode(
            dict(zip(ids, await self._redis.hmget(_states(game, week), ids), strict=True))
        )
        return [BoardEntry(start + i + 1, p, states[p]) for i, p in enumerate(ids) if p in states]

    async def size(self, game: str, week: str | None) -> int:
        return int(await self._redis.zcard(_board(game, week)))

    async def rank(self, game: str, week: str | None, player: str) -> BoardEntry | None:
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.zrevrank(_board(game, week), player)
            pipe.hget(_states(game, week), player)
            place, found = await pipe.execute()
        if place is None or found is None:
            return None
        return BoardEntry(int(place) + 1, player, state_from_json(json.loads(found)))

    async def results(self, game: str) -> list[RatedResult]:
        ids: list[str] = await self._redis.zrange(_order(game), 0, -1)
        found: list[RatedResult] = []
        for start in range(0, len(ids), 500):
            docs = await self._redis.mget([_result(i) for i in ids[start : start + 500]])
            found.extend(result_from_json(json.loads(d)["result"]) for d in docs if d is not None)
        return found

    async def _keys(self, pattern: str) -> list[str]:
        return [key async for key in self._redis.scan_iter(match=pattern, count=1000)]

    async def replace(self, game: str, replay: Replay) -> None:
        old = [_states(game), _board(game)]
        for pattern in ("sem", "tablasem", "pares", "hist"):
            old += await self._keys(f"{PREFIX}{pattern}:{game}:*")
        async with self._redis.pipeline(transaction=True) as pipe:
            if old:
                pipe.delete(*old)
            self._put(pipe, game, None, replay.shown())
            for week, states in replay.weeks.items():
                self._put(pipe, game, week, states)
                pipe.expire(_states(game, week), WEEK_KEPT)
                pipe.expire(_board(game, week), WEEK_KEPT)
            for day, pairs in replay.pairs.items():
                if pairs:
                    pipe.hset(_pairs(game, day), mapping=pairs)
                    pipe.expire(_pairs(game, day), PAIRS_KEPT)
            for player, points in replay.history.items():
                if not player.startswith(GONE_PREFIX) and points:
                    pipe.rpush(_history(game, player), *[_point(p) for p in points])
            await pipe.execute()

    async def forget(self, player: str) -> None:
        gone = GONE_PREFIX + secrets.token_urlsafe(12)
        ids = await self._redis.smembers(_of(player))
        for result_id in ids:
            found = await self._redis.get(_result(result_id))
            if found is None:
                continue
            doc = json.loads(found)
            seats = doc["result"]["seats"]
            doc["result"]["seats"] = [[gone if s[0] == player else s[0], *s[1:]] for s in seats]
            await self._redis.set(_result(result_id), json.dumps(doc))
        async with self._redis.pipeline(transaction=True) as pipe:
            if ids:
                pipe.sadd(_of(gone), *ids)
            pipe.delete(_of(player), _stats(player))
            for game in GAMES:
                pipe.hdel(_states(game), player)
                pipe.zrem(_board(game), player)
                pipe.delete(_history(game, player))
            await pipe.execute()
        for key in await self._keys(f"{PREFIX}sem:*"):
            await self._redis.hdel(key, player)
        for key in await self._keys(f"{PREFIX}tablasem:*"):
            await self._redis.zrem(key, player)
        for key in await self._keys(f"{PREFIX}pares:*"):
            for pair, n in (await self._redis.hgetall(key)).items():
                if player in pair.split("|"):
                    other = next(p for p in pair.split("|") if p != player)
                    await self._redis.hdel(key, pair)
                    await self._redis.hset(key, "|".join(sorted((gone, other))), n)

    async def stats(self, profile: str) -> dict[str, Any] | None:
        found = await self._redis.get(_stats(profile))
        return None if found is None else dict(json.loads(found))

    async def merge_stats(self, profile: str, merge: Merge) -> dict[str, Any]:
        key = _stats(profile)
        for _ in range(ATTEMPTS):
            async with self._redis.pipeline(transaction=True) as pipe:
                try:
                    await pipe.watch(key)
                    found = await pipe.get(key)
                    merged = merge(None if found is None else json.loads(found))
                    pipe.multi()
                    pipe.set(key, json.dumps(merged))
                    await pipe.execute()
                    return merged
                except WatchError:
                    continue
        raise RuntimeError("statistics not written")

    async def close(self) -> None:
        await self._redis.aclose()
