"""One level's run of ``picas load`` (solo games): the players, the heavy clients and the abusive
ones asked for, against one server, with a warm-up, then ``--seconds`` measured."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import threading
import time
from collections import Counter
from typing import Any

from picas.cli import load_abusive
from picas.cli.load_addresses import host_and_port, player_address
from picas.cli.load_bad_connections import abuse
from picas.cli.load_basics import cpu_used
from picas.cli.load_heavy import HeavyClient
from picas.cli.load_http import JsonClient
from picas.cli.load_server import server_cpu
from picas.cli.load_solo import PATHS, Budget, Player
from picas.cli.load_stats import Stats

Json = dict[str, Any]


async def run_level(base: str, level: str, args: argparse.Namespace) -> Stats:
    stats = Stats(level=level, players=args.players)
    begin = time.perf_counter() + args.warmup
    stats.window = (begin, float("inf"))
    host, port = host_and_port(base)
    connections = [JsonClient(base, player_address(n, args.addresses)) for n in range(args.players)]
    try:
        stop = asyncio.Event()
        budget = Budget(args.max_actions, stop)
        players = [Player(n, connections[n], stats, args) for n in range(args.players)]
        heavy_stats = Stats(level="facil", players=args.heavy)  # their own, apart from the table
        heavy_stats.window = stats.window
        heavy_connections = [JsonClient(base) for _ in range(args.heavy)]
        connections.extend(heavy_connections)
        players += [
            HeavyClient(n, connection, heavy_stats, args)
            for n, connection in enumerate(heavy_connections)
        ]
        tasks = [asyncio.create_task(player.play(stop, budget)) for player in players]
        watcher = asyncio.create_task(_watch_loop(stats, stop))
        abusive = None
        if args.abuse:

            async def abuse_after_warmup() -> Json:
                await asyncio.sleep(args.warmup)
                return await abuse(host, port, args.abuse)

            abusive = asyncio.create_task(abuse_after_warmup())
        strangers = _strangers(base, args, stop, stats, connections)
        server_group = args.server_group
        cpu_at_start = asyncio.create_task(_cpu_after(args.warmup, server_group))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=args.warmup + args.seconds)
        stats.window = (begin, time.perf_counter())
        mine = time.process_time()
        heavy_stats.window = stats.window
        stats.seconds = stats.window[1] - begin
        if cpu_at_start.done():
            server_before, mine_before = cpu_at_start.result()
            stats.client_cpu = mine - mine_before
            if server_group is not None:
                stats.server_cpu = cpu_used(server_before, server_cpu(server_group), stats.seconds)
        cpu_at_start.cancel()
        stop.set()
        await asyncio.gather(*tasks)  # each finishes the request it has on its way (counted)
        await watcher
        if abusive is not None:
            stats.abuse = await abusive
        stats.abusive = {name: await task for name, task in strangers.items()}
        stats.heavy_latencies = heavy_stats.heavy_latencies
        stats.heavy_errors = heavy_stats.heavy_errors + Counter(
            {f"(heavy client) {kind}": n for kind, n in heavy_stats.errors.items()}
        )
    finally:
        for connection in connections:
            await connection.close()
    return stats


async def _watch_loop(stats: Stats, stop: asyncio.Event) -> None:
    """How late the client's own event loop runs a 50 ms timer: if this grows, the client (not
    the server) is the bottleneck and the latencies are not to be trusted."""
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        start = loop.time()
        await asyncio.sleep(0.05)
        if stats.measuring:
            stats.loop_lag.append(max(0.0, loop.time() - start - 0.05))


def _strangers(
    base: str,
    args: argparse.Namespace,
    stop: asyncio.Event,
    stats: Stats,
    connections: list[JsonClient],
) -> dict[str, asyncio.Task[Json]]:
    """The abusive clients asked for, and the newcomer or the polite player that measures them,
    as tasks that end with the run (their connections join ``connections``, closed with it)."""
    tasks: dict[str, asyncio.Task[Json]] = {}
    host, port = host_and_port(base)

    def connect(count: int, source: str) -> list[JsonClient]:
        made = [JsonClient(base, source) for _ in range(count)]
        connections.extend(made)
        return made

    async def tallied(work: Any) -> Json:
        return load_abusive.tally_json(await work)

    if args.bad_bodies:
        work = load_abusive.bad_bodies(
            connect(args.bad_bodies, args.abuser_address), PATHS, stop, stats.counts
        )
        tasks["bad_bodies"] = asyncio.create_task(tallied(work))
    if args.hold_idle:
        tasks["hold_idle"] = asyncio.create_task(
            load_abusive.hold_idle(
                host, port, args.hold_idle, args.abuser_address, stop, load_abusive.REOPEN_RATE
            )
        )
        tasks["newcomer"] = asyncio.create_task(
            _in_thread(
                stop,
                load_abusive.newcomer,
                base,
                args.newcomer_address,
                stats.counts,
                PATHS["new"],
            )
        )
    if args.hammer:
        work = load_abusive.hammer(
            connect(args.hammer, args.abuser_address), PATHS, stop, stats.counts, args.seed
        )
        tasks["hammer"] = asyncio.create_task(tallied(work))
    if args.polite:
        act, practice = connect(2, args.newcomer_address)
        tasks["polite"] = asyncio.create_task(
            load_abusive.polite(act, practice, PATHS, stop, stats.counts, args.seed)
        )
    return tasks


async def _in_thread(stop: asyncio.Event, work: Any, *args: Any) -> Json:
    """``work(*args, stop=…)`` in a thread, with a stop of its own set with ``stop``."""
    halt = threading.Event()

    async def relay() -> None:
        await stop.wait()
        halt.set()

    relaying = asyncio.create_task(relay())
    try:
        result: Json = await asyncio.to_thread(functools.partial(work, *args, stop=halt))
    finally:
        relaying.cancel()
    return result


async def _cpu_after(seconds: float, group: int | None) -> tuple[dict[str, float], float]:
    """The server's CPU by process (with ``group``) and this process's, ``seconds`` from now."""
    await asyncio.sleep(seconds)
    return (server_cpu(group) if group is not None else {}), time.process_time()
