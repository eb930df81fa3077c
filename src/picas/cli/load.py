"""``picas load``: many simulated players play whole games against a running server, over HTTP.

Each player is an asyncio task: it starts a game, then acts (a legal bid or card, drawn with its
own seeded generator) after a think time, asks for the tip now and then while bidding and reopens
its save now and then (a page reload), until the game ends; then it starts another. Every answer is
checked (status 200, a new save, a view). The run is bounded by ``--seconds`` and
``--max-actions``. The figures: sustained actions per second, latency percentiles per endpoint,
and every error, per computer level.

Only a server on this machine is a target (a loopback address): this is a benchmark, not a tool
to load someone else's server. ``--spawn`` starts ``picas serve`` itself on a free port.

Each player holds one keep-alive HTTP/1.1 connection, as a browser tab does, from an address of
its own (127.0.1.1, 127.0.1.2…: the whole of 127/8 is this machine; ``--addresses``), since the
server shares its heavy work between addresses. The abusive clients (:mod:`picas.cli.load_abusive`)
come from ``--abuser-address``. The client speaks
HTTP/1.1 itself over asyncio streams rather than through an HTTP library: on a small machine the
client shares the cores with the server, and a general-purpose async client spends several times
more CPU per request than the server's own bookkeeping, which would show up as server latency.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import hashlib
import ipaddress
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from picas import games
from picas.cli import CommandError, load_abusive
from picas.cli.load_abusive import ABUSER_ADDRESS, NEWCOMER_ADDRESS
from picas.cli.load_basics import HttpError as HttpError
from picas.cli.load_basics import cpu_used
from picas.cli.load_basics import percentiles as percentiles
from picas.shared.deals import code_from_bytes

Json = dict[str, Any]
TIMEOUT = 30.0
"""Seconds a request may take before it counts as an error."""
KEEP_ALIVE_GUESS = 4.0
"""A connection idle longer than this is opened anew: the server's keep-alive is 5 s."""
ENDPOINTS = ("new", "act", "tip", "resume")
PATHS = {
    "new": "/api/games",
    "act": "/api/games/act",
    "tip": "/api/tip",
    "resume": "/api/games/resume",
    "practice": "/api/practice",
    "import": "/api/games/import",
}
HEAVY_ENDPOINTS = ("practice", "import")
TIP_CHANCE = 0.3
"""Chance that a player asks for the tip before a bid."""
RESUME_CHANCE = 0.02
"""Chance that a player reloads the page (reopens the save) before an action."""


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
    parser.add_argument(
        "--friends",
        type=int,
        default=0,
        metavar="MESAS",
        help="mesas con amigos de cuatro personas simuladas por WebSocket, en vez de partidas"
        " solas (docs/friends.md)",
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
        default=5.0,
        help="segundos de juego sin medir antes de medir (5): los procesos cargan la CPU",
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


# --- figures --------------------------------------------------------------------------------------


@dataclass
class Stats:
    """What one level's run measured."""

    level: str
    players: int
    seconds: float = 0.0
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: Counter[str] = field(default_factory=Counter)
    games_started: int = 0
    games_finished: int = 0
    loop_lag: list[float] = field(default_factory=list)
    heavy_latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    """The heavy clients' requests, by endpoint and status (``practice 200``, ``import 503``)."""
    heavy_errors: Counter[str] = field(default_factory=Counter)
    """Heavy answers that are neither a 200 nor a 503 ``busy``/``too_slow``."""
    abuse: Json = field(default_factory=dict)
    """What ``--abuse`` saw: how each abusive connection ended, and when."""
    abusive: Json = field(default_factory=dict)
    """What the abusive clients (picas.cli.load_abusive) got, and what the newcomer and the
    polite player were served."""
    server_cpu: Json = field(default_factory=dict)
    """CPU seconds of the spawned server's processes in the measured stretch."""
    client_cpu: float = 0.0
    """CPU seconds of this process (the load generator) in the measured stretch."""
    window: tuple[float, float] = (0.0, float("inf"))
    """The measured stretch (``perf_counter`` times): a request counts if it starts inside it,
    however long it takes. Before it is the warm-up; after it, the players stop."""

    def counts(self, start: float) -> bool:
        return self.window[0] <= start < self.window[1]

    @property
    def measuring(self) -> bool:
        return self.counts(time.perf_counter())

    @property
    def actions(self) -> int:
        return len(self.latencies["act"])

    @property
    def requests(self) -> int:
        return sum(len(times) for times in self.latencies.values())

    def summary(self) -> Json:
        every = [t for times in self.latencies.values() for t in times]
        return {
            "level": self.level,
            "players": self.players,
            "seconds": round(self.seconds, 2),
            "actions": self.actions,
            "actions_per_second": round(self.actions / self.seconds, 1) if self.seconds else 0.0,
            "requests": self.requests,
            "requests_per_second": round(self.requests / self.seconds, 1) if self.seconds else 0.0,
            "games_started": self.games_started,
            "games_finished": self.games_finished,
            "errors": sum(self.errors.values()),
            "error_kinds": dict(self.errors),
            "latency_ms": {
                name: percentiles(times)
                for name, times in [*((n, self.latencies[n]) for n in ENDPOINTS), ("all", every)]
                if times
            },
            "client_loop_lag_ms": percentiles(self.loop_lag),
            "heavy": {
                "latency_ms": {
                    name: percentiles(times) for name, times in sorted(self.heavy_latencies.items())
                },
                "errors": sum(self.heavy_errors.values()),
                "error_kinds": dict(self.heavy_errors),
            },
            "abuse": self.abuse,
            "abusive": self.abusive,
            "server_cpu": self.server_cpu,
            "client_cpu": {
                "cpu_seconds": round(self.client_cpu, 2),
                "ms_per_request": (
                    round(self.client_cpu * 1000 / self.requests, 3) if self.requests else None
                ),
            },
        }


# --- HTTP/1.1 -------------------------------------------------------------------------------------


class Connection:
    """One keep-alive HTTP/1.1 connection: POST a JSON body, read the status and the body.

    Enough HTTP for this server's answers (``Content-Length`` or chunked bodies); it reconnects
    when the server closes the connection (``Connection: close``, as after a 413).
    """

    def __init__(self, host: str, port: int, source: str | None = None) -> None:
        self.host = host
        self.port = port
        self.source = source
        """The client's own address (127.0.0.2… are this machine too); None: the system's."""
        self.idle_since = 0.0
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: bytes) -> tuple[int, bytes]:
        stale = self.writer is not None and self.idle_since < time.monotonic() - KEEP_ALIVE_GUESS
        if stale:
            await self.close()  # the server has closed it by now, as a browser knows too
        try:
            answer = await asyncio.wait_for(self._post(path, body), TIMEOUT)
        except (OSError, asyncio.IncompleteReadError, ValueError, TimeoutError) as error:
            await self.close()
            raise HttpError(type(error).__name__) from None
        self.idle_since = time.monotonic()
        return answer

    async def _post(self, path: str, body: bytes) -> tuple[int, bytes]:
        if self.writer is None or self.reader is None:
            local = None if self.source is None else (self.source, 0)
            self.reader, self.writer = await asyncio.open_connection(
                self.host, self.port, local_addr=local
            )
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        )
        self.writer.write(head.encode("ascii") + body)
        await self.writer.drain()
        reader = self.reader
        lines = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip().lower()
        if headers.get("transfer-encoding") == "chunked":
            parts = []
            while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
                parts.append(await reader.readexactly(size))
                await reader.readexactly(2)
            await reader.readuntil(b"\r\n")
            content = b"".join(parts)
        else:
            content = await reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection") == "close":
            await self.close()
        return status, content

    async def close(self) -> None:
        writer, self.reader, self.writer = self.writer, None, None
        if writer is not None:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()


