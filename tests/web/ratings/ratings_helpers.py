"""Results to rate and the stores to rate them in: SQLite in a temporary people's file, and the
real redis-server of tests/friends_redis.py."""

from __future__ import annotations

import random
from pathlib import Path

from picas.web.profiles.store import PEOPLE_FILE
from picas.web.ratings.model import CORAZONES_SEATS, PICAS_TEAMS, RatedResult, RatedSeat
from picas.web.ratings.redis_store import RedisRatings
from picas.web.ratings.store import RatingStore, SqliteRatings

MONDAY = 1_796_601_600.0
"""2026-12-07 00:00 UTC, a Monday (ISO week 2026-W50)."""
DAY = 86_400.0


def open_store(kind: str, folder: Path, redis_url: str) -> RatingStore:
    if kind == "sqlite":
        return SqliteRatings(folder / PEOPLE_FILE)
    return RedisRatings(redis_url)


def picas(
    result_id: str,
    players: tuple[str, str, str, str],
    ns: int,
    ew: int,
    *,
    at: float = MONDAY + 3600,
    left: tuple[str, ...] = (),
) -> RatedResult:
    """A Picas end: players by seat s, n, w, e; ``ns`` and ``ew`` the teams' scores."""
    scores = {"s": ns, "n": ns, "w": ew, "e": ew}
    seats = tuple(
        RatedSeat(player, seat, scores[seat], player in left)
        for player, seat in zip(players, ("s", "n", "w", "e"), strict=True)
    )
    return RatedResult(result_id, "spades", at, seats)


def corazones(
    result_id: str,
    scores: dict[str, int],
    *,
    at: float = MONDAY + 3600,
    left: tuple[str, ...] = (),
) -> RatedResult:
    seats = tuple(
        RatedSeat(player, seat, score, player in left)
        for (player, score), seat in zip(scores.items(), CORAZONES_SEATS, strict=True)
    )
    return RatedResult(result_id, "corazones", at, seats)


def random_results(
    seed: int, count: int, people: list[str], *, start: float = MONDAY
) -> list[RatedResult]:
    """``count`` plausible ends of both games among ``people`` and the computer levels, spread
    over several days and weeks."""
    rng = random.Random(seed)
    cpus = ["cpu:facil", "cpu:normal", "cpu:dificil"]
    found: list[RatedResult] = []
    for number in range(count):
        at = start + number * 4 * 3600 + rng.randrange(3600)
        humans = rng.sample(people, rng.choice((2, 3, 4)))
        table = humans + [rng.choice(cpus) for _ in range(4 - len(humans))]
        rng.shuffle(table)
        left = tuple(p for p in humans if rng.random() < 0.05)
        if rng.random() < 0.5:
            ns, ew = rng.randrange(-100, 520, 10), rng.randrange(-100, 520, 10)
            seats = tuple(
                RatedSeat(p, seat, ns if seat in PICAS_TEAMS[0] else ew, p in left)
                for p, seat in zip(table, ("s", "n", "w", "e"), strict=True)
            )
            found.append(RatedResult(f"r{seed}-{number}", "spades", at, seats))
        else:
            seats = tuple(
                RatedSeat(p, seat, rng.randrange(0, 110), p in left)
                for p, seat in zip(table, CORAZONES_SEATS, strict=True)
            )
            found.append(RatedResult(f"r{seed}-{number}", "corazones", at, seats))
    return found
