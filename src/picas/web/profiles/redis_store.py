"""Profiles in Redis, for several server processes (``PICAS_STORE=redis://…``, run with its
append-only file on). Every key starts with ``picas:perfil:``:

- ``p:<id>``: the profile, a hash (``name``, ``created``);
- ``t:<digest>``: a token's digest → the profile's id; ``pt:<id>``: a profile's digests, a sorted
  set in the order they were given (``seq``), so deletion finds them and the oldest go first;
- ``k:<credential id>``: a passkey, a hash; ``pk:<id>``: a profile's passkeys (by when added);
- ``c:<challenge>``: a ceremony's challenge, a hash kept until it is forgotten; ``call``: every
  kept challenge (by when it is forgotten); ``ca:<address>``: an address's pending ones (by expiry);
- ``n:<bucket>``: a limit's count in one window.

Each change that checks before it writes is one script, so no other process ever sees half of it
or slips in between the check and the write. The decisions use the server's clock (given with
each call, as the SQLite store); Redis's own expiry (``PEXPIRE``) only clears what is past use."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec, TypeVar

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from picas.web.profiles.model import Challenge, Passkey, Profile
from picas.web.profiles.refusals import ProfileError
from picas.web.redis_pool import bounded_client

log = logging.getLogger("picas.web")
P = ParamSpec("P")
R = TypeVar("R")


def _guarded(
    method: Callable[P, Coroutine[Any, Any, R]],
) -> Callable[P, Coroutine[Any, Any, R]]:
    """Redis away (restarting, unreachable): a 503 the page can retry, never a 500."""

    @functools.wraps(method)
    async def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return await method(*args, **kwargs)
        except RedisError as error:
            log.warning("Redis no responde (perfiles): %s", error)
            raise ProfileError("profiles_unavailable") from error

    return run


PREFIX = "picas:perfil:"


def profile_key(profile_id: str) -> str:
    return f"{PREFIX}p:{profile_id}"


def token_key(digest: str) -> str:
    return f"{PREFIX}t:{digest}"


def tokens_key(profile_id: str) -> str:
    return f"{PREFIX}pt:{profile_id}"


def passkey_key(credential_id: str) -> str:
    return f"{PREFIX}k:{credential_id}"


def passkeys_key(profile_id: str) -> str:
    return f"{PREFIX}pk:{profile_id}"


def challenge_key(text: str) -> str:
    return f"{PREFIX}c:{text}"


def pending_key(address: str) -> str:
    return f"{PREFIX}ca:{address}"


ALL_CHALLENGES = PREFIX + "call"
SEQ = PREFIX + "seq"

CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'name', ARGV[1], 'created', ARGV[2])
redis.call('SET', KEYS[2], ARGV[3])
redis.call('ZADD', KEYS[3], redis.call('INCR', KEYS[4]), ARGV[4])
return 1
"""
"""KEYS: the profile, the token, the profile's tokens, the sequence. ARGV: name, created, id,
digest."""

ADD_TOKEN = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('SET', ARGV[4] .. 't:' .. ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[3]), ARGV[1])
local extra = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[3])
if extra > 0 then
  for _, old in ipairs(redis.call('ZRANGE', KEYS[2], 0, extra - 1)) do
    redis.call('DEL', ARGV[4] .. 't:' .. old)
  end
  redis.call('ZREMRANGEBYRANK', KEYS[2], 0, extra - 1)
end
return 1
"""
"""KEYS: the profile, its tokens, the sequence. ARGV: digest, id, how many to keep, the prefix."""

ADD_PASSKEY = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 'gone' end
if redis.call('EXISTS', KEYS[2]) == 1 then return 'taken' end
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[1]) then return 'full' end
redis.call('HSET', KEYS[2], 'profile', ARGV[2], 'public_key', ARGV[3], 'sign_count', ARGV[4],
  'label', ARGV[5], 'created', ARGV[6])
redis.call('ZADD', KEYS[3], ARGV[6], ARGV[7])
return 'ok'
"""
"""KEYS: the profile, the passkey, the profile's passkeys. ARGV: most, profile, public key (hex),
count, label, created, credential id."""