# --- the players ----------------------------------------------------------------------------------


class Player:
    def __init__(
        self, number: int, connection: Connection, stats: Stats, args: argparse.Namespace
    ) -> None:
        self.number = number
        self.connection = connection
        self.stats = stats
        self.think = args.think
        self.seed = args.seed
        self.rng = random.Random(f"picas/load/{args.seed}/{stats.level}/{number}")
        self.games = 0
        # What a new game's body says of its game: nothing for Spades (as before Corazones).
        self.game = {} if args.game == games.KEYS[0] else {"game": args.game}

    async def post(self, endpoint: str, body: Json) -> Json | None:
        """One request, timed; ``None`` (and an error counted) unless it answers a good 200."""
        payload = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        start = time.perf_counter()
        try:
            status, content = await self.connection.post(PATHS[endpoint], payload)
            elapsed = time.perf_counter() - start
            data = json.loads(content)
        except (HttpError, ValueError) as error:
            self.stats.errors[f"{endpoint}: {error or type(error).__name__}"] += 1  # warm-up too
            return None
        if status != 200:
            code = data.get("error", {}).get("code") if isinstance(data, dict) else None
            self.stats.errors[f"{endpoint}: {status} {code}"] += 1
            return None
        if endpoint != "tip" and not (isinstance(data, dict) and "save" in data and "view" in data):
            self.stats.errors[f"{endpoint}: bad answer"] += 1
            return None
        if self.stats.counts(start):
            self.stats.latencies[endpoint].append(elapsed)
        answer: Json = data
        return answer

    def action(self, view: Json) -> object:
        """South's action, drawn with the player's generator: a legal bid or card (Spades), three
        cards to pass or a playable card (Corazones)."""
        if "legal" in view:
            return self.rng.choice(view["legal"])
        if view["must_pass"]:
            return self.rng.sample(view["hand"], 3)
        return self.rng.choice(view["playable"])

    async def pause(self, stop: asyncio.Event, seconds: float | None = None) -> None:
        """Think (0.5 to 1.5 times ``--think``), or stop thinking when the run ends."""
        if seconds is None:
            seconds = self.think * self.rng.uniform(0.5, 1.5)
        if seconds > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), seconds)

    async def play(self, stop: asyncio.Event, budget: Budget) -> None:
        await self.pause(stop, self.rng.uniform(0, self.think))  # arrive over one think time
        while not stop.is_set():
            self.games += 1
            digest = hashlib.sha256(
                f"picas/load/{self.seed}/{self.stats.level}/{self.number}/{self.games}".encode()
            ).digest()
            game = await self.post(
                "new", {**self.game, "code": code_from_bytes(digest), "level": self.stats.level}
            )
            if game is None:
                await self.pause(stop)
                continue
            self.stats.games_started += self.stats.measuring
            while not stop.is_set():
                view = game["view"]
                if view["phase"] == "game_over":
                    self.stats.games_finished += self.stats.measuring
                    break
                await self.pause(stop)
                if stop.is_set() or (self.stats.measuring and not budget.take()):
                    return
                save = game["save"]
                bidding = view["phase"] == "bidding" and view["hand"] is not None
                if bidding and self.rng.random() < TIP_CHANCE:
                    await self.post("tip", {"save": save})
                if self.rng.random() < RESUME_CHANCE:
                    reopened = await self.post("resume", {"save": save})
                    if reopened is not None:
                        save = reopened["save"]
                answer = await self.post("act", {"save": save, "action": self.action(view)})
                if answer is None:
                    break  # an error: counted; start a new game rather than insist
                game = answer


