"""The days (UTC) and what each game's challenge is: its rules and its number of hands."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from picas.games.corazones.rules import Rules as CorazonesRules
from picas.games.spades.rules import find_profile
from picas.shared.errors import PicasError

DAY_SECONDS = 86_400
DAY_TEXT = re.compile(r"\d{4}-\d{2}-\d{2}")


class BadDay(PicasError):  # noqa: N818 (named like the engine's errors)
    code = "bad_day"

    def __init__(self) -> None:
        super().__init__("Ese día no es una fecha (AAAA-MM-DD).")


class UnknownGame(PicasError):  # noqa: N818
    code = "daily_unknown_game"

    def __init__(self) -> None:
        super().__init__("Ese juego no tiene reto del día.")


def day_of(moment: float) -> str:
    """The UTC day of ``moment`` (seconds since the epoch), as ``YYYY-MM-DD``."""
    return datetime.fromtimestamp(moment, UTC).date().isoformat()


def parse_day(text: str) -> str:
    if not DAY_TEXT.fullmatch(text):
        raise BadDay
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        raise BadDay from None


def starts(day: str) -> float:
    return datetime.fromisoformat(day).replace(tzinfo=UTC).timestamp()


def ends(day: str) -> float:
    """When ``day`` is over (the next UTC midnight): the reveal."""
    return starts(day) + DAY_SECONDS


def shifted(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


@dataclass(frozen=True, slots=True)
class Plan:
    """A game's challenge: ``hands`` hands on ``rules`` (a record's whole rules)."""

    game: str
    hands: int
    rules: dict[str, Any]


def _spades_rules() -> dict[str, Any]:
    # Six hands to no target: the highest target the engine takes and no floor, so no ordinary
    # game ends before its sixth hand; the table stops after it (FriendsTable.daily["hands"]).
    rules = find_profile("casa").to_json()
    rules.update(target=1000, floor=None, draw_after_hand=None, blind_nil=False)
    return rules


def _corazones_rules() -> dict[str, Any]:
    # Four hands, passing left, right, across, then none: each direction once. At most 26
    # points a hand, nobody reaches 100 before the fourth.
    return CorazonesRules().to_json()


PLANS: dict[str, Plan] = {
    "spades": Plan("spades", 6, _spades_rules()),
    "corazones": Plan("corazones", 4, _corazones_rules()),
}


def plan_of(game: str) -> Plan:
    plan = PLANS.get(game)
    if plan is None:
        raise UnknownGame
    return plan
