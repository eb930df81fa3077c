"""``picas bench matcher``: how long one pass of «Jugar ya»'s matcher takes to seat a full queue.

Queues ``--people`` players of the first partnership game, Picas (ratings drawn from a normal law,
mean 1,500, s.d. 200, seeded) in the queue's store, then times one matcher pass: reading the
queue, matching (the rating window, the teams' balance) and opening every table it makes (each a
friends' table stored and dealt). The issue's figure: 2,000 queued people seated in at most a
second. In process, no sockets: the figure is the matcher's and the stores' own work
(docs/benchmarks.md, ««Jugar ya» under load»).

With ``--store redis://…`` the queue and the tables go to that Redis, which must be a scratch
server (the bench writes there and flushes nothing: use an empty database).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

from picas.cli import CommandError
from picas.web.friends.limits import FriendsLimits
from picas.web.friends.service import Friends
from picas.web.friends.store import SqliteStore, Store
from picas.web.games import partners, rated_games
from picas.web.quick.rated import RatedTables
from picas.web.quick.service import Quick, QuickLimits, targets
from picas.web.quick.store import QuickStore, SqliteQuick
from picas.web.settings import Settings
from picas.web.table import Table

KEY = b"bench-matcher-key-0123456789abcdefgh"


class DrawnRatings:
    """The players' ratings for the bench: drawn once, read as the matcher reads
    ``app.state.ratings``. Nothing is rated here (no table ends)."""

    def __init__(self, people: int, seed: int) -> None:
        rng = random.Random(seed)
        self.numbers = {f"p{i}": round(rng.gauss(1500, 200)) for i in range(people)}

    async def rating(self, game: str, player: str) -> int:
        return self.numbers.get(player, 1500)

    async def record(self, result: object) -> None:
        return None


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("matcher", help="una pasada del emparejador de «Jugar ya»")
    parser.add_argument("--people", type=int, default=2_000, help="personas en cola (2000)")
    parser.add_argument(
        "--store", default="", help="redis://host:port/db (por omisión SQLite en un temporal)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.people < 2:
        raise CommandError("--people es al menos 2.")
    kind = "Redis" if args.store else "SQLite"
    print(f"bench matcher: {args.people} personas en cola, {kind}")
    tables, waiting, seconds = asyncio.run(_bench(args))
    print(f"  una pasada: {seconds:.3f} s, {tables} mesas abiertas, {waiting} siguen esperando")
    return 0


async def _bench(args: argparse.Namespace) -> tuple[int, int, float]:
    with tempfile.TemporaryDirectory() as folder:
        tables, queue = _stores(args.store, Path(folder))
        table = Table(Settings(key=KEY))
        limits = FriendsLimits(max_tables=10 * args.people, tables_per_address=10 * args.people)
        friends = Friends(
            tables, limits, bot=lambda game, level: table.bot(level, game=game), sign=table.sign
        )
        ratings = DrawnRatings(args.people, args.seed)
        rated = RatedTables(friends, queue, lambda: ratings)
        friends.rated_hooks = rated
        quick = Quick(queue, rated, lambda: ratings, QuickLimits(joins_per_minute=10**9))
        await tables.start()
        try:
            # The first partnership game «Jugar ya» offers (Picas): its teams are balanced.
            game = next(key for key in rated_games() if partners(key))
            target = targets(game)[0]
            for number in range(args.people):
                await quick.join(f"p{number}", f"Persona {number}", game, target)
            started = time.perf_counter()
            opened = await quick.match_once()
            seconds = time.perf_counter() - started
            waiting = len(await queue.entries())
            await friends.settle()
        finally:
            await tables.close()
            await queue.close()
        return opened, waiting, seconds


def _stores(url: str, folder: Path) -> tuple[Store, QuickStore]:
    if url:
        from picas.web.friends.redis_store import RedisStore
        from picas.web.quick.redis_store import RedisQuick

        return RedisStore(url), RedisQuick(url)
    return SqliteStore(folder / "mesas.sqlite3"), SqliteQuick(folder / "jugadores.sqlite3")
