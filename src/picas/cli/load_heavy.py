"""``picas load --heavy N``: clients that ask without a pause for the heavy work («Rejugar esta
mano» and imports), each time of a new game, beside the measured players."""

from __future__ import annotations

import asyncio
import hashlib
import json
import time

from picas.cli.load_basics import HttpError
from picas.cli.load_solo import PATHS, Budget, Json, Player, encode
from picas.shared.deals import code_from_bytes

HEAVY_ENDPOINTS = ("practice", "import")


class HeavyClient(Player):
    """Hammers the heavy endpoints: plays a Fácil game of its own (no pause) to the end of hand
    1, then asks at once for «Rejugar esta mano» (a hand with Difícil in South's seat) and for
    the import of its record without the signature (checked action by action), and starts
    again with a new game, so no answer can come from the server's cache. A 503 ``busy`` is the
    expected answer when the table is full, and a 429 ``too_many_requests`` when the client's
    address has its share of the lane already: counted apart, and tried again after a short
    pause."""

    async def heavy(self, endpoint: str, body: Json) -> bool:
        payload = encode(body)
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
