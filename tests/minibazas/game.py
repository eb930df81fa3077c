"""Minibazas: twenty cards (the ten to the ace of each suit), five to each of four players, no
trump, follow suit if you can; every trick is a point, and after the rules' number of hands the most
points win (equal most: a draw). The deck and the trick rule are data given to the shared deals
and trick winner."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from picas.shared.cards import SUIT_MASKS, Card, cards_in
from picas.shared.deals import Deal, checked_start, deal_for
from picas.shared.decks import Deck, TrickRule
from picas.shared.errors import IllegalAction, InvalidAction, InvalidRules, excerpt
from picas.shared.seats import Seat
from picas.shared.trick_winner import trick_winner_index
from picas.shared.tricks import PLAYS, Play

TEN_TO_ACE = sum(
    SUIT_MASKS[suit] & ~((1 << (13 * suit + 8)) - (1 << 13 * suit)) for suit in range(4)
)
HANDS_CHOICES = (2, 4)


@dataclass(frozen=True, slots=True)
class Rules:
    deck: ClassVar[Deck] = Deck(cards=TEN_TO_ACE, hand_size=5)
    trick_rule: ClassVar[TrickRule] = TrickRule()
    hands: int = 2

    def __post_init__(self) -> None:
        if self.hands not in HANDS_CHOICES:
            raise InvalidRules(f"Minibazas se juega a {' o '.join(map(str, HANDS_CHOICES))} manos.")

    @classmethod
    def from_json(cls, data: object) -> Rules:
        if not isinstance(data, dict) or set(data) - {"hands"}:
            raise InvalidRules(f"Reglas de Minibazas ilegibles: {excerpt(data)}.")
        hands = data.get("hands", 2)
        if type(hands) is not int:
            raise InvalidRules("«hands» es un número de manos.")
        return cls(hands=hands)

    def to_json(self) -> dict[str, Any]:
        return {"hands": self.hands}


Action = Play


def parse_action(value: object) -> Action:
    if not isinstance(value, str):
        raise InvalidAction(f"Acción ilegible: {excerpt(value)}.", code="bad_action")
    return PLAYS[Card.parse(value)]


def action_to_json(action: Action) -> str:
    return action.card.code


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: Seat | None
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class State:
    rules: Rules
    code: str
    deals: tuple[Deal, ...]
    number: int
    hands: Deal
    turn: Seat | None
    leader: Seat
    trick: tuple[Card, ...] = ()
    taken: tuple[int, ...] = (0, 0, 0, 0)
    """Tricks taken in this hand."""
    totals: tuple[int, ...] = (0, 0, 0, 0)
    history: tuple[tuple[int, ...], ...] = ()
    """Each finished hand's tricks by seat."""
    outcome: Outcome | None = field(default=None)

    @classmethod
    def new(cls, rules: Rules, code: str, *, deals: tuple[Deal, ...] = ()) -> State:
        code = checked_start(code, deals, rules.deck)
        return cls._deal(rules, code, deals, 1, (0, 0, 0, 0), ())

    @classmethod
    def _deal(
        cls,
        rules: Rules,
        code: str,
        deals: tuple[Deal, ...],
        number: int,
        totals: tuple[int, ...],
        history: tuple[tuple[int, ...], ...],
    ) -> State:
        dealer = Seat((number + 2) % 4)  # East deals the first hand
        hands = (
            deals[number - 1]
            if number <= len(deals)
            else deal_for(code, number, dealer, rules.deck)
        )
        first = Seat((dealer + 1) % 4)
        return cls(rules, code, deals, number, hands, first, first, totals=totals, history=history)

    @property
    def dealer(self) -> Seat:
        return Seat((self.number + 2) % 4)

    def legal(self) -> tuple[Card, ...]:
        if self.turn is None:
            return ()
        held = self.hands[self.turn]
        if self.trick:
            follow = held & SUIT_MASKS[self.trick[0].suit]
            held = follow or held
        return cards_in(held)

    def apply(self, action: Action, seat: Seat | None = None) -> State:
        if self.turn is None:
            raise IllegalAction("La partida ha terminado.", code="game_over")
        if seat is not None and seat is not self.turn:
            raise IllegalAction(f"Le toca a {self.turn.name_es}.", code="not_your_turn")
        if not isinstance(action, Play):
            raise InvalidAction("En Minibazas solo se juegan cartas.", code="bad_action")
        card = action.card
        if not self.hands[self.turn] >> card & 1:
            raise IllegalAction(f"No tienes {card.code}.", code="not_in_hand")
        if card not in self.legal():
            raise IllegalAction("Debes asistir al palo de salida.", code="must_follow_suit")
        h = [mask & ~card.bit if s == self.turn else mask for s, mask in enumerate(self.hands)]
        hands: Deal = (h[0], h[1], h[2], h[3])
        trick = (*self.trick, card)
        if len(trick) < 4:
            return replace(self, hands=hands, trick=trick, turn=Seat((self.turn + 1) % 4))
        rule = self.rules.trick_rule
        winner = Seat((self.leader + trick_winner_index(trick, rule.trump, rule.top)) % 4)
        taken = tuple(n + (s == winner) for s, n in enumerate(self.taken))
        if any(hands):
            return replace(self, hands=hands, trick=(), turn=winner, leader=winner, taken=taken)
        totals = tuple(a + b for a, b in zip(self.totals, taken, strict=True))
        history = (*self.history, taken)
        if self.number < self.rules.hands:
            return State._deal(self.rules, self.code, self.deals, self.number + 1, totals, history)
        best = max(totals)
        winners = [s for s in Seat if totals[s] == best]
        outcome = Outcome(winners[0] if len(winners) == 1 else None, totals)
        return replace(
            self,
            hands=hands,
            trick=(),
            turn=None,
            taken=taken,
            totals=totals,
            history=history,
            outcome=outcome,
        )


def view_json(state: State, seat: Seat) -> dict[str, Any]:
    """``seat``'s view: its own cards, the trick, the points; never another hand."""
    return {
        "game": "minibazas",
        "seat": seat.key,
        "hand_number": state.number,
        "dealer": state.dealer.key,
        "turn": None if state.turn is None else state.turn.key,
        "hand": [card.code for card in cards_in(state.hands[seat])],
        "hand_sizes": {s.key: state.hands[s].bit_count() for s in Seat},
        "leader": state.leader.key,
        "trick": [card.code for card in state.trick],
        "taken": {s.key: state.taken[s] for s in Seat},
        "totals": {s.key: state.totals[s] for s in Seat},
        "legal": [card.code for card in state.legal()] if state.turn is seat else [],
        "outcome": None
        if state.outcome is None
        else {
            "winner": None if state.outcome.winner is None else state.outcome.winner.key,
            "totals": {s.key: state.outcome.totals[s] for s in Seat},
        },
    }
