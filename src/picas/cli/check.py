"""``picas check``: play many random and bot hands and check every invariant on the way, of
Spades (default) or of Corazones (``--game corazones``)."""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from picas.games.corazones import invariants as corazones
from picas.games.spades.invariants import run_bot_games, run_random_games
from picas.shared.invariants import InvariantBroken, Tally


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "check", help="jugar muchas manos comprobando las invariantes del motor"
    )
    parser.add_argument(
        "--game", choices=("spades", "corazones"), default="spades", help="el juego (spades)"
    )
    parser.add_argument("--hands", type=int, default=100_000, help="manos al azar (100000)")
    parser.add_argument("--bot-hands", type=int, default=2_000, help="manos entre bots (2000)")
    parser.add_argument("--level", default="normal", help="nivel de los bots (normal)")
    parser.add_argument("--jobs", type=int, default=2, help="procesos (2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--views-every",
        type=int,
        default=16,
        help="comprobar las vistas en una de cada N posiciones (16; 1: todas)",
    )
    parser.set_defaults(func=run)


def _split(total: int, jobs: int) -> list[int]:
    return [total // jobs + (1 if i < total % jobs else 0) for i in range(jobs)]


def _corazones_shares(args: argparse.Namespace, jobs: int) -> list[tuple[int, int, str | None]]:
    """(seed, hands, level) of each job: random hands (level None), then bot hands."""
    shares: list[tuple[int, int, str | None]] = [
        (args.seed * 1000 + i, share, None)
        for i, share in enumerate(_split(args.hands, jobs))
        if share
    ]
    return shares + [
        (args.seed * 1000 + 500 + i, share, args.level)
        for i, share in enumerate(_split(args.bot_hands, jobs))
        if share
    ]


def run(args: argparse.Namespace) -> int:
    start = time.perf_counter()
    jobs = max(1, args.jobs)
    tally = Tally()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        if args.game == "corazones":
            futures = [
                pool.submit(corazones.run_games, seed, share, level, check_every=args.views_every)
                for seed, share, level in _corazones_shares(args, jobs)
            ]
        else:
            futures = [
                pool.submit(
                    run_random_games, args.seed * 1000 + i, share, check_every=args.views_every
                )
                for i, share in enumerate(_split(args.hands, jobs))
                if share
            ]
            futures += [
                pool.submit(
                    run_bot_games,
                    args.seed * 1000 + 500 + i,
                    share,
                    args.level,
                    check_every=args.views_every,
                )
                for i, share in enumerate(_split(args.bot_hands, jobs))
                if share
            ]
        for future in futures:
            try:
                tally.add(future.result())
            except InvariantBroken as error:
                print(f"picas check: invariant broken: {error}")
                return 1
    elapsed = time.perf_counter() - start
    name = "check" if args.game == "spades" else f"check ({args.game})"
    print(
        f"{name}: {tally.hands:,} hands in {tally.games:,} games ({tally.actions:,} actions),"
        f" no invariant broken, {elapsed:.1f} s"
    )
    return 0
