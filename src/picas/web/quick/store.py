"""Where the queue lives, so that several server processes share it (docs/quick.md): the
entries, the seatings the matcher writes, the matcher's lease, the joins (the rate limit), the
rated games a person left (the bans) and the blocks.

:class:`SqliteQuick` keeps them in the people's file (``jugadores.sqlite3``); the Redis one
(:mod:`picas.web.quick.redis_store`) under ``picas:ya:``. Both are tested alike.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from picas.web.profiles.store import connect
from picas.web.quick.model import Entry, Seating

JOIN_WINDOW = 60.0
"""The joins counted against the limit: those of the last minute."""
SEATING_TTL = 120.0
"""A seating not picked up by its socket in this time is dropped (the table goes on)."""


@dataclass(frozen=True, slots=True)
class Status:
    """What a waiting socket finds: seated (``seating``), still queued with ``waiting`` people in
    its queue, or neither (another socket of the person took the entry)."""

    seating: Seating | None = None
    waiting: int | None = None


@dataclass(frozen=True, slots=True)
class Claim:
    """One table's people to take out of the queue (each held by its socket) and their
    seatings to write (:meth:`QuickStore.claim_many`)."""

    entries: tuple[Entry, ...]
    seatings: tuple[Seating, ...]


class QuickStore(Protocol):
    async def put_entry(self, entry: Entry) -> None:
        """Queue ``entry``, replacing the person's entry (of any queue) and seating."""
        ...

    async def remove_entry(self, profile: str, conn: str) -> bool:
        """Take the person out of the queue if ``conn`` still holds their entry."""
        ...

    async def entries(self) -> list[Entry]: ...

    async def status(self, profile: str, conn: str) -> Status: ...

    async def statuses(self, waiting: list[tuple[str, str]]) -> list[Status]:
        """:meth:`status` of each (profile, conn), read at once: a process asks for all its
        waiting sockets together (:class:`picas.web.quick.service.Statuses`)."""
        ...

    async def claim(self, entries: list[Entry], seatings: list[Seating], now: float) -> bool:
        """All at once or nothing: if every entry is still queued by its socket, take them out
        of the queue and write the seatings."""
        ...

    async def claim_many(self, claims: list[Claim], now: float) -> list[bool]:
        """Each claim as :meth:`claim`, all or nothing on its own (one failing leaves the others
        as they are), written together: the matcher's tables of one pass."""
        ...

    async def drop_seating(self, profile: str, conn: str) -> None: ...

    async def lease(self, holder: str, now: float, ttl: float) -> bool:
        """Take the matcher's lease, or keep it (``holder`` has it): True if ``holder`` holds it
        until ``now + ttl``."""
        ...

    async def release(self, holder: str) -> None: ...

    async def alive(self, process: str, now: float, ttl: float) -> None:
        """``process`` is alive (its sockets hold their entries) until ``now + ttl``."""
        ...

    async def living(self, processes: list[str], now: float) -> set[str]:
        """Which of ``processes`` said they were alive lately."""
        ...

    async def join(self, profile: str, now: float) -> int:
        """Count one join of ``profile``: how many in the last minute, this one included."""
        ...

    async def add_loss(self, profile: str, table: str, at: float) -> None:
        """A rated game ``profile`` left (once per table)."""
        ...

    async def losses(self, profile: str, since: float) -> list[float]: ...

    async def block(self, profile: str, other: str, most: int) -> bool:
        """``profile`` blocks ``other``; False (nothing written) past ``most`` blocks."""
        ...

    async def unblock(self, profile: str, other: str) -> None: ...

    async def blocked(self, profile: str) -> list[str]: ...

    async def blocks_among(self, profiles: list[str]) -> set[frozenset[str]]:
        """Every pair of ``profiles`` one of whom blocked the other."""
        ...

    async def forget(self, profile: str) -> None:
        """Everything of ``profile`` (a deleted profile), and the blocks of it by others."""
        ...

    async def close(self) -> None: ...


SCHEMA = """
CREATE TABLE IF NOT EXISTS ya_cola (
    profile TEXT PRIMARY KEY,
    queue TEXT NOT NULL,
    conn TEXT NOT NULL,
    doc TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS ya_cola_queue ON ya_cola (queue);
CREATE TABLE IF NOT EXISTS ya_asientos (
    profile TEXT PRIMARY KEY,
    conn TEXT NOT NULL,
    doc TEXT NOT NULL,
    expires REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS ya_lease (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS ya_entradas (
    profile TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS ya_entradas_profile ON ya_entradas (profile, at);
CREATE TABLE IF NOT EXISTS ya_abandonos (
    profile TEXT NOT NULL,
    mesa TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (profile, mesa)
);
CREATE TABLE IF NOT EXISTS ya_bloqueos (
    profile TEXT NOT NULL,
    other TEXT NOT NULL,
    PRIMARY KEY (profile, other)
);
CREATE INDEX IF NOT EXISTS ya_bloqueos_other ON ya_bloqueos (other);
CREATE TABLE IF NOT EXISTS ya_procesos (
    process TEXT PRIMARY KEY,
    expires REAL NOT NULL
);
"""
LEASE = "matcher"


