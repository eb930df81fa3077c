"""The profile's HTTP API (docs/profiles.md, «API»): make a guest profile, read it, rename it,
delete it; add, list and remove its passkeys; sign in with one elsewhere. Installed by
``create_app``; the store is the one ``PICAS_STORE`` names (SQLite in the data directory unless it
is ``redis://…``)."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from picas.web.deps import documented_error
from picas.web.errors import error_response
from picas.web.fair import client_address
from picas.web.friends.names import clean_name
from picas.web.friends.routes import STORE_ENV, data_dir
from picas.web.profiles.deps import NO_PROFILE_RESPONSE, NoProfile, ProfileDep
from picas.web.profiles.limits import HOUR, ProfileLimits, address_key, within
from picas.web.profiles.model import Passkey, Profile
from picas.web.profiles.passkeys import Passkeys, Site, site_of
from picas.web.profiles.refusals import ProfileError, install_refusals
from picas.web.profiles.service import Profiles
from picas.web.profiles.store import PEOPLE_FILE, ProfileStore, SqliteProfiles
from picas.web.settings import Settings

NAME_FIELD_MAX = 200
"""The longest name text read before the name rules (1–20 characters) judge it."""
B64 = r"^[A-Za-z0-9_-]*={0,2}$"
CREDENTIAL_ID_MAX = 1400
"""base64url of WebAuthn's longest credential id (1,023 bytes)."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateProfileIn(Strict):
    name: str = Field(min_length=1, max_length=NAME_FIELD_MAX)


class RenameIn(Strict):
    name: str = Field(min_length=1, max_length=NAME_FIELD_MAX)


class ProfileOut(BaseModel):
    id: str
    name: str
    created: float


class NewProfileOut(BaseModel):
    profile: ProfileOut
    token: str
    """The profile's key, shown once: the browser keeps it."""


class CredPropsIn(Strict):
    rk: bool | None = None


class ExtensionsIn(Strict):
    credProps: CredPropsIn | None = None  # noqa: N815 (WebAuthn's own names)


class AttestationIn(Strict):
    clientDataJSON: str = Field(max_length=6000, pattern=B64)  # noqa: N815
    attestationObject: str = Field(max_length=12000, pattern=B64)  # noqa: N815
    transports: list[Annotated[str, Field(max_length=32)]] | None = Field(None, max_length=8)
    authenticatorData: str | None = Field(None, max_length=6000, pattern=B64)  # noqa: N815
    publicKey: str | None = Field(None, max_length=2000, pattern=B64)  # noqa: N815
    publicKeyAlgorithm: int | None = Field(None, ge=-65536, le=65535)  # noqa: N815


class AssertionIn(Strict):
    clientDataJSON: str = Field(max_length=6000, pattern=B64)  # noqa: N815
    authenticatorData: str = Field(max_length=6000, pattern=B64)  # noqa: N815
    signature: str = Field(max_length=1400, pattern=B64)
    userHandle: str | None = Field(None, max_length=200, pattern=B64)  # noqa: N815


class CredentialIn(Strict):
    id: str = Field(min_length=1, max_length=CREDENTIAL_ID_MAX, pattern=B64)
    rawId: str = Field(min_length=1, max_length=CREDENTIAL_ID_MAX, pattern=B64)  # noqa: N815
    type: Literal["public-key"]
    authenticatorAttachment: Literal["platform", "cross-platform"] | None = None  # noqa: N815
    clientExtensionResults: ExtensionsIn | None = None  # noqa: N815


class RegistrationIn(CredentialIn):
    response: AttestationIn


class AssertionCredentialIn(CredentialIn):
    response: AssertionIn


class AddPasskeyIn(Strict):
    credential: RegistrationIn
    label: str | None = Field(None, max_length=NAME_FIELD_MAX)
    """The passkey's name for its owner (the name rules); «Llave N» without one."""


class SignInIn(Strict):
    credential: AssertionCredentialIn


class PasskeyOut(BaseModel):
    id: str
    label: str
    created: float
    last_used: float | None


def _out(profile: Profile) -> ProfileOut:
    return ProfileOut(id=profile.id, name=profile.name, created=profile.created)


def _passkey_out(passkey: Passkey) -> PasskeyOut:
    return PasskeyOut(
        id=passkey.id, label=passkey.label, created=passkey.created, last_used=passkey.last_used
    )


def open_profiles(environ: dict[str, str] | None = None) -> ProfileStore:
    env = dict(os.environ) if environ is None else environ
    url = env.get(STORE_ENV, "")
    if url.startswith(("redis://", "rediss://", "unix://")):
        from picas.web.profiles.redis_store import RedisProfiles

        return RedisProfiles(url)
    return SqliteProfiles(Path(data_dir(env)) / PEOPLE_FILE)


def _site(request: Request) -> Site:
    return site_of(request.url.scheme, request.headers.get("host", ""))


def _credential(model: CredentialIn) -> dict[str, Any]:
    """The credential as WebAuthn's JSON names it, for the ``webauthn`` package."""
    return model.model_dump(exclude_none=True)


