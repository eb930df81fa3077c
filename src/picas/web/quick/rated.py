"""Rated tables: friends' tables (:mod:`picas.web.friends`) the matcher seats and starts at once,
with the turn timer always on (30 s), Difícil in the empty seats, each seat's profile kept in
``table.rated`` (server-side only) — and their end, rated once (docs/quick.md).

The end of a rated game is the change that finishes it, or the change after which none of its
people is left at it (each left, or away past the grace period). :meth:`RatedTables.settle` marks
that change, inside the friends' compare-and-set: whichever process's change is stored is the
only one that rates the game, and a retried or lost change finds the result written already.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from picas.shared.seats import Seat
from picas.web.friends.model import FriendsTable, SeatInfo, token_digest
from picas.web.friends.service import Friends, _settings
from picas.web.quick.matcher import SEATS, Found
from picas.web.quick.model import CPU_LEVEL, CPU_PLAYER, SEAT_LETTERS, TURN_TIMER
from picas.web.quick.ports import RatedResult, RatedSeat
from picas.web.quick.store import QuickStore

log = logging.getLogger("picas.web")

ADDRESS = "ya"
"""The address a rated table is counted under (the server opened it, not a client)."""
RECORD_TRIES = 5


def gone(table: FriendsTable, seat: str) -> bool:
    """The person of this rated seat left it, or is away past the grace period."""
    info = table.seats[seat]
    return info.kind != "person" or (info.taken_over and not info.connected)


def scores(friends: Friends, table: FriendsTable) -> dict[str, int]:
    """Each seat's score now: its team's in Picas, its own in Corazones."""
    _, state = friends.game_of(table)
    totals = tuple(state.totals)
    return {key: int(totals[Seat.from_key(key) % len(totals)]) for key in SEATS}


def result_json(friends: Friends, table: FriendsTable, ended: float) -> dict[str, Any]:
    assert table.rated is not None
    profiles: dict[str, str] = table.rated["seats"]
    points = scores(friends, table)
    seats = [
        {
            "player": profiles.get(key, CPU_PLAYER),
            "seat": SEAT_LETTERS[key],
            "score": points[key],
            "left": key in profiles and gone(table, key),
        }
        for key in SEATS
    ]
    return {"id": table.id, "game": table.game, "ended": ended, "seats": seats}


def rated_result(data: dict[str, Any]) -> RatedResult:
    return RatedResult(
        id=data["id"],
        game=data["game"],
        ended=float(data["ended"]),
        seats=tuple(RatedSeat(**seat) for seat in data["seats"]),
    )


class RatedTables:
    """Opens the matcher's tables and rates their ends (``friends.rated_hooks``)."""

    def __init__(
        self,
        friends: Friends,
        store: QuickStore,
        ratings: Callable[[], Any],
        *,
        clock: Callable[[], float] = time.time,
        pause: float = 1.0,
    ) -> None:
        self.friends = friends
        self.store = store
        self._ratings = ratings
        self._clock = clock
        self._pause = pause

    # --- the friends' hooks ----------------------------------------------------------------------

    def settle(self, table: FriendsTable) -> bool:
        rated = table.rated
        if rated is None or rated.get("result") is not None or table.code is None:
            return False
        everyone_gone = all(gone(table, seat) for seat in rated["seats"])
        if table.state != "over" and not everyone_gone:
            return False
        rated["result"] = result_json(self.friends, table, self._clock())
        return True

    async def settled(self, table: FriendsTable) -> None:
        assert table.rated is not None
        result = rated_result(table.rated["result"])
        profiles: dict[str, str] = table.rated["seats"]
        for seat in result.seats:
            if seat.left and seat.player in profiles.values():
                try:
                    await self.store.add_loss(seat.player, result.id, result.ended)
                except Exception:  # the rating below matters more than one ban's count
                    log.exception("Mesa %s: no se pudo anotar un abandono", result.id)
        ratings = self._ratings()
        if ratings is None:
            return
        for attempt in range(RECORD_TRIES):
            try:
                await ratings.record(result)
                return
            except Exception:  # the ratings' store away a moment: the same result again
                log.exception("Mesa %s: no se pudo puntuar (intento %d)", result.id, attempt + 1)
                await asyncio.sleep(self._pause)

    # --- opening a table -------------------------------------------------------------------------

    async def open(self, table_id: str, found: Found, tokens: dict[str, str]) -> None:
        """The matcher's table ``found``, its people seated by their profiles' names with
        ``tokens``, dealt at once."""
        await self.friends.open_started(self.table(table_id, found, tokens))

    def table(self, table_id: str, found: Found, tokens: dict[str, str]) -> FriendsTable:
        """The friends' table of :meth:`open`, not dealt nor stored yet."""
        now = self._clock()
        table = FriendsTable(
            id=table_id,
            game=found.game,
            settings=_settings(found.game, {"target": found.target}),
            level=CPU_LEVEL,
            turn_timer=TURN_TIMER,
            address=ADDRESS,
            created=now,
            changed=now,
            seq=1,
        )
        profiles: dict[str, str] = {}
        names: dict[str, str] = {}
        for key, entry in zip(SEATS, found.seats, strict=True):
            if entry is None:
                table.seats[key] = SeatInfo(kind="cpu")
                continue
            table.seats[key] = SeatInfo(
                kind="person", name=entry.name, token=token_digest(tokens[key])
            )
            profiles[key] = entry.profile
            names[key] = entry.name
        # The names as the table showed them: a person who leaves is the computer's seat in the
        # public view, nameless, and the others may still want never to meet them again.
        table.rated = {"seats": profiles, "names": names}
        return table
