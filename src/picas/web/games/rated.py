"""What ratings and «Reto del día» need of a game, given by the game's web part (``RATED`` in
``web/games/<key>.py``, found by :func:`picas.web.games.rated_for`), the way ``PAGE`` gives what
the page needs: whether its lower scores win, its day's challenge, South's side's result of one
finished hand, and the model of the solo statistics the page counts for it. Whether it is played
in partnerships is its ``PAGE.partners``. A game without a ``RATED`` is not rated and has no
challenge; the rated games' lists (:mod:`picas.web.ratings`, :mod:`picas.web.daily`) are the
registry's games that declare one."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

MAX_COUNT = 10_000_000
"""The largest counter the server keeps of the page's statistics."""

Count = Field(default=0, ge=0, le=MAX_COUNT, strict=True)
"""A counter of the statistics: a whole number, zero at first."""


class Strict(BaseModel):
    """A body checked strictly: no field the page does not write, no number as a string."""

    model_config = ConfigDict(extra="forbid", strict=True)


class SoloStats(Strict):
    """A game's solo statistics as its page counts them in localStorage, imported into a profile.

    An import is merged with what is stored by taking each counter's larger value (counters only
    grow, so importing the same numbers twice changes nothing); a game whose numbers do not all
    grow (Corazones' points) says how they merge in its own :meth:`merged`."""

    counters: ClassVar[tuple[str, ...]] = ()
    """The fields merged by their larger value."""

    def merged(self, stored: Mapping[str, Any]) -> dict[str, Any]:
        """``stored`` (on this model's defaults) with this import's numbers."""
        new = self.model_dump()
        out = dict(stored)
        for name in self.counters:
            out[name] = max(out[name], new[name])
        return out


@dataclass(frozen=True, slots=True)
class Challenge:
    """A game's day's challenge: ``hands`` hands on ``rules`` (a record's whole rules, as JSON),
    rules under which no game ends before its last hand."""

    hands: int
    rules: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class RatedPlay:
    challenge: Challenge
    """The day's challenge (``web/daily/days.py``)."""
    hand_result: Callable[[Mapping[str, Any]], int]
    """South's side's result of one finished hand, from a view's ``history`` entry (the scored
    duplicate compares it with Difícil's on the same deal)."""
    lower_wins: bool = False
    """Whether the lower score wins (Corazones' points are bad): a rated table's places and the
    challenge's «frente a Difícil» are turned round."""
    solo_stats: type[SoloStats] | None = None
    """The model of the statistics the page counts for the game, imported into a profile (the
    body's field is the game's key); None: the game has none on the server."""
