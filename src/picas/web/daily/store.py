"""Where the days and the attempts live: the people's SQLite file by default
(``jugadores.sqlite3``, :data:`picas.web.profiles.store.PEOPLE_FILE`), Redis when several
processes serve (:mod:`picas.web.daily.redis_store`, keys ``picas:reto:…``)."""

from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from picas.web.daily.model import AttemptDoc, DayDoc
from picas.web.profiles.store import connect


@dataclass(frozen=True, slots=True)
class Standing:
    players: int
    best: int | None
    rows: list[AttemptDoc]
    """The finished attempts from ``start``, best first (ties: who finished first)."""


class DailyStore(Protocol):
    async def draw(self, day: DayDoc) -> DayDoc:
        """Store ``day`` unless the day is there already; the stored one (one secret a day)."""
        ...

    async def day(self, game: str, day: str) -> DayDoc | None: ...

    async def lease(self, game: str, day: str, owner: str, now: float, seconds: float) -> bool:
        """Take (or keep) the preparation of a day for ``owner``, unless another holds it."""
        ...

    async def open(self, day: DayDoc, now: float) -> DayDoc:
        """Store the baseline and open the day (once: a second call changes nothing)."""
        ...

    async def claim(self, attempt: AttemptDoc) -> bool:
        """The profile's ranked attempt of the day, unless it has one already."""
        ...

    async def unclaim(self, game: str, day: str, profile: str, table: str) -> None: ...

    async def attempt(self, game: str, day: str, profile: str) -> AttemptDoc | None: ...

    async def pending(self, game: str, day: str) -> list[AttemptDoc]: ...

    async def finish(self, attempt: AttemptDoc) -> bool:
        """Write a ranked attempt's result, once (False: it was written already)."""
        ...

    async def standing(self, game: str, day: str, start: int, count: int) -> Standing: ...

    async def better(self, game: str, day: str, total: int) -> int:
        """How many finished attempts of the day scored more than ``total``."""
        ...

    async def days_of(self, game: str, profile: str, limit: int) -> list[str]:
        """The days of the profile's ranked attempts, newest first."""
        ...

    async def forget(self, profile: str) -> None: ...

    async def close(self) -> None: ...


SCHEMA = """
CREATE TABLE IF NOT EXISTS reto_dias (
    game TEXT NOT NULL,
    day TEXT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (game, day)
);
CREATE TABLE IF NOT EXISTS reto_turnos (
    game TEXT NOT NULL,
    day TEXT NOT NULL,
    owner TEXT NOT NULL,
    until REAL NOT NULL,
    PRIMARY KEY (game, day)
);
CREATE TABLE IF NOT EXISTS reto_intentos (
    game TEXT NOT NULL,
    day TEXT NOT NULL,
    profile TEXT NOT NULL,
    tabla TEXT NOT NULL,
    started REAL NOT NULL,
    total INTEGER,
    hands TEXT,
    actions TEXT,
    finished REAL,
    PRIMARY KEY (game, day, profile)
);
CREATE INDEX IF NOT EXISTS reto_intentos_total ON reto_intentos (game, day, total DESC, finished);
CREATE INDEX IF NOT EXISTS reto_intentos_perfil ON reto_intentos (profile, game, day);
"""

_ATTEMPT = "game, day, profile, tabla, started, total, hands, actions, finished"


def _attempt(row: tuple[Any, ...]) -> AttemptDoc:
    game, day, profile, table, started, total, hands, actions, finished = row
    return AttemptDoc(
        game=game,
        day=day,
        profile=profile,
        table=table,
        started=started,
        total=total,
        hands=None if hands is None else json.loads(hands),
        actions=None if actions is None else json.loads(actions),
        finished=finished,
    )


