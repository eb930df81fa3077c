"""Profiles in Redis, for several server processes (``PICAS_STORE=redis://…``, run with its
append-only file on). Every key starts with ``picas:perfil:``:

- ``p:<id>``: the profile, a hash (``name``, ``created``);
- ``t:<digest>``: a token's digest → the profile's id; ``pt:<id>``: the set of a profile's digests
  (so deletion finds them).

A profile and its first token are written together by one script, and deletion takes the profile
and everything under it in one script, so no other process ever sees half of either."""

from __future__ import annotations

import redis.asyncio as aioredis

from picas.web.profiles.model import Profile

PREFIX = "picas:perfil:"


def profile_key(profile_id: str) -> str:
    return f"{PREFIX}p:{profile_id}"


def token_key(digest: str) -> str:
    return f"{PREFIX}t:{digest}"


def tokens_key(profile_id: str) -> str:
    return f"{PREFIX}pt:{profile_id}"


CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'name', ARGV[1], 'created', ARGV[2])
redis.call('SET', KEYS[2], ARGV[3])
redis.call('SADD', KEYS[3], ARGV[4])
return 1
"""
"""KEYS: the profile, the token, the profile's tokens. ARGV: name, created, id, digest."""

DELETE = """
for _, digest in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  redis.call('DEL', ARGV[1] .. 't:' .. digest)
end
redis.call('DEL', KEYS[1], KEYS[2])
return 1
"""
"""KEYS: the profile, its tokens. ARGV: the prefix."""


class RedisProfiles:
    def __init__(self, url: str) -> None:
        self._redis: aioredis.Redis = aioredis.Redis.from_url(url, decode_responses=True)
        self._create = self._redis.register_script(CREATE)
        self._delete = self._redis.register_script(DELETE)

    async def create(self, profile: Profile, digest: str) -> None:
        keys = [profile_key(profile.id), token_key(digest), tokens_key(profile.id)]
        made = await self._create(
            keys=keys, args=[profile.name, repr(profile.created), profile.id, digest]
        )
        if not made:
            raise ValueError("profile id already taken")

    async def by_digest(self, digest: str) -> Profile | None:
        profile_id = await self._redis.get(token_key(digest))
        return None if profile_id is None else await self.get(str(profile_id))

    async def get(self, profile_id: str) -> Profile | None:
        fields = await self._redis.hgetall(profile_key(profile_id))
        if not fields:
            return None
        return Profile(profile_id, str(fields["name"]), float(fields["created"]))

    async def names(self, ids: list[str]) -> dict[str, str]:
        wanted = sorted(set(ids))
        found: dict[str, str] = {}
        for start in range(0, len(wanted), 500):
            chunk = wanted[start : start + 500]
            async with self._redis.pipeline(transaction=False) as pipe:
                for profile_id in chunk:
                    pipe.hget(profile_key(profile_id), "name")
                names = await pipe.execute()
            found.update({i: n for i, n in zip(chunk, names, strict=True) if n is not None})
        return found

    async def rename(self, profile_id: str, name: str) -> None:
        # HSET only on an existing hash: a rename racing a deletion must not bring it back.
        await self._redis.eval(
            "if redis.call('EXISTS', KEYS[1]) == 1 then"
            " redis.call('HSET', KEYS[1], 'name', ARGV[1]) end return 1",
            1,
            profile_key(profile_id),
            name,
        )

    async def delete(self, profile_id: str) -> None:
        await self._delete(keys=[profile_key(profile_id), tokens_key(profile_id)], args=[PREFIX])

    async def close(self) -> None:
        await self._redis.aclose()
