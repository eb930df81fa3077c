"""``picas bench engine``: random full hands per second through the public API."""

from __future__ import annotations

import argparse
import random
import time

from picas.engine import GameState, Rules

BENCH_CODE = "BENCH234"


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("engine", help="manos completas al azar por segundo")
    parser.add_argument("--hands", type=int, default=20_000, help="manos a jugar (20000)")
    parser.add_argument("--seed", type=int, default=1, help="semilla de las jugadas al azar")
    parser.set_defaults(func=run)


def random_hands(count: int, seed: int) -> int:
    """Play ``count`` hands with random legal actions: deal, four bids, 13 tricks, scoring.

    Games follow one another as a player would see them (scores carry over, the deal rotates).
    Returns the number of actions applied.
    """
    rng = random.Random(seed)
    rules = Rules()
    game = GameState.new(rules, BENCH_CODE)
    actions = 0
    for _ in range(count):
        if game.is_over:
            game = GameState.new(rules, BENCH_CODE)
        number = game.hand.number
        while game.hand.number == number and not game.is_over:
            legal = game.legal_actions()
            game = game.apply(legal[int(rng.random() * len(legal))])
            actions += 1
    return actions


def run(args: argparse.Namespace) -> int:
    random_hands(min(args.hands, 500), args.seed)  # warm-up
    start = time.perf_counter()
    actions = random_hands(args.hands, args.seed)
    elapsed = time.perf_counter() - start
    print(
        f"engine: {args.hands / elapsed:,.0f} hands/s, {actions / elapsed:,.0f} actions/s"
        f" ({args.hands} hands in {elapsed:.2f} s, one core)"
    )
    return 0
