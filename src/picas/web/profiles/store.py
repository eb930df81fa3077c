"""Where profiles live: SQLite by default (the data directory's ``jugadores.sqlite3``); Redis when
several processes serve (``PICAS_STORE=redis://…``, :mod:`picas.web.profiles.redis_store`)."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Protocol

from picas.web.profiles.model import Profile

PEOPLE_FILE = "jugadores.sqlite3"
"""The SQLite file of everything a person owns beyond a table: profiles, passkeys, ratings,
results, leaderboards, the day's challenge. Each part keeps its own tables in it."""


class ProfileStore(Protocol):
    async def create(self, profile: Profile, digest: str) -> None: ...

    async def by_digest(self, digest: str) -> Profile | None: ...

    async def get(self, profile_id: str) -> Profile | None: ...

    async def names(self, ids: list[str]) -> dict[str, str]: ...

    async def rename(self, profile_id: str, name: str) -> None: ...

    async def delete(self, profile_id: str) -> None: ...

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
"""


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

    async def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None
