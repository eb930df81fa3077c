"""``picas bench engine [--game corazones]``: random full hands per second through the public API
(the loops are :mod:`picas.shared.bench`; each game's hands are its ``bench`` (hands and
whole games) in the games' registry, :mod:`picas.games`).

With ``--openspiel PYTHON`` (an interpreter that can ``import pyspiel``, kept outside the project:
OpenSpiel is never a dependency) it also times OpenSpiel's C++ game (``spades`` or ``hearts``) the
same way, in the same run, and prints the ratios. Either way it says which path ran (compiled or
pure Python).
"""

from __future__ import annotations

import argparse
import json
import subprocess
from collections.abc import Callable

from picas import compiled, games
from picas.cli import CommandError
from picas.shared import bench
from picas.shared.spec import GameSpec

Bench = Callable[[int, int], int]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("engine", help="manos completas al azar por segundo")
    parser.add_argument("--game", choices=games.keys(), default=games.KEYS[0], help="el juego")
    parser.add_argument("--hands", type=int, default=20_000, help="manos a jugar (20000)")
    parser.add_argument("--seed", type=int, default=1, help="semilla de las jugadas al azar")
    parser.add_argument(
        "--rules",
        metavar="JSON",
        help="reglas de la casa, para los juegos que las miden: '{\"omnibus\": true}'",
    )
    parser.add_argument(
        "--openspiel",
        metavar="PYTHON",
        help="intérprete con pyspiel: mide también el mismo juego en C++ de OpenSpiel",
    )
    parser.set_defaults(func=run)


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


def openspiel_rate(python: str, hands: int, seed: int, game: str) -> float:
    done = subprocess.run(
        [python, "-c", OPENSPIEL_SCRIPT, str(hands), str(seed), game],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.strip())


def _with_rules(spec: GameSpec, text: str) -> tuple[Bench, Bench]:
    """The game's benchmarks played by the rules ``text`` (a game's ``extra["bench_rules"]``)."""
    build = spec.extra.get("bench_rules")
    if not callable(build):
        raise CommandError(f"--rules no se aplica a --game {spec.key}.")
    try:
        data = json.loads(text)
        hands_of, games_of = build(data)
    except ValueError as error:  # bad JSON, or rules the game refuses (InvalidRules)
        raise CommandError(f"--rules: {error}") from error
    return hands_of, games_of


def run(args: argparse.Namespace) -> int:
    print(f"ruta: {compiled.path_in_use()}")
    spec = games.find_game(args.game)
    hands_of, games_of = spec.bench.hands, spec.bench.games
    if args.rules is not None:
        hands_of, games_of = _with_rules(spec, args.rules)
        print(f"reglas: {args.rules}")
    hand_rate, actions_rate = bench.measure(hands_of, args.hands, args.seed)
    print(f"{args.game}, hands:       {hand_rate:8,.0f} hands/s  {actions_rate:10,.0f} actions/s")
    game_rate, actions_rate = bench.measure(games_of, args.hands, args.seed)
    print(f"{args.game}, whole games: {game_rate:8,.0f} hands/s  {actions_rate:10,.0f} actions/s")
    print(f"({args.hands} random hands each, one core, per second of CPU time)")
    if args.openspiel:
        name = spec.extra.get("openspiel")
        if not isinstance(name, str):
            raise CommandError(f"OpenSpiel no tiene {spec.name_es}.")
        theirs = openspiel_rate(args.openspiel, args.hands, args.seed, name)
        print(
            f"OpenSpiel C++ {name}: {theirs:8,.0f} hands/s;"
            f" Picas/OpenSpiel: hands ×{hand_rate / theirs:.2f},"
            f" whole games ×{game_rate / theirs:.2f}"
        )
    return 0
