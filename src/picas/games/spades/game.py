"""A whole game: hands in sequence, running totals and bags, the end and its outcome."""

from __future__ import annotations

from typing import ClassVar, Final, Literal, final

from picas.games.spades.actions import Action
from picas.games.spades.hand import HandState
from picas.games.spades.rules import Rules
from picas.games.spades.scoring import TeamSheet, score_hand
from picas.shared.deals import checked_start, dealer_by_lot, game_deal, shuffled_deck
from picas.shared.errors import PicasError
from picas.shared.frozen import Frozen
from picas.shared.position import COMPLETE, TrickGame
from picas.shared.seats import Seat, Team

Deal = tuple[int, int, int, int]
_SEATS: Final = tuple(Seat)
_RESULT_FIELDS: Final = ("hand", "sheets")
_OUTCOME_FIELDS: Final = ("winner", "reason", "totals", "hands_played")
_GAME_FIELDS: Final = (
    "rules",
    "code",
    "deals",
    "first_dealer",
    "hand",
    "totals",
    "bags",
    "history",
    "outcome",
)


@final
class HandResult(Frozen):
    """A finished hand and both teams' sheets (North–South first)."""

    __slots__ = _RESULT_FIELDS
    _FIELDS: ClassVar[tuple[str, ...]] = _RESULT_FIELDS

    hand: Final[HandState]
    sheets: Final[tuple[TeamSheet, TeamSheet]]

    def __init__(self, hand: HandState, sheets: tuple[TeamSheet, TeamSheet]) -> None:
        self.hand = hand
        self.sheets = sheets


@final
class Outcome(Frozen):
    __slots__ = _OUTCOME_FIELDS
    _FIELDS: ClassVar[tuple[str, ...]] = _OUTCOME_FIELDS

    winner: Final[Team | None]
    """``None`` for a draw."""
    reason: Final[Literal["target", "floor", "draw", "thirteen"]]
    """``thirteen``: a team bid and took all 13 tricks, at «13 bazas: partida ganada»."""
    totals: Final[tuple[int, int]]
    hands_played: Final[int]

    def __init__(
        self,
        winner: Team | None,
        reason: Literal["target", "floor", "draw", "thirteen"],
        totals: tuple[int, int],
        hands_played: int,
    ) -> None:
        self.winner = winner
        self.reason = reason
        self.totals = totals
        self.hands_played = hands_played


