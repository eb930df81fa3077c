"""Limits a stranger cannot get around by asking again: counted per address (an IPv6 address
by its /64, the block one subscriber gets) in the profiles' store, so with Redis every server
process shares one count."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from picas.web.profiles.refusals import ProfileError
from picas.web.profiles.store import ProfileStore

HOUR = 3600.0
MINUTE = 60.0
ADDRESS_TEXT_MAX = 64


@dataclass(frozen=True, slots=True)
class ProfileLimits:
    profiles_per_hour: int = 20
    """New profiles per address per hour (docs/profiles.md says why 20)."""
    ceremonies_per_minute: int = 20
    """Passkey options (either ceremony) per address per minute, and per profile for adding."""
    pending_per_address: int = 8
    """Challenges given to one address and neither used nor expired."""
    challenges_in_all: int = 50_000
    """Challenges kept at once, used or not (each a few hundred bytes: some 15 MB at most)."""
    challenge_seconds: float = 120.0
    """How long a challenge may be answered."""
    remember_seconds: float = 600.0
    """How long a challenge is kept after it expires, to tell «used» and «expired» from
    «never given»."""
    passkeys_per_profile: int = 10
    tokens_per_profile: int = 20
    """Browsers signed in to one profile at once; a 21st sign-in signs the oldest out."""


def address_key(address: str) -> str:
    """Whose count a request is: an IPv4 address, an IPv6 address's /64, or (not an address:
    a test client) its text, cut short."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address[:ADDRESS_TEXT_MAX] or "-"
    if isinstance(parsed, ipaddress.IPv6Address) and parsed.ipv4_mapped is None:
        return str(ipaddress.IPv6Network((parsed, 64), strict=False).network_address) + "/64"
    mapped = parsed.ipv4_mapped if isinstance(parsed, ipaddress.IPv6Address) else None
    return str(mapped or parsed)


async def within(
    store: ProfileStore, name: str, who: str, now: float, window: float, most: int, code: str
) -> None:
    """Counts one more for ``who`` in this ``window`` (fixed windows: the bucket names which);
    refused with ``code`` past ``most``."""
    bucket = f"{name}:{who}:{int(now // window)}"
    if await store.hit(bucket, now, window) > most:
        raise ProfileError(code)