class SqliteQuick:
    """The queue in the people's SQLite file: one server process (as the friends' tables in
    SQLite), but the lease and the claims are transactions all the same."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._lock = threading.RLock()
        self._connection: sqlite3.Connection | None = None

    @property
    def _db(self) -> sqlite3.Connection:
        with self._lock:
            if self._connection is None:
                db = connect(self._path)
                db.executescript(SCHEMA)
                self._connection = db
            return self._connection

    def _begin(self) -> sqlite3.Connection:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        return db

    async def put_entry(self, entry: Entry) -> None:
        with self._lock:
            db = self._begin()
            try:
                db.execute("DELETE FROM ya_asientos WHERE profile = ?", (entry.profile,))
                db.execute(
                    "INSERT OR REPLACE INTO ya_cola (profile, queue, conn, doc) VALUES (?,?,?,?)",
                    (entry.profile, entry.queue, entry.conn, json.dumps(entry.to_json())),
                )
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    async def remove_entry(self, profile: str, conn: str) -> bool:
        with self._lock:
            cursor = self._db.execute(
                "DELETE FROM ya_cola WHERE profile = ? AND conn = ?", (profile, conn)
            )
            return cursor.rowcount == 1

    async def entries(self) -> list[Entry]:
        with self._lock:
            rows = self._db.execute("SELECT doc FROM ya_cola").fetchall()
        return [Entry.from_json(json.loads(row[0])) for row in rows]

    async def status(self, profile: str, conn: str) -> Status:
        with self._lock:
            row = self._db.execute(
                "SELECT doc FROM ya_asientos WHERE profile = ? AND conn = ?", (profile, conn)
            ).fetchone()
            if row is not None:
                return Status(seating=Seating.from_json(json.loads(row[0])))
            row = self._db.execute(
                "SELECT queue FROM ya_cola WHERE profile = ? AND conn = ?", (profile, conn)
            ).fetchone()
            if row is None:
                return Status()
            (count,) = self._db.execute(
                "SELECT COUNT(*) FROM ya_cola WHERE queue = ?", (row[0],)
            ).fetchone()
        return Status(waiting=int(count))

    async def statuses(self, waiting: list[tuple[str, str]]) -> list[Status]:
        if not waiting:
            return []
        with self._lock:
            seated = {
                (profile, conn): doc
                for profile, conn, doc in self._db.execute(
                    "SELECT profile, conn, doc FROM ya_asientos"
                ).fetchall()
            }
            queued = {
                (profile, conn): queue
                for profile, conn, queue in self._db.execute(
                    "SELECT profile, conn, queue FROM ya_cola"
                ).fetchall()
            }
            counts = dict(
                self._db.execute("SELECT queue, COUNT(*) FROM ya_cola GROUP BY queue").fetchall()
            )
        found: list[Status] = []
        for key in waiting:
            if key in seated:
                found.append(Status(seating=Seating.from_json(json.loads(seated[key]))))
            elif key in queued:
                found.append(Status(waiting=int(counts[queued[key]])))
            else:
                found.append(Status())
        return found

    async def claim(self, entries: list[Entry], seatings: list[Seating], now: float) -> bool:
        [done] = await self.claim_many([Claim(tuple(entries), tuple(seatings))], now)
        return done

    async def claim_many(self, claims: list[Claim], now: float) -> list[bool]:
        if not claims:
            return []
        done: list[bool] = []
        with self._lock:
            db = self._begin()
            try:
                db.execute("DELETE FROM ya_asientos WHERE expires <= ?", (now,))
                for claim in claims:
                    # A savepoint per claim: one whose person left undoes only its own deletes.
                    db.execute("SAVEPOINT claim")
                    taken = all(
                        db.execute(
                            "DELETE FROM ya_cola WHERE profile = ? AND conn = ?",
                            (entry.profile, entry.conn),
                        ).rowcount
                        == 1
                        for entry in claim.entries
                    )
                    if taken:
                        db.executemany(
                            "INSERT OR REPLACE INTO ya_asientos (profile, conn, doc, expires) "
                            "VALUES (?,?,?,?)",
                            [
                                (
                                    seating.profile,
                                    seating.conn,
                                    json.dumps(seating.to_json()),
                                    now + SEATING_TTL,
                                )
                                for seating in claim.seatings
                            ],
                        )
                    else:
                        db.execute("ROLLBACK TO claim")
                    db.execute("RELEASE claim")
                    done.append(taken)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return done

    async def drop_seating(self, profile: str, conn: str) -> None:
        with self._lock:
            self._db.execute(
                "DELETE FROM ya_asientos WHERE profile = ? AND conn = ?", (profile, conn)
            )

    async def lease(self, holder: str, now: float, ttl: float) -> bool:
        with self._lock:
            cursor = self._db.execute(
                "INSERT INTO ya_lease (name, holder, expires) VALUES (?, ?, ?) "
                "ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, "
                "expires = excluded.expires WHERE ya_lease.holder = excluded.holder "
                "OR ya_lease.expires <= ?",
                (LEASE, holder, now + ttl, now),
            )
            return cursor.rowcount == 1

    async def release(self, holder: str) -> None:
        with self._lock:
            self._db.execute("DELETE FROM ya_lease WHERE name = ? AND holder = ?", (LEASE, holder))

    async def alive(self, process: str, now: float, ttl: float) -> None:
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO ya_procesos (process, expires) VALUES (?, ?)",
                (process, now + ttl),
            )
            self._db.execute("DELETE FROM ya_procesos WHERE expires <= ?", (now - ttl,))

    async def living(self, processes: list[str], now: float) -> set[str]:
        with self._lock:
            rows = self._db.execute(
                "SELECT process FROM ya_procesos WHERE expires > ?", (now,)
            ).fetchall()
        return {row[0] for row in rows} & set(processes)

    async def join(self, profile: str, now: float) -> int:
        with self._lock:
            db = self._begin()
            try:
                db.execute(
                    "DELETE FROM ya_entradas WHERE profile = ? AND at <= ?",
                    (profile, now - JOIN_WINDOW),
                )
                db.execute("INSERT INTO ya_entradas (profile, at) VALUES (?, ?)", (profile, now))
                (count,) = db.execute(
                    "SELECT COUNT(*) FROM ya_entradas WHERE profile = ?", (profile,)
                ).fetchone()
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return int(count)

    async def add_loss(self, profile: str, table: str, at: float) -> None:
        with self._lock:
            self._db.execute(
                "INSERT OR IGNORE INTO ya_abandonos (profile, mesa, at) VALUES (?, ?, ?)",
                (profile, table, at),
            )

    async def losses(self, profile: str, since: float) -> list[float]:
        with self._lock:
            rows = self._db.execute(
                "SELECT at FROM ya_abandonos WHERE profile = ? AND at > ? ORDER BY at",
                (profile, since),
            ).fetchall()
        return [float(row[0]) for row in rows]

    async def block(self, profile: str, other: str, most: int) -> bool:
        with self._lock:
            db = self._begin()
            try:
                (count,) = db.execute(
                    "SELECT COUNT(*) FROM ya_bloqueos WHERE profile = ? AND other != ?",
                    (profile, other),
                ).fetchone()
                if count >= most:
                    db.execute("ROLLBACK")
                    return False
                db.execute(
                    "INSERT OR IGNORE INTO ya_bloqueos (profile, other) VALUES (?, ?)",
                    (profile, other),
                )
                db.execute("COMMIT")
                return True
            except BaseException:
                db.execute("ROLLBACK")
                raise

    async def unblock(self, profile: str, other: str) -> None:
        with self._lock:
            self._db.execute(
                "DELETE FROM ya_bloqueos WHERE profile = ? AND other = ?", (profile, other)
            )

    async def blocked(self, profile: str) -> list[str]:
        with self._lock:
            rows = self._db.execute(
                "SELECT other FROM ya_bloqueos WHERE profile = ? ORDER BY other", (profile,)
            ).fetchall()
        return [row[0] for row in rows]

    async def blocks_among(self, profiles: list[str]) -> set[frozenset[str]]:
        if not profiles:
            return set()
        wanted = set(profiles)
        found: set[frozenset[str]] = set()
        with self._lock:
            for start in range(0, len(profiles), 500):
                chunk = profiles[start : start + 500]
                marks = ",".join("?" * len(chunk))
                rows = self._db.execute(
                    f"SELECT profile, other FROM ya_bloqueos WHERE profile IN ({marks})",
                    chunk,
                ).fetchall()
                found |= {frozenset(row) for row in rows if row[1] in wanted}
        return found

    async def forget(self, profile: str) -> None:
        with self._lock:
            db = self._begin()
            try:
                for statement in (
                    "DELETE FROM ya_cola WHERE profile = ?",
                    "DELETE FROM ya_asientos WHERE profile = ?",
                    "DELETE FROM ya_entradas WHERE profile = ?",
                    "DELETE FROM ya_abandonos WHERE profile = ?",
                    "DELETE FROM ya_bloqueos WHERE profile = ? OR other = ?",
                ):
                    db.execute(statement, (profile,) * statement.count("?"))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    async def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None
