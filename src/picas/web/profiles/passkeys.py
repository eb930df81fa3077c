"""Passkeys (WebAuthn, the ``webauthn`` package): adding one to a profile, and signing in with it
from another device to a new token for the same profile.

Each ceremony is two requests: the options (with a challenge the server keeps: single use, for
that ceremony, for that profile when adding, answered within 2 minutes) and the browser's
credential. The checks that have their own refusal code are made here, in the order a reader
follows them (the challenge, the ceremony, the origin, the site, the credential, the count), and
the package then checks the whole response again, signatures included. The site is the request's
own: the relying party id is the host name it was sent to, the origin its scheme and host."""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers.parse_attestation_object import parse_attestation_object
from webauthn.helpers.parse_authenticator_data import parse_authenticator_data
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from picas.web.profiles.deps import NoProfile
from picas.web.profiles.limits import MINUTE, ProfileLimits, address_key, within
from picas.web.profiles.model import Challenge, Passkey, Profile, new_token, token_digest
from picas.web.profiles.refusals import ProfileError
from picas.web.profiles.store import ProfileStore

RP_NAME = "Picas"
CHALLENGE_BYTES = 32
CHALLENGE_TEXT_MAX = 128
"""A challenge text longer than this was never given (ours are 43 characters)."""
CLIENT_DATA_MAX = 4096
"""The decoded clientDataJSON read (a real one is some 150–250 bytes)."""
HOST = re.compile(r"^(?P<name>[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?)(?::(?P<port>[0-9]{1,5}))?$")
DEFAULT_PORTS = {"http": "80", "https": "443"}


@dataclass(frozen=True, slots=True)
class Site:
    """Whom a ceremony is for: the relying party id (a host name, no port) and the origin the
    browser must name (scheme, host and any port)."""

    rp_id: str
    origin: str


def site_of(scheme: str, host_header: str) -> Site:
    """The site a request was sent to: its ``Host`` (behind nginx, the one nginx passes on) and
    its scheme (behind nginx, ``X-Forwarded-Proto`` as uvicorn reads it)."""
    match = HOST.match(host_header.strip().lower())
    if scheme not in DEFAULT_PORTS or match is None:
        raise ProfileError("bad_host")
    name, port = match["name"], match["port"]
    netloc = name if port in (None, DEFAULT_PORTS[scheme]) else f"{name}:{port}"
    return Site(name, f"{scheme}://{netloc}")


def b64decode(text: str) -> bytes:
    """base64url, with or without padding; refused as malformed otherwise."""
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise ProfileError("passkey_malformed") from None


def b64encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


@dataclass(frozen=True, slots=True)
class ClientData:
    type: str
    challenge: str
    origin: str


def client_data(encoded: str) -> ClientData:
    raw = b64decode(encoded)
    if len(raw) > CLIENT_DATA_MAX:
        raise ProfileError("passkey_malformed")
    try:
        parsed = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ProfileError("passkey_malformed") from None
    if not isinstance(parsed, dict):
        raise ProfileError("passkey_malformed")
    fields = [parsed.get(name) for name in ("type", "challenge", "origin")]
    if not all(isinstance(value, str) for value in fields):
        raise ProfileError("passkey_malformed")
    return ClientData(*(str(value) for value in fields))


def rp_id_hash(rp_id: str) -> bytes:
    return hashlib.sha256(rp_id.encode("utf-8")).digest()