@final
class GameState(TrickGame):
    """One position of a game. Immutable: :meth:`apply` returns the next position.

    A plain class with read-only fields (native in the compiled build), compared and hashed by its
    fields like the ``NamedTuple`` it replaced.
    """

    __slots__ = _GAME_FIELDS
    _FIELDS: ClassVar[tuple[str, ...]] = _GAME_FIELDS

    rules: Final[Rules]
    code: Final[str]
    deals: Final[tuple[Deal, ...]]
    """Explicit deals for the first hands (tests, bug reports); later hands come from the code."""
    first_dealer: Final[Seat]
    hand: Final[HandState]
    totals: Final[tuple[int, int]]
    bags: Final[tuple[int, int]]
    history: Final[tuple[HandResult, ...]]
    outcome: Final[Outcome | None]

    def __init__(
        self,
        rules: Rules,
        code: str,
        deals: tuple[Deal, ...],
        first_dealer: Seat,
        hand: HandState,
        totals: tuple[int, int],
        bags: tuple[int, int],
        history: tuple[HandResult, ...],
        outcome: Outcome | None,
    ) -> None:
        self.rules = rules
        self.code = code
        self.deals = deals
        self.first_dealer = first_dealer
        self.hand = hand
        self.totals = totals
        self.bags = bags
        self.history = history
        self.outcome = outcome

    @classmethod
    def new(cls, rules: Rules, code: str, *, deals: tuple[Deal, ...] = ()) -> GameState:
        if deals and rules.players == 2:
            raise PicasError(
                "A dos jugadores no hay repartos: el mazo de cada mano sale del código.",
                code="invalid_deal",
            )
        code = checked_start(code, deals, rules.deck)
        first_dealer = rules.first_dealer if rules.first_dealer is not None else dealer_by_lot(code)
        # At two players the seat named (or drawn) gives its team's player: East → West, North →
        # South, so the default (East) has West deal first and South draw and lead first.
        first_dealer = _SEATS[first_dealer & rules.ring]
        first = _deal_hand(rules, code, deals, first_dealer, 1, (0, 0))
        return GameState(rules, code, deals, first_dealer, first, (0, 0), (0, 0), (), None)

    # --- reading -----------------------------------------------------------------------------

    def dealer_of(self, number: int) -> Seat:
        return _SEATS[(self.first_dealer + number - 1) & self.rules.ring]

    def _hand_in_play(self) -> HandState | None:
        return self.hand if self.outcome is None else None

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.outcome is not None else self.hand.legal_actions()

    # --- changing ----------------------------------------------------------------------------

    def apply(self, action: Action, seat: Seat | None = None) -> GameState:
        """The game after ``action``: a finished hand is scored and the next one dealt."""
        hand = self._next_hand(self.hand, action, seat)
        if hand.phase is not COMPLETE:
            return GameState(
                self.rules,
                self.code,
                self.deals,
                self.first_dealer,
                hand,
                self.totals,
                self.bags,
                self.history,
                None,
            )
        return self._finish_hand(hand)

    def _deal(self, number: int, totals: tuple[int, int]) -> HandState:
        return _deal_hand(self.rules, self.code, self.deals, self.first_dealer, number, totals)

    def _finish_hand(self, hand: HandState) -> GameState:
        rules = self.rules
        ns, ew = score_hand(
            rules,
            bids=hand.bids,
            blind=hand.blind,
            tricks=hand.won,
            totals=self.totals,
            bags=self.bags,
        )
        totals = (ns.running_total, ew.running_total)
        bags = (ns.bags_after, ew.bags_after)
        history = (*self.history, HandResult(hand, (ns, ew)))
        outcome = _outcome_after(rules, totals, hand.number)
        if rules.all_thirteen == "win":
            outcome = _all_thirteen_win((ns, ew), totals, hand.number) or outcome
        if outcome is None:
            hand = _deal_hand(
                rules, self.code, self.deals, self.first_dealer, hand.number + 1, totals
            )
        return GameState(
            rules, self.code, self.deals, self.first_dealer, hand, totals, bags, history, outcome
        )


def _deal_hand(
    rules: Rules,
    code: str,
    deals: tuple[Deal, ...],
    first_dealer: Seat,
    number: int,
    totals: tuple[int, int],
) -> HandState:
    """Hand ``number``, dealt: an explicit deal if the game has one for it, else the code's. At
    «Dos jugadores» there is no deal: the hand starts with the draw from the stock, the rules'
    deck in the order the code and the hand's number fix (the shuffle the deals use)."""
    dealer = _SEATS[(first_dealer + number - 1) & rules.ring]
    if rules.players == 2:
        return HandState.drawing(
            number=number,
            dealer=dealer,
            stock=shuffled_deck(code, number, rules.deck),
            top=rules.trick_rule.top,
        )
    return HandState.deal(
        number=number,
        dealer=dealer,
        hands=game_deal(code, deals, number, dealer, rules.deck),
        blind_offered=_blind_offers(rules, totals),
        team_minimum=rules.team_minimum,
        top=rules.trick_rule.top,
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


def _all_thirteen_win(
    sheets: tuple[TeamSheet, TeamSheet], totals: tuple[int, int], number: int
) -> Outcome | None:
    """At «13 bazas: partida ganada», the team that bid 13 and took them all wins at once."""
    for sheet in sheets:
        if sheet.took_all_thirteen:
            return Outcome(winner=sheet.team, reason="thirteen", totals=totals, hands_played=number)
    return None


def _blind_offers(rules: Rules, totals: tuple[int, int]) -> tuple[bool, bool, bool, bool]:
    """Who is offered Blind Nil at the deal: both players of a team far enough behind."""
    if not rules.blind_nil:
        return (False, False, False, False)
    ns, ew = totals
    ns_behind = ew - ns >= rules.blind_nil_deficit
    ew_behind = ns - ew >= rules.blind_nil_deficit
    return (ns_behind, ew_behind, ns_behind, ew_behind)