class HeavyClient(Player):
    """Hammers the heavy endpoints: plays a Fácil game of its own (no pause) to the end of hand
    1, then asks at once for «Rejugar esta mano» (a hand with Difícil in South's seat) and for
    the import of its record without the signature (checked action by action), and starts
    again with a new game, so no answer can come from the server's cache. A 503 ``busy`` is the
    expected answer when the table is full, and a 429 ``too_many_requests`` when the client's
    address has its share of the lane already: counted apart, and tried again after a short
    pause."""

    async def heavy(self, endpoint: str, body: Json) -> bool:
        payload = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        start = time.perf_counter()
        try:
            status, content = await self.connection.post(PATHS[endpoint], payload)
            data = json.loads(content)
        except (HttpError, ValueError) as error:
            self.stats.heavy_errors[f"{endpoint}: {error or type(error).__name__}"] += 1
            return False
        elapsed = time.perf_counter() - start
        code = data.get("error", {}).get("code") if isinstance(data, dict) else None
        if (status, code) in ((503, "busy"), (503, "too_slow"), (429, "too_many_requests")):
            kind = f"{endpoint} {status}"
        elif status == 200:
            kind = f"{endpoint} 200"
        else:
            self.stats.heavy_errors[f"{endpoint}: {status} {code}"] += 1
            return False
        if self.stats.counts(start):
            self.stats.heavy_latencies[kind].append(elapsed)
        return status == 200

    async def play(self, stop: asyncio.Event, budget: Budget) -> None:
        while not stop.is_set():
            self.games += 1
            digest = hashlib.sha256(
                f"picas/load/heavy/{self.seed}/{self.number}/{self.games}".encode()
            ).digest()
            game = await self.post("new", {"code": code_from_bytes(digest), "level": "facil"})
            while game is not None and game["view"]["hand_number"] == 1 and not stop.is_set():
                game = await self.post(
                    "act", {"save": game["save"], "action": self.rng.choice(game["view"]["legal"])}
                )
            if game is None or stop.is_set():
                await self.pause(stop, 0.5)
                continue
            save = game["save"]
            for endpoint, body in (
                ("practice", {"save": save, "hand_number": 1}),
                ("import", {"record": save["record"]}),
            ):
                while not stop.is_set() and not await self.heavy(endpoint, body):
                    await self.pause(stop, 0.2)  # refused: the table is busy; ask again soon


