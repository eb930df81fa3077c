"""``picas load --friends N``: N friends' tables of four simulated people each, over real
WebSockets (:mod:`picas.cli.friends_client`). Every client checks that it receives each ``seq``
once and in order; the figure is the time from one person's card leaving its socket to each of
the other three sockets receiving it (p50/p95/p99), with every error counted.

The tables are made over REST first (httpx, from the loopback's first address: a spawned server
is started with the per-address table cap raised); each person then connects from an address of
its own (127.0.2.x), as people at different homes would, so the server's per-address socket caps
see what they would in production.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from typing import Any

from picas.cli import collector
from picas.cli.friends_client import Person, Sent
from picas.cli.load_addresses import person_address
from picas.cli.load_basics import (
    HttpError,
    LoopLag,
    changes_between,
    cpu_used,
    describe_lag,
    describe_machine,
    machine_busy,
    machine_used,
    percentiles,
    table_seqs,
    untimed,
)
from picas.cli.load_http import JsonClient
from picas.games import find_game

Json = dict[str, Any]
SEATS = ("south", "west", "north", "east")


async def post_json(client: JsonClient, path: str, body: Json, token: str | None = None) -> Json:
    """A setup request that must succeed (a 2xx with a JSON object); ``HttpError`` otherwise."""
    status, content = await client.post(path, json.dumps(body).encode(), token)
    data = json.loads(content) if content else None
    if not 200 <= status < 300 or not isinstance(data, dict):
        raise HttpError(f"{path}: {status} {content[:200]!r}")
    return data


async def make_table(client: JsonClient, game: str, level: str) -> tuple[str, dict[str, str]]:
    # The highest target the page offers: the longest games, so tables last the measurement.
    settings = {"target": max(find_game(game).options["target"].values)}
    made = await post_json(
        client, "/api/mesas", {"game": game, "name": "Sur", "level": level, "settings": settings}
    )
    table_id = made["table"]["id"]
    tokens = {"south": made["token"]}
    for seat in SEATS[1:]:
        body = {"seat": seat, "name": seat.capitalize()}
        tokens[seat] = (await post_json(client, f"/api/mesas/{table_id}/seats", body))["token"]
    await post_json(
        client,
        f"/api/mesas/{table_id}/host",
        {"token": tokens["south"], "action": {"type": "start"}},
    )
    return table_id, tokens


async def run_friends(
    base: str,
    *,
    tables: int,
    game: str,
    level: str,
    seconds: float,
    think: float,
    pace: tuple[float, float] | None = None,
    seed: int = 1,
    warmup: float | None = None,
    server_cpu: Callable[[], dict[str, float]] | None = None,
) -> Json:
    """The run; ``server_cpu``: the server's processes' CPU seconds so far (with ``--spawn``),
    read at the end of the warm-up and at the end, for its CPU per action. ``pace``: each person
    waits a time drawn between the two (its own generator, from ``seed``) before each action,
    instead of ``think``."""
    started = time.perf_counter()
    client = JsonClient(base)
    try:
        made = [await make_table(client, game, level) for _ in range(tables)]
    finally:
        await client.close()
    setup = time.perf_counter() - started
    sent = Sent()
    people: list[Person] = []
    ws = base.replace("http://", "ws://")
    for number, (table_id, tokens) in enumerate(made):
        for index, seat in enumerate(SEATS):
            slot = number * 4 + index
            one = Person(
                f"{ws}/api/mesas/{table_id}/ws",
                table_id,
                tokens[seat],
                origin=base,
                sent=sent,
                think=think,
                pace=pace,
                rng=random.Random(f"picas/load/friends/{seed}/{slot}"),
                local_address=person_address(slot),
            )
            people.append(one)
    stop = asyncio.Event()
    lag = LoopLag()
    lag.start()
    # People of one table arrive at different moments, not one after the other: connecting in
    # the tables' order, a table's four sockets mostly landed in the same server process (each
    # process takes a burst of accepts), where «Jugar ya»'s and real people's are spread over
    # the processes, and each change then also crosses Redis's pub/sub to the other process.
    arriving = people[:]
    random.Random(f"picas/load/friends/{seed}").shuffle(arriving)
    tasks = [asyncio.create_task(one.run(stop=stop)) for one in arriving]
    # The first seconds are everyone connecting at once (each a stored change): not play.
    warmup = untimed(seconds, warmup)
    await asyncio.sleep(warmup)
    sent.latencies.clear()
    collector.settle()
    lag.restart()
    cpu_before = {} if server_cpu is None else server_cpu()
    machine_before = machine_busy()
    mine_before = time.process_time()
    actions_before = sum(one.actions for one in people)
    seqs_before = table_seqs(people)
    await asyncio.sleep(seconds - warmup)
    timed_actions = sum(one.actions for one in people) - actions_before
    timed_changes = changes_between(seqs_before, table_seqs(people))
    mine = time.process_time() - mine_before
    cpu_after = {} if server_cpu is None else server_cpu()
    machine_after = machine_busy()
    late = lag.stop()
    stop.set()
    await asyncio.wait(tasks, timeout=15)
    for task in tasks:
        task.cancel()
    errors: dict[str, int] = {}
    for one in people:
        for error in one.errors:
            errors[error["code"]] = errors.get(error["code"], 0) + 1
    return {
        "tables": tables,
        "sockets": len(people),
        "game": game,
        "level": level,
        "seconds": seconds,
        "warmup": round(warmup, 1),
        "think": think,
        "pace": pace,
        "setup_seconds": round(setup, 1),
        "updates": sum(one.updates for one in people),
        "actions": sum(one.actions for one in people),
        "games_finished": len({one.table_id for one in people if one.end is not None}),
        "lost": sum(one.lost for one in people),
        "duplicated": sum(one.duplicated for one in people),
        "reconnections": sum(max(0, one.welcomes - 1) for one in people),
        "never_welcomed": sum(1 for one in people if one.welcomes == 0),
        "errors": errors,
        "card_to_others_ms": percentiles(sent.latencies),
        "timed_actions": timed_actions,
        "timed_changes": timed_changes,
        "server_cpu": cpu_used(cpu_before, cpu_after, seconds - warmup),
        "machine": machine_used(machine_before, machine_after, seconds - warmup),
        "load_generator_cpu_seconds": round(mine, 2),
        "load_generator_late_ms": late,
    }


def describe(result: Json) -> str:
    figures = result["card_to_others_ms"]
    lines = [
        f"load --friends: {result['tables']} tables ({result['sockets']} sockets), {result['game']}"
        f" at {result['level']}, {result['seconds']} s (first {result['warmup']} s not timed),"
        + (
            f" think {result['think']} s:"
            if result["pace"] is None
            else f" pace {result['pace'][0]}–{result['pace'][1]} s:"
        )
        + f" {result['actions']:,} actions, {result['updates']:,} updates received,"
        f" {result['games_finished']} games finished",
        f"  card → the other three: n={figures.get('n', 0):,} p50 {figures.get('p50')} ms"
        f"  p95 {figures.get('p95')} ms  p99 {figures.get('p99')} ms  max {figures.get('max')} ms",
        f"  lost {result['lost']}, duplicated {result['duplicated']},"
        f" reconnections {result['reconnections']}, never welcomed {result['never_welcomed']},"
        f" errors {json.dumps(result['errors'])}",
    ]
    timed = max(1, result["timed_actions"])
    server = sum(kind["cpu_seconds"] for kind in result["server_cpu"].values())
    lines.append(
        f"  timed stretch: {result['timed_actions']:,} actions;"
        + (
            f" server CPU {server:.1f} s ({server * 1000 / timed:.2f} ms an action,"
            f" {server * 1000 / max(1, result['timed_changes']):.2f} ms a change of a table,"
            f" {result['timed_changes']:,} changes);"
            if server
            else ""
        )
        + f" load generator CPU {result['load_generator_cpu_seconds']:.1f} s"
        f" ({result['load_generator_cpu_seconds'] * 1000 / timed:.2f} ms an action)"
    )
    lines.extend(describe_lag(result["load_generator_late_ms"]))
    lines.append(describe_machine(result["machine"]))
    return "\n".join(lines)


def failed(result: Json) -> bool:
    return bool(
        result["lost"] or result["duplicated"] or result["errors"] or result["never_welcomed"]
    )
