"""What a web app is built from: the signing key, the limits and where the page's files live."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from picas.bots.base import Bot
from picas.bots.registry import load_bot
from picas.engine import PicasError
from picas.web.signing import MIN_KEY_BYTES, load_key

STATIC_DIR = Path(__file__).resolve().parent / "static"
MAX_BODY_BYTES = 256 * 1024
"""A 30-hand game record is about 10 KB; a quarter of a megabyte leaves room and stops abuse."""
CACHE_SIZE = 512


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """Everything ``create_app`` needs. ``key`` stays out of ``repr``: it never reaches a log."""

    key: bytes = field(repr=False)
    max_body_bytes: int = MAX_BODY_BYTES
    static_dir: Path = STATIC_DIR
    cache_size: int = CACHE_SIZE
    bot_loader: Callable[[str], Bot] = load_bot
    """Turns a level name into a computer player. Production uses the registry's three levels;
    tests hand in small players of their own so the web tier is tested apart from the bots."""

    def __post_init__(self) -> None:
        if len(self.key) < MIN_KEY_BYTES:
            raise PicasError(
                f"La clave de firma necesita al menos {MIN_KEY_BYTES} bytes.", code="bad_key"
            )
        if self.max_body_bytes < 1024 or self.cache_size < 0:
            raise PicasError("Límites del servidor incoherentes.", code="bad_settings")

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Settings from the environment: the key from ``PICAS_SECRET_KEY`` or the key file."""
        return cls(key=load_key(os.environ if environ is None else environ))
