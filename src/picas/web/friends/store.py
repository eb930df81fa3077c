"""Where friends' tables live: every accepted change is written here, with a compare-and-set on
the table's ``seq``, before anything is broadcast (docs/friends.md, "Storage and processes").

:class:`SqliteStore` is the default: a file in the data directory, one server process (it is the
fan-out too: a change's messages go straight to this process's sockets). The Redis store
(:mod:`picas.web.friends.redis_store`) is the one for several processes.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import pydantic_core

from picas.shared.errors import PicasError

Listener = Callable[[str, int, dict[str, str]], None]
"""Called with a table id, the change's ``seq`` and its messages by viewer (each a JSON text)."""


class TooManyTables(PicasError):  # noqa: N818 (named like the engine's errors)
    code = "too_many_tables"


class TablesFull(PicasError):  # noqa: N818
    code = "tables_full"


@dataclass(frozen=True, slots=True)
class NewTable:
    """A table to store (:meth:`Store.create`), refused past ``limits`` (per address, in all)."""

    doc: dict[str, Any]
    address: str
    limits: tuple[int, int]
    ttl: float
    """Seconds it lives without a change."""
    due: float | None = None
    """When the table's clock first matters (a table stored dealt: see :class:`Change`)."""
    now: bool = False
    """Something is to be done at once (a computer player bids first): whoever stores the table
    acts on it."""

    @property
    def id(self) -> str:
        return str(self.doc["id"])

    def text(self) -> str:
        return dumps(self.doc)


@dataclass(frozen=True, slots=True)
class Change:
    """One change to store (:meth:`Store.commit`): ``doc`` replaces the table if the stored one
    is still at ``expected_seq``; then ``messages`` (by viewer) go to its sockets."""

    doc: dict[str, Any]
    expected_seq: int
    messages: dict[str, str]
    due: float | None
    """When the table's clock next matters (None: never)."""
    ttl: float

    @property
    def id(self) -> str:
        return str(self.doc["id"])

    @property
    def seq(self) -> int:
        return int(self.doc["seq"])

    def text(self) -> str:
        return dumps(self.doc)


def dumps(doc: dict[str, Any]) -> str:
    """A stored table's JSON, written in pydantic's Rust serialiser: it is written at every
    change, and ``json.dumps`` of a long game's actions was a visible part of a change's cost."""
    return pydantic_core.to_json(doc).decode()


def loads(text: str | bytes) -> dict[str, Any]:
    """A stored table (pydantic's Rust parser: about twice ``json.loads``'s speed)."""
    return dict(pydantic_core.from_json(text))


class Store(Protocol):
    """What the table service needs of a store (both stores have it)."""

    multi_process: bool

    async def create(self, table: NewTable) -> None:
        """Store a new table; refuse past its limits."""
        ...

    async def create_many(self, tables: list[NewTable]) -> list[PicasError | None]:
        """Store each table as :meth:`create` does, together (the tables «Jugar ya» opens in
        one pass): for each, None if stored, or the refusal of its limits."""
        ...

    async def load(self, table_id: str) -> dict[str, Any] | None: ...

    async def commit(self, change: Change) -> bool:
        """Write the change if the stored table is still at its ``expected_seq`` (else False,
        nothing written), then broadcast its messages to every process with a socket there."""
        ...

    async def due(self, now: float) -> list[str]:
        """Tables whose clock (grace period, turn timer) may have run out by ``now``."""
        ...

    async def sweep(self, now: float) -> int:
        """Close the idle tables; how many."""
        ...

    async def subscribe(self, table_id: str) -> None: ...

    async def unsubscribe(self, table_id: str) -> None: ...

    def set_listener(self, listener: Listener, resync: Callable[[str], None] | None = None) -> None:
        """``listener`` hears every change of a subscribed table; ``resync(table_id)`` is called
        when changes may have been missed (the pub/sub connection dropped)."""
        ...

    async def start(self) -> None: ...

    async def close(self) -> None: ...


SCHEMA = """
CREATE TABLE IF NOT EXISTS mesas (
    id TEXT PRIMARY KEY,
    seq INTEGER NOT NULL,
    doc TEXT NOT NULL,
    address TEXT NOT NULL,
    due REAL,
    expires REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS mesas_due ON mesas (due);
CREATE INDEX IF NOT EXISTS mesas_address ON mesas (address);
"""


