"""A whole game of Corazones: hands in sequence, the four running totals, the end.

The game ends after the hand in which someone reaches the target; the lowest total wins. If two or
more share the lowest total, play goes on until one hand leaves a single lowest.
"""

from __future__ import annotations

from typing import ClassVar, Final, final

from picas.games.corazones.actions import Action
from picas.games.corazones.hand import Deal, HandState
from picas.games.corazones.passing import direction_for
from picas.games.corazones.rules import Rules
from picas.games.corazones.scoring import Four, HandScore, score_hand
from picas.shared.deals import checked_start, game_deal
from picas.shared.frozen import Frozen
from picas.shared.position import COMPLETE, TrickGame
from picas.shared.seats import Seat

FIRST_DEALER = Seat.EAST
"""East deals the first hand (so South gets the first card), then the deal moves to the left.
The dealer changes nothing in the play (♣2 leads); it only fixes who gets which cards of a code,
the same cards as the first hands of a Spades game of the same code dealt by East."""
_SEATS: Final = tuple(Seat)
_RESULT_FIELDS: Final = ("hand", "score")
_OUTCOME_FIELDS: Final = ("winner", "totals", "hands_played")
_GAME_FIELDS: Final = ("rules", "code", "deals", "hand", "totals", "history", "outcome")


@final
class HandResult(Frozen):
    """A finished hand and its sheet."""

    __slots__ = _RESULT_FIELDS
    _FIELDS: ClassVar[tuple[str, ...]] = _RESULT_FIELDS

    hand: Final[HandState]
    score: Final[HandScore]

    def __init__(self, hand: HandState, score: HandScore) -> None:
        self.hand = hand
        self.score = score


@final
class Outcome(Frozen):
    __slots__ = _OUTCOME_FIELDS
    _FIELDS: ClassVar[tuple[str, ...]] = _OUTCOME_FIELDS

    winner: Final[Seat]
    totals: Final[Four]
    hands_played: Final[int]

    def __init__(self, winner: Seat, totals: Four, hands_played: int) -> None:
        self.winner = winner
        self.totals = totals
        self.hands_played = hands_played


@final
class GameState(TrickGame):
    """One position of a game. Immutable: :meth:`apply` returns the next position."""

    __slots__ = _GAME_FIELDS
    _FIELDS: ClassVar[tuple[str, ...]] = _GAME_FIELDS

    rules: Final[Rules]
    code: Final[str]
    deals: Final[tuple[Deal, ...]]
    """Explicit deals for the first hands (tests, bug reports); later hands come from the code."""
    hand: Final[HandState]
    totals: Final[Four]
    history: Final[tuple[HandResult, ...]]
    outcome: Final[Outcome | None]

    def __init__(
        self,
        rules: Rules,
        code: str,
        deals: tuple[Deal, ...],
        hand: HandState,
        totals: Four,
        history: tuple[HandResult, ...],
        outcome: Outcome | None,
    ) -> None:
        self.rules = rules
        self.code = code
        self.deals = deals
        self.hand = hand
        self.totals = totals
        self.history = history
        self.outcome = outcome

    @classmethod
    def new(cls, rules: Rules, code: str, *, deals: tuple[Deal, ...] = ()) -> GameState:
        code = checked_start(code, deals, rules.deck)
        first = _deal(rules, code, deals, 1)
        return GameState(rules, code, deals, first, (0, 0, 0, 0), (), None)

    # --- reading -----------------------------------------------------------------------------

    def _hand_in_play(self) -> HandState | None:
        return self.hand if self.outcome is None else None

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.outcome is not None else self.hand.legal_actions()

    # --- changing ----------------------------------------------------------------------------

    def apply(self, action: Action, seat: Seat | None = None) -> GameState:
        """The game after ``action``: a finished hand is scored and the next one dealt."""
        hand = self._next_hand(self.hand, action, seat)
        rules, code, deals = self.rules, self.code, self.deals
        if hand.phase is not COMPLETE:
            return GameState(rules, code, deals, hand, self.totals, self.history, None)
        score = score_hand(rules, hand.taken, self.totals)
        history = (*self.history, HandResult(hand, score))
        outcome = outcome_after(rules, score.totals, hand.number)
        if outcome is None:
            hand = _deal(rules, code, deals, hand.number + 1)
        return GameState(rules, code, deals, hand, score.totals, history, outcome)


def dealer_of(number: int) -> Seat:
    return _SEATS[(FIRST_DEALER + number - 1) & 3]


def outcome_after(rules: Rules, totals: Four, number: int) -> Outcome | None:
    """The end of the game after hand ``number``, if this is it: someone has reached the target
    and one player alone has the lowest total."""
    if max(totals) < rules.target:
        return None
    lowest = min(totals)
    if totals.count(lowest) > 1:
        return None  # a tie for lowest plays on
    return Outcome(winner=Seat(totals.index(lowest)), totals=totals, hands_played=number)


def _deal(rules: Rules, code: str, deals: tuple[Deal, ...], number: int) -> HandState:
    dealer = dealer_of(number)
    return HandState.deal(
        number=number,
        dealer=dealer,
        hands=game_deal(code, deals, number, dealer, rules.deck),
        direction=direction_for(number, passing=rules.passing, first=rules.first_pass),
        rules=rules,
    )
