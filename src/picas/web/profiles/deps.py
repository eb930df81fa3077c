"""The profile a request acts for: ``Authorization: Bearer <token>``, the token the browser got when
its profile was made (or when it signed in with a passkey). A token only ever acts for its own
profile: the profile is found from the token, never named by the request."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from picas.shared.errors import PicasError
from picas.web.deps import documented_error
from picas.web.profiles.model import Profile
from picas.web.profiles.service import Profiles


class NoProfile(PicasError):  # noqa: N818 (named like the engine's errors)
    code = "no_profile"

    def __init__(self) -> None:
        super().__init__("Este navegador no tiene perfil, o su perfil ya no existe.")


def bearer(request: Request) -> str:
    value = request.headers.get("authorization", "")
    scheme, _, token = value.partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


async def optional_profile(request: Request) -> Profile | None:
    profiles: Profiles = request.app.state.profiles
    token = bearer(request)
    return await profiles.by_token(token) if token else None


async def current_profile(request: Request) -> Profile:
    profile = await optional_profile(request)
    if profile is None:
        raise NoProfile
    return profile


ProfileDep = Annotated[Profile, Depends(current_profile)]
"""The profile a route acts for (401 ``no_profile`` without one)."""
NO_PROFILE_RESPONSE = documented_error("No token, or one that acts for no profile (`no_profile`).")
"""The 401 of a route with :data:`ProfileDep`, as the API schema documents it."""
OptionalProfileDep = Annotated[Profile | None, Depends(optional_profile)]