class SqliteStore:
    """Tables in one SQLite file (WAL, so a crash of the process loses no committed change)."""

    multi_process = False

    def __init__(self, path: Path, *, clock: Callable[[], float] = time.time) -> None:
        self._path = path
        self._connection: sqlite3.Connection | None = None
        self._lock = threading.RLock()
        self._listener: Listener | None = None
        self._subscribed: set[str] = set()
        self._clock = clock

    @property
    def _db(self) -> sqlite3.Connection:
        """The file, opened at first use (an app that never seats anyone creates nothing)."""
        with self._lock:
            if self._connection is None:
                self._path.parent.mkdir(parents=True, exist_ok=True)
                db = sqlite3.connect(str(self._path), check_same_thread=False, isolation_level=None)
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")
                db.executescript(SCHEMA)
                self._connection = db
            return self._connection

    async def start(self) -> None:
        return None

    async def create(self, table: NewTable) -> None:
        [refused] = await self.create_many([table])
        if refused is not None:
            raise refused

    async def create_many(self, tables: list[NewTable]) -> list[PicasError | None]:
        now = self._clock()
        found: list[PicasError | None] = []
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                (everyone,) = self._db.execute(
                    "SELECT COUNT(*) FROM mesas WHERE expires > ?", (now,)
                ).fetchone()
                mine: dict[str, int] = {}
                for table in tables:
                    per_address, total = table.limits
                    if table.address not in mine:
                        (mine[table.address],) = self._db.execute(
                            "SELECT COUNT(*) FROM mesas WHERE address = ? AND expires > ?",
                            (table.address, now),
                        ).fetchone()
                    if mine[table.address] >= per_address:
                        found.append(TooManyTables(TOO_MANY_MESSAGE))
                        continue
                    if everyone >= total:
                        found.append(TablesFull(FULL_MESSAGE))
                        continue
                    self._db.execute(
                        "INSERT INTO mesas (id, seq, doc, address, due, expires) "
                        "VALUES (?, ?, ?, ?, ?, ?)",
                        (
                            table.id,
                            table.doc["seq"],
                            table.text(),
                            table.address,
                            table.due,
                            now + table.ttl,
                        ),
                    )
                    mine[table.address] += 1
                    everyone += 1
                    found.append(None)
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return found

    async def load(self, table_id: str) -> dict[str, Any] | None:
        with self._lock:
            row = self._db.execute(
                "SELECT doc FROM mesas WHERE id = ? AND expires > ?", (table_id, self._clock())
            ).fetchone()
        return None if row is None else loads(row[0])

    async def commit(self, change: Change) -> bool:
        with self._lock:
            cursor = self._db.execute(
                "UPDATE mesas SET seq = ?, doc = ?, due = ?, expires = ? WHERE id = ? AND seq = ?",
                (
                    change.seq,
                    change.text(),
                    change.due,
                    self._clock() + change.ttl,
                    change.id,
                    change.expected_seq,
                ),
            )
            if cursor.rowcount != 1:
                return False
        # Stored (autocommit: the UPDATE is durable once it returns); now the fan-out.
        if self._listener is not None and change.id in self._subscribed:
            self._listener(change.id, change.seq, change.messages)
        return True

    async def due(self, now: float) -> list[str]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id FROM mesas WHERE due IS NOT NULL AND due <= ? AND expires > ?",
                (now, now),
            ).fetchall()
        return [row[0] for row in rows]

    async def sweep(self, now: float) -> int:
        with self._lock:
            return self._db.execute("DELETE FROM mesas WHERE expires <= ?", (now,)).rowcount

    def all_ids(self) -> list[str]:
        with self._lock:
            return [row[0] for row in self._db.execute("SELECT id FROM mesas").fetchall()]

    async def subscribe(self, table_id: str) -> None:
        self._subscribed.add(table_id)

    async def unsubscribe(self, table_id: str) -> None:
        self._subscribed.discard(table_id)

    def set_listener(self, listener: Listener, resync: Callable[[str], None] | None = None) -> None:
        self._listener = listener

    async def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None


TOO_MANY_MESSAGE = (
    "Ya tienes varias mesas abiertas: juega en una de ellas o espera a que se cierre."
)
FULL_MESSAGE = "El servidor tiene todas las mesas ocupadas ahora: vuelve a intentarlo en un rato."
