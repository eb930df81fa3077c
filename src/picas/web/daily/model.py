"""What the store keeps of a day and of an attempt (server-side: a day's code and salt leave the
server only once the day is over)."""

from __future__ import annotations

import json
import secrets
from dataclasses import asdict, dataclass, field
from typing import Any

from picas.shared.deals import long_code
from picas.web.friends.model import commitment


@dataclass(slots=True)
class DayDoc:
    game: str
    day: str
    code: str
    salt: str
    drawn: float
    opened: float | None = None
    """When the baseline was stored and attempts began (None: being prepared)."""
    baseline: list[Any] = field(default_factory=list)
    """Difícil's actions on the day's deals in every seat (record notation)."""
    baseline_hands: list[int] = field(default_factory=list)
    """Difícil's result of each hand in South's seat (Picas: the team's hand total; Corazones:
    South's points)."""

    @property
    def commitment(self) -> str:
        return commitment(self.code, self.salt)

    def text(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def parse(cls, text: str) -> DayDoc:
        return cls(**json.loads(text))


def draw_day(game: str, day: str, now: float) -> DayDoc:
    """A new day: 140 bits of secret (the friends' long code) and a salt, from ``secrets``."""
    return DayDoc(
        game=game,
        day=day,
        code=long_code(secrets.token_bytes(18)),
        salt=secrets.token_hex(16),
        drawn=now,
    )


@dataclass(slots=True)
class AttemptDoc:
    """A profile's ranked attempt of a day (practice attempts are not kept)."""

    game: str
    day: str
    profile: str
    table: str
    started: float
    total: int | None = None
    hands: list[int] | None = None
    """The score against Difícil of each hand."""
    actions: list[Any] | None = None
    """The game's actions, kept for the review after the reveal."""
    finished: float | None = None
