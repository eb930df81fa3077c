"""One hand: the deal, the bidding and the thirteen tricks.

``HandState`` is an immutable value; ``apply`` returns a new one. It is a ``NamedTuple`` rather
than a frozen dataclass because a search bot and the benchmarks create millions of them, and a tuple
is built four times faster. Legality lives in one place, :meth:`HandState.check`: ``verify`` raises
its refusal, ``can`` tests it, ``apply`` verifies before it changes anything.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from picas.games.spades.actions import (
    BIDS,
    BLIND_NIL,
    LOOK,
    Action,
    Bid,
    BlindNil,
    LookAtCards,
)
from picas.shared.cards import SUIT_CARDS, SUIT_MASKS, Card, Suit, cards_in
from picas.shared.errors import IllegalAction, Refusal
from picas.shared.seats import Seat
from picas.shared.trick_winner import trick_winner_index
from picas.shared.tricks import PLAYS, Play, Trick

_SEATS = tuple(Seat)
_SPADES = SUIT_MASKS[Suit.SPADES]
_NON_SPADES = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2]
_FIRST_SPADE = 39
_TRUMP = int(Suit.SPADES)
# Building a NamedTuple through ``tuple.__new__`` skips the keyword-handling wrapper: the playout
# loop builds one per card.
_new_hand = tuple.__new__
_SUIT_PLAYS = tuple(
    tuple(tuple(PLAYS[card] for card in cards) for cards in table) for table in SUIT_CARDS
)


class Phase(Enum):
    BIDDING = "bidding"
    PLAYING = "playing"
    COMPLETE = "complete"


class HandState(NamedTuple):
    number: int
    dealer: Seat
    dealt: tuple[int, int, int, int]
    hands: tuple[int, int, int, int]
    """Card masks still held, by seat."""
    bids: tuple[int | None, int | None, int | None, int | None]
    blind: tuple[bool, bool, bool, bool]
    looked: tuple[bool, bool, bool, bool]
    """Whether each seat has seen its cards. Only a seat offered Blind Nil starts face down."""
    blind_offered: tuple[bool, bool, bool, bool]
    phase: Phase
    turn: Seat | None
    leader: Seat
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    won: tuple[int, int, int, int]
    spades_broken: bool

    @classmethod
    def deal(
        cls,
        *,
        number: int,
        dealer: Seat,
        hands: tuple[int, int, int, int],
        blind_offered: tuple[bool, bool, bool, bool] = (False, False, False, False),
    ) -> HandState:
        first = dealer.left
        looked = (
            not blind_offered[0],
            not blind_offered[1],
            not blind_offered[2],
            not blind_offered[3],
        )
        return cls(
            number=number,
            dealer=dealer,
            dealt=hands,
            hands=hands,
            bids=(None, None, None, None),
            blind=(False, False, False, False),
            looked=looked,
            blind_offered=blind_offered,
            phase=Phase.BIDDING,
            turn=first,
            leader=first,
            trick=(),
            tricks=(),
            won=(0, 0, 0, 0),
            spades_broken=False,
        )

    # --- reading -----------------------------------------------------------------------------

    def hand_of(self, seat: Seat) -> tuple[Card, ...]:
        return cards_in(self.hands[seat])

    def is_complete(self) -> bool:
        return self.phase is Phase.COMPLETE

    @property
    def led_suit(self) -> Suit | None:
        return self.trick[0].suit if self.trick else None

    def legal_play_mask(self) -> int:
        """Cards the seat on turn may play, as a mask (0 outside the playing phase)."""
        if self.phase is not Phase.PLAYING or self.turn is None:
            return 0
        held = self.hands[self.turn]
        if self.trick:
            follow = held & SUIT_MASKS[self.trick[0] // 13]
            return follow or held
        if self.spades_broken:
            return held
        return held & _NON_SPADES or held

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase is Phase.PLAYING:
            held = self.hands[self.turn]  # type: ignore[index]  # playing: someone is on turn
            trick = self.trick
            if trick:
                mask = held & SUIT_MASKS[trick[0] // 13] or held
            elif self.spades_broken:
                mask = held
            else:
                mask = held & _NON_SPADES or held
            return (
                _SUIT_PLAYS[0][mask & 0x1FFF]
                + _SUIT_PLAYS[1][mask >> 13 & 0x1FFF]
                + _SUIT_PLAYS[2][mask >> 26 & 0x1FFF]
                + _SUIT_PLAYS[3][mask >> 39 & 0x1FFF]
            )
        if self.phase is Phase.BIDDING and self.turn is not None:
            if not self.looked[self.turn]:
                return (BLIND_NIL, LOOK)
            return BIDS
        return ()

    # --- verify / can / apply ----------------------------------------------------------------

    def check(self, action: Action, seat: Seat | None = None) -> Refusal | None:
        """Why ``action`` by ``seat`` (default: the seat on turn) is refused; ``None`` if legal."""
        turn = self.turn
        if self.phase is Phase.COMPLETE or turn is None:
            return Refusal("hand_over", "La mano ya ha terminado.")
        if seat is not None and seat != turn:
            return Refusal("not_your_turn", f"No es tu turno: le toca a {turn.name_es}.")
        if isinstance(action, Play):
            if self.phase is not Phase.PLAYING:
                return Refusal("bidding_not_over", "Aún se está cantando: primero canta tu baza.")
            return self._check_card(action.card)
        if self.phase is not Phase.BIDDING:
            return Refusal("bidding_over", "Ya se ha cantado: ahora se juegan las cartas.")
        if isinstance(action, Bid):
            if not 0 <= action.tricks <= 13:
                return Refusal("bid_out_of_range", "El canto va de 0 a 13.")
            if not self.looked[turn]:
                return Refusal(
                    "decide_blind_nil", "Antes de cantar, elige: Nil ciego o ver tus cartas."
                )
            return None
        if isinstance(action, BlindNil):
            if not self.blind_offered[turn]:
                return Refusal(
                    "blind_nil_not_offered",
                    "El Nil ciego solo se ofrece si está activado y tu equipo va 100 puntos"
                    " o más por detrás.",
                )
            if self.looked[turn]:
                return Refusal(
                    "cards_already_seen",
                    "Ya has visto tus cartas: el Nil ciego se canta antes de mirarlas.",
                )
            return None
        if isinstance(action, LookAtCards):
            if self.looked[turn]:
                return Refusal("cards_already_seen", "Ya tienes tus cartas a la vista.")
            return None
        return Refusal("bad_action", "Esa acción no existe.")

    def refusal_for_card(self, card: Card) -> Refusal | None:
        """Why the seat on turn may not play ``card`` now (the dimmed card's message)."""
        return self.check(PLAYS[card])

    def _check_card(self, card: Card) -> Refusal | None:
        assert self.turn is not None
        held = self.hands[self.turn]
        if not held >> card & 1:
            return Refusal("card_not_in_hand", f"No tienes esa carta ({card.name_es}).")
        if self.trick:
            led = self.trick[0] // 13
            if card // 13 != led and held & SUIT_MASKS[led]:
                suit = Suit(led).name_es
                return Refusal("must_follow_suit", f"Tienes {suit}: debes asistir.")
            return None
        if card >= _FIRST_SPADE and not self.spades_broken and held & _NON_SPADES:
            return Refusal("spades_not_broken", "Las picas aún no se han roto.")
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
        if isinstance(action, Bid):
            return self._bid(action.tricks, blind=False)
        if isinstance(action, BlindNil):
            return self._bid(0, blind=True)
        return self._look()

    # --- the changes (only after verification) -----------------------------------------------

    def _look(self) -> HandState:
        turn = self.turn
        assert turn is not None
        looked = list(self.looked)
        looked[turn] = True
        return self._replace(looked=(looked[0], looked[1], looked[2], looked[3]))

    def _bid(self, tricks: int, *, blind: bool) -> HandState:
        turn = self.turn
        assert turn is not None
        bids = list(self.bids)
        bids[turn] = tricks
        flags = list(self.blind)
        flags[turn] = blind
        looked = list(self.looked)
        looked[turn] = True
        next_turn = turn.left
        done = next_turn is self.dealer.left
        return self._replace(
            bids=(bids[0], bids[1], bids[2], bids[3]),
            blind=(flags[0], flags[1], flags[2], flags[3]),
            looked=(looked[0], looked[1], looked[2], looked[3]),
            phase=Phase.PLAYING if done else Phase.BIDDING,
            turn=next_turn,
        )

    def _play(self, card: Card) -> HandState:
        """Play ``card`` for the seat on turn, refusing it exactly as :meth:`check` would.

        The hot path of every playout and benchmark: the fields are unpacked once and the legality
        test is inlined; any refusal is re-derived by :meth:`check` so the reason is the same.
        """
        (
            number,
            dealer,
            dealt,
            hands,
            bids,
            blind,
            looked,
            offered,
            phase,
            turn,
            leader,
            trick,
            tricks,
            won,
            broken,
        ) = self
        if phase is not Phase.PLAYING or turn is None:
            raise IllegalAction.from_refusal(self.check(PLAYS[card]) or _UNREACHABLE)
        held = hands[turn]
        bit = 1 << card
        if trick:
            led_mask = SUIT_MASKS[trick[0] // 13]
            legal = held & bit and (bit & led_mask or not held & led_mask)
        else:
            legal = held & bit and (broken or card < _FIRST_SPADE or not held & _NON_SPADES)
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
        if trick:
            # Spades break when one falls on a trick led in another suit (SPEC §1).
            broken = broken or (card >= _FIRST_SPADE and trick[0] < _FIRST_SPADE)
            trick = (*trick, card)
        else:
            trick = (card,)
        if len(trick) < 4:
            return _new_hand(
                HandState,
                (
                    number,
                    dealer,
                    dealt,
                    (h0, h1, h2, h3),
                    bids,
                    blind,
                    looked,
                    offered,
                    phase,
                    _SEATS[(turn + 1) & 3],
                    leader,
                    trick,
                    tricks,
                    won,
                    broken,
                ),
            )
        winner = _SEATS[(leader + trick_winner_index(trick, _TRUMP)) & 3]
        w0, w1, w2, w3 = won
        if winner == 0:
            w0 += 1
        elif winner == 1:
            w1 += 1
        elif winner == 2:
            w2 += 1
        else:
            w3 += 1
        tricks = (*tricks, Trick(leader, trick, winner))  # type: ignore[arg-type]
        complete = len(tricks) == 13
        return _new_hand(
            HandState,
            (
                number,
                dealer,
                dealt,
                (h0, h1, h2, h3),
                bids,
                blind,
                looked,
                offered,
                Phase.COMPLETE if complete else Phase.PLAYING,
                None if complete else winner,
                winner,
                (),
                tricks,
                (w0, w1, w2, w3),
                broken,
            ),
        )


_UNREACHABLE = Refusal("internal", "Jugada imposible.")