class SqliteDaily:
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

    async def draw(self, day: DayDoc) -> DayDoc:
        with self._lock:
            self._db.execute(
                "INSERT OR IGNORE INTO reto_dias (game, day, doc) VALUES (?, ?, ?)",
                (day.game, day.day, day.text()),
            )
            stored = await self.day(day.game, day.day)
        assert stored is not None
        return stored

    async def day(self, game: str, day: str) -> DayDoc | None:
        with self._lock:
            row = self._db.execute(
                "SELECT doc FROM reto_dias WHERE game = ? AND day = ?", (game, day)
            ).fetchone()
        return None if row is None else DayDoc.parse(row[0])

    async def lease(self, game: str, day: str, owner: str, now: float, seconds: float) -> bool:
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                row = db.execute(
                    "SELECT owner, until FROM reto_turnos WHERE game = ? AND day = ?", (game, day)
                ).fetchone()
                if row is not None and row[0] != owner and row[1] > now:
                    db.execute("ROLLBACK")
                    return False
                db.execute(
                    "INSERT OR REPLACE INTO reto_turnos (game, day, owner, until)"
                    " VALUES (?, ?, ?, ?)",
                    (game, day, owner, now + seconds),
                )
                db.execute("COMMIT")
                return True
            except BaseException:
                db.execute("ROLLBACK")
                raise

    async def open(self, day: DayDoc, now: float) -> DayDoc:
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                row = db.execute(
                    "SELECT doc FROM reto_dias WHERE game = ? AND day = ?", (day.game, day.day)
                ).fetchone()
                stored = DayDoc.parse(row[0])
                if stored.opened is None and stored.code == day.code:
                    stored.baseline = list(day.baseline)
                    stored.baseline_hands = list(day.baseline_hands)
                    stored.opened = now
                    db.execute(
                        "UPDATE reto_dias SET doc = ? WHERE game = ? AND day = ?",
                        (stored.text(), day.game, day.day),
                    )
                db.execute("COMMIT")
                return stored
            except BaseException:
                db.execute("ROLLBACK")
                raise

    async def claim(self, attempt: AttemptDoc) -> bool:
        with self._lock:
            cursor = self._db.execute(
                "INSERT OR IGNORE INTO reto_intentos (game, day, profile, tabla, started)"
                " VALUES (?, ?, ?, ?, ?)",
                (attempt.game, attempt.day, attempt.profile, attempt.table, attempt.started),
            )
            return cursor.rowcount == 1

    async def unclaim(self, game: str, day: str, profile: str, table: str) -> None:
        with self._lock:
            self._db.execute(
                "DELETE FROM reto_intentos WHERE game = ? AND day = ? AND profile = ?"
                " AND tabla = ? AND total IS NULL",
                (game, day, profile, table),
            )

    async def attempt(self, game: str, day: str, profile: str) -> AttemptDoc | None:
        with self._lock:
            row = self._db.execute(
                f"SELECT {_ATTEMPT} FROM reto_intentos WHERE game = ? AND day = ? AND profile = ?",
                (game, day, profile),
            ).fetchone()
        return None if row is None else _attempt(row)

    async def pending(self, game: str, day: str) -> list[AttemptDoc]:
        with self._lock:
            rows = self._db.execute(
                f"SELECT {_ATTEMPT} FROM reto_intentos WHERE game = ? AND day = ?"
                " AND total IS NULL",
                (game, day),
            ).fetchall()
        return [_attempt(row) for row in rows]

    async def finish(self, attempt: AttemptDoc) -> bool:
        assert attempt.total is not None
        with self._lock:
            cursor = self._db.execute(
                "UPDATE reto_intentos SET total = ?, hands = ?, actions = ?, finished = ?"
                " WHERE game = ? AND day = ? AND profile = ? AND tabla = ? AND total IS NULL",
                (
                    attempt.total,
                    json.dumps(attempt.hands),
                    json.dumps(attempt.actions),
                    attempt.finished,
                    attempt.game,
                    attempt.day,
                    attempt.profile,
                    attempt.table,
                ),
            )
            return cursor.rowcount == 1

    async def standing(self, game: str, day: str, start: int, count: int) -> Standing:
        with self._lock:
            players, best = self._db.execute(
                "SELECT COUNT(*), MAX(total) FROM reto_intentos WHERE game = ? AND day = ?"
                " AND total IS NOT NULL",
                (game, day),
            ).fetchone()
            rows = self._db.execute(
                f"SELECT {_ATTEMPT} FROM reto_intentos WHERE game = ? AND day = ?"
                " AND total IS NOT NULL ORDER BY total DESC, finished LIMIT ? OFFSET ?",
                (game, day, count, start),
            ).fetchall()
        return Standing(players, best, [_attempt(row) for row in rows])

    async def better(self, game: str, day: str, total: int) -> int:
        with self._lock:
            (count,) = self._db.execute(
                "SELECT COUNT(*) FROM reto_intentos WHERE game = ? AND day = ? AND total > ?",
                (game, day, total),
            ).fetchone()
        return int(count)

    async def days_of(self, game: str, profile: str, limit: int) -> list[str]:
        with self._lock:
            rows = self._db.execute(
                "SELECT day FROM reto_intentos WHERE profile = ? AND game = ?"
                " ORDER BY day DESC LIMIT ?",
                (profile, game, limit),
            ).fetchall()
        return [row[0] for row in rows]

    async def forget(self, profile: str) -> None:
        with self._lock:
            self._db.execute("DELETE FROM reto_intentos WHERE profile = ?", (profile,))

    async def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None
