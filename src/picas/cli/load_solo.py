"""``picas load``'s solo players: each plays whole games of its own against the computer over
HTTP, as a browser tab does. It starts a game, then acts (a legal bid or card, drawn with its own
seeded generator) after a think time, asks for the tip now and then while bidding and reopens its
save now and then (a page reload), until the game ends; then it starts another. Every answer is
checked (status 200, a new save, a view)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import json
import random
import time
from typing import Any

from picas import games
from picas.cli.load_basics import HttpError
from picas.cli.load_http import JsonClient
from picas.cli.load_stats import Stats
from picas.shared.deals import code_from_bytes

Json = dict[str, Any]
PATHS = {
    "new": "/api/games",
    "act": "/api/games/act",
    "tip": "/api/tip",
    "resume": "/api/games/resume",
    "practice": "/api/practice",
    "import": "/api/games/import",
}
TIP_CHANCE = 0.3
"""Chance that a player asks for the tip before a bid."""
RESUME_CHANCE = 0.02
"""Chance that a player reloads the page (reopens the save) before an action."""


def encode(body: Json) -> bytes:
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


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


class Player:
    """One solo player: one game after another, on its own keep-alive connection."""

    def __init__(
        self, number: int, connection: JsonClient, stats: Stats, args: argparse.Namespace
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
        payload = encode(body)
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
