"""``picas load``: many simulated people play against a running server, and the figures of it.

Three modes:

* solo games (the default): N players each play whole games against the computer over HTTP
  (:mod:`picas.cli.load_solo`, one level's run in :mod:`picas.cli.load_level`), with the heavy
  (:mod:`picas.cli.load_heavy`) and abusive clients (:mod:`picas.cli.load_abusive`,
  :mod:`picas.cli.load_bad_connections`) asked for beside them; the figures in
  :mod:`picas.cli.load_stats`;
* ``--friends N``: N friends' tables of four people over WebSockets (:mod:`picas.cli.load_friends`);
* ``--quick N``: N people make a profile, join «Jugar ya»'s queue and play the rated tables it
  seats them at (:mod:`picas.cli.load_quick`).

Only a server on this machine is a target (a loopback address, :mod:`picas.cli.load_addresses`):
this is a benchmark, not a tool to load someone else's server. ``--spawn`` starts ``picas serve``
itself on a free port (:mod:`picas.cli.load_server`). Each simulated person speaks from an
address of its own (127.0.1.1, 127.0.1.2…: the whole of 127/8 is this machine), since the server
shares its work and caps its sockets by address; its HTTP client is httpx
(:mod:`picas.cli.load_http`), its WebSocket client the ``websockets`` library.

The modules behind the modes are imported when a mode runs, not when ``picas`` builds its
command line, so that other commands do not pay for the HTTP client's import.
"""

from __future__ import annotations

import argparse
import contextlib
import json
from typing import Any

from picas import games
from picas.cli import CommandError
from picas.cli.load_addresses import ABUSER_ADDRESS, NEWCOMER_ADDRESS, check_loopback
from picas.cli.load_basics import run_loop
from picas.cli.load_server import count_faults, server_cpu
from picas.cli.load_server import spawned_server as spawned_server

SOLO_WARMUP = 5.0
"""Seconds of solo play before the measured ``--seconds`` (the server's processes warm up); the
tables' modes have their own, inside ``--seconds`` (``load_basics.untimed``)."""

