"""Every operation of the profiles' store, on SQLite and on a real Redis: the same answers."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import profiles_helpers

from picas.web.profiles.model import (
    Challenge,
    Passkey,
    Profile,
    new_profile_id,
    new_token,
    token_digest,
)
from picas.web.profiles.store import ProfileStore

store_env = profiles_helpers.store_env  # the fixtures, by name
redis_server = profiles_helpers.redis_server
with_store = profiles_helpers.with_store
Run = Callable[..., Any]


def _profile(name: str, created: float = 1_700_000_000.25) -> Profile:
    return Profile(new_profile_id(), name, created)


def test_a_profile_is_found_by_its_id_and_its_token_digest(with_store: Run) -> None:
    async def body(store: ProfileStore) -> None:
        ana = _profile("Ana")
        digest = token_digest(new_token())
        await store.create(ana, digest)
        assert await store.get(ana.id) == ana
        assert await store.by_digest(digest) == ana
        assert await store.by_digest(token_digest(new_token())) is None
        assert await store.get(new_profile_id()) is None

    with_store(body)


def test_names_answers_only_the_profiles_that_exist(with_store: Run) -> None:
    async def body(store: ProfileStore) -> None:
        made = [_profile(f"P{n}") for n in range(3)]
        for profile in made:
            await store.create(profile, token_digest(new_token()))
        asked = [p.id for p in made] + ["nadie", made[0].id]
        assert await store.names(asked) == {p.id: p.name for p in made}
        assert await store.names([]) == {}

    with_store(body)


def test_rename_changes_the_name_only(with_store: Run) -> None:
    async def body(store: ProfileStore) -> None:
        ana = _profile("Ana")
        digest = token_digest(new_token())
        await store.create(ana, digest)
        await store.rename(ana.id, "Ana B")
        assert await store.by_digest(digest) == Profile(ana.id, "Ana B", ana.created)
        await store.rename("nadie", "X")
        assert await store.get("nadie") is None

    with_store(body)


def test_delete_takes_the_profile_and_its_token_and_nobody_else(with_store: Run) -> None:
    async def body(store: ProfileStore) -> None:
        ana, bea = _profile("Ana"), _profile("Bea")
        ana_digest, bea_digest = token_digest(new_token()), token_digest(new_token())
        await store.create(ana, ana_digest)
        await store.create(bea, bea_digest)
        await store.delete(ana.id)
        assert await store.get(ana.id) is None
        assert await store.by_digest(ana_digest) is None
        assert await store.by_digest(bea_digest) == bea
        assert await store.names([ana.id, bea.id]) == {bea.id: "Bea"}

    with_store(body)


def test_data_outlives_the_store_being_closed_and_opened_again(with_store: Run) -> None:
    ana = _profile("Ana")
    digest = token_digest(new_token())

    async def write(store: ProfileStore) -> None:
        await store.create(ana, digest)

    async def read(store: ProfileStore) -> Profile | None:
        return await store.by_digest(digest)

    with_store(write)
    assert with_store(read) == ana


def _passkey(profile: Profile, key_id: str, created: float = 10.0, count: int = 0) -> Passkey:
    return Passkey(key_id, profile.id, b"\xa5\x01\x02" + key_id.encode(), count, "Móvil", created)


async def _made(store: ProfileStore, name: str) -> tuple[Profile, str]:
    profile = _profile(name)
    digest = token_digest(new_token())
    await store.create(profile, digest)
    return profile, digest


def test_more_tokens_act_for_the_profile_and_the_oldest_go_beyond_the_bound(
    with_store: Run,
) -> None:
    async def body(store: ProfileStore) -> None:
        ana, first = await _made(store, "Ana")
        later = [token_digest(new_token()) for _ in range(3)]
        for digest in later:
            assert await store.add_token(ana.id, digest, keep=3)
        # Four given, three kept: the first token no longer acts.
        assert await store.by_digest(first) is None
        for digest in later:
            assert await store.by_digest(digest) == ana
        assert not await store.add_token("nadie", token_digest(new_token()), keep=3)

    with_store(body)


def test_passkeys_are_added_listed_found_and_removed_by_their_owner_only(
    with_store: Run,
) -> None:
    async def body(store: ProfileStore) -> None:
        ana, _ = await _made(store, "Ana")
        bea, _ = await _made(store, "Bea")
        second, first = _passkey(ana, "k2", created=20.0), _passkey(ana, "k1", created=10.0)
        assert await store.add_passkey(second, most=2) == "ok"
        assert await store.add_passkey(first, most=2) == "ok"
        assert await store.add_passkey(_passkey(ana, "k3"), most=2) == "full"
        assert await store.add_passkey(_passkey(bea, "k1"), most=2) == "taken"
        assert await store.add_passkey(_passkey(_profile("X"), "k9"), most=2) == "gone"
        assert await store.passkeys(ana.id) == [first, second]
        assert await store.passkeys(bea.id) == []
        assert await store.passkey("k1") == first
        assert not await store.remove_passkey(bea.id, "k1")
        assert await store.remove_passkey(ana.id, "k1")
        assert not await store.remove_passkey(ana.id, "k1")
        assert await store.passkey("k1") is None
        assert await store.passkeys(ana.id) == [second]

    with_store(body)


def test_a_sign_in_must_raise_a_kept_count(with_store: Run) -> None:
    async def body(store: ProfileStore) -> None:
        ana, _ = await _made(store, "Ana")
        await store.add_passkey(_passkey(ana, "counts", count=5), most=5)
        await store.add_passkey(_passkey(ana, "none"), most=5)
        assert not await store.passkey_used("counts", 5, now=100.0)
        assert not await store.passkey_used("counts", 0, now=100.0)
        assert await store.passkey_used("counts", 6, now=101.0)
        found = await store.passkey("counts")
        assert found is not None
        assert (found.sign_count, found.last_used) == (6, 101.0)
        # An authenticator that keeps no count (always 0) signs in again and again.
        assert await store.passkey_used("none", 0, now=102.0)
        assert await store.passkey_used("none", 0, now=103.0)
        assert not await store.passkey_used("nadie", 1, now=103.0)

    with_store(body)


def test_deleting_a_profile_takes_its_passkeys_and_every_token(with_store: Run) -> None:
    async def body(store: ProfileStore) -> None:
        ana, first = await _made(store, "Ana")
        bea, _ = await _made(store, "Bea")
        other = token_digest(new_token())
        await store.add_token(ana.id, other, keep=5)
        await store.add_passkey(_passkey(ana, "ka"), most=5)
        await store.add_passkey(_passkey(bea, "kb"), most=5)
        await store.delete(ana.id)
        assert await store.by_digest(first) is None
        assert await store.by_digest(other) is None
        assert await store.passkey("ka") is None
        assert await store.passkeys(ana.id) == []
        assert await store.passkey("kb") is not None

    with_store(body)


def _challenge(text: str, address: str = "192.0.2.1", expires: float = 1120.0) -> Challenge:
    return Challenge(text, "entrada", "", address, expires)


def test_a_challenge_is_taken_once_then_known_as_used_until_forgotten(with_store: Run) -> None:
    async def body(store: ProfileStore) -> None:
        made = Challenge("c1", "registro", "perfil-1", "192.0.2.1", 1120.0)
        assert await store.add_challenge(made, 1000.0, 1720.0, 5, 100) == "ok"
        assert await store.take_challenge("c1", 1010.0) == made
        again = await store.take_challenge("c1", 1011.0)
        assert again is not None
        assert again.used
        assert await store.take_challenge("c1", 1720.0) is None
        assert await store.take_challenge("never", 1010.0) is None

    with_store(body)


def test_pending_challenges_are_bounded_per_address_and_in_all(with_store: Run) -> None:
    async def body(store: ProfileStore) -> None:
        for n in range(3):
            assert await store.add_challenge(_challenge(f"a{n}"), 1000.0, 1720.0, 3, 5) == "ok"
        assert await store.add_challenge(_challenge("a3"), 1000.0, 1720.0, 3, 5) == "address"
        # A used one is no longer pending; an expired one neither.
        await store.take_challenge("a0", 1001.0)
        assert await store.add_challenge(_challenge("a4"), 1001.0, 1720.0, 3, 5) == "ok"
        later = _challenge("a5", expires=1300.0)
        assert await store.add_challenge(later, 1121.0, 1800.0, 3, 5) == "ok"
        other = _challenge("b0", address="192.0.2.2")
        assert await store.add_challenge(other, 1121.0, 1720.0, 3, 5) == "full"
        # Once forgotten, they make room again.
        assert await store.add_challenge(other, 1720.0, 2400.0, 3, 5) == "ok"

    with_store(body)


def test_hits_count_per_bucket(with_store: Run) -> None:
    async def body(store: ProfileStore) -> None:
        counts = [await store.hit("perfil:192.0.2.1:7", 100.0, 3600.0) for _ in range(3)]
        assert counts == [1, 2, 3]
        assert await store.hit("perfil:192.0.2.2:7", 100.0, 3600.0) == 1

    with_store(body)


def test_two_sign_ins_with_one_count_at_once_only_one_passes(with_store: Run) -> None:
    async def body(store: ProfileStore) -> list[bool]:
        ana, _ = await _made(store, "Ana")
        await store.add_passkey(_passkey(ana, "k", count=3), most=5)
        return list(await asyncio.gather(*(store.passkey_used("k", 4, 50.0) for _ in range(8))))

    assert sorted(with_store(body)) == [False] * 7 + [True]


def test_a_challenge_taken_twice_at_once_is_fresh_for_one_only(with_store: Run) -> None:
    async def body(store: ProfileStore) -> list[bool]:
        await store.add_challenge(_challenge("once"), 1000.0, 1720.0, 5, 100)
        taken = await asyncio.gather(*(store.take_challenge("once", 1001.0) for _ in range(8)))
        return [c is not None and not c.used for c in taken]

    assert sorted(with_store(body)) == [False] * 7 + [True]
