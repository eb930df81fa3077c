"""A whole game of Corazones: hands in sequence, the four running totals, the end.

The game ends after the hand in which someone reaches the target; the lowest total wins. If two or
more share the lowest total, play goes on until one hand leaves a single lowest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from picas.games.corazones.actions import Action
from picas.games.corazones.hand import Deal, HandState, Phase
from picas.games.corazones.passing import direction_for
from picas.games.corazones.rules import Rules
from picas.games.corazones.scoring import Four, HandScore, score_hand
from picas.shared.deals import check_deal, deal_for, normalize_code
from picas.shared.errors import IllegalAction, Refusal
from picas.shared.seats import Seat
from picas.shared.tricks import Play

FIRST_DEALER = Seat.EAST
"""East deals the first hand (so South gets the first card), then the deal moves to the left.
The dealer changes nothing in the play (♣2 leads); it only fixes who gets which cards of a code,
the same cards as the first hands of a Spades game of the same code dealt by East."""
_new_game = tuple.__new__


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand and its sheet."""

    hand: HandState
    score: HandScore


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: Seat
    totals: Four
    hands_played: int


class GameState(NamedTuple):
    """One position of a game. Immutable: :meth:`apply` returns the next position."""

    rules: Rules
    code: str
    deals: tuple[Deal, ...]
    """Explicit deals for the first hands (tests, bug reports); later hands come from the code."""
    hand: HandState
    totals: Four
    history: tuple[HandResult, ...]
    outcome: Outcome | None

    @classmethod
    def new(cls, rules: Rules, code: str, *, deals: tuple[Deal, ...] = ()) -> GameState:
        code = normalize_code(code)
        for index, deal in enumerate(deals):
            check_deal(deal, index)
        first = _deal(rules, code, deals, 1)
        return cls(rules, code, deals, first, (0, 0, 0, 0), (), None)

    # --- reading -----------------------------------------------------------------------------

    @property
    def turn(self) -> Seat | None:
        return None if self.outcome is not None else self.hand.turn

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.outcome is not None else self.hand.legal_actions()

    def check(self, action: Action, seat: Seat | None = None) -> Refusal | None:
        if self.outcome is not None:
            return Refusal("game_over", "La partida ha terminado.")
        return self.hand.check(action, seat)

    def verify(self, action: Action, seat: Seat | None = None) -> None:
        refusal = self.check(action, seat)
        if refusal is not None:
            raise IllegalAction.from_refusal(refusal)

    def can(self, action: Action, seat: Seat | None = None) -> bool:
        return self.check(action, seat) is None

    # --- changing ----------------------------------------------------------------------------

    def apply(self, action: Action, seat: Seat | None = None) -> GameState:
        """The game after ``action``: a finished hand is scored and the next one dealt."""
        rules, code, deals, hand, totals, history, outcome = self
        if outcome is not None:
            raise IllegalAction("La partida ha terminado.", code="game_over")
        if type(action) is Play and seat is None:
            hand = hand._play(action.card)  # the hot path: it checks legality itself
        else:
            hand = hand.apply(action, seat)
        if hand.phase is not Phase.COMPLETE:
            return _new_game(GameState, (rules, code, deals, hand, totals, history, None))
        score = score_hand(rules, hand.taken, totals)
        history = (*history, HandResult(hand, score))
        outcome = outcome_after(rules, score.totals, hand.number)
        if outcome is None:
            hand = _deal(rules, code, deals, hand.number + 1)
        return GameState(rules, code, deals, hand, score.totals, history, outcome)


def dealer_of(number: int) -> Seat:
    return Seat((FIRST_DEALER + number - 1) % 4)


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
    hands = deals[number - 1] if number <= len(deals) else deal_for(code, number, dealer)
    return HandState.deal(
        number=number,
        dealer=dealer,
        hands=hands,
        direction=direction_for(number, passing=rules.passing, first=rules.first_pass),
    )
