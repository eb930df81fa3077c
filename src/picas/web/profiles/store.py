"""Where profiles live: SQLite by default (the data directory's ``jugadores.sqlite3``); Redis when
several processes serve (``PICAS_STORE=redis://…``, :mod:`picas.web.profiles.redis_store`)."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TypeVar

from picas.web.profiles.model import Challenge, Passkey, Profile

T = TypeVar("T")

PEOPLE_FILE = "jugadores.sqlite3"
"""The SQLite file of everything a person owns beyond a table: profiles, passkeys, ratings,
results, leaderboards, the day's challenge. Each part keeps its own tables in it."""


class ProfileStore(Protocol):
    async def create(self, profile: Profile, digest: str) -> None: ...

    async def by_digest(self, digest: str) -> Profile | None: ...

    async def get(self, profile_id: str) -> Profile | None: ...

    async def names(self, ids: list[str]) -> dict[str, str]: ...

    async def rename(self, profile_id: str, name: str) -> None: ...

    async def delete(self, profile_id: str) -> None:
        """The profile goes with its tokens and its passkeys."""

    async def add_token(self, profile_id: str, digest: str, keep: int) -> bool:
        """Another token for the profile (a sign-in elsewhere); beyond ``keep`` tokens the oldest
        go. False when the profile no longer exists."""

    async def add_passkey(self, passkey: Passkey, most: int) -> str:
        """``"ok"``; ``"taken"`` when that credential id is already stored (for anyone);
        ``"full"`` when the profile has ``most`` passkeys; ``"gone"`` without the profile."""

    async def passkey(self, credential_id: str) -> Passkey | None: ...

    async def passkeys(self, profile_id: str) -> list[Passkey]:
        """The profile's passkeys, oldest first."""

    async def passkey_used(self, credential_id: str, sign_count: int, now: float) -> bool:
        """Records a sign-in: the new count and the time. Refused (False) when the credential
        keeps counts (either count above 0) and ``sign_count`` is not above the stored one, checked
        and written at once so two sign-ins with one count cannot both pass."""

    async def remove_passkey(self, profile_id: str, credential_id: str) -> bool: ...

    async def add_challenge(
        self, challenge: Challenge, now: float, forget: float, per_address: int, total: int
    ) -> str:
        """Keeps a new challenge until ``forget`` (later than its expiry, so a late or second use
        is told apart from a challenge never given). ``"ok"``; ``"taken"`` when that text is
        kept already; ``"address"`` when its address
        already has ``per_address`` pending (unused, unexpired); ``"full"`` when ``total``
        challenges are kept. Forgotten ones are cleared first."""

    async def take_challenge(self, text: str, now: float) -> Challenge | None:
        """The challenge as it was (``used`` tells a second use), marking it used; None if never
        given or forgotten."""

    async def hit(self, bucket: str, now: float, window: float) -> int:
        """One more in ``bucket``'s count (a limit's window: the bucket names it), kept until
        ``now + window``; answers the count with this one."""

    async def close(self) -> None: ...


SCHEMA = """
CREATE TABLE IF NOT EXISTS perfiles (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS perfil_tokens (
    digest TEXT PRIMARY KEY,
    profile TEXT NOT NULL REFERENCES perfiles (id) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS perfil_tokens_profile ON perfil_tokens (profile);
CREATE TABLE IF NOT EXISTS perfil_llaves (
    id TEXT PRIMARY KEY,
    profile TEXT NOT NULL REFERENCES perfiles (id) ON DELETE CASCADE,
    public_key BLOB NOT NULL,
    sign_count INTEGER NOT NULL,
    label TEXT NOT NULL,
    created REAL NOT NULL,
    last_used REAL
);
CREATE INDEX IF NOT EXISTS perfil_llaves_profile ON perfil_llaves (profile, created);
CREATE TABLE IF NOT EXISTS perfil_retos (
    text TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    profile TEXT NOT NULL,
    address TEXT NOT NULL,
    expires REAL NOT NULL,
    forget REAL NOT NULL,
    used INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS perfil_retos_forget ON perfil_retos (forget);
CREATE INDEX IF NOT EXISTS perfil_retos_address ON perfil_retos (address, expires);
CREATE TABLE IF NOT EXISTS perfil_cuentas (
    bucket TEXT PRIMARY KEY,
    count INTEGER NOT NULL,
    until REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS perfil_cuentas_until ON perfil_cuentas (until);
"""

