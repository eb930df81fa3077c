"""A software authenticator for the passkey tests: an ES256 key made with ``cryptography``, and
the bytes a browser sends (clientDataJSON, authenticatorData, an attestation object with format
«none», a DER signature over authenticatorData ‖ SHA-256(clientDataJSON)), each made here from
the WebAuthn specification, not by the package the server checks them with.

Each answer can be bent the way an attacker or a broken browser would: another origin, another
site, another ceremony's type, a count, a forged signature."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import struct
from typing import Any

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

UP, UV, AT = 0x01, 0x04, 0x40


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def cbor(value: object) -> bytes:
    """The CBOR (RFC 8949) of ints, byte strings, text and maps: all an attestation needs."""

    def head(major: int, n: int) -> bytes:
        if n < 24:
            return bytes([major << 5 | n])
        if n < 0x100:
            return bytes([major << 5 | 24, n])
        if n < 0x10000:
            return bytes([major << 5 | 25]) + struct.pack(">H", n)
        return bytes([major << 5 | 26]) + struct.pack(">I", n)

    if isinstance(value, bool):
        return bytes([0xF5 if value else 0xF4])
    if isinstance(value, int):
        return head(0, value) if value >= 0 else head(1, -1 - value)
    if isinstance(value, bytes):
        return head(2, len(value)) + value
    if isinstance(value, str):
        encoded = value.encode("utf-8")
        return head(3, len(encoded)) + encoded
    if isinstance(value, dict):
        return head(5, len(value)) + b"".join(cbor(k) + cbor(v) for k, v in value.items())
    raise TypeError(value)


class Authenticator:
    """One passkey on one device. ``counts``: whether it keeps a signature counter (many synced
    passkeys always say 0)."""

    def __init__(self, *, counts: bool = True) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.credential_id = os.urandom(16)
        self.counts = counts
        self.count = 0
        self.user_handle = b""

    @property
    def id(self) -> str:
        return b64(self.credential_id)

    def cose_key(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        x, y = numbers.x.to_bytes(32, "big"), numbers.y.to_bytes(32, "big")
        return cbor({1: 2, 3: -7, -1: 1, -2: x, -3: y})  # EC2, ES256, P-256

    def _client_data(self, kind: str, challenge: str, origin: str) -> bytes:
        data = {"type": kind, "challenge": challenge, "origin": origin, "crossOrigin": False}
        return json.dumps(data, separators=(",", ":")).encode()

    def _next_count(self, count: int | None) -> int:
        if count is not None:
            return count
        if self.counts:
            self.count += 1
            return self.count
        return 0

    def create(
        self,
        options: dict[str, Any],
        *,
        origin: str = "http://testserver",
        rp_id: str | None = None,
        kind: str = "webauthn.create",
    ) -> dict[str, Any]:
        """``navigator.credentials.create`` answering ``options`` (the server's JSON)."""
        self.user_handle = unb64(options["user"]["id"])
        rp = rp_id if rp_id is not None else options["rp"]["id"]
        attested = (
            bytes(16) + struct.pack(">H", len(self.credential_id)) + self.credential_id
        ) + self.cose_key()
        auth_data = (
            hashlib.sha256(rp.encode()).digest()
            + bytes([UP | UV | AT])
            + struct.pack(">I", self._next_count(None))
            + attested
        )
        attestation = cbor({"fmt": "none", "attStmt": {}, "authData": auth_data})
        client_data = self._client_data(kind, options["challenge"], origin)
        return {
            "id": self.id,
            "rawId": self.id,
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client_data),
                "attestationObject": b64(attestation),
                "transports": ["internal"],
            },
            "authenticatorAttachment": "platform",
            "clientExtensionResults": {"credProps": {"rk": True}},
        }

    def get(
        self,
        options: dict[str, Any],
        *,
        origin: str = "http://testserver",
        rp_id: str | None = None,
        kind: str = "webauthn.get",
        count: int | None = None,
        forge: bool = False,
    ) -> dict[str, Any]:
        """``navigator.credentials.get`` answering ``options``; ``forge``: signed by another
        key (what someone without this passkey can make)."""
        rp = rp_id if rp_id is not None else options["rpId"]
        auth_data = (
            hashlib.sha256(rp.encode()).digest()
            + bytes([UP | UV])
            + struct.pack(">I", self._next_count(count))
        )
        client_data = self._client_data(kind, options["challenge"], origin)
        signer = ec.generate_private_key(ec.SECP256R1()) if forge else self.key
        signature = signer.sign(
            auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256())
        )
        return {
            "id": self.id,
            "rawId": self.id,
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client_data),
                "authenticatorData": b64(auth_data),
                "signature": b64(signature),
                "userHandle": b64(self.user_handle),
            },
            "authenticatorAttachment": "platform",
            "clientExtensionResults": {},
        }