# --- abusive connections (--abuse) ---------------------------------------------------------------

ABUSE_WAIT = 60.0
"""Seconds an abusive connection is watched; one still open then is reported as such."""


async def _ended(reader: asyncio.StreamReader, started: float) -> Json:
    """Read until the server closes: its status (0: closed without an answer) and the time."""
    data = b""
    with contextlib.suppress(OSError, TimeoutError):
        async with asyncio.timeout(ABUSE_WAIT):
            while chunk := await reader.read(65536):
                data += chunk
    seconds = round(time.perf_counter() - started, 2)
    if seconds >= ABUSE_WAIT:
        return {"status": None, "seconds": seconds, "still_open": True}
    status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.") else 0
    return {"status": status, "seconds": seconds}


async def _big_header(host: str, port: int) -> Json:
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection(host, port)
    try:
        with contextlib.suppress(OSError):
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 1_000_000 + b"\r\n\r\n")
            await writer.drain()
        return await _ended(reader, started)
    finally:
        writer.close()


async def _trickle(host: str, port: int) -> Json:
    """A request's head, one byte a second (a slowloris)."""
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection(host, port)
    head = b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 1000 + b"\r\n\r\n"

    async def send() -> None:
        with contextlib.suppress(OSError):
            for byte in head:
                writer.write(bytes([byte]))
                await writer.drain()
                await asyncio.sleep(1)

    sender = asyncio.create_task(send())
    try:
        return await _ended(reader, started)
    finally:
        sender.cancel()
        writer.close()


async def _idle(host: str, port: int, count: int) -> Json:
    """``count`` connections that send nothing: how each ends."""
    started = time.perf_counter()
    opened = await asyncio.gather(
        *(asyncio.open_connection(host, port) for _ in range(count)), return_exceptions=True
    )
    streams = [item for item in opened if not isinstance(item, BaseException)]
    ends = await asyncio.gather(*(_ended(reader, started) for reader, _ in streams))
    for _, writer in streams:
        writer.close()
    statuses = Counter(str(end["status"]) for end in ends)
    return {
        "connections": count,
        "not_opened": count - len(streams),
        "endings": dict(statuses),
        "max_seconds": max((end["seconds"] for end in ends), default=0.0),
        "still_open": sum(1 for end in ends if end.get("still_open")),
    }


async def abuse(host: str, port: int, idle: int) -> Json:
    big, slow, lazy = await asyncio.gather(
        _big_header(host, port), _trickle(host, port), _idle(host, port, idle)
    )
    return {"header_1mb": big, "trickle_1_byte_per_second": slow, "idle": lazy}


class Budget:
    """At most ``limit`` actions in all (0: no limit)."""

    def __init__(self, limit: int, stop: asyncio.Event) -> None:
        self.left = limit if limit > 0 else -1
        self.stop = stop

    def take(self) -> bool:
        if self.left < 0:
            return True
        if self.left == 0:
            self.stop.set()
            return False
        self.left -= 1
        return True


async def _watch_loop(stats: Stats, stop: asyncio.Event) -> None:
    """How late the client's own event loop runs a 50 ms timer: if this grows, the client (not
    the server) is the bottleneck and the latencies are not to be trusted."""
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        start = loop.time()
        await asyncio.sleep(0.05)
        if stats.measuring:
            stats.loop_lag.append(max(0.0, loop.time() - start - 0.05))


def player_address(number: int, addresses: int) -> str | None:
    """Player ``number``'s address among ``addresses`` (127.0.1.1…; 0: one each), None for the
    system's own (``addresses`` 1)."""
    if addresses == 1:
        return None
    index = number % addresses if addresses else number
    return f"127.0.{1 + index // 250}.{1 + index % 250}"


