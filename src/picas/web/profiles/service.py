"""``Profiles``: what the rest of the server asks of profiles. Other parts (ratings, «Jugar ya»,
the day's challenge) find the person behind a token here, and register what a deleted profile
takes with it (:meth:`Profiles.on_delete`)."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

from picas.web.friends.names import clean_name
from picas.web.profiles.model import (
    MAX_TOKEN_TEXT,
    Profile,
    new_profile_id,
    new_token,
    token_digest,
)
from picas.web.profiles.store import ProfileStore

Forget = Callable[[str], Awaitable[None]]


class Profiles:
    def __init__(self, store: ProfileStore, *, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self._clock = clock
        self._forget: list[Forget] = []

    def on_delete(self, forget: Forget) -> None:
        """``forget(profile_id)`` runs when a profile is deleted, before the profile itself goes
        (so a failure leaves the profile, and its owner can ask again)."""
        self._forget.append(forget)

    async def create(self, name: str) -> tuple[Profile, str]:
        """A new guest profile named ``name`` (the friends' table's rules), and its token: the
        only time the token exists outside the browser."""
        profile = Profile(new_profile_id(), clean_name(name), self._clock())
        token = new_token()
        await self.store.create(profile, token_digest(token))
        return profile, token

    async def by_token(self, token: str) -> Profile | None:
        if not token or len(token) > MAX_TOKEN_TEXT:
            return None
        return await self.store.by_digest(token_digest(token))

    async def get(self, profile_id: str) -> Profile | None:
        return await self.store.get(profile_id)

    async def names(self, ids: list[str]) -> dict[str, str]:
        return await self.store.names(ids)

    async def rename(self, profile: Profile, name: str) -> Profile:
        cleaned = clean_name(name)
        await self.store.rename(profile.id, cleaned)
        return Profile(profile.id, cleaned, profile.created)

    async def delete(self, profile: Profile) -> None:
        for forget in self._forget:
            await forget(profile.id)
        await self.store.delete(profile.id)
