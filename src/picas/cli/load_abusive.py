"""``picas load``'s abusive clients (docs/benchmarks.md, "Every address gets its share"): what a
stranger with a short script does to a table, from an address of its own, while the measured
players play from theirs (127.0.0.2, 127.0.0.3… are all this machine: a client binds its socket
to one).

* ``--bad-bodies N``: N clients loop on the worst bodies against ``resume``, ``act`` and
  ``import`` (a list nested 30 deep repeated 3,000 times with a signature of 64 zeros; a flat
  list of 254 KB; a 250 KB string), without a pause: every answer should be a quick 4xx.
* ``--hold-idle N``: one address holds N idle connections, opening a new one as soon as the
  server closes one, while a newcomer from another address starts a game every half second:
  how long it waits, and what it gets.
* ``--hammer N`` and ``--polite``: N clients from one address ask without a pause for Difícil
  acts (the same save again and again: a reply is computed each time) and for «Rejugar esta
  mano» (on a fresh save each time, so no answer comes from the cache), while one polite Difícil
  player from another address acts every 2 s and asks for a practice every 10 s: how many of
  its requests are served, and how fast.

They speak HTTP through the load's client (:class:`picas.cli.load_http.JsonClient`), except the
idle connections of ``--hold-idle``: a connection that never sends a request is below what an HTTP
client does, so they are raw sockets (as are ``--abuse``'s, :mod:`picas.cli.load_bad_connections`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

import httpx2 as httpx

from picas.cli.load_basics import HttpError, percentiles
from picas.cli.load_http import TIMEOUT, JsonClient, no_tls

Json = dict[str, Any]
SIG_ZEROS = "0" * 64
POLITE_ACT_EVERY = 2.0
POLITE_PRACTICE_EVERY = 10.0
NEWCOMER_EVERY = 0.5
REOPEN_RATE = 200.0
"""Idle connections reopened a second by ``--hold-idle`` (the issue's abuser: about 200)."""


def _nested(depth: int) -> object:
    value: object = []
    for _ in range(depth):
        value = [value]
    return value


def worst_bodies() -> dict[str, bytes]:
    """The bodies the bad-body clients send, by name: each just under the 256 KB body cap or
    built to cost the most to read."""
    nested_actions = [_nested(30)] * 3000
    record_nested = {"format": "picas", "version": 1, "actions": nested_actions}
    flat_actions = [0] * 127_000  # "0," is two bytes: 254 KB
    record_flat = {"format": "picas", "version": 1, "actions": flat_actions}
    record_string = {"format": "picas", "version": 1, "code": "x" * 250_000}
    bodies: dict[str, object] = {}
    for name, record in (
        ("nested", record_nested),
        ("flat", record_flat),
        ("string", record_string),
    ):
        save = {"record": record, "sig": SIG_ZEROS}
        bodies[f"resume {name}"] = {"save": save}
        bodies[f"act {name}"] = {"save": save, "action": 1}
        bodies[f"import {name}"] = {"record": record, "sig": SIG_ZEROS}
    return {name: json.dumps(body, separators=(",", ":")).encode() for name, body in bodies.items()}


@dataclass
class Tally:
    """What a group of abusive clients got: answers by kind and status, and their times."""

    statuses: Counter[str] = field(default_factory=Counter)
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))

    def add(self, kind: str, status: str, seconds: float) -> None:
        self.statuses[f"{kind} {status}"] += 1
        self.latencies[kind].append(seconds)


async def timed_post(
    connection: JsonClient, path: str, body: bytes
) -> tuple[int | None, Json | None, float]:
    """Status, JSON answer (None if not JSON) and seconds; status None if the request failed."""
    start = time.perf_counter()
    try:
        status, content = await connection.post(path, body)
    except HttpError:
        return None, None, time.perf_counter() - start
    elapsed = time.perf_counter() - start
    try:
        data = json.loads(content)
    except ValueError:
        data = None
    return status, data if isinstance(data, dict) else None, elapsed


def code_of(data: Json | None) -> str:
    error = data.get("error") if data else None
    return str(error.get("code")) if isinstance(error, dict) else "-"


def game_code(text: str) -> str:
    """A game code drawn from ``text`` (the same run deals the same games)."""
    from picas.shared.deals import code_from_bytes

    return code_from_bytes(hashlib.sha256(text.encode()).digest())


def encode(body: Json) -> bytes:
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()


# --- bad bodies -----------------------------------------------------------------------------------


async def bad_bodies(
    connections: list[JsonClient], paths: dict[str, str], stop: asyncio.Event, counts: Any
) -> Tally:
    """Each connection loops over the worst bodies (starting at a different one)."""
    tally = Tally()
    bodies = list(worst_bodies().items())

    async def loop(number: int, connection: JsonClient) -> None:
        turn = number
        while not stop.is_set():
            name, body = bodies[turn % len(bodies)]
            turn += 1
            start = time.perf_counter()
            status, data, seconds = await timed_post(connection, paths[name.split()[0]], body)
            if counts(start):
                tally.add(name, f"{status} {code_of(data)}", seconds)
            if status is None:
                await asyncio.sleep(0.1)  # the connection failed: not a busy loop on a refusal

    await asyncio.gather(*(loop(n, c) for n, c in enumerate(connections)))
    return tally