def _strangers(
    host: str,
    port: int,
    args: argparse.Namespace,
    stop: asyncio.Event,
    stats: Stats,
    connections: list[Connection],
) -> dict[str, asyncio.Task[Json]]:
    """The abusive clients asked for, and the newcomer or the polite player that measures them,
    as tasks that end with the run (their connections join ``connections``, closed with it)."""
    tasks: dict[str, asyncio.Task[Json]] = {}

    def connect(count: int, source: str) -> list[Connection]:
        made = [Connection(host, port, source) for _ in range(count)]
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
                host,
                port,
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


# --- the server's CPU (with --spawn) ------------------------------------------------------------


def server_cpu(group: int) -> dict[str, float]:
    """CPU seconds so far of each process in the server's process group, by pid and kind:
    ``server`` (the main process and uvicorn's) or ``worker`` (the fork server's heavy work)."""
    ticks = os.sysconf("SC_CLK_TCK")
    used: dict[str, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[2]) != group:  # the process group (pgrp)
            continue
        kind = "worker" if b"forkserver" in command else "server"
        used[f"{kind} {entry.name}"] = (int(fields[11]) + int(fields[12])) / ticks
    return used


async def _cpu_after(seconds: float, group: int | None) -> tuple[dict[str, float], float]:
    """The server's CPU by process (with ``group``) and this process's, ``seconds`` from now."""
    await asyncio.sleep(seconds)
    return (server_cpu(group) if group is not None else {}), time.process_time()


async def run_level(base: str, level: str, args: argparse.Namespace) -> Stats:
    stats = Stats(level=level, players=args.players)
    begin = time.perf_counter() + args.warmup
    stats.window = (begin, float("inf"))
    parts = urllib.parse.urlsplit(base)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    connections = [
        Connection(host, port, player_address(n, args.addresses)) for n in range(args.players)
    ]
    try:
        stop = asyncio.Event()
        budget = Budget(args.max_actions, stop)
        players = [Player(n, connections[n], stats, args) for n in range(args.players)]
        heavy_stats = Stats(level="facil", players=args.heavy)  # their own, apart from the table
        heavy_stats.window = stats.window
        heavy_connections = [Connection(host, port) for _ in range(args.heavy)]
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
        strangers = _strangers(host, port, args, stop, stats, connections)
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


# --- the target -----------------------------------------------------------------------------------


