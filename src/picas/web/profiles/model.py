"""A profile as the store keeps it, and its secrets: the id is public (leaderboards, blocks), the
token is the browser's key to the profile and is kept here only as a digest."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

TOKEN_BYTES = 32
"""256 bits: the token is the whole of a guest profile's key."""
MAX_TOKEN_TEXT = 64
"""The longest token text looked up (a real one is 43 characters): anything longer is refused
before it is hashed."""


@dataclass(frozen=True, slots=True)
class Profile:
    id: str
    name: str
    created: float


def new_profile_id() -> str:
    return secrets.token_urlsafe(12)  # 96 bits, public


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_digest(token: str) -> str:
    """What the store keeps of a token: its SHA-256 under the profiles' own label (never equal
    to a friends' seat token's digest of the same text)."""
    return hashlib.sha256(("picas/perfil/token/" + token).encode("utf-8", "replace")).hexdigest()


@dataclass(frozen=True, slots=True)
class Passkey:
    """A passkey of a profile: the authenticator's credential id (base64url, as WebAuthn names
    it), its public key (COSE), the last signature count it reported (0 when it keeps none), the
    label its owner gave it, when it was added and last used to sign in (``None``: never)."""

    id: str
    profile: str
    public_key: bytes
    sign_count: int
    label: str
    created: float
    last_used: float | None = None


CEREMONIES = ("registro", "entrada")
"""The two ceremonies a challenge is given for: adding a passkey to a profile (``registro``,
bound to that profile) and signing in with one (``entrada``)."""


@dataclass(frozen=True, slots=True)
class Challenge:
    """A challenge as the server keeps it until it is used or forgotten: given for one ceremony
    (and, for ``registro``, one profile; ``""`` otherwise), to one address, good until
    ``expires``; ``used`` once it has been presented."""

    text: str
    kind: str
    profile: str
    address: str
    expires: float
    used: bool = False