PASSKEY_USED = """
local stored = redis.call('HGET', KEYS[1], 'sign_count')
if not stored then return 0 end
stored = tonumber(stored)
local new = tonumber(ARGV[1])
if (new > 0 or stored > 0) and new <= stored then return 0 end
redis.call('HSET', KEYS[1], 'sign_count', ARGV[1], 'last_used', ARGV[2])
return 1
"""
"""KEYS: the passkey. ARGV: the new count, now."""

REMOVE_PASSKEY = """
if redis.call('HGET', KEYS[1], 'profile') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[2])
return 1
"""
"""KEYS: the passkey, the profile's passkeys. ARGV: the profile, the credential id."""

ADD_CHALLENGE = """
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
local kept = redis.call('HGET', KEYS[1], 'forget')
if kept and tonumber(kept) > tonumber(ARGV[1]) then return 'taken' end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[2]) then return 'full' end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[3]) then return 'address' end
redis.call('HSET', KEYS[1], 'kind', ARGV[4], 'profile', ARGV[5], 'address', ARGV[6],
  'expires', ARGV[7], 'forget', ARGV[8], 'used', '0')
redis.call('PEXPIRE', KEYS[1], ARGV[10])
redis.call('ZADD', KEYS[2], ARGV[8], ARGV[9])
redis.call('ZADD', KEYS[3], ARGV[7], ARGV[9])
redis.call('PEXPIRE', KEYS[3], ARGV[10])
return 'ok'
"""
"""KEYS: the challenge, every kept challenge, the address's pending ones. ARGV: now, total, per
address, kind, profile, address, expires, forget, the challenge, how long Redis keeps it (ms)."""

TAKE_CHALLENGE = """
local fields = redis.call('HGETALL', KEYS[1])
if #fields == 0 then return false end
local h = {}
for i = 1, #fields, 2 do h[fields[i]] = fields[i + 1] end
if tonumber(h['forget']) <= tonumber(ARGV[1]) then return false end
redis.call('HSET', KEYS[1], 'used', '1')
redis.call('ZREM', ARGV[2] .. 'ca:' .. h['address'], ARGV[3])
return fields
"""
"""KEYS: the challenge. ARGV: now, the prefix, the challenge. Answers its fields as they were."""

HIT = """
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count
"""
"""KEYS: the profile, the token, the profile's tokens. ARGV: name, created, id, digest."""

DELETE = """
for _, digest in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
  redis.call('DEL', ARGV[1] .. 't:' .. digest)
end
for _, key in ipairs(redis.call('ZRANGE', KEYS[3], 0, -1)) do
  redis.call('DEL', ARGV[1] .. 'k:' .. key)
end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
return 1
"""
"""KEYS: the profile, its tokens, its passkeys. ARGV: the prefix."""


def _passkey(credential_id: str, fields: dict[Any, Any]) -> Passkey:
    last_used = fields.get("last_used")
    return Passkey(
        credential_id,
        str(fields["profile"]),
        bytes.fromhex(str(fields["public_key"])),
        int(fields["sign_count"]),
        str(fields["label"]),
        float(fields["created"]),
        None if last_used is None else float(last_used),
    )


