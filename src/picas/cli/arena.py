"""``picas arena [--game KEY] A B``: two computer players against each other on the same deals,
the seats rotated. Each game's match and its own options are its ``arena`` in the games'
registry (:mod:`picas.games`); what the games' arenas share is :mod:`picas.shared.arena`."""

from __future__ import annotations

import argparse
import os
import sys

from picas import games
from picas.cli import CommandError
from picas.shared.spec import ArenaRequest


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "arena", help="enfrentar dos jugadores de la CPU en los mismos repartos"
    )
    specs = games.games()
    parser.add_argument("a", help="jugador A: facil, normal, dificil o módulo:atributo")
    parser.add_argument("b", help="jugador B")
    parser.add_argument(
        "--game", choices=games.keys(), default=games.KEYS[0], help=f"juego ({games.KEYS[0]})"
    )
    defaults = "; ".join(f"{spec.name_es}: {spec.arena.deals}" for spec in specs)
    parser.add_argument("--deals", type=int, default=None, help=f"repartos ({defaults})")
    seeds = "; ".join(f"{spec.name_es}: {spec.arena.seed}" for spec in specs)
    parser.add_argument("--seed", type=int, default=None, help=f"semilla ({seeds})")
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="procesos (todos los núcleos)"
    )
    for spec in specs:
        if not spec.arena.options:
            continue
        group = parser.add_argument_group(spec.name_es)
        for option in spec.arena.options:
            if option.flag:
                group.add_argument(
                    f"--{option.name}", action="store_true", default=None, help=option.help
                )
            elif option.choices is not None:
                group.add_argument(f"--{option.name}", choices=option.choices, help=option.help)
            else:
                group.add_argument(f"--{option.name}", type=int, default=None, help=option.help)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    spec = games.find_game(args.game)
    own = {option.name for option in spec.arena.options}
    others = sorted(
        {option.name for other in games.games() for option in other.arena.options} - own
    )
    given = [f"--{name}" for name in others if getattr(args, name, None) is not None]
    if given:
        raise CommandError(f"{', '.join(given)} no se aplica a --game {args.game}.")
    request = ArenaRequest(
        a=args.a,
        b=args.b,
        deals=spec.arena.deals if args.deals is None else args.deals,
        seed=spec.arena.seed if args.seed is None else args.seed,
        jobs=max(1, args.jobs),
        options={name: getattr(args, name, None) for name in own},
        say=lambda line: print(line, flush=True),
    )
    report, timing = spec.arena.run(request)
    print(report)
    if timing:  # to stderr: stdout is the same for the same seed whatever --jobs is
        print(timing, file=sys.stderr)
    return 0