RESPONSES: dict[int | str, dict[str, Any]] = {
    400: documented_error(
        "Malformed body (`bad_request`) or a refused passkey (`passkey_…`, docs/profiles.md)."
    ),
    401: NO_PROFILE_RESPONSE,
    404: documented_error("No such passkey of this profile (`passkey_not_found`)."),
    409: documented_error(
        "The passkey is stored already (`passkey_taken`), or there are too many."
    ),
    413: documented_error("Body over the size cap (`too_large`)."),
    422: documented_error("A name the rules refuse (`bad_name`)."),
    429: documented_error(
        "Too many profiles or ceremonies from this address (with `Retry-After`)."
    ),
    503: documented_error(
        "Too many ceremonies at once, or the store does not answer (`Retry-After`)."
    ),
}


def router(settings: Settings, limits: ProfileLimits, clock: Callable[[], float]) -> APIRouter:
    api = APIRouter(prefix="/api/perfil", tags=["perfil"], responses=RESPONSES)

    def address(request: Request) -> str:
        return client_address(request.scope, behind_proxy=settings.behind_proxy)

    def passkeys_of(request: Request) -> Passkeys:
        ceremonies: Passkeys = request.app.state.passkeys
        return ceremonies

    @api.post("", status_code=201)
    async def create(body: CreateProfileIn, request: Request) -> NewProfileOut:
        profiles: Profiles = request.app.state.profiles
        name = clean_name(body.name)  # a refused name counts for nothing
        who = address_key(address(request))
        most = limits.profiles_per_hour
        await within(profiles.store, "perfil", who, clock(), HOUR, most, "too_many_profiles")
        profile, token = await profiles.create(name)
        return NewProfileOut(profile=_out(profile), token=token)

    @api.get("")
    async def read(profile: ProfileDep) -> ProfileOut:
        return _out(profile)

    @api.patch("")
    async def rename(body: RenameIn, profile: ProfileDep, request: Request) -> ProfileOut:
        profiles: Profiles = request.app.state.profiles
        return _out(await profiles.rename(profile, body.name))

    @api.delete("", status_code=204)
    async def delete(profile: ProfileDep, request: Request) -> Response:
        profiles: Profiles = request.app.state.profiles
        await profiles.delete(profile)
        return Response(status_code=204)

    @api.post("/llaves/opciones")
    async def registration_options(profile: ProfileDep, request: Request) -> dict[str, Any]:
        return await passkeys_of(request).registration_options(
            profile, _site(request), address(request)
        )

    @api.post("/llaves", status_code=201)
    async def add_passkey(body: AddPasskeyIn, profile: ProfileDep, request: Request) -> PasskeyOut:
        ceremonies = passkeys_of(request)
        if body.label is not None:
            label = clean_name(body.label)
        else:
            label = f"Llave {len(await ceremonies.store.passkeys(profile.id)) + 1}"
        passkey = await ceremonies.register(
            profile, _credential(body.credential), label, _site(request)
        )
        return _passkey_out(passkey)

    @api.get("/llaves")
    async def list_passkeys(profile: ProfileDep, request: Request) -> list[PasskeyOut]:
        return [_passkey_out(p) for p in await passkeys_of(request).store.passkeys(profile.id)]

    @api.delete("/llaves/{credential_id}", status_code=204)
    async def remove_passkey(credential_id: str, profile: ProfileDep, request: Request) -> Response:
        if len(credential_id) > CREDENTIAL_ID_MAX or not await passkeys_of(
            request
        ).store.remove_passkey(profile.id, credential_id):
            raise ProfileError("passkey_not_found")
        return Response(status_code=204)

    @api.post("/entrar/opciones")
    async def sign_in_options(request: Request) -> dict[str, Any]:
        return await passkeys_of(request).sign_in_options(_site(request), address(request))

    @api.post("/entrar")
    async def sign_in(body: SignInIn, request: Request) -> NewProfileOut:
        profile, token = await passkeys_of(request).sign_in(
            _credential(body.credential), _site(request)
        )
        return NewProfileOut(profile=_out(profile), token=token)

    return api


def install(
    app: FastAPI,
    settings: Settings,
    store: ProfileStore | None = None,
    *,
    limits: ProfileLimits | None = None,
    clock: Callable[[], float] = time.time,
) -> None:
    store = store if store is not None else open_profiles()
    limits = limits or ProfileLimits()
    app.state.profiles = Profiles(store, clock=clock)
    app.state.passkeys = Passkeys(store, limits, clock=clock)
    app.include_router(router(settings, limits, clock))

    async def no_profile(request: Request, error: Exception) -> Response:
        assert isinstance(error, NoProfile)
        return error_response(401, error.code, error.message)

    app.add_exception_handler(NoProfile, no_profile)
    install_refusals(app)
    previous = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(inner: FastAPI) -> AsyncIterator[None]:
        try:
            async with previous(inner):
                yield
        finally:
            await store.close()

    app.router.lifespan_context = lifespan
