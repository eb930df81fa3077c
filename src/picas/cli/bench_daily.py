"""``picas bench daily [--level L] [--results N] [--reads N] [--store URL] [--skip-prepare]``: the
day's challenge's costs (docs/daily.md, «Figures»):

* the preparation's CPU time per game and day: Difícil's baseline of a day (Picas six hands,
  Corazones four: each game with a challenge, from the registry), hand by hand as the heavy lane
  plays it (here in this process, one core);
* the day's table (the first game's with a challenge): ``--results`` finished ranked attempts
  written, then the table read back as the API answers it (the first page, the asking profile's
  rank and percentile and streak), ``--reads`` times: its p50 and p99 in milliseconds;
* with ``--act N``: a Normal player's act latency (``picas bench server``'s measure) with and
  without a preparation running at the daily lane's priority, in ``--rounds`` alternated pairs
  (the worker is stopped, not ended, between them), so that a shared machine's changing load falls
  on both sides of each pair alike.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import random
import signal
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from picas.cli import CommandError
from picas.web.daily import days
from picas.web.daily.baseline import play_hand
from picas.web.daily.model import AttemptDoc, draw_day
from picas.web.daily.service import Daily
from picas.web.daily.store import DailyStore, SqliteDaily
from picas.web.friends.limits import FriendsLimits
from picas.web.friends.service import Friends
from picas.web.friends.store import SqliteStore
from picas.web.heavy import LOW_PRIORITY_NICENESS
from picas.web.profiles.model import Profile
from picas.web.settings import Settings
from picas.web.table import Table


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("daily", help="el reto del día: preparación y clasificación")
    parser.add_argument("--level", default="dificil", help="nivel de la CPU (dificil)")
    parser.add_argument("--results", type=int, default=10_000, help="intentos escritos (10000)")
    parser.add_argument("--reads", type=int, default=500, help="lecturas de la tabla (500)")
    parser.add_argument("--store", default="", help="redis://… (por omisión, SQLite temporal)")
    parser.add_argument(
        "--skip-prepare", action="store_true", help="solo la clasificación, sin preparar días"
    )
    parser.add_argument(
        "--act",
        type=int,
        default=0,
        metavar="N",
        help="además: p99 de N acciones de un jugador Normal, sin y con una preparación en marcha",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=5,
        help="con --act: pares alternados sin y con la preparación (5)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.results < 1 or args.reads < 1:
        raise CommandError("--results y --reads deben ser al menos 1.")
    table = Table(Settings.from_env())
    if not args.skip_prepare:
        for game in days.games():
            plan = days.plan_of(game)
            seconds, hands = prepare(table, game, args.level)
            per_hand = ", ".join(f"{value:.1f}" for value in hands)
            print(f"preparación {game}, {plan.hands} manos a {args.level}: {seconds:.1f} s de CPU")
            print(f"  por mano: {per_hand} s")
    if args.act > 0:
        if args.rounds < 1:
            raise CommandError("--rounds debe ser al menos 1.")
        pairs = act_latency(args.act, args.level, args.rounds)
        for number, (alone, busy) in enumerate(pairs, 1):
            print(
                f"acción de un jugador Normal, par {number}, {args.act} acciones: p99"
                f" {alone:.1f} ms sola, {busy:.1f} ms con una preparación en marcha"
                f" ({100 * (busy - alone) / alone:+.0f} %)"
            )
        alone_median = statistics.median(alone for alone, _ in pairs)
        busy_median = statistics.median(busy for _, busy in pairs)
        print(
            f"  mediana de los p99: {alone_median:.1f} ms sola, {busy_median:.1f} ms con la"
            f" preparación ({100 * (busy_median - alone_median) / alone_median:+.0f} %;"
            f" carga media {os.getloadavg()[0]:.1f})"
        )
    with tempfile.TemporaryDirectory() as folder:
        wall, cpu = asyncio.run(standings(Path(folder), table, args))
    print(
        f"tabla del día con {args.results} resultados, {args.reads} lecturas:"
        f" p50 {wall[0]:.2f} ms, p99 {wall[1]:.2f} ms"
        f" (tiempo de CPU del proceso: p50 {cpu[0]:.2f} ms, p99 {cpu[1]:.2f} ms;"
        f" carga media {os.getloadavg()[0]:.1f})"
    )
    return 0


def _p50_p99(timings: list[float]) -> tuple[float, float]:
    timings = sorted(timings)
    return statistics.median(timings), timings[min(len(timings) - 1, int(len(timings) * 0.99))]


def _preparing(game: str, level: str) -> None:
    """A worker process as the daily lane's: nice 19, preparing ``game``'s days one after
    another."""
    with contextlib.suppress(OSError):
        os.nice(LOW_PRIORITY_NICENESS)
    table = Table(Settings.from_env())
    while True:
        prepare(table, game, level)


def act_latency(actions: int, level: str, rounds: int) -> list[tuple[float, float]]:
    """``rounds`` pairs of the p99 (ms) of a Normal player's act (``picas bench server``'s
    measure): alone, then while a preparation (the first game's with a challenge: Picas') runs in
    a worker process of the daily lane's priority. The worker is started once and stopped
    (SIGSTOP) while the player is alone, so that each pair differs only in the preparation."""
    from picas.cli.bench_server import measure, percentile

    worker = multiprocessing.get_context("spawn").Process(
        target=_preparing, args=(days.games()[0], level), daemon=True
    )
    worker.start()
    pid = worker.pid
    assert pid is not None
    pairs: list[tuple[float, float]] = []
    try:
        time.sleep(2.0)  # its imports done: the worker is deciding
        for _ in range(rounds):
            os.kill(pid, signal.SIGSTOP)
            alone, _ = asyncio.run(measure(actions, "normal", 1))
            os.kill(pid, signal.SIGCONT)
            time.sleep(0.5)  # deciding again
            busy, _ = asyncio.run(measure(actions, "normal", 1))
            pairs.append((percentile(alone, 0.99), percentile(busy, 0.99)))
    finally:
        os.kill(pid, signal.SIGCONT)
        worker.terminate()
        worker.join(timeout=10)
    return pairs


def prepare(table: Table, game: str, level: str) -> tuple[float, list[float]]:
    """The CPU seconds of one day's baseline of ``game`` (a fresh secret), and of each hand."""
    plan = days.plan_of(game)
    day = draw_day(game, "2000-01-01", 0.0)
    bot = table.bot(level, game=game)
    actions: list[Any] = []
    hands: list[float] = []
    for _ in range(plan.hands):
        started = time.process_time()
        actions += play_hand(game, plan.rules, day.code, actions, bot)
        hands.append(time.process_time() - started)
    return sum(hands), hands