# --- idle connections held from one address ----------------------------------------------------


async def hold_idle(
    host: str, port: int, count: int, source: str, stop: asyncio.Event, rate: float
) -> Json:
    """``count`` connections from ``source`` that send nothing; each one the server closes is
    opened again, about ``rate`` a second in all. The most open at once, and how they ended."""
    opened = Counter[str]()
    open_now = 0
    next_reopen = 0.0

    def pace() -> float:
        """Seconds until this connection's turn to reopen: turns ``1 / rate`` apart."""
        nonlocal next_reopen
        now = time.monotonic()
        next_reopen = max(now, next_reopen) + 1 / rate
        return next_reopen - now

    async def keep_one() -> None:
        nonlocal open_now
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
            except OSError:
                opened["failed"] += 1
                await asyncio.sleep(0.5)
                continue
            opened["opened"] += 1
            open_now += 1
            try:
                reading = asyncio.ensure_future(reader.read(65536))
                stopping = asyncio.ensure_future(stop.wait())
                await asyncio.wait({reading, stopping}, return_when=asyncio.FIRST_COMPLETED)
                stopping.cancel()
                if reading.done():
                    data = reading.result() if not reading.exception() else b""
                    status = data.split(b" ", 2)[1].decode() if data.startswith(b"HTTP/") else "0"
                    opened[f"closed {status}"] += 1
                else:
                    reading.cancel()
            finally:
                open_now -= 1
                writer.close()
                with contextlib.suppress(OSError):
                    await writer.wait_closed()
            with contextlib.suppress(TimeoutError):  # reopened at the pace asked for
                await asyncio.wait_for(stop.wait(), pace())

    tasks = [asyncio.create_task(keep_one()) for _ in range(count)]
    peak = 0
    while not stop.is_set():
        peak = max(peak, open_now)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.5)
    await asyncio.gather(*tasks)
    return {"connections": count, "peak_client_side_open": peak, "events": dict(opened)}


def newcomer(base: str, source: str, counts: Any, start_path: str, stop: threading.Event) -> Json:
    """A new connection from ``source`` every half second, a new Fácil game on it: the time
    from opening the connection to the whole answer, and the statuses. A blocking client in a
    thread of its own, so the abusive clients' event loop does not delay it; no connection is
    kept, so each request opens its own, as a newcomer's first does."""
    times: list[float] = []
    statuses = Counter[str]()
    body = encode({"level": "facil"})
    transport = httpx.HTTPTransport(
        verify=no_tls(),
        trust_env=False,
        local_address=source,
        limits=httpx.Limits(max_keepalive_connections=0),
    )
    with httpx.Client(
        base_url=base, transport=transport, timeout=TIMEOUT, trust_env=False
    ) as client:
        while not stop.is_set():
            start = time.perf_counter()
            try:
                answer = client.post(
                    start_path, content=body, headers={"Content-Type": "application/json"}
                )
                status = str(answer.status_code)
            except httpx.HTTPError as error:
                status = type(error).__name__
            if counts(start):
                statuses[status] += 1
                times.append(time.perf_counter() - start)
            stop.wait(NEWCOMER_EVERY)
    return {"statuses": dict(statuses), "latency_ms": percentiles(times)}


# --- hammering Difícil and practice from one address --------------------------------------------


async def finished_hand(connection: JsonClient, paths: dict[str, str], code: str) -> Json | None:
    """A Fácil game played (first legal action each time) into hand 2: a save with a finished
    hand to practise, or None if the server refused."""
    status, game, _ = await timed_post(connection, paths["new"], encode({"code": code}))
    if status != 200 or game is None:
        return None
    while game["view"]["hand_number"] == 1:
        body = encode({"save": game["save"], "action": game["view"]["legal"][0]})
        status, answer, _ = await timed_post(connection, paths["act"], body)
        if status != 200 or answer is None:
            return None
        game = answer
    return game


async def fresh_save(connection: JsonClient, paths: dict[str, str], game: Json) -> Json | None:
    """One more Fácil act in hand 2: a new signature for the same finished hand 1."""
    view = game["view"]
    if view["phase"] in ("game_over", "complete") or not view["legal"]:
        return None
    body = encode({"save": game["save"], "action": view["legal"][0]})
    status, answer, _ = await timed_post(connection, paths["act"], body)
    return answer if status == 200 and answer and answer["view"]["hand_number"] == 2 else None