class RedisProfiles:
    def __init__(self, url: str) -> None:
        self._redis: aioredis.Redis = bounded_client(url)
        self._create = self._redis.register_script(CREATE)
        self._delete = self._redis.register_script(DELETE)
        self._add_token = self._redis.register_script(ADD_TOKEN)
        self._add_passkey = self._redis.register_script(ADD_PASSKEY)
        self._passkey_used = self._redis.register_script(PASSKEY_USED)
        self._remove_passkey = self._redis.register_script(REMOVE_PASSKEY)
        self._add_challenge = self._redis.register_script(ADD_CHALLENGE)
        self._take_challenge = self._redis.register_script(TAKE_CHALLENGE)
        self._hit = self._redis.register_script(HIT)

    @_guarded
    async def create(self, profile: Profile, digest: str) -> None:
        keys = [profile_key(profile.id), token_key(digest), tokens_key(profile.id), SEQ]
        made = await self._create(
            keys=keys, args=[profile.name, repr(profile.created), profile.id, digest]
        )
        if not made:
            raise ValueError("profile id already taken")

    @_guarded
    async def by_digest(self, digest: str) -> Profile | None:
        profile_id = await self._redis.get(token_key(digest))
        return None if profile_id is None else await self.get(str(profile_id))

    @_guarded
    async def get(self, profile_id: str) -> Profile | None:
        fields = await self._redis.hgetall(profile_key(profile_id))
        if not fields:
            return None
        return Profile(profile_id, str(fields["name"]), float(fields["created"]))

    @_guarded
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

    @_guarded
    async def rename(self, profile_id: str, name: str) -> None:
        # HSET only on an existing hash: a rename racing a deletion must not bring it back.
        await self._redis.eval(
            "if redis.call('EXISTS', KEYS[1]) == 1 then"
            " redis.call('HSET', KEYS[1], 'name', ARGV[1]) end return 1",
            1,
            profile_key(profile_id),
            name,
        )

    @_guarded
    async def delete(self, profile_id: str) -> None:
        keys = [profile_key(profile_id), tokens_key(profile_id), passkeys_key(profile_id)]
        await self._delete(keys=keys, args=[PREFIX])

    @_guarded
    async def add_token(self, profile_id: str, digest: str, keep: int) -> bool:
        keys = [profile_key(profile_id), tokens_key(profile_id), SEQ]
        return bool(await self._add_token(keys=keys, args=[digest, profile_id, keep, PREFIX]))

    @_guarded
    async def add_passkey(self, passkey: Passkey, most: int) -> str:
        keys = [
            profile_key(passkey.profile),
            passkey_key(passkey.id),
            passkeys_key(passkey.profile),
        ]
        args: list[str | int] = [
            most,
            passkey.profile,
            passkey.public_key.hex(),
            passkey.sign_count,
            passkey.label,
            repr(passkey.created),
            passkey.id,
        ]
        return str(await self._add_passkey(keys=keys, args=args))

    @_guarded
    async def passkey(self, credential_id: str) -> Passkey | None:
        fields = await self._redis.hgetall(passkey_key(credential_id))
        return _passkey(credential_id, fields) if fields else None

    @_guarded
    async def passkeys(self, profile_id: str) -> list[Passkey]:
        ids = [str(i) for i in await self._redis.zrange(passkeys_key(profile_id), 0, -1)]
        found: list[Passkey] = []
        for credential_id in ids:
            passkey = await self.passkey(credential_id)
            if passkey is not None:
                found.append(passkey)
        return sorted(found, key=lambda p: (p.created, p.id))

    @_guarded
    async def passkey_used(self, credential_id: str, sign_count: int, now: float) -> bool:
        keys = [passkey_key(credential_id)]
        return bool(await self._passkey_used(keys=keys, args=[sign_count, repr(now)]))

    @_guarded
    async def remove_passkey(self, profile_id: str, credential_id: str) -> bool:
        keys = [passkey_key(credential_id), passkeys_key(profile_id)]
        return bool(await self._remove_passkey(keys=keys, args=[profile_id, credential_id]))

    @_guarded
    async def add_challenge(
        self, challenge: Challenge, now: float, forget: float, per_address: int, total: int
    ) -> str:
        keys = [challenge_key(challenge.text), ALL_CHALLENGES, pending_key(challenge.address)]
        keep_ms = max(1, int((forget - now) * 1000))
        args: list[str | int] = [
            repr(now),
            total,
            per_address,
            challenge.kind,
            challenge.profile,
            challenge.address,
            repr(challenge.expires),
            repr(forget),
            challenge.text,
            keep_ms,
        ]
        return str(await self._add_challenge(keys=keys, args=args))

    @_guarded
    async def take_challenge(self, text: str, now: float) -> Challenge | None:
        keys = [challenge_key(text)]
        flat = await self._take_challenge(keys=keys, args=[repr(now), PREFIX, text])
        if not flat:
            return None
        fields = dict(zip(flat[::2], flat[1::2], strict=True))
        return Challenge(
            text,
            str(fields["kind"]),
            str(fields["profile"]),
            str(fields["address"]),
            float(fields["expires"]),
            fields["used"] == "1",
        )

    @_guarded
    async def hit(self, bucket: str, now: float, window: float) -> int:
        del now  # the bucket names its window; Redis forgets it after the window
        keep_ms = max(1, int(window * 1000))
        return int(await self._hit(keys=[f"{PREFIX}n:{bucket}"], args=[keep_ms]))

    async def close(self) -> None:
        await self._redis.aclose()
