"""The small rules of the queue: when three left games make a ban and until when, and the rating
a person is matched by whatever the ratings answer."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from picas.web.quick.ports import DEFAULT_RATING, rating_of
from picas.web.quick.service import QuickLimits, ban_until, targets

LIMITS = QuickLimits()
HOUR = 3600.0
DAY = 24 * HOUR


def test_three_left_games_within_a_day_ban_for_an_hour_after_the_third() -> None:
    assert ban_until([], LIMITS) is None
    assert ban_until([0.0, 10.0], LIMITS) is None
    assert ban_until([0.0, 10.0, 20.0], LIMITS) == 20.0 + LIMITS.ban
    # Spread over more than a day: no three within one.
    assert ban_until([0.0, DAY / 2, DAY + 1], LIMITS) is None
    # A fourth within a day of the two before it bans again, from it.
    assert ban_until([0.0, DAY / 2, DAY + 1, DAY + 2], LIMITS) == DAY + 2 + LIMITS.ban


def test_the_targets_are_the_games_declared_ones() -> None:
    assert set(targets("spades")) == {250, 500}
    assert set(targets("corazones")) == {100, 50}


@dataclass
class Answers:
    value: Any

    async def rating(self, game: str, player: str) -> Any:
        if isinstance(self.value, Exception):
            raise self.value
        return self.value


@dataclass
class Change:
    after: int


def test_the_rating_matched_by_is_the_ratings_number_or_the_default() -> None:
    async def of(ratings: Any) -> int:
        return await rating_of(ratings, "spades", "p1")

    assert asyncio.run(of(None)) == DEFAULT_RATING
    assert asyncio.run(of(Answers(1720))) == 1720
    assert asyncio.run(of(Answers(Change(after=1650)))) == 1650
    assert asyncio.run(of(Answers(None))) == DEFAULT_RATING
    assert asyncio.run(of(Answers(RuntimeError("away")))) == DEFAULT_RATING
