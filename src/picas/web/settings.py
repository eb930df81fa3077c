"""What a web app is built from: the signing key, the limits and where the page's files live."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from picas import games
from picas.shared.errors import PicasError
from picas.web.signing import MIN_KEY_BYTES, load_keys

STATIC_DIR = Path(__file__).resolve().parent / "static"
MAX_BODY_BYTES = 256 * 1024
"""A 30-hand game record is about 10 KB; a quarter of a megabyte leaves room and stops abuse."""
CACHE_SIZE = 512
VERIFY_LIMITS: Mapping[str, int] = games.verify_limits()
"""The longest plain record (in actions) an import checks, per level: each game's levels say
theirs (the games' registry, ``Level.verify_limit``, with the timings behind them), and a save
this server signed is not checked again, whatever its length."""
HEAVY_WORKERS = 1
"""Worker processes for heavy work, per server process (``--heavy-workers``)."""
REPLY_WORKERS = 2
"""Worker processes for Difícil's replies, per server process (``--reply-workers``)."""
REPLY_WAITING = 10
"""Difícil replies that may wait for a free worker, per worker, before the next is refused (503).
A reply is 5–60 ms of one core (about 20 ms on average: docs/benchmarks.md), so even a full queue
(2 workers and 20 waiting per server process) waits about half a second; a shorter one refused
bursts that the cores could absorb (40 players: 136–355 refusals a minute with 4)."""
HEAVY_WAITING = 4
"""Practice and import jobs that may wait for a free heavy worker, per worker, in the lane's fair
queue (picas.web.fair): without a queue a freed worker goes to whoever asks next, which is the
client that asks non-stop, never the polite one."""
ADDRESS_JOBS = 2
"""Jobs (running or waiting) one client address may have in each lane of heavy work of a server
process (``--address-jobs``); one more is refused at once with 429 ``too_many_requests``. A page
has one request in flight; two leave room for a second player behind the same address."""
HINT_SLOTS = 4
"""Hints computed at once per server process (each a few milliseconds of Normal's logic, in the
thread pool); the hints' lane shares them between addresses like the heavy lanes."""
HINT_WAITING = 32
"""Hints that may wait for one of :data:`HINT_SLOTS`, per server process."""
HEAVY_DEADLINE = 40.0
"""Seconds a heavy job may run (``--heavy-deadline``): the longest import check allowed
(:data:`VERIFY_LIMITS`: about 2.5 s of one core compiled, 25 s in pure Python, for Spades) with
room for a busy machine."""
BODY_TIMEOUT = 30.0
"""Seconds for a request's body to arrive once its head has (``--body-timeout``): 408."""
BODY_TIMEOUT_ENV = "PICAS_BODY_TIMEOUT"
HEAVY_WORKERS_ENV = "PICAS_HEAVY_WORKERS"
HEAVY_DEADLINE_ENV = "PICAS_HEAVY_DEADLINE"
REPLY_WORKERS_ENV = "PICAS_REPLY_WORKERS"
ADDRESS_JOBS_ENV = "PICAS_ADDRESS_JOBS"
BEHIND_PROXY_ENV = "PICAS_BEHIND_PROXY"


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """Everything ``create_app`` needs. ``key`` stays out of ``repr``: it never reaches a log."""

    key: bytes = field(repr=False)
    old_keys: tuple[bytes, ...] = field(default=(), repr=False)
    """Previous keys: saves signed with them still open (and are signed with ``key`` next)."""
    max_body_bytes: int = MAX_BODY_BYTES
    static_dir: Path = STATIC_DIR
    cache_size: int = CACHE_SIZE
    body_timeout: float = BODY_TIMEOUT
    heavy_workers: int = HEAVY_WORKERS
    heavy_deadline: float = HEAVY_DEADLINE
    reply_workers: int = REPLY_WORKERS
    address_jobs: int = ADDRESS_JOBS
    """Jobs one client address may have in each lane of heavy work (picas.web.fair)."""
    behind_proxy: bool = False
    """The client's address is nginx's ``X-Real-IP`` header (deploy/nginx.conf) instead of the
    socket's peer. Only behind a proxy that sets it: otherwise anyone could name an address."""
    verify_limits: Mapping[str, int] = field(default_factory=lambda: dict(VERIFY_LIMITS))
    """The longest plain record (in actions) an import checks, per level."""
    bot_loaders: Mapping[str, Callable[[str], Any]] = field(default_factory=dict)
    """Turns a level name into a computer player, by game key. A game not here uses its own
    (``load_bot`` in the games' registry); tests hand in small players of their own so the web
    tier is tested apart from the bots."""

    def __post_init__(self) -> None:
        if any(len(key) < MIN_KEY_BYTES for key in (self.key, *self.old_keys)):
            raise PicasError(
                f"La clave de firma necesita al menos {MIN_KEY_BYTES} bytes.", code="bad_key"
            )
        if (
            self.max_body_bytes < 1024
            or self.cache_size < 0
            or self.heavy_workers < 1
            or self.reply_workers < 1
            or self.address_jobs < 1
            or not self.heavy_deadline > 0
            or not self.body_timeout > 0
        ):
            raise PicasError("Límites del servidor incoherentes.", code="bad_settings")

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Settings from the environment: the key from ``PICAS_SECRET_KEY`` or the key file."""
        environ = os.environ if environ is None else environ
        key, *old_keys = load_keys(environ)
        return cls(
            key=key,
            old_keys=tuple(old_keys),
            heavy_workers=int(environ.get(HEAVY_WORKERS_ENV) or HEAVY_WORKERS),
            heavy_deadline=float(environ.get(HEAVY_DEADLINE_ENV) or HEAVY_DEADLINE),
            reply_workers=int(environ.get(REPLY_WORKERS_ENV) or REPLY_WORKERS),
            body_timeout=float(environ.get(BODY_TIMEOUT_ENV) or BODY_TIMEOUT),
            address_jobs=int(environ.get(ADDRESS_JOBS_ENV) or ADDRESS_JOBS),
            behind_proxy=environ.get(BEHIND_PROXY_ENV) == "1",
        )
