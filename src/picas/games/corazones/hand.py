"""One hand of Corazones: the deal, the pass and the thirteen tricks.

Like Spades' hand, ``HandState`` is an immutable value (a native class on the compiled path,
:mod:`picas.compiled`, whose fields are C slots) and legality lives in one place,
:meth:`HandState.check`; ``apply`` refuses exactly what ``check`` refuses. Points are not counted
here: ``taken`` keeps the cards each seat has won, and :mod:`picas.games.corazones.scoring` reads
them.
"""

from __future__ import annotations

from itertools import combinations
from typing import ClassVar, Final, final

from picas.games.corazones.actions import Action, Pass
from picas.games.corazones.passing import PassDirection
from picas.games.corazones.rules import JACK_OF_DIAMONDS as JACK_OF_DIAMONDS
from picas.games.corazones.rules import TEN_OF_DIAMONDS as TEN_OF_DIAMONDS
from picas.games.corazones.rules import Rules
from picas.shared.cards import SUIT_MASKS, Card, Rank, Suit, cards_in
from picas.shared.errors import Refusal
from picas.shared.fast import at, bits_of, closed_trick, played, plays_of, replaced, suit_bits
from picas.shared.position import (
    COMPLETE,
    HAND_OVER,
    PASSING,
    PLAYING,
    Phase,
    TrickHand,
    follow_refusal,
)
from picas.shared.seats import Seat
from picas.shared.tricks import Play, Trick

TWO_OF_CLUBS = Card.of(Rank.TWO, Suit.CLUBS)
QUEEN_OF_SPADES = Card.of(Rank.QUEEN, Suit.SPADES)
HEARTS = SUIT_MASKS[Suit.HEARTS]
POINTS = HEARTS | QUEEN_OF_SPADES.bit
"""The point cards: every heart and ♠Q. Playing one breaks hearts (♠Q unless the table's rules
say it does not: :attr:`Rules.breakers`)."""
_TWO_OF_CLUBS_BIT: Final = TWO_OF_CLUBS.bit
_NOT_POINTS: Final = ~POINTS
_NOT_HEARTS: Final = ~HEARTS
_SEATS: Final = tuple(Seat)
_HAND_FIELDS: Final = (
    "number",
    "dealer",
    "direction",
    "dealt",
    "passed",
    "received",
    "hands",
    "phase",
    "turn",
    "leader",
    "trick",
    "tricks",
    "taken",
    "hearts_broken",
    "pass_size",
    "breakers",
)

Deal = tuple[int, int, int, int]

_TRUMP: Final = Rules.trick_rule.trump
_TOP: Final = Rules.trick_rule.top
"""The trick rule, from the rules (no trump, nothing above the led suit)."""


_STANDARD: Final = Rules()
_WORDS: Final = {3: "tres", 4: "cuatro"}


def pass_size_refusal(size: int) -> Refusal:
    """A pass of the wrong number of cards (the code keeps its name from the three-card game)."""
    return Refusal(
        "pass_three_cards", f"Hay que pasar exactamente {_WORDS[size]} cartas.", {"n": size}
    )


def holder_of(card: Card, hands: Deal) -> Seat:
    bit = card.bit
    return next(seat for seat in _SEATS if at(hands, seat) & bit)


