"""``picas arena [--game spades|corazones] A B``: two computer players against each other on the
same deals, the seats rotated (the games' arenas: :mod:`picas.games.spades.arena`,
:mod:`picas.games.corazones.arena`; what they share: :mod:`picas.shared.arena`)."""

from __future__ import annotations

import argparse
import os
import sys
import time

from picas.cli import CommandError
from picas.games.corazones import arena as corazones
from picas.games.spades import arena as spades

GAMES = ("spades", "corazones")
_SPADES_ONLY = ("games", "target")
_CORAZONES_ONLY = ("pattern", "start", "log", "every")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "arena", help="enfrentar dos jugadores de la CPU en los mismos repartos"
    )
    parser.add_argument("a", help="jugador A: facil, normal, dificil o módulo:atributo")
    parser.add_argument("b", help="jugador B")
    parser.add_argument("--game", choices=GAMES, default="spades", help="juego (spades)")
    parser.add_argument(
        "--deals", type=int, default=None, help="repartos (Picas: 200 duplicados; Corazones: 1000)"
    )
    parser.add_argument("--seed", type=int, default=None, help="semilla (Picas: 1; Corazones: 0)")
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="procesos (todos los núcleos)"
    )
    spades_options = parser.add_argument_group("Picas")
    spades_options.add_argument(
        "--games", type=int, default=None, help="partidas duplicadas al objetivo (deals/10)"
    )
    spades_options.add_argument("--target", type=int, default=None, help="objetivo (250)")
    corazones_options = parser.add_argument_group("Corazones")
    corazones_options.add_argument(
        "--pattern", choices=sorted(corazones.PATTERNS), default=None, help="pairs (o one)"
    )
    corazones_options.add_argument("--start", type=int, default=None, help="primer reparto (0)")
    corazones_options.add_argument(
        "--every", type=int, default=None, help="informe parcial cada N repartos"
    )
    corazones_options.add_argument(
        "--log", action="store_true", default=None, help="una línea por reparto (para juntar)"
    )
    parser.set_defaults(func=run)


def _refuse_other_games_options(args: argparse.Namespace, names: tuple[str, ...]) -> None:
    given = [f"--{name}" for name in names if getattr(args, name) is not None]
    if given:
        raise CommandError(f"{', '.join(given)} no se aplica a --game {args.game}.")


def run(args: argparse.Namespace) -> int:
    if args.game == "corazones":
        _refuse_other_games_options(args, _SPADES_ONLY)
        return _run_corazones(args)
    _refuse_other_games_options(args, _CORAZONES_ONLY)
    deals = 200 if args.deals is None else args.deals
    games = args.games if args.games is not None else deals // 10
    result = spades.run_arena(
        args.a,
        args.b,
        deals=deals,
        games=games,
        seed=1 if args.seed is None else args.seed,
        jobs=max(1, args.jobs),
        target=250 if args.target is None else args.target,
    )
    print(spades.format_result(result))
    hands = 2 * len(result.diffs) + sum(result.game_hands)
    # Timings go to stderr: stdout is the same for the same seed whatever --jobs is.
    print(
        f"({hands} manos en {result.seconds:.1f} s, {hands / max(result.seconds, 1e-9):.0f}"
        f" manos/s, {args.jobs} procesos)",
        file=sys.stderr,
    )
    return 0


def _run_corazones(args: argparse.Namespace) -> int:
    pattern = args.pattern or "pairs"
    done: list[corazones.DealResult] = []

    def progress(index: int, result: corazones.DealResult) -> None:
        done.append(result)
        if args.log:
            print(f"deal {index} {result.code} {result.number} {result.saved:+.4f}", flush=True)
        if args.every and len(done) % args.every == 0:
            partial = corazones.MatchResult(args.a, args.b, pattern, tuple(done))
            print(corazones.report(partial), flush=True)

    start = time.perf_counter()
    result = corazones.match(
        args.a,
        args.b,
        1000 if args.deals is None else args.deals,
        pattern=pattern,
        seed=0 if args.seed is None else args.seed,
        start=args.start or 0,
        jobs=max(1, args.jobs),
        progress=progress,
    )
    print(corazones.report(result))
    # Timings go to stderr: stdout is the same for the same seed whatever --jobs is.
    print(corazones.timing(result, time.perf_counter() - start, args.jobs), file=sys.stderr)
    return 0
