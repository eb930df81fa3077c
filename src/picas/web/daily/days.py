"""The days (UTC) and what each game's challenge is: its rules and its number of hands, as the
game's web part declares them (``RATED.challenge`` in ``web/games/<key>.py``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from picas.shared.errors import PicasError
from picas.web.games import rated_for, rated_games

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


def games() -> tuple[str, ...]:
    """The games with a challenge: the registry's games whose web part declares ``RATED``."""
    return rated_games()


def plan_of(game: str) -> Plan:
    rated = rated_for(game)
    if rated is None:
        raise UnknownGame
    challenge = rated.challenge
    return Plan(game, challenge.hands, dict(challenge.rules))
