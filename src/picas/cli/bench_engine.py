"""``picas bench engine [--game corazones]``: random full hands per second through the public API
(the loops are :mod:`picas.shared.bench`; Corazones' hands are :mod:`picas.games.corazones.bench`).

With ``--openspiel PYTHON`` (an interpreter that can ``import pyspiel``, kept outside the project:
OpenSpiel is never a dependency) it also times OpenSpiel's C++ game (``spades`` or ``hearts``) the
same way, in the same run, and prints the ratios. Either way it says which path ran (compiled or
pure Python).
"""

from __future__ import annotations

import argparse
import random
import subprocess

from picas import compiled
from picas.games.corazones import bench as corazones
from picas.games.spades import GameState, HandState, Rules, Seat, deal_for, score_hand
from picas.shared import bench

BENCH_CODE = "BENCH234"
OPENSPIEL_GAMES = {"spades": "spades", "corazones": "hearts"}
"""OpenSpiel's name of each game: one state is one hand (the deal and, in hearts, the pass
direction as chance actions, then the bids or the pass, then 52 cards)."""


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("engine", help="manos completas al azar por segundo")
    parser.add_argument("--game", choices=sorted(OPENSPIEL_GAMES), default="spades")
    parser.add_argument("--hands", type=int, default=20_000, help="manos a jugar (20000)")
    parser.add_argument("--seed", type=int, default=1, help="semilla de las jugadas al azar")
    parser.add_argument(
        "--openspiel",
        metavar="PYTHON",
        help="intérprete con pyspiel: mide también el mismo juego en C++ de OpenSpiel",
    )
    parser.set_defaults(func=run)


def random_hands(count: int, seed: int) -> int:
    """``count`` independent hands at the hand level: deal from a code, four random bids, thirteen
    random legal tricks, both score sheets. Returns the number of actions applied."""
    rng = random.Random(seed)
    rules = Rules()
    actions = 0
    for number in range(1, count + 1):
        dealer = Seat(number % 4)
        hand = HandState.deal(
            number=number, dealer=dealer, hands=deal_for(BENCH_CODE, number, dealer)
        )
        while hand.turn is not None:
            legal = hand.legal_actions()
            hand = hand.apply(legal[int(rng.random() * len(legal))])
            actions += 1
        score_hand(
            rules,
            bids=hand.bids,  # type: ignore[arg-type]  # a complete hand has four bids
            blind=hand.blind,
            tricks=hand.won,
            totals=(0, 0),
            bags=(0, 0),
        )
    return actions


def random_game_hands(count: int, seed: int) -> int:
    """``count`` hands through whole games (``GameState``): scores and bags carry over, the deal
    rotates, a finished game is followed by a new one. Returns the number of actions applied."""
    rules = Rules()
    return bench.random_game_hands(lambda: GameState.new(rules, BENCH_CODE), count, seed)


OPENSPIEL_SCRIPT = """
import random, sys, time
import pyspiel
game = pyspiel.load_game(sys.argv[3])
rng = random.Random(int(sys.argv[2]))
def play(count):
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
        state.returns()
play(min(int(sys.argv[1]), 500))
start = time.process_time()
play(int(sys.argv[1]))
print(int(sys.argv[1]) / (time.process_time() - start))
"""
"""Random hands of an OpenSpiel game, timed like :func:`random_hands` (chance deals, random legal
bids or passes and cards, the hand scored), run by ``--openspiel``'s interpreter."""


def openspiel_rate(python: str, hands: int, seed: int, game: str = "spades") -> float:
    done = subprocess.run(
        [python, "-c", OPENSPIEL_SCRIPT, str(hands), str(seed), game],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.strip())


def run(args: argparse.Namespace) -> int:
    print(f"ruta: {compiled.path_in_use()}")
    hands, games = random_hands, random_game_hands
    if args.game == "corazones":
        hands, games = corazones.random_hands, corazones.random_game_hands
    hand_rate, actions_rate = bench.measure(hands, args.hands, args.seed)
    print(f"{args.game}, hands:       {hand_rate:8,.0f} hands/s  {actions_rate:10,.0f} actions/s")
    game_rate, actions_rate = bench.measure(games, args.hands, args.seed)
    print(f"{args.game}, whole games: {game_rate:8,.0f} hands/s  {actions_rate:10,.0f} actions/s")
    print(f"({args.hands} random hands each, one core, per second of CPU time)")
    if args.openspiel:
        name = OPENSPIEL_GAMES[args.game]
        theirs = openspiel_rate(args.openspiel, args.hands, args.seed, name)
        print(
            f"OpenSpiel C++ {name}: {theirs:8,.0f} hands/s;"
            f" Picas/OpenSpiel: hands ×{hand_rate / theirs:.2f},"
            f" whole games ×{game_rate / theirs:.2f}"
        )
    return 0
