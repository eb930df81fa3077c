"""``picas bench ratings``: what a rated result and a board page cost the ratings' store.

Records ``--results`` plausible ends (each rated game in turn, two to four people among
``--people`` profiles, computer levels in the other seats, a few leavers) one after another,
timing each ``record`` — read the players' ratings, rate with OpenSkill, write the result, the
ratings, this week's, the pairs, the history and both boards in one transaction — then reads
``--reads`` board pages (the first rated game's, Picas') at random depths with the asker's own
rank, as ``GET /api/clasificacion`` does (names aside). In process, no HTTP: the figure is the
store's own work (docs/ratings.md, «Figures»).

With ``--store redis://…`` the Redis must hold no ``picas:valor:`` keys (a scratch server): the
bench writes there and deletes what it wrote at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from picas.cli import CommandError
from picas.web.games import partners
from picas.web.profiles.store import PEOPLE_FILE
from picas.web.ratings.model import CORAZONES_SEATS, GAMES, PICAS_TEAMS, RatedResult, RatedSeat
from picas.web.ratings.service import Ratings
from picas.web.ratings.store import RatingStore, SqliteRatings

START = 1_796_601_600.0  # a Monday, 00:00 UTC
LEVELS = ("cpu:facil", "cpu:normal", "cpu:dificil")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("ratings", help="escribir resultados y leer la clasificación")
    parser.add_argument("--results", type=int, default=10_000, help="resultados (10000)")
    parser.add_argument("--people", type=int, default=2_000, help="perfiles (2000)")
    parser.add_argument("--reads", type=int, default=1_000, help="páginas leídas (1000)")
    parser.add_argument(
        "--store", default="", help="redis://host:port/db (por omisión SQLite en un temporal)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.set_defaults(func=run)


def results(count: int, people: int, seed: int) -> list[RatedResult]:
    """Plausible ends of the rated games in turn: a partnership's score as Picas' (-100 to 520,
    by tens), a lone player's as Corazones' points (0 to 109)."""
    rng = random.Random(seed)
    names = [f"bench{n:05d}" for n in range(people)]
    found: list[RatedResult] = []
    for number in range(count):
        at = START + number * 30.0  # a result every 30 s: about three days and a half
        game = GAMES[number % len(GAMES)]
        humans = rng.sample(names, rng.choice((2, 3, 4, 4)))
        table = humans + [rng.choice(LEVELS) for _ in range(4 - len(humans))]
        rng.shuffle(table)
        left = {p for p in humans if rng.random() < 0.05}
        if partners(game):
            ns, ew = rng.randrange(-100, 520, 10), rng.randrange(-100, 520, 10)
            seats = tuple(
                RatedSeat(p, s, ns if s in PICAS_TEAMS[0] else ew, p in left)
                for p, s in zip(table, [s for team in PICAS_TEAMS for s in team], strict=True)
            )
        else:
            seats = tuple(
                RatedSeat(p, s, rng.randrange(0, 110), p in left)
                for p, s in zip(table, CORAZONES_SEATS, strict=True)
            )
        found.append(RatedResult(f"bench-{seed}-{number}", game, at, seats))
    return found


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(args: argparse.Namespace) -> int:
    if args.results < 1 or args.people < 4 or args.reads < 1:
        raise CommandError("--results y --reads son al menos 1; --people al menos 4.")
    kind = "Redis" if args.store else "SQLite"
    print(f"bench ratings: {args.results} resultados, {args.people} perfiles, {kind}")
    figures = asyncio.run(_bench(args))
    for name, values in figures.items():
        print(
            f"  {name}: p50 {statistics.median(values):.2f} ms, p99 {_p(values, 0.99):.2f} ms,"
            f" máx {max(values):.2f} ms ({len(values)})"
        )
    return 0


async def _bench(args: argparse.Namespace) -> dict[str, list[float]]:
    ends = results(args.results, args.people, args.seed)
    with tempfile.TemporaryDirectory() as folder:
        store = await _store(args.store, Path(folder))
        ratings = Ratings(store, clock=lambda: ends[-1].ended)
        try:
            writes: list[float] = []
            for end in ends:
                began = time.perf_counter()
                await ratings.record(end)
                writes.append((time.perf_counter() - began) * 1000)
            rng = random.Random(args.seed)
            reads: list[float] = []
            game = GAMES[0]  # the first rated game's board: Picas'
            total = (await ratings.board(game, week=False, start=0, count=1)).total
            for _ in range(args.reads):
                me = f"bench{rng.randrange(args.people):05d}"
                start = rng.randrange(max(1, total - 20))
                began = time.perf_counter()
                await ratings.board(game, week=rng.random() < 0.5, start=start, count=20, me=me)
                reads.append((time.perf_counter() - began) * 1000)
            return {"record": writes, "board page": reads}
        finally:
            if args.store:
                await _clean(store)
            await store.close()


async def _store(url: str, folder: Path) -> RatingStore:
    if not url:
        return SqliteRatings(folder / PEOPLE_FILE)
    from picas.web.ratings.redis_store import PREFIX, RedisRatings

    store = RedisRatings(url)
    client: Any = store._redis
    async for _ in client.scan_iter(match=PREFIX + "*", count=100):
        await store.close()
        raise CommandError(f"Ese Redis ya tiene claves {PREFIX}: usa uno vacío para medir.")
    return store


async def _clean(store: RatingStore) -> None:
    from picas.web.ratings.redis_store import PREFIX

    client: Any = store._redis  # type: ignore[attr-defined]
    keys = [key async for key in client.scan_iter(match=PREFIX + "*", count=1000)]
    for start in range(0, len(keys), 1000):
        await client.delete(*keys[start : start + 1000])
