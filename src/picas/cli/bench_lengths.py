"""``picas bench lengths [--game KEY] --games N``: how many hands a game lasts between four Normal
players, at each target (for a game whose registry entry has ``extra["game_lengths"]``)."""

from __future__ import annotations

import argparse

from picas import games
from picas.cli import CommandError


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("lengths", help="manos que dura una partida")
    parser.add_argument("--game", choices=games.keys(), default="corazones", help="el juego")
    parser.add_argument("--games", type=int, default=300, help="partidas por objetivo (300)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    spec = games.find_game(args.game)
    lengths = spec.extra.get("game_lengths")
    if lengths is None:
        raise CommandError(f"La duración de las partidas no se mide en {spec.name_es}.")
    for target in spec.options["target"]:
        mean, shortest, longest = lengths(args.games, spec.rules(target=target))
        print(f"una partida a {target}, cuatro jugadores Normal, {args.games} partidas:", end=" ")
        print(f"{mean:.1f} manos de media, de {shortest} a {longest}")
    return 0
