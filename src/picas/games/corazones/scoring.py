"""One hand's points, as a pure function of the cards each seat took.

Each heart is 1 point and ♠Q 13: 26 in all. Whoever takes all 26 «se tira a la luna»: by default
each other player gets 26 instead (``MoonForm.OTHERS``); with ``MoonForm.SELF`` the shooter takes
26 off their own total. With the ♦J setting on, whoever takes ♦J scores −10 (moon or not); in
Omnibus the same goes for ♦10 (the table plays one of the two bonus cards, or neither).
"""

from __future__ import annotations

from typing import ClassVar, Final, final

from picas.games.corazones.hand import HEARTS, QUEEN_OF_SPADES, Deal
from picas.games.corazones.rules import MoonForm, Rules
from picas.shared.fast import at
from picas.shared.frozen import Frozen
from picas.shared.seats import Seat

ALL_POINTS = 26
QUEEN_POINTS = 13
JACK_POINTS = -10

Four = tuple[int, int, int, int]


_SEATS: Final = tuple(Seat)
_QUEEN_BIT: Final = QUEEN_OF_SPADES.bit
_SCORE_FIELDS: Final = ("hearts", "queen", "jack", "moon", "points", "totals")


@final
class HandScore(Frozen):
    """The sheet of one hand: what each seat took and what it scores."""

    __slots__ = _SCORE_FIELDS
    _FIELDS: ClassVar[tuple[str, ...]] = _SCORE_FIELDS

    hearts: Final[Four]
    """Hearts taken, by seat."""
    queen: Final[Seat | None]
    """Who took ♠Q (``None`` only for a hand that was not played out)."""
    jack: Final[Seat | None]
    """Who took the bonus card (♦J, or ♦10 in Omnibus), when the table plays one."""
    moon: Final[Seat | None]
    """Who took all 26 points, if anyone."""
    points: Final[Four]
    """This hand's points by seat, the moon and the bonus card applied."""
    totals: Final[Four]
    """Running totals after this hand."""

    def __init__(
        self,
        hearts: Four,
        queen: Seat | None,
        jack: Seat | None,
        moon: Seat | None,
        points: Four,
        totals: Four,
    ) -> None:
        self.hearts = hearts
        self.queen = queen
        self.jack = jack
        self.moon = moon
        self.points = points
        self.totals = totals

    def taken_points(self, seat: Seat) -> int:
        """Points in the cards ``seat`` took, before the moon and the bonus card."""
        return self.hearts[seat] + (QUEEN_POINTS if self.queen is seat else 0)


def card_points(taken: int) -> int:
    """The points in a set of cards: 1 a heart, 13 for ♠Q."""
    return (taken & HEARTS).bit_count() + (QUEEN_POINTS if taken >> QUEEN_OF_SPADES & 1 else 0)


def score_hand(rules: Rules, taken: Deal, totals: Four) -> HandScore:
    """Score a hand from the cards each seat took (``HandState.taken``) and the totals before it."""
    seats = _SEATS
    hearts = _four([(at(taken, seat) & HEARTS).bit_count() for seat in seats])
    queen = _who_took(taken, _QUEEN_BIT)
    bonus = rules.bonus_bit
    jack = _who_took(taken, bonus) if bonus else None
    raw = [card_points(at(taken, seat)) for seat in seats]
    moon = next((seat for seat in seats if raw[seat] == ALL_POINTS), None)
    if moon is None:
        points = raw
    elif rules.moon is MoonForm.OTHERS:
        points = [0 if seat is moon else ALL_POINTS for seat in seats]
    else:
        points = [-ALL_POINTS if seat is moon else 0 for seat in seats]
    if jack is not None:
        points[jack] += JACK_POINTS
    return HandScore(
        hearts=hearts,
        queen=queen,
        jack=jack,
        moon=moon,
        points=_four(points),
        totals=_four([at(totals, seat) + points[seat] for seat in seats]),
    )


def _who_took(taken: Deal, bit: int) -> Seat | None:
    return next((seat for seat in _SEATS if at(taken, seat) & bit), None)


def _four(values: list[int]) -> Four:
    return (values[0], values[1], values[2], values[3])
