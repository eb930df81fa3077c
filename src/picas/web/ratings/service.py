"""``Ratings`` (``app.state.ratings``): what the rated tables, the boards and the profile page ask
of ratings. The table's end calls :meth:`Ratings.record`; everything else reads."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from picas.web.ratings.model import (
    BoardEntry,
    HistoryPoint,
    PlayerState,
    RatedResult,
    RatingChange,
    iso_week,
)
from picas.web.ratings.rate import Replay, rate
from picas.web.ratings.stats import SoloStatsIn, merged
from picas.web.ratings.store import RatingStore


@dataclass(frozen=True, slots=True)
class Board:
    rows: list[BoardEntry]
    total: int
    me: BoardEntry | None


class Ratings:
    def __init__(self, store: RatingStore, *, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self._clock = clock

    async def record(self, result: RatedResult) -> dict[str, RatingChange]:
        """Rate ``result`` once per id: a second call (a retry, another process) changes nothing
        and answers the changes of the first."""
        return await self.store.record(result, rate)

    async def rating(self, game: str, player: str) -> PlayerState | None:
        return await self.store.state(game, player)

    async def history(self, game: str, player: str) -> list[HistoryPoint]:
        return await self.store.history(game, player)

    def this_week(self) -> str:
        return iso_week(self._clock())

    async def board(
        self, game: str, *, week: bool, start: int, count: int, me: str | None = None
    ) -> Board:
        """A page of the game's board (all time, or this ISO week's from its results alone),
        and ``me``'s own place on it however far down."""
        key = self.this_week() if week else None
        rows = await self.store.board(game, key, start, count)
        total = await self.store.size(game, key)
        mine = await self.store.rank(game, key, me) if me else None
        return Board(rows, total, mine)

    async def recompute(self, game: str) -> Replay:
        """The game's ratings rebuilt from its stored results alone, from scratch."""
        replay = Replay()
        for result in await self.store.results(game):
            replay.add(result)
        await self.store.replace(game, replay)
        return replay

    async def forget(self, profile_id: str) -> None:
        """A deleted profile leaves the boards, its ratings, history and statistics go; its
        results stay under an unlinkable stand-in so that others' ratings stay as they are."""
        await self.store.forget(profile_id)

    async def solo_stats(self, profile_id: str) -> dict[str, Any] | None:
        return await self.store.stats(profile_id)

    async def import_solo_stats(self, profile_id: str, incoming: SoloStatsIn) -> dict[str, Any]:
        return await self.store.merge_stats(profile_id, lambda stored: merged(stored, incoming))
