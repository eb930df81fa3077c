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