Json = dict[str, Any]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "load", help="prueba de carga: muchos jugadores simulados contra un servidor local"
    )
    target = parser.add_mutually_exclusive_group()
    target.add_argument(
        "--url", default="http://127.0.0.1:8000", help="servidor local (http://127.0.0.1:8000)"
    )
    target.add_argument(
        "--spawn", action="store_true", help="arrancar «picas serve» en un puerto libre"
    )
    parser.add_argument(
        "--workers", type=int, default=2, help="procesos del servidor con --spawn (2)"
    )
    parser.add_argument("--players", type=int, default=200, help="jugadores a la vez (200)")
    people = parser.add_mutually_exclusive_group()
    people.add_argument(
        "--friends",
        type=int,
        default=0,
        metavar="MESAS",
        help="mesas con amigos de cuatro personas simuladas por WebSocket, en vez de partidas"
        " solas (docs/friends.md)",
    )
    people.add_argument(
        "--quick",
        type=int,
        default=0,
        metavar="PERSONAS",
        help="personas que crean su perfil, entran en la cola de «Jugar ya» y juegan las mesas"
        " puntuadas que les toquen, a ritmo de persona (docs/quick.md)",
    )
    parser.add_argument(
        "--store", default=None, help="con --spawn: --store del servidor (redis://…)"
    )
    parser.add_argument(
        "--level",
        action="append",
        choices=sorted({level for spec in games.games() for level in spec.levels}),
        help="nivel de la CPU; repetible, uno tras otro (normal)",
    )
    parser.add_argument(
        "--game",
        choices=games.keys(),
        default=games.KEYS[0],
        help="el juego de las partidas (spades); en Corazones, Sur pasa tres cartas al azar",
    )
    parser.add_argument("--seconds", type=float, default=60.0, help="duración por nivel (60)")
    parser.add_argument(
        "--warmup",
        type=float,
        default=None,
        help="segundos de juego sin medir antes de medir (5): los procesos cargan la CPU; con"
        " --friends y --quick, dentro de --seconds (10, o un cuarto de --seconds si es menos)",
    )
    parser.add_argument(
        "--max-actions", type=int, default=0, help="parar tras tantas jugadas por nivel (0: sin)"
    )
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="pausa media de un jugador entre jugadas, en segundos (1.0; 0: sin pausa)",
    )
    parser.add_argument(
        "--pace",
        type=float,
        nargs=2,
        default=None,
        metavar=("MIN", "MAX"),
        help="segundos entre dos jugadas de una persona, al azar entre MIN y MAX: con --quick"
        " (2 4), y con --friends en vez de la pausa fija de --think (así las mesas que empiezan"
        " a la vez no juegan a golpes)",
    )
    quick = parser.add_argument_group("«Jugar ya» (--quick)")
    quick.add_argument(
        "--leave",
        type=float,
        default=0.05,
        help="parte de las personas que se van de la mesa o pierden la conexión (0.05)",
    )
    quick.add_argument(
        "--target",
        choices=("quick", "standard"),
        default="quick",
        help="la meta de las partidas: la rápida o la normal (quick)",
    )
    parser.add_argument(
        "--heavy",
        type=int,
        default=0,
        help="clientes que además piden sin pausa «Rejugar esta mano» (Difícil en Sur) e"
        " importaciones, cada vez de una partida nueva (0)",
    )
    parser.add_argument(
        "--abuse",
        type=int,
        default=0,
        help="tras el calentamiento, abrir tantas conexiones ociosas, más una con una cabecera de"
        " 1 MB y otra que envía un byte por segundo, y medir cuándo las cierra el servidor (0)",
    )
    parser.add_argument(
        "--addresses",
        type=int,
        default=0,
        help="repartir los jugadores entre tantas direcciones de esta máquina, 127.0.1.1… (0:"
        " una cada uno, como jugadores de verdad; 1: todos desde la del sistema): el servidor"
        " y nginx reparten por dirección",
    )
    abusive = parser.add_argument_group(
        "clientes abusivos, desde --abuser-address (docs/benchmarks.md)"
    )
    abusive.add_argument(
        "--abuser-address", default=ABUSER_ADDRESS, help=f"su dirección ({ABUSER_ADDRESS})"
    )
    abusive.add_argument(
        "--newcomer-address",
        default=NEWCOMER_ADDRESS,
        help=f"la del recién llegado y el jugador educado ({NEWCOMER_ADDRESS})",
    )
    abusive.add_argument(
        "--bad-bodies",
        type=int,
        default=0,
        help="clientes que envían sin pausa los peores cuerpos a resume, act e import (0)",
    )
    abusive.add_argument(
        "--hold-idle",
        type=int,
        default=0,
        help="conexiones ociosas que mantiene abiertas una dirección (reabre las que se cierran),"
        " mientras un recién llegado empieza una partida cada medio segundo (0)",
    )
    abusive.add_argument(
        "--hammer",
        type=int,
        default=0,
        help="clientes que piden sin pausa jugadas en Difícil y «Rejugar esta mano» (0)",
    )
    abusive.add_argument(
        "--polite",
        action="store_true",
        help="un jugador de Difícil desde otra dirección: una jugada cada 2 s, una práctica"
        " cada 10 s",
    )
    parser.add_argument(
        "--server-group",
        type=int,
        default=None,
        help="grupo de procesos del servidor cuya CPU medir (con --spawn, el suyo)",
    )
    parser.add_argument("--seed", type=int, default=1, help="semilla de partidas y jugadas")
    parser.add_argument("--json", action="store_true", help="resultado en JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    strangers = args.bad_bodies or args.hold_idle or args.hammer or args.polite
    people = args.friends or args.quick
    if args.warmup is None and not people:
        args.warmup = SOLO_WARMUP
    elif people and args.warmup is not None and args.warmup >= args.seconds:
        raise CommandError(
            "Con --friends y --quick, --warmup va dentro de --seconds: menos que él."
        )
    if (
        args.players < (0 if strangers else 1)
        or args.seconds <= 0
        or min(args.think, args.warmup or 0.0, args.heavy, args.abuse) < 0
        or min(args.bad_bodies, args.hold_idle, args.hammer, args.addresses) < 0
    ):
        raise CommandError(
            "Hacen falta --players ≥ 1, --seconds > 0, --think, --warmup y --heavy ≥ 0."
        )
    if args.workers < 1:
        raise CommandError("Hace falta al menos un proceso (--workers 1).")
    levels = args.level or ["normal"]
    if args.friends:
        return run_friends_mode(args, levels)
    if args.quick:
        return run_quick_mode(args)
    return run_solo_mode(args, levels)


def run_solo_mode(args: argparse.Namespace, levels: list[str]) -> int:
    """Solo games, one level after another (:mod:`picas.cli.load_level`)."""
    from picas.cli.load_level import run_level
    from picas.cli.load_stats import describe, polite_failed

    server_faults: int | None = None
    with contextlib.ExitStack() as stack:
        if args.spawn:
            group: list[int] = []
            base, log = stack.enter_context(spawned_server(args.workers, group))
            args.server_group = group[0]
        else:
            base = check_loopback(args.url)
        results = [run_loop(run_level(base, level, args)).summary() for level in levels]
        if args.spawn:
            server_faults = count_faults(log.read_text(encoding="utf-8", errors="replace"))
    report = {"url": base, "think": args.think, "results": results}
    if server_faults is not None:
        report["server_log_faults"] = server_faults
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        for result in results:
            print(describe(result, args))
        if server_faults is not None:
            print(f"server log: {server_faults} error lines")
    failed = any(
        result["errors"] or result["heavy"]["errors"] or polite_failed(result) for result in results
    ) or bool(server_faults)
    return 1 if failed else 0


def run_friends_mode(args: argparse.Namespace, levels: list[str]) -> int:
    """``--friends N``: the friends' tables' load (:mod:`picas.cli.load_friends`)."""
    from picas.cli import load_friends

    pace = None if args.pace is None else checked_pace(args.pace)
    group: list[int] = []
    with contextlib.ExitStack() as stack:
        if args.spawn:
            base, log = stack.enter_context(
                spawned_server(args.workers, group, store=args.store, friends=True)
            )
        else:
            base, log = check_loopback(args.url), None
        results = [
            run_loop(
                load_friends.run_friends(
                    base,
                    tables=args.friends,
                    game=args.game,
                    level=level,
                    seconds=args.seconds,
                    warmup=args.warmup,
                    think=args.think,
                    pace=pace,
                    seed=args.seed,
                    server_cpu=(lambda: server_cpu(group[0])) if group else None,
                )
            )
            for level in levels
        ]
        faults = None if log is None else count_faults(log.read_text(errors="replace"))
    if args.json:
        print(json.dumps({"url": base, "results": results, "server_log_faults": faults}, indent=1))
    else:
        for result in results:
            print(load_friends.describe(result))
        if faults is not None:
            print(f"server log: {faults} error lines")
    return 1 if any(load_friends.failed(result) for result in results) or faults else 0


QUICK_PACE = (2.0, 4.0)
"""«Jugar ya»'s people's seconds between two actions when ``--pace`` is not given."""


def checked_pace(pace: list[float] | tuple[float, float]) -> tuple[float, float]:
    low, high = pace
    if not 0 <= low <= high:
        raise CommandError("Hace falta 0 ≤ --pace MIN ≤ MAX.")
    return low, high


def run_quick_mode(args: argparse.Namespace) -> int:
    """``--quick N``: «Jugar ya»'s queue and rated tables (:mod:`picas.cli.load_quick`)."""
    from picas.cli import load_quick

    low, high = checked_pace(QUICK_PACE if args.pace is None else args.pace)
    if args.quick < 1 or not 0 <= args.leave <= 1:
        raise CommandError("Hacen falta --quick ≥ 1 y 0 ≤ --leave ≤ 1.")
    group: list[int] = []
    with contextlib.ExitStack() as stack:
        if args.spawn:
            base, log = stack.enter_context(
                spawned_server(
                    args.workers,
                    group,
                    store=args.store,
                    friends=True,
                    max_connections=max(3000, 2 * args.quick + 100),
                )
            )
        else:
            base, log = check_loopback(args.url), None
        result = run_loop(
            load_quick.run_quick(
                base,
                load_quick.QuickSettings(
                    people=args.quick,
                    game=args.game,
                    target=args.target,
                    seconds=args.seconds,
                    warmup=args.warmup,
                    pace=(low, high),
                    leave=args.leave,
                    seed=args.seed,
                ),
                server_cpu=(lambda: server_cpu(group[0])) if group else None,
            )
        )
        faults = None if log is None else count_faults(log.read_text(errors="replace"))
    if args.json:
        print(json.dumps({"url": base, "results": [result], "server_log_faults": faults}, indent=1))
    else:
        print(load_quick.describe(result))
        if faults is not None:
            print(f"server log: {faults} error lines")
    return 1 if load_quick.failed(result) or faults else 0
