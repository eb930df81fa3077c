"""A whole game: hands in sequence, running totals and bags, the end and its outcome."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

from picas.games.spades.actions import Action
from picas.games.spades.hand import HandState, Phase
from picas.games.spades.rules import Rules
from picas.games.spades.scoring import TeamSheet, score_hand
from picas.shared.deals import check_deal, deal_for, dealer_by_lot, normalize_code
from picas.shared.errors import IllegalAction, Refusal
from picas.shared.seats import Seat, Team
from picas.shared.tricks import Play

Deal = tuple[int, int, int, int]
_new_game = tuple.__new__


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand and both teams' sheets (North–South first)."""

    hand: HandState
    sheets: tuple[TeamSheet, TeamSheet]


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: Team | None
    """``None`` for a draw."""
    reason: Literal["target", "floor", "draw"]
    totals: tuple[int, int]
    hands_played: int


class GameState(NamedTuple):
    """One position of a game. Immutable: :meth:`apply` returns the next position."""

    rules: Rules
    code: str
    deals: tuple[Deal, ...]
    """Explicit deals for the first hands (tests, bug reports); later hands come from the code."""
    first_dealer: Seat
    hand: HandState
    totals: tuple[int, int]
    bags: tuple[int, int]
    history: tuple[HandResult, ...]
    outcome: Outcome | None

    @classmethod
    def new(cls, rules: Rules, code: str, *, deals: tuple[Deal, ...] = ()) -> GameState:
        code = normalize_code(code)
        for index, deal in enumerate(deals):
            check_deal(deal, index)
        first_dealer = rules.first_dealer if rules.first_dealer is not None else dealer_by_lot(code)
        game = cls(
            rules=rules,
            code=code,
            deals=deals,
            first_dealer=first_dealer,
            hand=HandState.deal(number=0, dealer=first_dealer, hands=(0, 0, 0, 0)),
            totals=(0, 0),
            bags=(0, 0),
            history=(),
            outcome=None,
        )
        return game._replace(hand=game._deal(1, game.totals))

    # --- reading -----------------------------------------------------------------------------

    @property
    def turn(self) -> Seat | None:
        return None if self.outcome is not None else self.hand.turn

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def dealer_of(self, number: int) -> Seat:
        return Seat((self.first_dealer + number - 1) % 4)

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
        rules, code, deals, first_dealer, hand, totals, bags, history, outcome = self
        if outcome is not None:
            raise IllegalAction("La partida ha terminado.", code="game_over")
        if type(action) is Play and seat is None:
            hand = hand._play(action.card)  # the hot path: it checks legality itself
        else:
            hand = hand.apply(action, seat)
        if hand.phase is not Phase.COMPLETE:
            return _new_game(
                GameState, (rules, code, deals, first_dealer, hand, totals, bags, history, None)
            )
        return self._finish_hand(hand)

    def _finish_hand(self, hand: HandState) -> GameState:
        rules, code, deals, first_dealer, _, totals, bags, history, _ = self
        ns, ew = score_hand(
            rules,
            bids=hand.bids,  # type: ignore[arg-type]  # complete: every seat has bid
            blind=hand.blind,
            tricks=hand.won,
            totals=totals,
            bags=bags,
        )
        totals = (ns.running_total, ew.running_total)
        bags = (ns.bags_after, ew.bags_after)
        history = (*history, HandResult(hand, (ns, ew)))
        outcome = _outcome_after(rules, totals, hand.number)
        if outcome is None:
            hand = self._deal(hand.number + 1, totals)
        return GameState(rules, code, deals, first_dealer, hand, totals, bags, history, outcome)

    def _deal(self, number: int, totals: tuple[int, int]) -> HandState:
        dealer = self.dealer_of(number)
        if number <= len(self.deals):
            hands = self.deals[number - 1]
        else:
            hands = deal_for(self.code, number, dealer)
        return HandState.deal(
            number=number,
            dealer=dealer,
            hands=hands,
            blind_offered=_blind_offers(self.rules, totals),
        )


def _outcome_after(rules: Rules, totals: tuple[int, int], number: int) -> Outcome | None:
    """The end of the game after hand ``number``, if this is it."""
    reached = totals[0] >= rules.target or totals[1] >= rules.target
    fell = rules.floor is not None and (totals[0] <= rules.floor or totals[1] <= rules.floor)
    if not (reached or fell):
        return None
    reason: Literal["target", "floor", "draw"] = "target" if reached else "floor"
    if totals[0] != totals[1]:
        winner = Team.NORTH_SOUTH if totals[0] > totals[1] else Team.EAST_WEST
        return Outcome(winner=winner, reason=reason, totals=totals, hands_played=number)
    if rules.draw_after_hand is not None and number >= rules.draw_after_hand:
        return Outcome(winner=None, reason="draw", totals=totals, hands_played=number)
    return None  # equal totals: play on


def _blind_offers(rules: Rules, totals: tuple[int, int]) -> tuple[bool, bool, bool, bool]:
    """Who is offered Blind Nil at the deal: both players of a team far enough behind."""
    if not rules.blind_nil:
        return (False, False, False, False)
    ns, ew = totals
    ns_behind = ew - ns >= rules.blind_nil_deficit
    ew_behind = ns - ew >= rules.blind_nil_deficit
    return (ns_behind, ew_behind, ns_behind, ew_behind)
