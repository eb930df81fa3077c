"""``picas load --quick N``: «Jugar ya» under load. N simulated people each make a profile
(``POST /api/perfil``, httpx, from an address of their own), join the queue on ``/api/ya/ws``
(``hello`` with the profile's token, the game and the target → ``queued`` → ``seated`` with the
table, the seat and the seat's token) and play the rated table they are given over the friends'
socket (:class:`picas.cli.friends_client.Person` checks every ``seq`` and chooses the actions), at
a person's pace: an action 2–4 s after its turn comes (``--pace``, drawn with the person's own
seeded generator), while its socket keeps reading. A share of them (``--leave``, 5 %) leave their
table (``POST /api/mesas/<id>/leave``) or lose their connection at a random moment, and do not
come back; the others queue again when their game ends.

The figures: tables, sockets, card → other three p50/p95/p99, lost and duplicated updates, every
error, how long the matcher takes to seat the queued people, and the server's CPU per action in
the timed stretch (after a warm-up: the first seconds are everyone joining at once).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pydantic_core
import websockets
from websockets.typing import Origin

from picas.cli import collector
from picas.cli.friends_client import RETRIED, RETRY_PAUSE, Person, Sent
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
PROFILE_PATH = "/api/perfil"
QUEUE_PATH = "/api/ya/ws"
OPEN_TIMEOUT = 20.0
SETUP_AT_ONCE = 50
"""Profiles made at once at the start: a thousand tables' people are made in a queue of requests,
not in one burst of 4,000 connections (the setup is not what is measured)."""
LEAVE_WINDOW = (0.2, 0.8)
"""When a person who goes goes: this share of the run, drawn between the two."""


@dataclass(frozen=True, slots=True)
class QuickSettings:
    people: int
    game: str
    target: str
    """``quick`` (the game's shorter target) or ``standard`` (its longer one)."""
    seconds: float
    warmup: float | None = None
    """The first seconds of ``seconds``, not timed (the queue's and the seating's burst); None:
    ``load_basics.untimed``'s default."""
    pace: tuple[float, float] = (2.0, 4.0)
    leave: float = 0.05
    seed: int = 1

    @property
    def target_points(self) -> int:
        values = find_game(self.game).options["target"].values
        points: int = min(values) if self.target == "quick" else max(values)
        return points


@dataclass(frozen=True, slots=True)
class Seating:
    table: str
    seat: str
    token: str


@dataclass
class Figures:
    """What every person adds to the run's figures."""

    sent: Sent = field(default_factory=Sent)
    errors: Counter[str] = field(default_factory=Counter)
    queued_at: list[float] = field(default_factory=list)
    seated_at: list[float] = field(default_factory=list)
    waits: list[float] = field(default_factory=list)
    """From a person's ``queued`` to its ``seated``."""
    queue_sockets: int = 0
    tables: set[str] = field(default_factory=set)
    seats: list[Person] = field(default_factory=list)
    """One per table socket a person opened (its checks of the ``seq``)."""
    left: int = 0
    dropped: int = 0
    fated: int = 0
    """People who were to leave or drop their connection in the run."""


class QuickPerson:
    """One simulated person: a profile, then the queue and a table, again and again."""

    def __init__(
        self, slot: int, base: str, settings: QuickSettings, figures: Figures, stop: asyncio.Event
    ) -> None:
        self.slot = slot
        self.base = base
        self.ws = base.replace("http://", "ws://", 1)
        self.settings = settings
        self.figures = figures
        self.stop = stop
        self.address = person_address(slot)
        self.rng = random.Random(f"picas/load/quick/{settings.seed}/{slot}")
        self.client = JsonClient(base, self.address)
        self.token: str | None = None
        self.fate: str | None = None
        """``leave`` or ``drop`` for the people who go, drawn at the start."""
        self.fate_at = 0.0
        if self.rng.random() < settings.leave:
            self.fate = self.rng.choice(("leave", "drop"))
            self.fate_at = settings.seconds * self.rng.uniform(*LEAVE_WINDOW)
            figures.fated += 1
        self.gone = False

    async def make_profile(self) -> bool:
        body = json.dumps({"name": f"Persona {self.slot + 1}"}).encode()
        try:
            status, content = await self.client.post(PROFILE_PATH, body)
            data = json.loads(content)
        except (HttpError, ValueError) as error:
            self.figures.errors[f"perfil: {error or type(error).__name__}"] += 1
            return False
        if status != 201 or not isinstance(data, dict) or not isinstance(data.get("token"), str):
            self.figures.errors[f"perfil: {status} {_code(data)}"] += 1
            return False
        self.token = data["token"]
        return True

    async def run(self, started: float) -> None:
        """Queue, play, and again, until the run stops or this person goes."""
        try:
            while not self.stop.is_set() and not self.gone:
                seating = await self.queue()
                if seating is None:
                    return
                await self.play(seating, started)
        finally:
            await self.client.close()

    # --- the queue ---------------------------------------------------------------------------

    async def queue(self) -> Seating | None:
        hello = {
            "type": "hello",
            "token": self.token,
            "game": self.settings.game,
            "target": self.settings.target_points,
        }
        try:
            async with websockets.connect(
                self.ws + QUEUE_PATH,
                origin=Origin(self.base),
                open_timeout=OPEN_TIMEOUT,
                local_addr=(self.address, 0),
            ) as socket:
                self.figures.queue_sockets += 1
                await socket.send(json.dumps(hello))
                return await self._wait_for_seat(socket)
        except (TimeoutError, OSError, websockets.ConnectionClosed) as error:
            if not self.stop.is_set():
                self.figures.errors[f"queue: {type(error).__name__}"] += 1
            return None

    async def _wait_for_seat(self, socket: Any) -> Seating | None:
        queued: float | None = None
        stopping = asyncio.ensure_future(self.stop.wait())
        try:
            while True:
                receiving = asyncio.ensure_future(socket.recv())
                await asyncio.wait({receiving, stopping}, return_when=asyncio.FIRST_COMPLETED)
                if not receiving.done():
                    receiving.cancel()
                    return None  # the run ends while this person waits: not an error
                message = pydantic_core.from_json(receiving.result())
                now = time.perf_counter()
                kind = message.get("type")
                if kind == "queued":
                    if queued is None:
                        queued = now
                        self.figures.queued_at.append(now)
                elif kind == "seated":
                    if queued is None:  # seated at once: the matcher was quicker than the ack
                        queued = now
                        self.figures.queued_at.append(now)
                    self.figures.waits.append(now - queued)
                    self.figures.seated_at.append(now)
                    return Seating(message["table"], message["seat"], message["token"])
                elif kind in ("error", "bye"):
                    self.figures.errors[f"queue {kind}: {message.get('code')}"] += 1
                    return None
        finally:
            stopping.cancel()

    # --- the table ---------------------------------------------------------------------------

    async def play(self, seating: Seating, started: float) -> None:
        """Play the rated table to its end (or the run's, or this person's going), reconnecting
        when the socket drops as the page does."""
        person = Person(
            f"{self.ws}/api/mesas/{seating.table}/ws",
            seating.table,
            seating.token,
            origin=self.base,
            sent=self.figures.sent,
            local_address=self.address,
        )
        self.figures.seats.append(person)
        self.figures.tables.add(seating.table)
        while not self.stop.is_set() and not self.gone:
            try:
                async with websockets.connect(
                    person.url,
                    origin=Origin(self.base),
                    open_timeout=OPEN_TIMEOUT,
                    max_size=2**22,
                    local_addr=(self.address, 0),
                ) as socket:
                    await socket.send(
                        json.dumps({"type": "hello", "token": person.token, "last_seq": person.seq})
                    )
                    if await self._at_table(socket, person, seating, started):
                        return
            except (TimeoutError, OSError, websockets.ConnectionClosed):
                if self.stop.is_set() or self.gone:
                    return
                await asyncio.sleep(0.2)  # the server restarts, a worker died: come back

    async def _at_table(
        self, socket: Any, person: Person, seating: Seating, started: float
    ) -> bool:
        """Read the table's messages and act on them; True when this table is done with."""
        going = asyncio.Event()
        reading = asyncio.ensure_future(self._read_table(socket, person, seating, started, going))
        stopping = asyncio.ensure_future(self.stop.wait())
        goes = asyncio.ensure_future(going.wait())
        try:
            # One wait for the whole table, not one a message: the reader runs on its own.
            await asyncio.wait({reading, stopping, goes}, return_when=asyncio.FIRST_COMPLETED)
            if reading.done():
                return reading.result()  # a dropped connection raises: ``play`` reconnects
            reading.cancel()
            if goes.done():
                await self._go(socket, seating)
            return True
        finally:
            for task in (reading, stopping, goes):
                task.cancel()

    async def _read_table(
        self, socket: Any, person: Person, seating: Seating, started: float, going: asyncio.Event
    ) -> bool:
        """The table's messages, each acted on; True at the table's end. A person meant to go
        at a moment has ``going`` set then, or once welcomed at the table if that is later:
        going before the first ``welcome`` would be counted as a welcome never sent."""
        acting: asyncio.Task[None] | None = None
        timer: asyncio.TimerHandle | None = None
        armed = self.fate is None
        try:
            while True:
                if not armed and person.welcomes:
                    armed = True
                    delay = max(0.0, started + self.fate_at - time.monotonic())
                    timer = asyncio.get_running_loop().call_later(delay, going.set)
                message = pydantic_core.from_json(await socket.recv())
                forget_machine_plays(message, self.figures.sent, seating.table)
                action = person.receive(message)
                if message.get("type") == "error" and message.get("code") in RETRIED:
                    await asyncio.sleep(RETRY_PAUSE)  # then try the same turn again
                    person._acted_at = -1  # the turn was refused, not taken
                    action = person.choose()
                if action is not None:
                    if acting is not None:
                        acting.cancel()
                    acting = asyncio.create_task(self._act(socket, person, action))
                if person.end is not None:
                    return True
        finally:
            if acting is not None:
                acting.cancel()
            if timer is not None:
                timer.cancel()

    async def _act(self, socket: Any, person: Person, action: object) -> None:
        """The action after a person's pause; the socket is read meanwhile."""
        await asyncio.sleep(self.rng.uniform(*self.settings.pace))
        person.stamp(action)
        with contextlib.suppress(websockets.ConnectionClosed):
            await socket.send(json.dumps({"type": "act", "action": action}))

    async def _go(self, socket: Any, seating: Seating) -> None:
        """Leave the table, or drop the connection without a word (as a phone losing its
        network does), for the rest of the run."""
        self.gone = True
        if self.fate == "leave":
            body = json.dumps({"token": seating.token}).encode()
            try:
                status, content = await self.client.post(f"/api/mesas/{seating.table}/leave", body)
            except HttpError as error:
                self.figures.errors[f"leave: {error}"] += 1
                return
            if status != 200:
                self.figures.errors[f"leave: {status} {_code(_json(content))}"] += 1
                return
            self.figures.left += 1
            await socket.close()
        else:
            socket.transport.abort()
            self.figures.dropped += 1


def forget_machine_plays(message: Json, sent: Sent, table_id: str) -> None:
    """The computer's cards at a rated table (a seat left or never filled, or a person's turn
    run out) were never sent by a person: a stamp of the same card from an earlier hand must not
    time them. The first of the table's people to read the update drops the stamp."""
    if message.get("type") != "update":
        return
    seats = {seat["seat"]: seat for seat in (message.get("table") or {}).get("seats", ())}
    for event in message.get("events") or ():
        if event.get("type") != "play":
            continue
        seat = seats.get(event.get("seat"))
        if seat is None or seat.get("kind") != "person" or seat.get("cpu_playing"):
            sent.at.pop((table_id, event.get("card")), None)


def _json(content: bytes) -> object:
    try:
        return json.loads(content)
    except ValueError:
        return None


def _code(data: object) -> object:
    error = data.get("error") if isinstance(data, dict) else None
    return error.get("code") if isinstance(error, dict) else None


async def run_quick(
    base: str,
    settings: QuickSettings,
    *,
    server_cpu: Callable[[], dict[str, float]] | None = None,
) -> Json:
    """The run; ``server_cpu``: the server's processes' CPU seconds so far (with ``--spawn``),
    read at the end of the warm-up and at the end, for its CPU per action."""
    figures = Figures()
    stop = asyncio.Event()
    people = [QuickPerson(slot, base, settings, figures, stop) for slot in range(settings.people)]
    begun = time.perf_counter()
    at_once = asyncio.Semaphore(SETUP_AT_ONCE)

    async def make(one: QuickPerson) -> bool:
        async with at_once:
            return await one.make_profile()

    made = await asyncio.gather(*(make(one) for one in people))
    setup = time.perf_counter() - begun
    ready = [one for one, ok in zip(people, made, strict=True) if ok]
    for one in people:
        if one not in ready:
            await one.client.close()
    started = time.monotonic()
    joined = time.perf_counter()
    lag = LoopLag()
    lag.start()
    tasks = [asyncio.create_task(one.run(started)) for one in ready]
    warmup = untimed(settings.seconds, settings.warmup)
    await asyncio.sleep(warmup)
    figures.sent.latencies.clear()
    collector.settle()
    lag.restart()
    cpu_before = {} if server_cpu is None else server_cpu()
    machine_before = machine_busy()
    mine_before = time.process_time()
    actions_before = sum(seat.actions for seat in figures.seats)
    seqs_before = table_seqs(figures.seats)
    await asyncio.sleep(settings.seconds - warmup)
    timed_actions = sum(seat.actions for seat in figures.seats) - actions_before
    timed_changes = changes_between(seqs_before, table_seqs(figures.seats))
    mine = time.process_time() - mine_before
    cpu_after = {} if server_cpu is None else server_cpu()
    machine_after = machine_busy()
    late = lag.stop()
    stop.set()
    await asyncio.wait(tasks, timeout=15)
    for task in tasks:
        task.cancel()
    summary = _summary(
        settings,
        figures,
        setup,
        joined,
        warmup,
        (timed_actions, timed_changes),
        mine,
        cpu_before,
        cpu_after,
    )
    summary["machine"] = machine_used(machine_before, machine_after, settings.seconds - warmup)
    summary["load_generator_late_ms"] = late
    return summary


def _summary(
    settings: QuickSettings,
    figures: Figures,
    setup: float,
    joined: float,
    warmup: float,
    timed: tuple[int, int],
    mine: float,
    cpu_before: dict[str, float],
    cpu_after: dict[str, float],
) -> Json:
    errors = Counter(figures.errors)
    for seat in figures.seats:
        for error in seat.errors:
            errors[f"table: {error['code']}"] += 1
    finished = {seat.table_id for seat in figures.seats if seat.end is not None}
    last_queued = max(figures.queued_at, default=joined)
    return {
        "people": settings.people,
        "game": settings.game,
        "target": settings.target_points,
        "seconds": settings.seconds,
        "warmup": round(warmup, 1),
        "pace": list(settings.pace),
        "setup_seconds": round(setup, 1),
        "tables": len(figures.tables),
        "sockets": {"queue": figures.queue_sockets, "table": len(figures.seats)},
        "games_finished": len(finished),
        "matcher": {
            "seated": len(figures.waits),
            "wait_ms": percentiles(figures.waits),
            "all_seated_after_last_queued_s": round(
                max(figures.seated_at, default=last_queued) - last_queued, 3
            ),
            "first_join_to_all_seated_s": round(max(figures.seated_at, default=joined) - joined, 3),
        },
        "actions": sum(seat.actions for seat in figures.seats),
        "updates": sum(seat.updates for seat in figures.seats),
        "lost": sum(seat.lost for seat in figures.seats),
        "duplicated": sum(seat.duplicated for seat in figures.seats),
        "never_welcomed": sum(1 for seat in figures.seats if seat.welcomes == 0),
        "reconnections": sum(max(0, seat.welcomes - 1) for seat in figures.seats),
        "going": {"fated": figures.fated, "left": figures.left, "dropped": figures.dropped},
        "errors": dict(sorted(errors.items())),
        "card_to_others_ms": percentiles(figures.sent.latencies),
        "timed_actions": timed[0],
        "timed_changes": timed[1],
        "server_cpu": cpu_used(cpu_before, cpu_after, settings.seconds - warmup),
        "load_generator_cpu_seconds": round(mine, 2),
    }


def describe(result: Json) -> str:
    figures = result["card_to_others_ms"]
    matcher = result["matcher"]
    waits = matcher["wait_ms"]
    going = result["going"]
    lines = [
        f"load --quick: {result['people']} people, {result['game']} to {result['target']},"
        f" {result['seconds']} s (first {result['warmup']} s not timed), a move every"
        f" {result['pace'][0]}–{result['pace'][1]} s: {result['tables']} tables,"
        f" {result['sockets']['queue']} queue and {result['sockets']['table']} table sockets,"
        f" {result['actions']:,} actions, {result['updates']:,} updates received,"
        f" {result['games_finished']} games finished",
        f"  matcher: {matcher['seated']} seated, queued → seated p50 {waits.get('p50')} ms"
        f"  p95 {waits.get('p95')} ms  p99 {waits.get('p99')} ms  max {waits.get('max')} ms;"
        f" all seated {matcher['all_seated_after_last_queued_s']} s after the last was queued",
        f"  card → the other three: n={figures.get('n', 0):,} p50 {figures.get('p50')} ms"
        f"  p95 {figures.get('p95')} ms  p99 {figures.get('p99')} ms  max {figures.get('max')} ms",
        f"  lost {result['lost']}, duplicated {result['duplicated']},"
        f" reconnections {result['reconnections']}, never welcomed {result['never_welcomed']};"
        f" left {going['left']}, dropped {going['dropped']} (of {going['fated']} meant to);"
        f" errors {json.dumps(result['errors'])}",
    ]
    timed = max(1, result["timed_actions"])
    server = sum(kind["cpu_seconds"] for kind in result["server_cpu"].values())
    # The worker processes' share is the computer players' (empty seats, leavers, turns run
    # out), which a friends' table of four people does not have.
    workers = result["server_cpu"].get("worker", {}).get("cpu_seconds", 0.0)
    lines.append(
        f"  timed stretch: {result['timed_actions']:,} actions;"
        + (
            f" server CPU {server:.1f} s ({server * 1000 / timed:.2f} ms an action, of which"
            f" {workers * 1000 / timed:.2f} ms the computer players' workers;"
            f" {server * 1000 / max(1, result['timed_changes']):.2f} ms a change of a table,"
            f" {result['timed_changes']:,} changes: the computer players' turns included);"
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
        result["lost"]
        or result["duplicated"]
        or result["errors"]
        or result["never_welcomed"]
        or not result["tables"]
    )