def check_loopback(url: str) -> str:
    """The base URL, if it names this machine; a ``CommandError`` otherwise."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "http" or not parts.hostname:
        raise CommandError(f"Dirección no válida: «{url}» (p. ej. http://127.0.0.1:8000).")
    try:
        infos = socket.getaddrinfo(parts.hostname, parts.port or 80)
        addresses = {str(info[4][0]) for info in infos}
    except OSError:
        raise CommandError(f"No se encuentra «{parts.hostname}».") from None
    for address in addresses:
        if not ipaddress.ip_address(address.split("%")[0]).is_loopback:
            raise CommandError(
                f"«{parts.hostname}» no es esta máquina: la prueba de carga solo va contra"
                " 127.0.0.1."
            )
    return f"{parts.scheme}://{parts.netloc}"


@contextlib.contextmanager
def spawned_server(
    workers: int,
    group: list[int] | None = None,
    *,
    store: str | None = None,
    friends: bool = False,
) -> Iterator[tuple[str, Path]]:
    """``picas serve`` on a free loopback port with a fresh key, for the length of the run: its
    address and the file its output goes to (and its process group appended to ``group``)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with tempfile.TemporaryDirectory(prefix="picas-load-") as folder:
        env = {k: v for k, v in os.environ.items() if k != "PICAS_SECRET_KEY"}
        env["PICAS_KEY_FILE"] = str(Path(folder) / "secret.key")
        log_path = Path(folder) / "server.log"
        command = [sys.executable, "-m", "picas.cli", "serve", "--host", "127.0.0.1"]
        command += ["--port", str(port), "--workers", str(workers)]
        env["PICAS_DATA_DIR"] = folder
        if store is not None:
            command += ["--store", store]
        elif workers > 1 and not friends:  # the solo table's processes: no friends' tables
            command += ["--store", "none"]
        if friends:  # the tables are all made from one address; the sockets come from many
            env["PICAS_FRIENDS_TABLES_PER_ADDRESS"] = "100000"
            env["PICAS_FRIENDS_MAX_TABLES"] = "100000"
            command += ["--max-connections", "3000"]
        with log_path.open("wb") as log:
            process = subprocess.Popen(
                command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_until_up(base, process, log_path)
            if group is not None:
                group.append(process.pid)
            yield base, log_path
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def _wait_until_up(base: str, process: subprocess.Popen[bytes], log: Path) -> None:
    import urllib.error
    import urllib.request

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise CommandError(f"El servidor no arrancó:\n{log.read_text(errors='replace')}")
        try:
            with urllib.request.urlopen(base + "/api/openapi.json", timeout=2):
                return
        except (urllib.error.URLError, OSError):
            time.sleep(0.1)
    raise CommandError("El servidor no responde tras 60 s.")


# --- the command ----------------------------------------------------------------------------------


def run(args: argparse.Namespace) -> int:
    strangers = args.bad_bodies or args.hold_idle or args.hammer or args.polite
    if (
        args.players < (0 if strangers else 1)
        or args.seconds <= 0
        or min(args.think, args.warmup, args.heavy, args.abuse) < 0
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
    server_faults: int | None = None
    with contextlib.ExitStack() as stack:
        if args.spawn:
            group: list[int] = []
            base, log = stack.enter_context(spawned_server(args.workers, group))
            args.server_group = group[0]
        else:
            base = check_loopback(args.url)
        results = [asyncio.run(run_level(base, level, args)).summary() for level in levels]
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

    group: list[int] = []
    with contextlib.ExitStack() as stack:
        if args.spawn:
            base, log = stack.enter_context(
                spawned_server(args.workers, group, store=args.store, friends=True)
            )
        else:
            base, log = check_loopback(args.url), None
        results = [
            asyncio.run(
                load_friends.run_friends(
                    base,
                    tables=args.friends,
                    game=args.game,
                    level=level,
                    seconds=args.seconds,
                    think=args.think,
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


def polite_failed(result: Json) -> bool:
    """The polite player (``--polite``) was refused a practice, or fewer than 95 % of its acts
    were served."""
    polite = result["abusive"].get("polite")
    if not polite:
        return False
    share = polite["acts_served_pct"]
    return polite["practices_served"] < polite["practices"] or (share is not None and share < 95)


def count_faults(log: str) -> int:
    """Lines of a server's log that tell of a fault (an error, a traceback)."""
    return sum(
        1 for line in log.splitlines() if line.startswith(("ERROR", "CRITICAL", "Traceback"))
    )


def describe(result: Json, args: argparse.Namespace) -> str:
    lines = [
        f"load: {'' if args.game == games.KEYS[0] else args.game + ', '}level {result['level']},"
        f" {result['players']} players, think {args.think} s,"
        f" {result['seconds']} s: {result['actions']:,} actions ({result['actions_per_second']}/s),"
        f" {result['requests']:,} requests ({result['requests_per_second']}/s),"
        f" {result['games_finished']:,} games finished, {result['errors']} errors"
    ]
    for name, figures in result["latency_ms"].items():
        lines.append(
            f"  {name:<7} n={figures['n']:<7,} p50 {figures['p50']} ms  p95 {figures['p95']} ms"
            f"  p99 {figures['p99']} ms  max {figures['max']} ms"
        )
    lag = result["client_loop_lag_ms"]
    if lag["n"]:
        lines.append(f"  client event-loop lag: p99 {lag['p99']} ms, max {lag['max']} ms")
    for kind, count in sorted(result["error_kinds"].items()):
        lines.append(f"  error {kind}: {count}")
    heavy = result["heavy"]
    for name, figures in heavy["latency_ms"].items():
        lines.append(
            f"  heavy {name:<13} n={figures['n']:<6,} p50 {figures['p50']} ms"
            f"  p95 {figures['p95']} ms  p99 {figures['p99']} ms  max {figures['max']} ms"
        )
    for kind, count in sorted(heavy["error_kinds"].items()):
        lines.append(f"  heavy error {kind}: {count}")
    for name, figures in result["abuse"].items():
        lines.append(f"  abuse {name}: {json.dumps(figures)}")
    for name, figures in result["abusive"].items():
        lines.append(f"  {name}: {json.dumps(figures, ensure_ascii=False)}")
    for kind, figures in result["server_cpu"].items():
        lines.append(f"  server cpu ({kind} processes): {json.dumps(figures)}")
    mine = result["client_cpu"]
    lines.append(
        f"  load generator cpu: {mine['cpu_seconds']} s, {mine['ms_per_request']} ms a request"
    )
    return "\n".join(lines)