@final
class HandState(TrickHand):
    """One position of a hand. Immutable: :meth:`apply` returns the next position."""

    __slots__ = _HAND_FIELDS
    _FIELDS: ClassVar[tuple[str, ...]] = _HAND_FIELDS

    number: Final[int]
    dealer: Final[Seat]
    direction: Final[PassDirection]
    dealt: Final[Deal]
    """The hands as dealt, before the pass."""
    passed: Final[Deal]
    """The cards each seat chose to pass (0 until it has chosen)."""
    received: Final[Deal]
    """The cards each seat received (0 until all four have passed)."""
    hands: Final[Deal]
    """Card masks still held, by seat."""
    phase: Final[Phase]
    turn: Final[Seat | None]
    """While passing: the first seat (from South) still to choose; any seat still to choose may."""
    leader: Final[Seat]
    trick: Final[tuple[Card, ...]]
    tricks: Final[tuple[Trick, ...]]
    taken: Final[Deal]
    """The cards each seat has won in tricks."""
    hearts_broken: Final[bool]
    pass_size: Final[int]
    """Cards each seat passes on this hand (the rules' 3 or 4)."""
    breakers: Final[int]
    """The cards whose play breaks hearts (the rules' :attr:`Rules.breakers`)."""

    def __init__(
        self,
        number: int,
        dealer: Seat,
        direction: PassDirection,
        dealt: Deal,
        passed: Deal,
        received: Deal,
        hands: Deal,
        phase: Phase,
        turn: Seat | None,
        leader: Seat,
        trick: tuple[Card, ...],
        tricks: tuple[Trick, ...],
        taken: Deal,
        hearts_broken: bool,
        pass_size: int = 3,
        breakers: int = POINTS,
    ) -> None:
        self.number = number
        self.dealer = dealer
        self.direction = direction
        self.dealt = dealt
        self.passed = passed
        self.received = received
        self.hands = hands
        self.phase = phase
        self.turn = turn
        self.leader = leader
        self.trick = trick
        self.tricks = tricks
        self.taken = taken
        self.hearts_broken = hearts_broken
        self.pass_size = pass_size
        self.breakers = breakers

    @classmethod
    def deal(
        cls,
        *,
        number: int,
        dealer: Seat,
        hands: Deal,
        direction: PassDirection,
        rules: Rules | None = None,
    ) -> HandState:
        """Hand ``number`` as dealt, played by ``rules`` (the standard game's when ``None``): they
        fix how many cards are passed and what breaks hearts."""
        passing = direction is not PassDirection.NONE
        table = _STANDARD if rules is None else rules
        first = holder_of(TWO_OF_CLUBS, hands)
        return HandState(
            number,
            dealer,
            direction,
            hands,
            (0, 0, 0, 0),
            (0, 0, 0, 0),
            hands,
            PASSING if passing else PLAYING,
            Seat.SOUTH if passing else first,
            first,
            (),
            (),
            (0, 0, 0, 0),
            False,
            table.pass_size,
            table.breakers,
        )

    # --- reading -----------------------------------------------------------------------------

    def still_to_pass(self) -> tuple[Seat, ...]:
        if self.phase is not PASSING:
            return ()
        return tuple(seat for seat in _SEATS if not self.passed[seat])

    def legal_play_mask(self) -> int:
        """Cards the seat on turn may play, as a mask (0 outside the playing phase)."""
        turn = self.turn
        if self.phase is not PLAYING or turn is None:
            return 0
        held = at(self.hands, turn)
        trick = self.trick
        if trick:
            follow = held & suit_bits(trick[0])
            if follow:
                return follow
            if not self.tricks:
                return held & _NOT_POINTS or held
            return held
        if not self.tricks:
            return held & _TWO_OF_CLUBS_BIT
        if self.hearts_broken:
            return held
        return held & _NOT_HEARTS or held

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the seat on turn; while passing, every set of ``pass_size``
        cards."""
        phase = self.phase
        if phase is PLAYING:
            return plays_of(self.legal_play_mask())
        if phase is PASSING and self.turn is not None:
            chosen = combinations(self.hand_of(self.turn), self.pass_size)
            return tuple(Pass(cards) for cards in chosen)
        return ()

    # --- verify / can / apply ----------------------------------------------------------------

    def check(self, action: Action, seat: Seat | None = None) -> Refusal | None:
        turn = self.turn
        if self.phase is COMPLETE or turn is None:
            return HAND_OVER
        if isinstance(action, Pass):
            return self._check_pass(action, turn if seat is None else seat)
        if not isinstance(action, Play):
            return Refusal("bad_action", "Esa acción no existe.")
        if self.phase is PASSING:
            return Refusal(
                "passing_not_over",
                f"Antes de jugar se pasan {_WORDS[self.pass_size]} cartas.",
                {"n": self.pass_size},
            )
        if seat is not None and seat != turn:
            return Refusal(
                "not_your_turn", f"No es tu turno: le toca a {turn.name_es}.", {"seat": turn.key}
            )
        return self._check_card(action.card)

    def _check_pass(self, action: Pass, seat: Seat) -> Refusal | None:
        if self.phase is not PASSING:
            if self.direction is PassDirection.NONE:
                return Refusal("no_pass_this_hand", "En esta mano no se pasan cartas.")
            return Refusal("passing_over", "Las cartas ya se han pasado: ahora se juega.")
        if at(self.passed, seat):
            return Refusal("already_passed", "Ya has elegido las cartas que pasas.")
        size = self.pass_size
        if len(action.cards) != size:
            return pass_size_refusal(size)
        chosen = bits_of(action.cards)  # Pass.mask, computed natively
        if chosen.bit_count() != size:
            return Refusal("pass_repeated_card", "No puedes pasar dos veces la misma carta.")
        missing = chosen & ~at(self.hands, seat)
        if missing:
            card = cards_in(missing)[0]
            return Refusal(
                "card_not_in_hand", f"No tienes esa carta ({card.name_es}).", {"card": card.code}
            )
        return None

    def _check_card(self, card: Card) -> Refusal | None:
        assert self.turn is not None
        held = self.hands[self.turn]
        bit = card.bit
        refusal = follow_refusal(held, card, self.trick)
        if refusal is not None:
            return refusal
        if self.trick:
            if not self.tricks and bit & POINTS and held & ~POINTS:
                return Refusal(
                    "no_points_first_trick", "En la primera baza no se pueden jugar puntos."
                )
            return None
        if not self.tricks and card != TWO_OF_CLUBS:
            return Refusal("lead_two_of_clubs", "La primera baza se abre con el 2 de tréboles.")
        if bit & HEARTS and not self.hearts_broken and held & ~HEARTS:
            return Refusal("hearts_not_broken", "Los corazones aún no se han roto.")
        return None

    def apply(self, action: Action, seat: Seat | None = None) -> HandState:
        """The hand after ``action``: a card by the seat on turn, or a pass by ``seat`` (by
        default the first seat still to choose); refused: raises :class:`IllegalAction` with
        :meth:`check`'s reason."""
        if type(action) is Play and seat is None:
            return self._play(action.card)  # the hot path: a direct call, it checks legality
        return self._apply_checked(action, seat)

    def _apply_verified(self, action: Action, seat: Seat | None) -> HandState:
        assert isinstance(action, Pass)  # verified: a hand of Corazones has no other action
        giver = self.turn if seat is None else seat
        assert giver is not None
        return self._pass(giver, bits_of(action.cards))

    # --- the changes (only after verification) -----------------------------------------------

    def _pass(self, giver: Seat, chosen: int) -> HandState:
        passed = replaced(self.passed, giver, chosen)
        waiting = [seat for seat in _SEATS if not at(passed, seat)]
        if waiting:
            return HandState(
                self.number,
                self.dealer,
                self.direction,
                self.dealt,
                passed,
                self.received,
                self.hands,
                self.phase,
                waiting[0],
                self.leader,
                self.trick,
                self.tricks,
                self.taken,
                self.hearts_broken,
                self.pass_size,
                self.breakers,
            )
        # All four have chosen: the cards change hands at once.
        offset: int = self.direction.offset
        received = (
            at(passed, -offset & 3),
            at(passed, 1 - offset & 3),
            at(passed, 2 - offset & 3),
            at(passed, 3 - offset & 3),
        )
        held = self.hands
        hands = (
            held[0] & ~passed[0] | received[0],
            held[1] & ~passed[1] | received[1],
            held[2] & ~passed[2] | received[2],
            held[3] & ~passed[3] | received[3],
        )
        first = holder_of(TWO_OF_CLUBS, hands)
        return HandState(
            self.number,
            self.dealer,
            self.direction,
            self.dealt,
            passed,
            received,
            hands,
            PLAYING,
            first,
            first,
            self.trick,
            self.tricks,
            self.taken,
            self.hearts_broken,
            self.pass_size,
            self.breakers,
        )

    def _play(self, card: Card) -> HandState:
        index: int = card  # unboxed once: a Card's own arithmetic would be Python's
        seat = self._player_of(index)
        bit = 1 << index
        hands = replaced(self.hands, seat, at(self.hands, seat) ^ bit)
        broken = self.hearts_broken or bit & self.breakers != 0
        trick = played(self.trick, card)
        if len(trick) == 4:
            return self._end_trick(hands, trick, broken)
        return HandState(
            self.number,
            self.dealer,
            self.direction,
            self.dealt,
            self.passed,
            self.received,
            hands,
            PLAYING,
            _SEATS[(seat + 1) & 3],
            self.leader,
            trick,
            self.tricks,
            self.taken,
            broken,
            self.pass_size,
            self.breakers,
        )

    def _end_trick(self, hands: Deal, cards: tuple[Card, ...], broken: bool) -> HandState:
        taker, tricks = closed_trick(self.tricks, self.leader, cards, _TRUMP, _TOP)
        winner = _SEATS[taker]
        taken = replaced(self.taken, taker, at(self.taken, taker) | bits_of(cards))
        complete = len(tricks) == 13
        return HandState(
            self.number,
            self.dealer,
            self.direction,
            self.dealt,
            self.passed,
            self.received,
            hands,
            COMPLETE if complete else PLAYING,
            None if complete else winner,
            winner,
            (),
            tricks,
            taken,
            broken,
            self.pass_size,
            self.breakers,
        )