async def standings(
    folder: Path, table: Table, args: argparse.Namespace
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The reads' wall-clock and CPU times (ms): each one's p50 and p99."""
    store: DailyStore
    if args.store.startswith(("redis://", "rediss://", "unix://")):
        from picas.web.daily.redis_store import RedisDaily

        store = RedisDaily(args.store)
    else:
        store = SqliteDaily(folder / "jugadores.sqlite3")
    friends = Friends(
        SqliteStore(folder / "mesas.sqlite3"),
        FriendsLimits(),
        bot=lambda game, level: table.bot(level, game=game),
        sign=table.sign,
    )

    async def names(ids: list[str]) -> dict[str, str]:
        return {key: f"Jugador {key[-5:]}" for key in ids}

    async def no_hand(*_: Any) -> list[Any]:
        raise CommandError("no se prepara ningún día aquí")

    daily = Daily(store, friends, run_hand=no_hand, sign=table.sign, names=names)
    game, day = days.games()[0], days.shifted("2000-01-01", random.randrange(3000))
    shuffled = random.Random(28)
    for number in range(args.results):
        profile = f"perfil{number:05d}"
        await store.claim(AttemptDoc(game, day, profile, f"t{number}", 0.0))
        scores = [shuffled.randint(-150, 150) for _ in range(6)]
        await store.finish(
            AttemptDoc(game, day, profile, f"t{number}", 0.0, sum(scores), scores, [], number)
        )
    timings: list[float] = []
    cpu: list[float] = []
    for _ in range(args.reads):
        who = Profile(f"perfil{shuffled.randrange(args.results):05d}", "Jugador", 0.0)
        started, started_cpu = time.perf_counter(), time.process_time()
        answer = await daily.standings(game, day, who, 0, 20)
        timings.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
        assert answer["players"] == args.results
    await store.close()
    return _p50_p99(timings), _p50_p99(cpu)
