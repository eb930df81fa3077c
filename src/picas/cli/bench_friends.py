"""``picas bench friends``: the server's CPU for one change at a friends' table, in-process.

Each change is what a person's card costs the server between its socket and the other sockets'
queues: load the table from the store, replay what is new, apply and check the action, build the
five ``update`` messages (four seats and the watchers), write the table with its compare-and-set,
and hand the messages to this process's hub (with ``--store redis://…``: the Lua script, the
pub/sub round trip and the decoding on arrival too). No sockets, no HTTP: the figure is the
service's own work, which is what grows with the number of tables (docs/benchmarks.md, «Mesa con
amigos»).

The games are played out first, outside the timer, by the level's computer players on a shadow
copy of each table's game (the table's secret code read from the store), so the timed phase only
sends each person's action, round robin over the tables as people at many tables would.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import tempfile
import time
from pathlib import Path
from typing import Any, cast

from starlette.websockets import WebSocket

from picas import games
from picas.cli import CommandError
from picas.compiled import path_in_use
from picas.games import find_game
from picas.shared.seats import Seat
from picas.web.friends import play
from picas.web.friends.hub import Conn, Hub
from picas.web.friends.limits import FriendsLimits
from picas.web.friends.messages import CreateIn, HostIn
from picas.web.friends.model import token_digest
from picas.web.friends.service import Friends
from picas.web.friends.store import SqliteStore, Store
from picas.web.settings import Settings
from picas.web.table import Table

KEY = b"bench-friends-key-0123456789abcdef"
ADDRESS = "127.0.0.1"


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("friends", help="CPU del servidor por cambio en una mesa")
    parser.add_argument("--tables", type=int, default=8, help="mesas a la vez (8)")
    parser.add_argument("--changes", type=int, default=2000, help="cambios medidos (2000)")
    parser.add_argument("--game", choices=games.keys(), default=games.KEYS[0])
    parser.add_argument("--level", default="normal", help="nivel de quien juega (normal)")
    parser.add_argument(
        "--store", default="", help="redis://host:port/db (por omisión SQLite en un temporal)"
    )
    parser.add_argument("--rounds", type=int, default=1, help="rondas medidas (1)")
    parser.add_argument("--profile", metavar="FILE", help="cProfile de la fase medida")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.tables < 1 or args.changes < 1 or args.rounds < 1:
        raise CommandError("--tables, --changes y --rounds son al menos 1.")
    print(f"bench friends: {find_game(args.game).name_es}, camino {path_in_use()}")
    for number in range(args.rounds):
        result = asyncio.run(_bench(args))
        print(
            f"  ronda {number + 1}: {result['changes']} cambios en {result['tables']} mesas:"
            f" {result['cpu_ms']:.3f} ms de CPU por cambio ({result['wall_ms']:.3f} ms de reloj);"
            f" mensajes {result['bytes']:,} bytes por cambio"
        )
    return 0


async def _bench(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        store = _store(args.store, Path(folder))
        await store.start()
        try:
            return await _measure(store, args)
        finally:
            await store.close()


def _store(url: str, folder: Path) -> Store:
    if url:
        from picas.web.friends.redis_store import RedisStore

        return RedisStore(url)
    return SqliteStore(folder / "mesas.sqlite3")


async def _measure(store: Store, args: argparse.Namespace) -> dict[str, Any]:
    table = Table(Settings(key=KEY))
    limits = FriendsLimits(tables_per_address=10**6, max_tables=10**6)
    friends = Friends(
        store, limits, bot=lambda game, level: table.bot(level, game=game), sign=table.sign
    )
    received: list[int] = [0, 0]  # messages, bytes

    async def resync(conn: Conn) -> None:
        raise AssertionError(f"a gap at table {conn.table_id}: the bench lost a change")

    hub = Hub(resync, lambda code, message: code)
    store.set_listener(hub.deliver, hub.resync_table)
    plans: list[tuple[str, list[tuple[str, Any]]]] = []
    conns: list[Conn] = []
    for _ in range(args.tables):
        table_id, tokens = await start_table(friends, args.game)
        for viewer in (*tokens, "public"):
            person = token_digest(tokens[viewer]) if viewer in tokens else None
            conn = Conn(
                cast(WebSocket, None), table_id, viewer, "bench", queue_size=10**6, person=person
            )
            conns.append(conn)
            hub.add(conn)
        await store.subscribe(table_id)
        loaded = await friends.load(table_id)
        for conn in conns[-5:]:
            conn.seq = loaded.seq
        persons = {seat: token_digest(token) for seat, token in tokens.items()}
        plans.append(
            (table_id, [(persons[seat], value) for seat, value in plan(loaded, args.level, table)])
        )
    # Round robin over the tables, as many people at many tables would send them.
    order: list[tuple[str, str, Any]] = []
    cursors = [0] * len(plans)
    while len(order) < args.changes:
        moved = False
        for index, (table_id, steps) in enumerate(plans):
            if cursors[index] < len(steps) and len(order) < args.changes:
                seat, value = steps[cursors[index]]
                order.append((table_id, seat, value))
                cursors[index] += 1
                moved = True
        if not moved:
            raise CommandError("Las partidas acaban antes: pide menos --changes o más --tables.")
    profiler = cProfile.Profile() if args.profile else None
    last = {conn.table_id: 0 for conn in conns}
    for table_id, _, _ in order:
        last[table_id] += 1
    want = {conn: conn.seq + last[conn.table_id] for conn in conns if conn.seq is not None}
    wall, cpu = time.perf_counter(), time.process_time()
    if profiler is not None:
        profiler.enable()
    for table_id, person, value in order:
        await friends.act(table_id, person, value)
        for conn in hub.conns(table_id):
            _drain(conn, received)
    while any(conn.seq != want[conn] for conn in conns):  # the pub/sub's last messages
        await asyncio.sleep(0.001)
        for conn in conns:
            _drain(conn, received)
    if profiler is not None:
        profiler.disable()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if profiler is not None:
        profiler.dump_stats(args.profile)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
    changes = len(order)
    assert received[0] == changes * 5, "every seat and the watchers get each change once"
    return {
        "changes": changes,
        "tables": len(plans),
        "cpu_ms": cpu * 1000 / changes,
        "wall_ms": wall * 1000 / changes,
        "bytes": received[1] // changes,
    }


def _drain(conn: Conn, received: list[int]) -> None:
    while not conn.queue.empty():
        text = conn.queue.get_nowait()
        assert text is not None
        received[0] += 1
        received[1] += len(text)


async def start_table(
    friends: Friends, game: str, target: int | None = None
) -> tuple[str, dict[str, str]]:
    """A started table with four people, all connected: its id and each seat's token (the
    highest target the page offers by default: the longest games)."""
    target = target or max(find_game(game).options["target"].values)
    made = await friends.create(
        CreateIn.model_validate(
            {"game": game, "name": "Sur", "level": "normal", "settings": {"target": target}}
        ),
        ADDRESS,
    )
    table_id = made.table.id
    tokens = {"south": made.token}
    for seat in ("west", "north", "east"):
        tokens[seat] = (await friends.sit(table_id, seat, seat.capitalize())).token
    host = HostIn.model_validate({"token": made.token, "action": {"type": "start"}})
    await friends.host(table_id, host)
    for token in tokens.values():
        await friends.connect(table_id, token_digest(token), "bench")
    return table_id, tokens


def plan(table: Any, level: str, solo: Table) -> list[tuple[str, Any]]:
    """The whole game's actions, each with its seat, by the level's computer players, played on a
    copy of the table's game (its secret code, read from the store)."""
    game = play.adapter(table.game)
    bot = solo.bot(level, game=table.game)
    codec = find_game(table.game).record.codec()
    record = play.new_record(
        table.game, table.settings, level=table.level, code=table.code, table_id=table.id
    )
    state = record.start()
    steps: list[tuple[str, Any]] = []
    while True:
        seat: Seat | None = play.seat_to_act(state)
        if seat is None:
            break
        action = play.bot_action(game, bot, state, seat, len(steps))
        steps.append((seat.key, codec.action_json(action)))
        state = state.apply(action, seat)
    return steps
