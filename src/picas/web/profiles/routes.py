"""The profile's HTTP API (docs/api.md, «Perfil»): make a guest profile, read it. Installed by
``create_app``; the store is the one ``PICAS_STORE`` names (SQLite in the data directory unless it
is ``redis://…``)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Depends, FastAPI, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from picas.web.errors import error_response
from picas.web.friends.routes import STORE_ENV, data_dir
from picas.web.profiles.deps import NoProfile, current_profile
from picas.web.profiles.model import Profile
from picas.web.profiles.service import Profiles
from picas.web.profiles.store import PEOPLE_FILE, ProfileStore, SqliteProfiles
from picas.web.settings import Settings

NAME_FIELD_MAX = 200
"""The longest name text read before the name rules (1–20 characters) judge it."""


class CreateProfileIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=NAME_FIELD_MAX)


class ProfileOut(BaseModel):
    id: str
    name: str
    created: float


class NewProfileOut(BaseModel):
    profile: ProfileOut
    token: str
    """The profile's key, shown once: the browser keeps it."""


def _out(profile: Profile) -> ProfileOut:
    return ProfileOut(id=profile.id, name=profile.name, created=profile.created)


def open_profiles(environ: dict[str, str] | None = None) -> ProfileStore:
    env = dict(os.environ) if environ is None else environ
    url = env.get(STORE_ENV, "")
    if url.startswith(("redis://", "rediss://", "unix://")):
        from picas.web.profiles.redis_store import RedisProfiles

        return RedisProfiles(url)
    return SqliteProfiles(Path(data_dir(env)) / PEOPLE_FILE)


def router() -> APIRouter:
    api = APIRouter(prefix="/api/perfil", tags=["perfil"])

    @api.post("", status_code=201)
    async def create(body: CreateProfileIn, request: Request) -> NewProfileOut:
        profiles: Profiles = request.app.state.profiles
        profile, token = await profiles.create(body.name)
        return NewProfileOut(profile=_out(profile), token=token)

    @api.get("")
    async def read(profile: Annotated[Profile, Depends(current_profile)]) -> ProfileOut:
        return _out(profile)

    return api


def install(app: FastAPI, settings: Settings, store: ProfileStore | None = None) -> None:
    del settings
    store = store if store is not None else open_profiles()
    app.state.profiles = Profiles(store)
    app.include_router(router())

    async def no_profile(request: Request, error: Exception) -> Response:
        assert isinstance(error, NoProfile)
        return error_response(401, error.code, error.message)

    app.add_exception_handler(NoProfile, no_profile)
    previous = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(inner: FastAPI) -> AsyncIterator[None]:
        try:
            async with previous(inner):
                yield
        finally:
            await store.close()

    app.router.lifespan_context = lifespan