class Passkeys:
    """The two ceremonies, over the profiles' store."""

    def __init__(
        self,
        store: ProfileStore,
        limits: ProfileLimits,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.limits = limits
        self._clock = clock

    # --- challenges ------------------------------------------------------------------------------

    async def _challenge(self, kind: str, profile_id: str, address: str) -> bytes:
        now = self._clock()
        who = address_key(address)
        most = self.limits.ceremonies_per_minute
        await within(self.store, "llave", who, now, MINUTE, most, "too_many_ceremonies")
        if profile_id:
            await within(
                self.store, "llave-perfil", profile_id, now, MINUTE, most, "too_many_ceremonies"
            )
        raw = secrets.token_bytes(CHALLENGE_BYTES)
        expires = now + self.limits.challenge_seconds
        kept = await self.store.add_challenge(
            Challenge(b64encode(raw), kind, profile_id, who, expires),
            now,
            expires + self.limits.remember_seconds,
            self.limits.pending_per_address,
            self.limits.challenges_in_all,
        )
        if kept == "address":
            raise ProfileError("too_many_ceremonies")
        if kept != "ok":  # "full"; or "taken", 256 random bits drawn twice: never in practice
            raise ProfileError("ceremonies_full")
        return raw

    async def _take(self, data: ClientData, kind: str, site: Site) -> Challenge:
        """The challenge the browser answered, spent now whatever follows; then the ceremony and
        the origin it was answered for."""
        if len(data.challenge) > CHALLENGE_TEXT_MAX:
            raise ProfileError("passkey_challenge_unknown")
        now = self._clock()
        challenge = await self.store.take_challenge(data.challenge, now)
        if challenge is None:
            raise ProfileError("passkey_challenge_unknown")
        if challenge.used:
            raise ProfileError("passkey_challenge_used")
        if now > challenge.expires:
            raise ProfileError("passkey_challenge_expired")
        wanted_type = "webauthn.create" if kind == "registro" else "webauthn.get"
        if challenge.kind != kind or data.type != wanted_type:
            raise ProfileError("passkey_wrong_ceremony")
        if data.origin != site.origin:
            raise ProfileError("passkey_wrong_origin")
        return challenge

    # --- adding a passkey ------------------------------------------------------------------------

    async def registration_options(
        self, profile: Profile, site: Site, address: str
    ) -> dict[str, Any]:
        known = await self.store.passkeys(profile.id)
        if len(known) >= self.limits.passkeys_per_profile:
            raise ProfileError("too_many_passkeys")  # said before the device is asked
        raw = await self._challenge("registro", profile.id, address)
        options = generate_registration_options(
            rp_id=site.rp_id,
            rp_name=RP_NAME,
            user_id=profile.id.encode("ascii"),
            user_name=profile.name,
            user_display_name=profile.name,
            challenge=raw,
            timeout=int(self.limits.challenge_seconds * 1000),
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.PREFERRED,
            ),
            exclude_credentials=[
                PublicKeyCredentialDescriptor(id=b64decode(key.id)) for key in known
            ],
        )
        answer: dict[str, Any] = json.loads(options_to_json(options))
        return answer

    async def register(
        self, profile: Profile, credential: dict[str, Any], label: str, site: Site
    ) -> Passkey:
        response = credential["response"]
        data = client_data(response["clientDataJSON"])
        challenge = await self._take(data, "registro", site)
        if challenge.profile != profile.id:
            raise ProfileError("passkey_other_profile")
        try:
            attestation = parse_attestation_object(b64decode(response["attestationObject"]))
        except ProfileError:
            raise
        except Exception:  # the package's CBOR reader raises many kinds on bad bytes
            raise ProfileError("passkey_malformed") from None
        if attestation.auth_data.rp_id_hash != rp_id_hash(site.rp_id):
            raise ProfileError("passkey_wrong_rp")
        try:
            verified = verify_registration_response(
                credential=credential,
                expected_challenge=b64decode(challenge.text),
                expected_rp_id=site.rp_id,
                expected_origin=site.origin,
            )
        except Exception:  # WebAuthnException, and whatever its readers raise on bad bytes
            raise ProfileError("passkey_refused") from None
        passkey = Passkey(
            b64encode(verified.credential_id),
            profile.id,
            verified.credential_public_key,
            verified.sign_count,
            label,
            self._clock(),
        )
        added = await self.store.add_passkey(passkey, self.limits.passkeys_per_profile)
        if added == "taken":
            raise ProfileError("passkey_taken")
        if added == "full":
            raise ProfileError("too_many_passkeys")
        if added == "gone":
            raise NoProfile
        return passkey

    # --- signing in ------------------------------------------------------------------------------

    async def sign_in_options(self, site: Site, address: str) -> dict[str, Any]:
        raw = await self._challenge("entrada", "", address)
        options = generate_authentication_options(
            rp_id=site.rp_id,
            challenge=raw,
            timeout=int(self.limits.challenge_seconds * 1000),
            user_verification=UserVerificationRequirement.PREFERRED,
        )
        answer: dict[str, Any] = json.loads(options_to_json(options))
        return answer

    async def sign_in(self, credential: dict[str, Any], site: Site) -> tuple[Profile, str]:
        """The credential's profile and a new token for it (the browser that signs in gets its
        own; every other browser keeps its token)."""
        response = credential["response"]
        data = client_data(response["clientDataJSON"])
        challenge = await self._take(data, "entrada", site)
        try:
            auth_data = parse_authenticator_data(b64decode(response["authenticatorData"]))
        except ProfileError:
            raise
        except Exception:  # the package's reader raises many kinds on bad bytes
            raise ProfileError("passkey_malformed") from None
        if auth_data.rp_id_hash != rp_id_hash(site.rp_id):
            raise ProfileError("passkey_wrong_rp")
        if not auth_data.flags.up:
            raise ProfileError("passkey_refused")
        passkey = await self.store.passkey(str(credential["id"]))
        if passkey is None:
            raise ProfileError("passkey_unknown")
        handle = response.get("userHandle")
        if handle and b64decode(handle) != passkey.profile.encode("ascii"):
            raise ProfileError("passkey_unknown")
        try:
            verified = verify_authentication_response(
                credential=credential,
                expected_challenge=b64decode(challenge.text),
                expected_rp_id=site.rp_id,
                expected_origin=site.origin,
                credential_public_key=passkey.public_key,
                credential_current_sign_count=0,  # the count is checked below, with its own code
            )
        except Exception:  # WebAuthnException, and whatever its readers raise on bad bytes
            raise ProfileError("passkey_bad_signature") from None
        count = verified.new_sign_count
        if (count > 0 or passkey.sign_count > 0) and count <= passkey.sign_count:
            raise ProfileError("passkey_replayed")
        if not await self.store.passkey_used(passkey.id, count, self._clock()):
            raise ProfileError("passkey_replayed")  # another sign-in with this count came first
        profile = await self.store.get(passkey.profile)
        token = new_token()
        if profile is None or not await self.store.add_token(
            profile.id, token_digest(token), self.limits.tokens_per_profile
        ):
            raise ProfileError("passkey_unknown")
        return profile, token
