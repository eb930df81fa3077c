"""Where results and ratings live: :class:`SqliteRatings` in the people's file (the profiles'
``jugadores.sqlite3``) by default, :class:`picas.web.ratings.redis_store.RedisRatings` when several
processes serve. A store writes; the rating itself is :func:`picas.web.ratings.rate.rate`, called
inside the store's write so that what it reads is what it writes on."""

from __future__ import annotations

import asyncio
import json
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from picas.web.profiles.store import connect
from picas.web.ratings.model import (
    GONE_PREFIX,
    HISTORY_KEPT,
    BoardEntry,
    HistoryPoint,
    PlayerState,
    RatedResult,
    RatingChange,
    changes_from_json,
    changes_to_json,
    result_from_json,
    result_to_json,
)
from picas.web.ratings.rate import Rated, Replay, people_pairs

RateFn = Callable[
    [RatedResult, Mapping[str, PlayerState], Mapping[str, PlayerState], Mapping[str, int]], Rated
]
Merge = Callable[[dict[str, Any] | None], dict[str, Any]]


class RatingStore(Protocol):
    async def record(self, result: RatedResult, rate: RateFn) -> dict[str, RatingChange]:
        """Write ``result`` and its ratings once: if its id is stored, change nothing and answer
        the changes written the first time."""
        ...

    async def state(self, game: str, player: str) -> PlayerState | None: ...

    async def history(self, game: str, player: str) -> list[HistoryPoint]: ...

    async def board(self, game: str, week: str | None, start: int, count: int) -> list[BoardEntry]:
        """Rows ``start``… of the board, best first (ties: the greater id first); ``week`` is an
        ISO week for that week's board, ``None`` for all time."""
        ...

    async def size(self, game: str, week: str | None) -> int: ...

    async def rank(self, game: str, week: str | None, player: str) -> BoardEntry | None: ...

    async def results(self, game: str) -> list[RatedResult]:
        """The game's stored results in the order they were written."""
        ...

    async def replace(self, game: str, replay: Replay) -> None:
        """The game's ratings, boards and histories replaced by ``replay``'s."""
        ...

    async def forget(self, player: str) -> None: ...

    async def stats(self, profile: str) -> dict[str, Any] | None: ...

    async def merge_stats(self, profile: str, merge: Merge) -> dict[str, Any]: ...

    async def close(self) -> None: ...


SCHEMA = """
CREATE TABLE IF NOT EXISTS valor_resultados (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    doc TEXT NOT NULL,
    changes TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS valor_resultados_game ON valor_resultados (game, seq);
CREATE TABLE IF NOT EXISTS valor_de (
    player TEXT NOT NULL,
    result TEXT NOT NULL,
    PRIMARY KEY (player, result)
);
CREATE TABLE IF NOT EXISTS valor_ratings (
    game TEXT NOT NULL,
    week TEXT NOT NULL,
    player TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    display INTEGER NOT NULL,
    PRIMARY KEY (game, week, player)
);
CREATE INDEX IF NOT EXISTS valor_ratings_board ON valor_ratings (game, week, display, player);
CREATE TABLE IF NOT EXISTS valor_historia (
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    seq INTEGER NOT NULL,
    result TEXT NOT NULL,
    at REAL NOT NULL,
    rating INTEGER NOT NULL,
    change INTEGER NOT NULL,
    PRIMARY KEY (game, player, seq)
);
CREATE TABLE IF NOT EXISTS valor_pares (
    game TEXT NOT NULL,
    day TEXT NOT NULL,
    pair TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (game, day, pair)
);
CREATE TABLE IF NOT EXISTS valor_estadisticas (
    profile TEXT PRIMARY KEY,
    doc TEXT NOT NULL
);
"""
OPEN_ATTEMPTS = 20
ALL_TIME = ""
"""The ``week`` column of the all-time ratings (a week's rows carry their ISO week)."""


