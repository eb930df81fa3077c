"""``picas check [--game KEY]``: play many random and bot hands and check every invariant on the
way (each game's checks are its ``check`` in the games' registry, :mod:`picas.games`)."""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from picas import games
from picas.shared.errors import PicasError
from picas.shared.invariants import InvariantBroken, Tally


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "check", help="jugar muchas manos comprobando las invariantes del motor"
    )
    parser.add_argument(
        "--game", choices=games.keys(), default=games.KEYS[0], help=f"el juego ({games.KEYS[0]})"
    )
    parser.add_argument("--hands", type=int, default=100_000, help="manos al azar (100000)")
    parser.add_argument("--bot-hands", type=int, default=2_000, help="manos entre bots (2000)")
    parser.add_argument("--level", default="normal", help="nivel de los bots (normal)")
    parser.add_argument("--jobs", type=int, default=2, help="procesos (2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rules",
        default=None,
        help="reglas en JSON sobre las de la partida normal, p. ej. '{\"team_minimum\": 4}'"
        " (todas las partidas se juegan con ellas)",
    )
    parser.add_argument(
        "--views-every",
        type=int,
        default=16,
        help="comprobar las vistas en una de cada N posiciones (16; 1: todas)",
    )
    parser.set_defaults(func=run)


def _split(total: int, jobs: int) -> list[int]:
    return [total // jobs + (1 if i < total % jobs else 0) for i in range(jobs)]


def shares(args: argparse.Namespace, jobs: int) -> list[tuple[int, int, str | None]]:
    """(seed, hands, level) of each job: random hands (level None), then bot hands."""
    random_shares: list[tuple[int, int, str | None]] = [
        (args.seed * 1000 + i, share, None)
        for i, share in enumerate(_split(args.hands, jobs))
        if share
    ]
    return random_shares + [
        (args.seed * 1000 + 500 + i, share, args.level)
        for i, share in enumerate(_split(args.bot_hands, jobs))
        if share
    ]


def run(args: argparse.Namespace) -> int:
    start = time.perf_counter()
    spec = games.find_game(args.game)
    jobs = max(1, args.jobs)
    rules = rules_json(spec, args.rules)
    tally = Tally()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [
            pool.submit(_check, args.game, seed, share, level, args.views_every, rules)
            for seed, share, level in shares(args, jobs)
        ]
        for future in futures:
            try:
                tally.add(future.result())
            except InvariantBroken as error:
                print(f"picas check: invariant broken: {error}")
                return 1
    elapsed = time.perf_counter() - start
    name = "check" if spec.key == games.KEYS[0] else f"check ({args.game})"
    print(
        f"{name}: {tally.hands:,} hands in {tally.games:,} games ({tally.actions:,} actions),"
        f" no invariant broken, {elapsed:.1f} s"
    )
    return 0


def rules_json(spec: games.GameSpec, text: str | None) -> dict[str, Any] | None:
    """``--rules``: a JSON object over the game's default rules, read by the game's record (a
    refusal is the record's clear message); ``None`` without it."""
    if text is None:
        return None
    from picas.cli import CommandError

    try:
        given = json.loads(text)
    except ValueError:
        raise CommandError("--rules debe ser un objeto JSON.") from None
    if not isinstance(given, dict):
        raise CommandError("--rules debe ser un objeto JSON.")
    codec = spec.record.codec()
    data = {**codec.rules_json(spec.rules()), **given}
    try:
        codec.read_rules(data)
    except PicasError as error:
        raise CommandError(f"--rules: {error}") from None
    return data


def _check(
    key: str,
    seed: int,
    hands: int,
    level: str | None,
    views_every: int,
    rules: dict[str, Any] | None = None,
) -> Tally:
    """One job, in a worker process: the game is found there by its key (a spec's functions need
    not pickle, and a game registered by ``PICAS_GAMES`` is found in every process); ``rules``
    (JSON, it pickles) only when ``--rules`` gave them."""
    spec = games.find_game(key)
    if rules is None:
        return spec.check(seed, hands, level, views_every)
    return spec.check(seed, hands, level, views_every, spec.record.codec().read_rules(rules))
