"""``picas bench lengths [--game KEY] --games N [--level L] [--rules JSON]``: how many hands a game
lasts between four players of a level (Normal by default), at each target (for a game whose
registry entry has ``extra["game_lengths"]``), by the game's default rules or ``--rules`` (a house
rule: ``'{"omnibus": true}'``)."""

from __future__ import annotations

import argparse
import json

from picas import games
from picas.cli import CommandError


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("lengths", help="manos que dura una partida")
    measured = [spec.key for spec in games.games() if "game_lengths" in spec.extra]
    parser.add_argument(
        "--game",
        choices=games.keys(),
        default=measured[0] if measured else None,
        help=f"el juego ({', '.join(measured)})",
    )
    parser.add_argument("--games", type=int, default=300, help="partidas por objetivo (300)")
    parser.add_argument("--level", default="normal", help="nivel de los cuatro jugadores (normal)")
    parser.add_argument("--rules", metavar="JSON", help="reglas además del objetivo (JSON)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    spec = games.find_game(args.game)
    lengths = spec.extra.get("game_lengths")
    if lengths is None:
        raise CommandError(f"La duración de las partidas no se mide en {spec.name_es}.")
    if args.level not in spec.levels:
        raise CommandError(f"Nivel desconocido: {args.level} (hay: {', '.join(spec.levels)}).")
    try:
        extra = json.loads(args.rules) if args.rules else {}
        if not isinstance(extra, dict):
            raise ValueError("--rules es un objeto JSON")
        variants = [
            spec.rules(**{**extra, "target": target}) for target in spec.options["target"].values
        ]
    except (ValueError, TypeError) as error:  # bad JSON, or rules the game refuses
        raise CommandError(f"--rules: {error}") from error
    name = spec.levels[args.level].name_es
    for target, rules in zip(spec.options["target"].values, variants, strict=True):
        mean, shortest, longest = lengths(args.games, rules, args.level)
        print(f"una partida a {target}, cuatro jugadores {name}, {args.games} partidas:", end=" ")
        print(f"{mean:.1f} manos de media, de {shortest} a {longest}")
    return 0
