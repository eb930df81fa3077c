"""Every operation of the profiles' store, on SQLite and on a real Redis: the same answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from picas.web.profiles.model import Profile, new_profile_id, new_token, token_digest
from picas.web.profiles.store import ProfileStore

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