async def hammer(
    connections: list[JsonClient],
    paths: dict[str, str],
    stop: asyncio.Event,
    counts: Any,
    seed: int,
) -> Tally:
    """Even clients repeat a Difícil act, odd ones practise on fresh saves, without a pause."""
    tally = Tally()

    async def acts(number: int, connection: JsonClient) -> None:
        code = game_code(f"picas/load/hammer/{seed}/{number}")
        status, game, _ = await timed_post(
            connection, paths["new"], encode({"code": code, "level": "dificil"})
        )
        if status != 200 or game is None:
            tally.add("setup", str(status), 0.0)
            return
        body = encode({"save": game["save"], "action": game["view"]["legal"][0]})
        while not stop.is_set():
            start = time.perf_counter()
            status, data, seconds = await timed_post(connection, paths["act"], body)
            if counts(start):
                tally.add("act", f"{status} {code_of(data)}", seconds)
            if status is None:
                await asyncio.sleep(0.1)

    async def practice(number: int, connection: JsonClient) -> None:
        round_ = 0
        while not stop.is_set():
            round_ += 1
            code = game_code(f"picas/load/hammer/{seed}/{number}/{round_}")
            game = await finished_hand(connection, paths, code)
            while game is not None and not stop.is_set():
                body = encode({"save": game["save"], "hand_number": 1})
                start = time.perf_counter()
                status, data, seconds = await timed_post(connection, paths["practice"], body)
                if counts(start):
                    tally.add("practice", f"{status} {code_of(data)}", seconds)
                if status == 200:  # answered: the same save would come from the cache now
                    game = await fresh_save(connection, paths, game)

    await asyncio.gather(
        *(
            (acts if number % 2 == 0 else practice)(number, connection)
            for number, connection in enumerate(connections)
        )
    )
    return tally


async def polite(
    act_connection: JsonClient,
    practice_connection: JsonClient,
    paths: dict[str, str],
    stop: asyncio.Event,
    counts: Any,
    seed: int,
) -> Json:
    """A Difícil player acting every 2 s (a legal action of its own game, which it plays on) and
    asking for a practice at once and then every 10 s (on a fresh save of a Fácil game, so never
    from cache)."""
    import random

    rng = random.Random(f"picas/load/polite/{seed}")
    act_times: list[float] = []
    practice_times: list[float] = []
    outcomes = Counter[str]()

    async def new_game(number: int) -> Json | None:
        code = game_code(f"picas/load/polite/{seed}/{number}")
        status, game, _ = await timed_post(
            act_connection, paths["new"], encode({"code": code, "level": "dificil"})
        )
        return game if status == 200 else None

    async def wait(seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), seconds)

    async def play() -> None:
        games = 1
        game = await new_game(games)
        while not stop.is_set():
            await wait(POLITE_ACT_EVERY)
            if stop.is_set():
                return
            if game is None or game["view"]["phase"] == "game_over":
                games += 1
                game = await new_game(games)
                continue
            view = game["view"]
            action = (
                rng.choice(view["legal"])
                if "legal" in view
                else rng.sample(view["hand"], 3)
                if view["must_pass"]
                else rng.choice(view["playable"])
            )
            start = time.perf_counter()
            status, answer, seconds = await timed_post(
                act_connection, paths["act"], encode({"save": game["save"], "action": action})
            )
            if counts(start):
                outcomes[f"act {status} {code_of(answer)}"] += 1
                if status == 200:
                    act_times.append(seconds)
            if status == 200 and answer is not None:
                game = answer

    async def practise() -> None:
        round_ = 0
        asked = 0
        game: Json | None = None
        while not stop.is_set():
            if game is None:  # a game with a finished hand, made before the wait
                round_ += 1
                code = game_code(f"picas/load/polite-practice/{seed}/{round_}")
                game = await finished_hand(practice_connection, paths, code)
            if asked:  # the first at once, then one every 10 s
                await wait(POLITE_PRACTICE_EVERY)
            asked += 1
            if stop.is_set():
                return
            if game is None:
                outcomes["practice setup failed"] += 1
                continue
            start = time.perf_counter()
            body = encode({"save": game["save"], "hand_number": 1})
            status, answer, seconds = await timed_post(practice_connection, paths["practice"], body)
            if counts(start):
                outcomes[f"practice {status} {code_of(answer)}"] += 1
                if status == 200:
                    practice_times.append(seconds)
            # Answered, the same save would come from the cache: the next one is a fresh save.
            game = await fresh_save(practice_connection, paths, game) if status == 200 else game

    await asyncio.gather(play(), practise())
    acts = sum(n for kind, n in outcomes.items() if kind.startswith("act "))
    practices = sum(n for kind, n in outcomes.items() if kind.startswith("practice "))
    return {
        "outcomes": dict(outcomes),
        "acts": acts,
        "acts_served": len(act_times),
        "acts_served_pct": round(100 * len(act_times) / acts, 1) if acts else None,
        "act_latency_ms": percentiles(act_times),
        "practices": practices,
        "practices_served": len(practice_times),
        "practice_latency_ms": percentiles(practice_times),
    }


def tally_json(tally: Tally) -> Json:
    return {
        "statuses": dict(sorted(tally.statuses.items())),
        "latency_ms": {kind: percentiles(times) for kind, times in sorted(tally.latencies.items())},
    }