class SqliteRatings:
    def __init__(self, path: Path) -> None:
        self._path = path
        self._connection: sqlite3.Connection | None = None
        self._lock = threading.RLock()

    @property
    def _db(self) -> sqlite3.Connection:
        with self._lock:
            if self._connection is None:
                self._connection = self._open()
            return self._connection

    def _open(self) -> sqlite3.Connection:
        # Switching a new file to WAL is refused at once, without waiting, while another
        # process opens it too: wait a little and try again.
        for attempt in range(OPEN_ATTEMPTS):
            db: sqlite3.Connection | None = None
            try:
                db = connect(self._path)
                db.execute("PRAGMA busy_timeout=10000")
                db.executescript(SCHEMA)
                return db
            except sqlite3.OperationalError:
                if db is not None:
                    db.close()
                if attempt + 1 == OPEN_ATTEMPTS:
                    raise
                time.sleep(0.05 * (attempt + 1))
        raise AssertionError("unreachable")

    def _write(self, work: Callable[[sqlite3.Connection], Any]) -> Any:
        """``work`` in one write transaction; run in a worker thread, so that waiting for another
        process's write never stalls the event loop."""
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")  # one writer across processes from here
            try:
                answer = work(db)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            return answer

    def _states(
        self, db: sqlite3.Connection, game: str, week: str, players: list[str]
    ) -> dict[str, PlayerState]:
        marks = ",".join("?" * len(players))
        rows = db.execute(
            "SELECT player, mu, sigma, games, wins FROM valor_ratings"
            f" WHERE game = ? AND week = ? AND player IN ({marks})",
            (game, week, *players),
        ).fetchall()
        return {p: PlayerState(mu, sigma, g, w) for p, mu, sigma, g, w in rows}

    @staticmethod
    def _put_states(
        db: sqlite3.Connection, game: str, week: str, states: Mapping[str, PlayerState]
    ) -> None:
        db.executemany(
            "INSERT OR REPLACE INTO valor_ratings VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (game, week, p, s.mu, s.sigma, s.games, s.wins, s.display)
                for p, s in states.items()
                if not p.startswith(GONE_PREFIX)
            ],
        )

    async def record(self, result: RatedResult, rate: RateFn) -> dict[str, RatingChange]:
        def work(db: sqlite3.Connection) -> dict[str, RatingChange]:
            found = db.execute(
                "SELECT changes FROM valor_resultados WHERE id = ?", (result.id,)
            ).fetchone()
            if found is not None:
                return changes_from_json(json.loads(found[0]))
            players = result.players
            states = self._states(db, result.game, ALL_TIME, players)
            week = self._states(db, result.game, result.week, players)
            pairs = people_pairs(result)
            marks = ",".join("?" * len(pairs))
            counts = dict(
                db.execute(
                    "SELECT pair, n FROM valor_pares WHERE game = ? AND day = ?"
                    f" AND pair IN ({marks})",
                    (result.game, result.day, *pairs),
                ).fetchall()
            )
            rated = rate(result, states, week, counts)
            seq = db.execute(
                "INSERT INTO valor_resultados (id, game, doc, changes) VALUES (?, ?, ?, ?)",
                (
                    result.id,
                    result.game,
                    json.dumps(result_to_json(result)),
                    json.dumps(changes_to_json(rated.changes)),
                ),
            ).lastrowid
            db.executemany(
                "INSERT OR IGNORE INTO valor_de VALUES (?, ?)", [(p, result.id) for p in players]
            )
            self._put_states(db, result.game, ALL_TIME, rated.states)
            self._put_states(db, result.game, result.week, rated.week)
            db.executemany(
                "INSERT INTO valor_pares VALUES (?, ?, ?, 1)"
                " ON CONFLICT (game, day, pair) DO UPDATE SET n = n + 1",
                [(result.game, result.day, pair) for pair in rated.pairs],
            )
            self._add_points(db, result.game, seq, rated.points)
            return rated.changes

        answer: dict[str, RatingChange] = await asyncio.to_thread(self._write, work)
        return answer

    @staticmethod
    def _add_points(
        db: sqlite3.Connection, game: str, seq: int | None, points: Mapping[str, HistoryPoint]
    ) -> None:
        for player, point in points.items():
            if player.startswith(GONE_PREFIX):
                continue
            db.execute(
                "INSERT INTO valor_historia VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game, player, seq, point.result, point.at, point.rating, point.change),
            )
            db.execute(
                "DELETE FROM valor_historia WHERE game = ? AND player = ? AND seq <= ("
                " SELECT seq FROM valor_historia WHERE game = ? AND player = ?"
                " ORDER BY seq DESC LIMIT 1 OFFSET ?)",
                (game, player, game, player, HISTORY_KEPT),
            )

    async def state(self, game: str, player: str) -> PlayerState | None:
        with self._lock:
            return self._states(self._db, game, ALL_TIME, [player]).get(player)

    async def history(self, game: str, player: str) -> list[HistoryPoint]:
        with self._lock:
            rows = self._db.execute(
                "SELECT result, at, rating, change FROM valor_historia"
                " WHERE game = ? AND player = ? ORDER BY seq",
                (game, player),
            ).fetchall()
        return [HistoryPoint(*row) for row in rows]

    async def board(self, game: str, week: str | None, start: int, count: int) -> list[BoardEntry]:
        with self._lock:
            rows = self._db.execute(
                "SELECT player, mu, sigma, games, wins FROM valor_ratings"
                " WHERE game = ? AND week = ? ORDER BY display DESC, player DESC LIMIT ? OFFSET ?",
                (game, week or ALL_TIME, count, start),
            ).fetchall()
        return [
            BoardEntry(start + i + 1, p, PlayerState(mu, sigma, g, w))
            for i, (p, mu, sigma, g, w) in enumerate(rows)
        ]

    async def size(self, game: str, week: str | None) -> int:
        with self._lock:
            (n,) = self._db.execute(
                "SELECT COUNT(*) FROM valor_ratings WHERE game = ? AND week = ?",
                (game, week or ALL_TIME),
            ).fetchone()
        return int(n)

    async def rank(self, game: str, week: str | None, player: str) -> BoardEntry | None:
        key = week or ALL_TIME
        with self._lock:
            state = self._states(self._db, game, key, [player]).get(player)
            if state is None:
                return None
            (above,) = self._db.execute(
                "SELECT COUNT(*) FROM valor_ratings WHERE game = ? AND week = ?"
                " AND (display > ? OR (display = ? AND player > ?))",
                (game, key, state.display, state.display, player),
            ).fetchone()
        return BoardEntry(int(above) + 1, player, state)

    async def results(self, game: str) -> list[RatedResult]:
        with self._lock:
            rows = self._db.execute(
                "SELECT doc FROM valor_resultados WHERE game = ? ORDER BY seq", (game,)
            ).fetchall()
        return [result_from_json(json.loads(doc)) for (doc,) in rows]

    async def replace(self, game: str, replay: Replay) -> None:
        def work(db: sqlite3.Connection) -> None:
            for table in ("valor_ratings", "valor_historia", "valor_pares"):
                db.execute(f"DELETE FROM {table} WHERE game = ?", (game,))
            self._put_states(db, game, ALL_TIME, replay.shown())
            for week, states in replay.weeks.items():
                self._put_states(db, game, week, states)
            db.executemany(
                "INSERT INTO valor_pares VALUES (?, ?, ?, ?)",
                [
                    (game, d, pair, n)
                    for d, pairs in replay.pairs.items()
                    for pair, n in pairs.items()
                ],
            )
            seqs = dict(db.execute("SELECT id, seq FROM valor_resultados WHERE game = ?", (game,)))
            db.executemany(
                "INSERT INTO valor_historia VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (game, player, seqs[pt.result], pt.result, pt.at, pt.rating, pt.change)
                    for player, points in replay.history.items()
                    if not player.startswith(GONE_PREFIX)
                    for pt in points
                ],
            )

        await asyncio.to_thread(self._write, work)

    async def forget(self, player: str) -> None:
        gone = GONE_PREFIX + secrets.token_urlsafe(12)

        def work(db: sqlite3.Connection) -> None:
            ids = [
                r for (r,) in db.execute("SELECT result FROM valor_de WHERE player = ?", (player,))
            ]
            for result_id in ids:
                (doc,) = db.execute(
                    "SELECT doc FROM valor_resultados WHERE id = ?", (result_id,)
                ).fetchone()
                data = json.loads(doc)
                data["seats"] = [[gone if s[0] == player else s[0], *s[1:]] for s in data["seats"]]
                db.execute(
                    "UPDATE valor_resultados SET doc = ? WHERE id = ?",
                    (json.dumps(data), result_id),
                )
            db.execute("UPDATE valor_de SET player = ? WHERE player = ?", (gone, player))
            db.execute("DELETE FROM valor_ratings WHERE player = ?", (player,))
            db.execute("DELETE FROM valor_historia WHERE player = ?", (player,))
            db.execute("DELETE FROM valor_estadisticas WHERE profile = ?", (player,))
            for game, day, pair, n in db.execute(
                "SELECT game, day, pair, n FROM valor_pares WHERE pair LIKE ? OR pair LIKE ?",
                (f"{player}|%", f"%|{player}"),
            ).fetchall():
                if player in pair.split("|"):
                    other = next(p for p in pair.split("|") if p != player)
                    db.execute(
                        "DELETE FROM valor_pares WHERE game = ? AND day = ? AND pair = ?",
                        (game, day, pair),
                    )
                    db.execute(
                        "INSERT OR REPLACE INTO valor_pares VALUES (?, ?, ?, ?)",
                        (game, day, "|".join(sorted((gone, other))), n),
                    )

        await asyncio.to_thread(self._write, work)

    async def stats(self, profile: str) -> dict[str, Any] | None:
        with self._lock:
            row = self._db.execute(
                "SELECT doc FROM valor_estadisticas WHERE profile = ?", (profile,)
            ).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    async def merge_stats(self, profile: str, merge: Merge) -> dict[str, Any]:
        def work(db: sqlite3.Connection) -> dict[str, Any]:
            row = db.execute(
                "SELECT doc FROM valor_estadisticas WHERE profile = ?", (profile,)
            ).fetchone()
            merged = merge(None if row is None else json.loads(row[0]))
            db.execute(
                "INSERT OR REPLACE INTO valor_estadisticas VALUES (?, ?)",
                (profile, json.dumps(merged)),
            )
            return merged

        answer: dict[str, Any] = await asyncio.to_thread(self._write, work)
        return answer

    async def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None
