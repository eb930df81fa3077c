"""One hand of Corazones: the deal, the pass and the thirteen tricks.

Like Spades' hand, ``HandState`` is an immutable ``NamedTuple`` (cheap to build on the hot path)
and legality lives in one place, :meth:`HandState.check`; ``apply`` refuses exactly what ``check``
refuses. Points are not counted here: ``taken`` keeps the cards each seat has won, and
:mod:`picas.games.corazones.scoring` reads them.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from itertools import combinations
from typing import NamedTuple

from picas.games.corazones.actions import PASS_SIZE, Action, Pass
from picas.games.corazones.passing import PassDirection
from picas.shared.cards import SUIT_CARDS, SUIT_MASKS, Card, Rank, Suit, cards_in
from picas.shared.errors import IllegalAction, Refusal
from picas.shared.seats import Seat
from picas.shared.trick_winner import trick_winner_index
from picas.shared.tricks import PLAYS, Play, Trick

TWO_OF_CLUBS = Card.of(Rank.TWO, Suit.CLUBS)
QUEEN_OF_SPADES = Card.of(Rank.QUEEN, Suit.SPADES)
JACK_OF_DIAMONDS = Card.of(Rank.JACK, Suit.DIAMONDS)
HEARTS = SUIT_MASKS[Suit.HEARTS]
POINTS = HEARTS | QUEEN_OF_SPADES.bit
"""The point cards: every heart and ♠Q. Playing one breaks hearts."""
_TWO_OF_CLUBS_BIT = TWO_OF_CLUBS.bit
_SEATS = tuple(Seat)
_new_hand = tuple.__new__
_SUIT_PLAYS = tuple(
    tuple(tuple(PLAYS[card] for card in cards) for cards in table) for table in SUIT_CARDS
)

Deal = tuple[int, int, int, int]


class Phase(Enum):
    PASSING = "passing"
    PLAYING = "playing"
    COMPLETE = "complete"


def holder_of(card: Card, hands: Deal) -> Seat:
    bit = card.bit
    return next(seat for seat in _SEATS if hands[seat] & bit)


class HandState(NamedTuple):
    number: int
    dealer: Seat
    direction: PassDirection
    dealt: Deal
    """The hands as dealt, before the pass."""
    passed: Deal
    """The cards each seat chose to pass (0 until it has chosen)."""
    received: Deal
    """The cards each seat received (0 until all four have passed)."""
    hands: Deal
    """Card masks still held, by seat."""
    phase: Phase
    turn: Seat | None
    """While passing: the first seat (from South) still to choose; any seat still to choose may."""
    leader: Seat
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    taken: Deal
    """The cards each seat has won in tricks."""
    hearts_broken: bool

    @classmethod
    def deal(cls, *, number: int, dealer: Seat, hands: Deal, direction: PassDirection) -> HandState:
        passing = direction is not PassDirection.NONE
        first = holder_of(TWO_OF_CLUBS, hands)
        return cls(
            number=number,
            dealer=dealer,
            direction=direction,
            dealt=hands,
            passed=(0, 0, 0, 0),
            received=(0, 0, 0, 0),
            hands=hands,
            phase=Phase.PASSING if passing else Phase.PLAYING,
            turn=Seat.SOUTH if passing else first,
            leader=first,
            trick=(),
            tricks=(),
            taken=(0, 0, 0, 0),
            hearts_broken=False,
        )

    # --- reading -----------------------------------------------------------------------------

    def hand_of(self, seat: Seat) -> tuple[Card, ...]:
        return cards_in(self.hands[seat])

    def is_complete(self) -> bool:
        return self.phase is Phase.COMPLETE

    def still_to_pass(self) -> tuple[Seat, ...]:
        if self.phase is not Phase.PASSING:
            return ()
        return tuple(seat for seat in _SEATS if not self.passed[seat])

    def legal_play_mask(self) -> int:
        """Cards the seat on turn may play, as a mask (0 outside the playing phase)."""
        if self.phase is not Phase.PLAYING or self.turn is None:
            return 0
        held = self.hands[self.turn]
        if self.trick:
            follow = held & SUIT_MASKS[self.trick[0] // 13]
            if follow:
                return follow
            if not self.tricks:
                return held & ~POINTS or held
            return held
        if not self.tricks:
            return _TWO_OF_CLUBS_BIT
        if self.hearts_broken:
            return held
        return held & ~HEARTS or held

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the seat on turn; while passing, every set of three cards."""
        phase = self.phase
        if phase is Phase.PLAYING:
            # legal_play_mask written out, the plays read a suit at a time: this runs for every
            # card of every playout.
            held = self.hands[self.turn]  # type: ignore[index]  # playing: someone is on turn
            trick = self.trick
            if trick:
                mask = held & SUIT_MASKS[trick[0] // 13]
                if not mask:
                    mask = held if self.tricks else held & ~POINTS or held
            elif not self.tricks:
                mask = _TWO_OF_CLUBS_BIT
            elif self.hearts_broken:
                mask = held
            else:
                mask = held & ~HEARTS or held
            return (
                _SUIT_PLAYS[0][mask & 0x1FFF]
                + _SUIT_PLAYS[1][mask >> 13 & 0x1FFF]
                + _SUIT_PLAYS[2][mask >> 26 & 0x1FFF]
                + _SUIT_PLAYS[3][mask >> 39 & 0x1FFF]
            )
        if phase is Phase.PASSING and self.turn is not None:
            return tuple(Pass(three) for three in combinations(self.hand_of(self.turn), PASS_SIZE))
        return ()

    # --- verify / can / apply ----------------------------------------------------------------

    def check(self, action: Action, seat: Seat | None = None) -> Refusal | None:
        """Why ``action`` by ``seat`` (default: the seat on turn) is refused; ``None`` if legal."""
        turn = self.turn
        if self.phase is Phase.COMPLETE or turn is None:
            return Refusal("hand_over", "La mano ya ha terminado.")
        if isinstance(action, Pass):
            return self._check_pass(action, turn if seat is None else seat)
        if not isinstance(action, Play):
            return Refusal("bad_action", "Esa acción no existe.")
        if self.phase is Phase.PASSING:
            return Refusal("passing_not_over", "Antes de jugar se pasan tres cartas.")
        if seat is not None and seat != turn:
            return Refusal("not_your_turn", f"No es tu turno: le toca a {turn.name_es}.")
        return self._check_card(action.card)

    def refusal_for_card(self, card: Card) -> Refusal | None:
        """Why the seat on turn may not play ``card`` now (the dimmed card's message)."""
        return self.check(PLAYS[card])

    def _check_pass(self, action: Pass, seat: Seat) -> Refusal | None:
        if self.phase is not Phase.PASSING:
            if self.direction is PassDirection.NONE:
                return Refusal("no_pass_this_hand", "En esta mano no se pasan cartas.")
            return Refusal("passing_over", "Las cartas ya se han pasado: ahora se juega.")
        if self.passed[seat]:
            return Refusal("already_passed", "Ya has elegido las cartas que pasas.")
        if len(action.cards) != PASS_SIZE:
            return Refusal("pass_three_cards", "Hay que pasar exactamente tres cartas.")
        chosen = action.mask
        if chosen.bit_count() != PASS_SIZE:
            return Refusal("pass_repeated_card", "No puedes pasar dos veces la misma carta.")
        missing = chosen & ~self.hands[seat]
        if missing:
            card = cards_in(missing)[0]
            return Refusal("card_not_in_hand", f"No tienes esa carta ({card.name_es}).")
        return None

    def _check_card(self, card: Card) -> Refusal | None:
        assert self.turn is not None
        held = self.hands[self.turn]
        bit = card.bit
        if not held & bit:
            return Refusal("card_not_in_hand", f"No tienes esa carta ({card.name_es}).")
        if self.trick:
            led = self.trick[0] // 13
            if not bit & SUIT_MASKS[led] and held & SUIT_MASKS[led]:
                suit = Suit(led).name_es
                return Refusal("must_follow_suit", f"Tienes {suit}: debes asistir.")
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

    def verify(self, action: Action, seat: Seat | None = None) -> None:
        refusal = self.check(action, seat)
        if refusal is not None:
            raise IllegalAction.from_refusal(refusal)

    def can(self, action: Action, seat: Seat | None = None) -> bool:
        return self.check(action, seat) is None

    def apply(self, action: Action, seat: Seat | None = None) -> HandState:
        """The hand after ``action``; refused: raises :class:`IllegalAction`, changing nothing."""
        if type(action) is Play and seat is None:
            return self._play(action.card)  # checks legality itself, on the hot path
        self.verify(action, seat)
        if isinstance(action, Play):
            return self._play(action.card)
        giver = self.turn if seat is None else seat
        assert giver is not None
        return self._pass(giver, action.mask)

    # --- the changes (only after verification) -----------------------------------------------

    def _pass(self, giver: Seat, chosen: int) -> HandState:
        passed = list(self.passed)
        passed[giver] = chosen
        waiting = [seat for seat in _SEATS if not passed[seat]]
        if waiting:
            return self._replace(passed=_four(passed), turn=waiting[0])
        # All four have chosen: the cards change hands at once.
        received = [passed[self.direction.giver(seat)] for seat in _SEATS]
        hands = _four([self.hands[s] & ~passed[s] | received[s] for s in _SEATS])
        first = holder_of(TWO_OF_CLUBS, hands)
        return self._replace(
            passed=_four(passed),
            received=_four(received),
            hands=hands,
            phase=Phase.PLAYING,
            turn=first,
            leader=first,
        )

    def _play(self, card: Card) -> HandState:
        """Play ``card`` for the seat on turn, refusing it exactly as :meth:`check` would.

        The hot path of every playout and benchmark: the fields are unpacked once and the legality
        test is inlined; any refusal is re-derived by :meth:`check` so the reason is the same.
        """
        (
            number,
            dealer,
            direction,
            dealt,
            passed,
            received,
            hands,
            phase,
            turn,
            leader,
            trick,
            tricks,
            taken,
            broken,
        ) = self
        if phase is not Phase.PLAYING or turn is None:
            raise IllegalAction.from_refusal(self.check(PLAYS[card]) or _UNREACHABLE)
        held = hands[turn]
        bit = 1 << card
        if not held & bit:
            legal = False
        elif trick:
            led_mask = SUIT_MASKS[trick[0] // 13]
            legal = bool(bit & led_mask) or (
                not held & led_mask and (tricks != () or not bit & POINTS or not held & ~POINTS)
            )
        elif not tricks:
            legal = card == 0
        else:
            legal = broken or not bit & HEARTS or not held & ~HEARTS
        if not legal:
            raise IllegalAction.from_refusal(self.check(PLAYS[card]) or _UNREACHABLE)
        h0, h1, h2, h3 = hands
        if turn == 0:
            h0 ^= bit
        elif turn == 1:
            h1 ^= bit
        elif turn == 2:
            h2 ^= bit
        else:
            h3 ^= bit
        broken = broken or bool(bit & POINTS)
        trick = (*trick, card) if trick else (card,)
        if len(trick) < 4:
            return _new_hand(
                HandState,
                (
                    number,
                    dealer,
                    direction,
                    dealt,
                    passed,
                    received,
                    (h0, h1, h2, h3),
                    phase,
                    _SEATS[(turn + 1) & 3],
                    leader,
                    trick,
                    tricks,
                    taken,
                    broken,
                ),
            )
        winner = _SEATS[(leader + trick_winner_index(trick)) & 3]
        won = 1 << trick[0] | 1 << trick[1] | 1 << trick[2] | 1 << trick[3]
        t0, t1, t2, t3 = taken
        if winner == 0:
            t0 |= won
        elif winner == 1:
            t1 |= won
        elif winner == 2:
            t2 |= won
        else:
            t3 |= won
        tricks = (*tricks, Trick(leader, trick, winner))  # type: ignore[arg-type]
        complete = len(tricks) == 13
        return _new_hand(
            HandState,
            (
                number,
                dealer,
                direction,
                dealt,
                passed,
                received,
                (h0, h1, h2, h3),
                Phase.COMPLETE if complete else Phase.PLAYING,
                None if complete else winner,
                winner,
                (),
                tricks,
                (t0, t1, t2, t3),
                broken,
            ),
        )


def _four(values: Sequence[int]) -> Deal:
    return (values[0], values[1], values[2], values[3])


_UNREACHABLE = Refusal("internal", "Jugada imposible.")
