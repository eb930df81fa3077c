"""A simulated person at a friends' table, over a real WebSocket: it says hello with its seat
token, checks that every ``update`` has the next ``seq`` (none lost, none twice), and plays a legal
action whenever its own view says it is its turn. ``picas load --friends`` runs many of them; the
tests use it too."""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

import pydantic_core
import websockets
from websockets.typing import Origin

Json = dict[str, Any]
RETRIED = frozenset({"too_many_messages", "busy", "stale", "store_unavailable"})
"""Refusals after which the same action is sent again, a moment later."""
RETRY_PAUSE = 0.3


@dataclass
class Sent:
    """When each card was sent, by (table, card): the other seats' clients read it on arrival."""

    at: dict[tuple[str, str], float] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)


@dataclass
class Person:
    url: str
    """``ws://host:port/api/mesas/<id>/ws``."""
    table_id: str
    token: str | None
    origin: str
    sent: Sent
    seat: str | None = None
    seq: int | None = None
    view: Json | None = None
    table: Json | None = None
    end: Json | None = None
    lost: int = 0
    duplicated: int = 0
    errors: list[Json] = field(default_factory=list)
    actions: int = 0
    welcomes: int = 0
    seen: list[Json] = field(default_factory=list)
    """Every message received, as parsed (tests read them all)."""
    keep: bool = False
    think: float = 0.06
    """Seconds before each action: a person is not faster than the socket's rate limit."""
    pace: tuple[float, float] | None = None
    """Instead of ``think``, a pause drawn between these two from ``rng`` before each action: a
    fixed pause keeps tables that started together acting together, in bursts."""
    rng: random.Random | None = None
    local_address: str | None = None
    """The client address to connect from (127.0.1.x: the server's per-address caps)."""
    updates: int = 0
    _acted_at: int = -1

    async def run(self, *, until_over: bool = True, stop: asyncio.Event | None = None) -> None:
        """Play until the game is over (or ``stop`` is set), reconnecting when the socket drops."""
        while True:
            try:
                async with websockets.connect(
                    self.url,
                    origin=Origin(self.origin),
                    open_timeout=20,
                    max_size=2**22,
                    local_addr=None if self.local_address is None else (self.local_address, 0),
                ) as socket:
                    await socket.send(
                        json.dumps({"type": "hello", "token": self.token, "last_seq": self.seq})
                    )
                    async for raw in socket:
                        # pydantic's Rust parser, about twice ``json.loads``'s speed: the load
                        # generator shares the server's cores, so its own cost is in the figure.
                        message = pydantic_core.from_json(raw)
                        if self.keep:
                            self.seen.append(message)
                        action = self.receive(message)
                        if message.get("type") == "error" and message["code"] in RETRIED:
                            await asyncio.sleep(RETRY_PAUSE)  # then try the same turn again
                            self._acted_at = -1
                            action = self.choose()
                        if action is not None:
                            await asyncio.sleep(self.pause())
                            self.stamp(action)
                            await socket.send(json.dumps({"type": "act", "action": action}))
                        if until_over and self.end is not None:
                            return
                        if stop is not None and stop.is_set():
                            return
            except (TimeoutError, OSError, websockets.ConnectionClosed):
                if stop is not None and stop.is_set():
                    return
                await asyncio.sleep(0.2)  # the server restarts, a worker died: come back

    def pause(self) -> float:
        """The seconds to wait before the next action."""
        if self.pace is None:
            return self.think
        if self.rng is None:  # seeded from the seat's own strings: never the global generator
            self.rng = random.Random(f"{self.table_id}/{self.token}")
        return self.rng.uniform(*self.pace)

    def receive(self, message: Json) -> object | None:
        """Take in one message; the action to send, if it is now this seat's turn."""
        kind = message.get("type")
        if kind == "welcome":
            self.welcomes += 1
            self._acted_at = -1  # the snapshot is the truth: an action lost in a crash is redone
            self.seat = message["seat"]
            self.seq = message["seq"]
        elif kind == "update":
            seq = message["seq"]
            if self.seq is not None and seq <= self.seq:
                self.duplicated += 1
                return None
            if self.seq is not None and seq != self.seq + 1:
                self.lost += seq - self.seq - 1
            self.seq = seq
            self.updates += 1
            now = time.perf_counter()
            for event in message["events"]:
                if event.get("type") == "play" and event.get("seat") != self.seat:
                    started = self.sent.at.get((self.table_id, event["card"]))
                    if started is not None:
                        self.sent.latencies.append(now - started)
        elif kind == "error":
            self.errors.append(message)
            return None
        else:
            return None
        self.view = message.get("view")
        self.table = message.get("table")
        self.end = message.get("end")
        return self.choose()

    def choose(self) -> object | None:
        view, table = self.view, self.table
        if view is None or table is None or table.get("state") != "playing":
            return None
        # One action per turn: the turn is the position (hand, phase, cards played), not the seq
        # (a phrase or someone's presence changes the seq and not the turn).
        turn = hash(
            (
                view.get("hand_number"),
                view.get("phase"),
                tuple(view.get("trick") or ()),
                len(view.get("tricks") or ()),
                len(view.get("hand") or ()),
            )
        )
        if self._acted_at == turn:
            return None
        action = _action(view, table, self.seat)
        if action is None:
            return None
        self._acted_at = turn
        self.actions += 1
        return action

    def stamp(self, action: object) -> None:
        """A card's sending time, for the other seats' clients to measure its arrival."""
        if isinstance(action, str) and len(action) in (2, 3) and action != "look":
            self.sent.at[(self.table_id, action)] = time.perf_counter()


def _action(view: Json, table: Json, seat: str | None) -> object | None:
    if view.get("must_pass"):
        if view.get("held_pass"):
            return None
        hand: list[str] = view["hand"]
        # The rules name the pass size only when it is a house rule's (a pass of four).
        size: int = (view.get("rules") or {}).get("pass_size", 3)
        return hand[:size]
    if table.get("turn") != seat or view.get("turn") != seat:
        return None
    legal = view.get("legal")
    if legal is not None:  # Picas
        if "look" in legal:
            return "look"
        bids = [value for value in legal if isinstance(value, int)]
        if bids:
            return 3 if 3 in bids else bids[0]
    playable: list[str] = view.get("playable") or []
    return playable[0] if playable else None