PASSKEY_COLUMNS = "id, profile, public_key, sign_count, label, created, last_used"


def _passkey(row: tuple[object, ...]) -> Passkey:
    key_id, profile, public_key, count, label, created, last_used = row
    return Passkey(
        str(key_id),
        str(profile),
        bytes(public_key),  # type: ignore[call-overload]
        int(count),  # type: ignore[call-overload]
        str(label),
        float(created),  # type: ignore[arg-type]
        None if last_used is None else float(last_used),  # type: ignore[arg-type]
    )


def connect(path: Path) -> sqlite3.Connection:
    """The people's file opened as every part opens it: WAL (a crash of the process loses no
    committed row), foreign keys on."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA foreign_keys=ON")
    return db


class SqliteProfiles:
    def __init__(self, path: Path) -> None:
        self._path = path
        self._connection: sqlite3.Connection | None = None
        self._lock = threading.RLock()

    @property
    def _db(self) -> sqlite3.Connection:
        with self._lock:
            if self._connection is None:
                db = connect(self._path)
                db.executescript(SCHEMA)
                self._connection = db
            return self._connection

    async def create(self, profile: Profile, digest: str) -> None:
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute(
                    "INSERT INTO perfiles (id, name, created) VALUES (?, ?, ?)",
                    (profile.id, profile.name, profile.created),
                )
                db.execute(
                    "INSERT INTO perfil_tokens (digest, profile) VALUES (?, ?)",
                    (digest, profile.id),
                )
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    async def by_digest(self, digest: str) -> Profile | None:
        with self._lock:
            row = self._db.execute(
                "SELECT p.id, p.name, p.created FROM perfil_tokens t"
                " JOIN perfiles p ON p.id = t.profile WHERE t.digest = ?",
                (digest,),
            ).fetchone()
        return None if row is None else Profile(*row)

    async def get(self, profile_id: str) -> Profile | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, name, created FROM perfiles WHERE id = ?", (profile_id,)
            ).fetchone()
        return None if row is None else Profile(*row)

    async def names(self, ids: list[str]) -> dict[str, str]:
        wanted = sorted(set(ids))
        found: dict[str, str] = {}
        with self._lock:
            for start in range(0, len(wanted), 500):
                chunk = wanted[start : start + 500]
                marks = ",".join("?" * len(chunk))
                found.update(
                    self._db.execute(
                        f"SELECT id, name FROM perfiles WHERE id IN ({marks})", chunk
                    ).fetchall()
                )
        return found

    async def rename(self, profile_id: str, name: str) -> None:
        with self._lock:
            self._db.execute("UPDATE perfiles SET name = ? WHERE id = ?", (name, profile_id))

    async def delete(self, profile_id: str) -> None:
        with self._lock:
            self._db.execute("DELETE FROM perfiles WHERE id = ?", (profile_id,))

    def _write(self, body: Callable[[sqlite3.Connection], T]) -> T:
        """``body`` in one immediate transaction: checked and written with no other writer."""
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                answer = body(db)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            return answer

    async def add_token(self, profile_id: str, digest: str, keep: int) -> bool:
        def body(db: sqlite3.Connection) -> bool:
            if db.execute("SELECT 1 FROM perfiles WHERE id = ?", (profile_id,)).fetchone() is None:
                return False
            db.execute(
                "INSERT INTO perfil_tokens (digest, profile) VALUES (?, ?)", (digest, profile_id)
            )
            db.execute(
                "DELETE FROM perfil_tokens WHERE profile = ? AND rowid NOT IN (SELECT rowid"
                " FROM perfil_tokens WHERE profile = ? ORDER BY rowid DESC LIMIT ?)",
                (profile_id, profile_id, keep),
            )
            return True

        return self._write(body)

    async def add_passkey(self, passkey: Passkey, most: int) -> str:
        def body(db: sqlite3.Connection) -> str:
            if (
                db.execute("SELECT 1 FROM perfiles WHERE id = ?", (passkey.profile,)).fetchone()
                is None
            ):
                return "gone"
            if db.execute("SELECT 1 FROM perfil_llaves WHERE id = ?", (passkey.id,)).fetchone():
                return "taken"
            (count,) = db.execute(
                "SELECT COUNT(*) FROM perfil_llaves WHERE profile = ?", (passkey.profile,)
            ).fetchone()
            if count >= most:
                return "full"
            db.execute(
                f"INSERT INTO perfil_llaves ({PASSKEY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    passkey.id,
                    passkey.profile,
                    passkey.public_key,
                    passkey.sign_count,
                    passkey.label,
                    passkey.created,
                    passkey.last_used,
                ),
            )
            return "ok"

        return self._write(body)

    async def passkey(self, credential_id: str) -> Passkey | None:
        with self._lock:
            row = self._db.execute(
                f"SELECT {PASSKEY_COLUMNS} FROM perfil_llaves WHERE id = ?", (credential_id,)
            ).fetchone()
        return None if row is None else _passkey(row)

    async def passkeys(self, profile_id: str) -> list[Passkey]:
        with self._lock:
            rows = self._db.execute(
                f"SELECT {PASSKEY_COLUMNS} FROM perfil_llaves WHERE profile = ?"
                " ORDER BY created, id",
                (profile_id,),
            ).fetchall()
        return [_passkey(row) for row in rows]

    async def passkey_used(self, credential_id: str, sign_count: int, now: float) -> bool:
        with self._lock:
            changed = self._db.execute(
                "UPDATE perfil_llaves SET sign_count = ?, last_used = ? WHERE id = ?"
                " AND ((? = 0 AND sign_count = 0) OR ? > sign_count)",
                (sign_count, now, credential_id, sign_count, sign_count),
            ).rowcount
        return changed == 1

    async def remove_passkey(self, profile_id: str, credential_id: str) -> bool:
        with self._lock:
            removed = self._db.execute(
                "DELETE FROM perfil_llaves WHERE id = ? AND profile = ?",
                (credential_id, profile_id),
            ).rowcount
        return removed == 1

    async def add_challenge(
        self, challenge: Challenge, now: float, forget: float, per_address: int, total: int
    ) -> str:
        def body(db: sqlite3.Connection) -> str:
            db.execute("DELETE FROM perfil_retos WHERE forget <= ?", (now,))
            if db.execute(
                "SELECT 1 FROM perfil_retos WHERE text = ?", (challenge.text,)
            ).fetchone():
                return "taken"
            (kept,) = db.execute("SELECT COUNT(*) FROM perfil_retos").fetchone()
            if kept >= total:
                return "full"
            (pending,) = db.execute(
                "SELECT COUNT(*) FROM perfil_retos WHERE address = ? AND expires > ? AND used = 0",
                (challenge.address, now),
            ).fetchone()
            if pending >= per_address:
                return "address"
            db.execute(
                "INSERT INTO perfil_retos (text, kind, profile, address, expires, forget)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    challenge.text,
                    challenge.kind,
                    challenge.profile,
                    challenge.address,
                    challenge.expires,
                    forget,
                ),
            )
            return "ok"

        return self._write(body)

    async def take_challenge(self, text: str, now: float) -> Challenge | None:
        def body(db: sqlite3.Connection) -> Challenge | None:
            row = db.execute(
                "SELECT text, kind, profile, address, expires, used FROM perfil_retos"
                " WHERE text = ? AND forget > ?",
                (text, now),
            ).fetchone()
            if row is None:
                return None
            db.execute("UPDATE perfil_retos SET used = 1 WHERE text = ?", (text,))
            return Challenge(row[0], row[1], row[2], row[3], float(row[4]), bool(row[5]))

        return self._write(body)

    async def hit(self, bucket: str, now: float, window: float) -> int:
        def body(db: sqlite3.Connection) -> int:
            db.execute("DELETE FROM perfil_cuentas WHERE until <= ?", (now,))
            (count,) = db.execute(
                "INSERT INTO perfil_cuentas (bucket, count, until) VALUES (?, 1, ?)"
                " ON CONFLICT (bucket) DO UPDATE SET count = count + 1 RETURNING count",
                (bucket, now + window),
            ).fetchone()
            return int(count)

        return self._write(body)

    async def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None
