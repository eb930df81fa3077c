"""``picas bench server``: the server's time for one human action, computer replies included.

The app is called in-process through ASGI (no sockets, no HTTP client library), so the figure is
the server's own work: body cap, JSON parsing and validation, the signature check, the cached
replay, South's action, the computer players up to South's next turn, the view, signing and
serialising. Games are seeded and South plays like a computer player of the same level (decided
outside the timer), so the games run their natural length and two runs measure the same work.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import secrets
import statistics
import time
from typing import Any

from picas.cli import CommandError
from picas.cli.asgi_post import post as _post
from picas.games.spades import Seat, action_to_json
from picas.games.spades.bots.base import Bot, decide, decision_rng
from picas.games.spades.bots.registry import LEVELS, load_bot
from picas.games.spades.record import SpadesRecord
from picas.games.spades.view import view_for
from picas.record import final_state
from picas.shared.deals import code_from_bytes
from picas.web import Settings, create_app

WARM_UP = 20


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "server", help="tiempo del servidor por acción humana (p50/p95/p99)"
    )
    parser.add_argument("--actions", type=int, default=500, help="acciones medidas (500)")
    parser.add_argument(
        "--level", choices=sorted(LEVELS), default="normal", help="nivel de la CPU (normal)"
    )
    parser.add_argument("--seed", type=int, default=1, help="semilla de partidas y jugadas")
    parser.add_argument(
        "--cold",
        action="store_true",
        help="sin caché: cada acción rehace la partida (otro proceso, o tras reiniciar)",
    )
    parser.add_argument(
        "--refusals",
        action="store_true",
        help="en vez de jugar: lo que cuestan los peores cuerpos rechazados (4xx)",
    )
    parser.add_argument(
        "--repeats", type=int, default=15, help="veces que se manda cada cuerpo (--refusals, 15)"
    )
    parser.set_defaults(func=run)


async def measure(
    actions: int, level: str, seed: int, *, cold: bool = False
) -> tuple[list[float], int]:
    """Milliseconds of server time for each of ``actions`` human actions (after a warm-up), and
    the number of games they came from. ``cold`` turns the replay cache off."""
    app = create_app(Settings(key=secrets.token_bytes(32), cache_size=0 if cold else 512))
    south = load_bot(level)
    times: list[float] = []
    game: dict[str, Any] | None = None
    games = 0
    while len(times) < actions + WARM_UP:
        if game is None or not game["view"]["legal"]:
            games += 1
            digest = hashlib.sha256(f"picas/bench/server/{seed}/{games}".encode()).digest()
            body = json.dumps({"code": code_from_bytes(digest), "level": level}).encode()
            status, raw = await _post(app, "/api/games", body)
            if status != 200:
                raise CommandError(f"/api/games respondió {status}: {_message(raw)}")
            game = json.loads(raw)
            continue
        action = _south_action(south, game["save"]["record"])
        body = json.dumps({"save": game["save"], "action": action}).encode()
        start = time.perf_counter()
        status, raw = await _post(app, "/api/games/act", body)
        elapsed = time.perf_counter() - start
        if status != 200:
            raise CommandError(f"/api/games/act respondió {status}: {_message(raw)}")
        times.append(elapsed * 1000)
        game = json.loads(raw)
    return times[WARM_UP:], games


def _south_action(bot: Bot, record_json: dict[str, Any]) -> int | str:
    """South's move, chosen by ``bot`` from South's view (the player's side: not timed)."""
    record = SpadesRecord.from_json(record_json)
    view = view_for(final_state(record), Seat.SOUTH)
    rng = decision_rng(record.code, len(record.actions), Seat.SOUTH)
    return action_to_json(decide(bot, view, rng))


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def _message(raw: bytes) -> str:
    try:
        return str(json.loads(raw)["error"]["message"])
    except (ValueError, KeyError, TypeError):
        return repr(raw[:200])


def run(args: argparse.Namespace) -> int:
    if args.refusals:
        from picas.cli import bench_refusals

        if args.repeats < 1:
            raise CommandError("Hace falta al menos una vez (--repeats).")
        return bench_refusals.run(args.repeats)
    if args.actions < 1:
        raise CommandError("Hace falta al menos una acción (--actions).")
    times, games = asyncio.run(measure(args.actions, args.level, args.seed, cold=args.cold))
    p50, p95, p99 = (percentile(times, f) for f in (0.50, 0.95, 0.99))
    print(
        f"server: p50 {p50:.1f} ms, p95 {p95:.1f} ms, p99 {p99:.1f} ms per human action"
        f" (level {args.level}, {len(times)} actions in {games} games,"
        f" mean {statistics.fmean(times):.1f} ms, max {max(times):.1f} ms;"
        f" {'no cache' if args.cold else 'cached replay'}, in-process ASGI, one core)"
    )
    return 0
