"""Signed saves: HMAC-SHA256 over a record's canonical JSON, and the server's key.

The browser keeps the save; the signature lets the server trust a record it did not keep. The key
comes from ``PICAS_SECRET_KEY`` or from a key file made once with owner-only permissions, so a
restart (or another process behind the same load balancer) accepts every save made before. The
key is never logged, never put in a message and never sent.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import secrets
import stat
from collections.abc import Mapping
from pathlib import Path

from picas.shared.errors import PicasError

KEY_ENV = "PICAS_SECRET_KEY"
KEY_FILE_ENV = "PICAS_KEY_FILE"
OLD_KEYS_ENV = "PICAS_OLD_KEYS"
DEFAULT_KEY_FILE = Path("~/.local/share/picas/secret.key")
MIN_KEY_BYTES = 16

log = logging.getLogger("picas.web")


class SigningKeyError(PicasError):
    """The key cannot be read or is too weak to sign with."""

    code = "bad_key"


def canonical_json(data: object) -> bytes:
    """Keys sorted, no spaces, UTF-8: the bytes a signature covers (docs/api.md).

    Raises ``ValueError`` (NaN, lone surrogates), ``TypeError`` or ``RecursionError`` for data no
    record could hold.
    """
    text = json.dumps(
        data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )
    return text.encode("utf-8")


class Signer:
    """Signs records with the newest key and checks them against it and the previous ones (so a
    key can change without losing the games in progress); its ``repr`` hides the keys."""

    __slots__ = ("_keys",)

    def __init__(self, key: bytes, *old_keys: bytes) -> None:
        self._keys = (key, *old_keys)

    def __repr__(self) -> str:
        return "Signer(<clave oculta>)"

    def sign(self, record_json: object) -> str:
        return _mac(self._keys[0], canonical_json(record_json))

    def verify(self, record_json: object, sig: str) -> bool:
        """Whether ``sig`` is one of the keys' signature of ``record_json``, compared in constant
        time."""
        return self.check(record_json, sig) is not None

    def check(self, record_json: object, sig: str) -> str | None:
        """The newest key's signature of ``record_json`` if ``sig`` is one of the keys' (``sig``
        itself when the newest key made it), else None: a save signed with an older key comes
        back signed with the new one, for one canonical form and one HMAC per key."""
        try:
            message = canonical_json(record_json)
        except (ValueError, TypeError, RecursionError):
            return None  # nothing this server signed looks like that
        given = sig.encode("utf-8", "replace")
        macs = [_mac(key, message) for key in self._keys]
        matches = [hmac.compare_digest(mac.encode("ascii"), given) for mac in macs]
        return macs[0] if any(matches) else None


def _mac(key: bytes, message: bytes) -> str:
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def load_key(environ: Mapping[str, str]) -> bytes:
    """The signing key: ``PICAS_SECRET_KEY`` if set, else the key file (made at first start)."""
    return load_keys(environ)[0]


def load_keys(environ: Mapping[str, str]) -> tuple[bytes, ...]:
    """The signing key first, then the previous keys a save may still be signed with.

    The signing key is ``PICAS_SECRET_KEY`` if set, else the key file's first line (the file is
    made at first start). Previous keys are the key file's further lines and the
    comma-separated ``PICAS_OLD_KEYS``: to change the key, put the new one on the first line and
    keep the old one below it (or in ``PICAS_OLD_KEYS``) until the games saved with it are over.
    """
    text = environ.get(KEY_ENV, "")
    if text:
        keys = [_checked(text.encode("utf-8"), KEY_ENV)]
    else:
        path = Path(environ.get(KEY_FILE_ENV) or DEFAULT_KEY_FILE).expanduser()
        try:
            keys = _read_key_file(path)
        except FileNotFoundError:
            _create_key_file(path)
            keys = _read_key_file(path)
    old = [part.strip() for part in environ.get(OLD_KEYS_ENV, "").split(",") if part.strip()]
    keys.extend(_checked(part.encode("utf-8"), OLD_KEYS_ENV) for part in old)
    return tuple(dict.fromkeys(keys))  # each key once, in its first place: newest first


def _checked(key: bytes, where: str) -> bytes:
    if len(key) < MIN_KEY_BYTES:
        raise SigningKeyError(
            f"Una clave de {where} es demasiado corta: usa al menos {MIN_KEY_BYTES} caracteres"
            " (mejor 64 al azar)."
        )
    return key


def _read_key_file(path: Path) -> list[bytes]:
    lines = [line.strip() for line in path.read_bytes().splitlines()]
    keys = [line for line in lines if line]
    if not keys or any(len(key) < MIN_KEY_BYTES for key in keys):
        raise SigningKeyError(
            f"El archivo de clave {path} está vacío o tiene una línea demasiado corta."
        )
    mode = path.stat().st_mode
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        log.warning("El archivo de clave %s es accesible para otros usuarios: usa chmod 600.", path)
    return keys


def _create_key_file(path: Path) -> None:
    """Write a fresh random key, readable by the owner only.

    The key is written to a private temporary file and then hard-linked into place, which fails if
    the file already exists: when several workers start at once, exactly one key wins and nobody
    reads a half-written file.
    """
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as file:
            os.fchmod(file.fileno(), 0o600)  # whatever the umask says
            file.write(secrets.token_hex(32) + "\n")
            file.flush()
            os.fsync(file.fileno())
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass  # another process made it first: everyone uses that one
        else:
            log.info("Clave de firma nueva creada en %s.", path)
    finally:
        temporary.unlink(missing_ok=True)
