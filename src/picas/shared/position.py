"""Positions that judge actions in one place, and the game of hands around a hand.

Every hand and game here answers the same three questions about an action: why it is refused
(:meth:`Position.check`, written once per game), whether it is allowed (:meth:`Position.can`) and
"refuse it or go on" (:meth:`Position.verify`). The last two are this base's, so they cannot drift
from the check. :class:`TrickGame` is what a game adds around its hand while the game is on.

Compiled with the hot path (:mod:`picas.compiled`): the states that inherit these are native
classes, and a native class may only inherit from native ones. They are not ``Generic`` on
purpose: a ``typing.Generic`` base is a Python class, and would give every state a ``__dict__``
that each method call from Python looks into (about 7 % of the Corazones engine benchmark). So
the action is typed ``Any`` here; each game's own methods narrow it.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Final, Self, TypeVar

from picas.shared.cards import JOKERS_MASK, SUIT_MASKS, Card, Suit, cards_in
from picas.shared.errors import IllegalAction, Refusal
from picas.shared.frozen import Frozen
from picas.shared.seats import Seat
from picas.shared.tricks import PLAYS, Play, Trick

UNREACHABLE: Final = Refusal("internal", "Jugada imposible.")
"""What a refusal says if a fast path refuses what :meth:`Position.check` allows (a bug)."""
GAME_OVER: Final = Refusal("game_over", "La partida ha terminado.")
HAND_OVER: Final = Refusal("hand_over", "La mano ya ha terminado.")


class Phase(Enum):
    """Where a hand is. Before its cards are played each game has its own phase (Spades bids,
    Corazones passes three cards; at Spades' «Dos jugadores» the two players first draw their
    cards from a stock); then every game plays, and the hand is complete."""

    DRAWING = "drawing"
    BIDDING = "bidding"
    PASSING = "passing"
    PLAYING = "playing"
    COMPLETE = "complete"


# Read once: in the compiled build an enum member is otherwise looked up on its class every time.
DRAWING: Final = Phase.DRAWING
BIDDING: Final = Phase.BIDDING
PASSING: Final = Phase.PASSING
PLAYING: Final = Phase.PLAYING
COMPLETE: Final = Phase.COMPLETE


class Position(Frozen):
    """An immutable position whose legality lives in :meth:`check`."""

    __slots__ = ()

    def check(self, action: Any, seat: Seat | None = None) -> Refusal | None:
        """Why ``action`` by ``seat`` (default: the seat on turn) is refused; ``None`` if legal."""
        raise NotImplementedError

    def verify(self, action: Any, seat: Seat | None = None) -> None:
        """Raise :class:`IllegalAction` with the refusal of ``action``, if it is refused."""
        refusal = self.check(action, seat)
        if refusal is not None:
            raise IllegalAction.from_refusal(refusal)

    def can(self, action: Any, seat: Seat | None = None) -> bool:
        return self.check(action, seat) is None

    def refused(self, action: Any) -> IllegalAction:
        """The error for an action a fast path has found illegal, with :meth:`check`'s reason."""
        return IllegalAction.from_refusal(self.check(action) or UNREACHABLE)


class TrickHand(Position):
    """One hand of a trick-taking game, as the game around it plays it (:class:`TrickGame`).

    The fields every such hand has are read-only properties here, and each game's hand declares
    them as its own ``Final`` fields (C slots on the compiled path, read directly by the game's
    own code); this base's methods read them through the properties.
    """

    __slots__ = ()

    @property
    def number(self) -> int:
        """The hand's number in its game, from 1."""
        raise NotImplementedError

    @property
    def dealer(self) -> Seat:
        raise NotImplementedError

    @property
    def hands(self) -> tuple[int, int, int, int]:
        """Card masks still held, by seat."""
        raise NotImplementedError

    @property
    def phase(self) -> Phase:
        raise NotImplementedError

    @property
    def turn(self) -> Seat | None:
        """Who acts next; ``None`` once the hand is complete."""
        raise NotImplementedError

    @property
    def leader(self) -> Seat:
        """Who led the trick in progress (who takes the next lead, between tricks)."""
        raise NotImplementedError

    @property
    def trick(self) -> tuple[Card, ...]:
        """The trick in progress, in play order from :attr:`leader`."""
        raise NotImplementedError

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks."""
        raise NotImplementedError

    def hand_of(self, seat: Seat) -> tuple[Card, ...]:
        return cards_in(self.hands[seat])

    def is_complete(self) -> bool:
        return self.phase is COMPLETE

    def refusal_for_card(self, card: Card) -> Refusal | None:
        """Why the seat on turn may not play ``card`` now (the dimmed card's message)."""
        return self.check(PLAYS[card])

    def legal_actions(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def legal_play_mask(self) -> int:
        """Cards the seat on turn may play, as a mask (0 when it is not a card's turn)."""
        raise NotImplementedError

    def apply(self, action: Any, seat: Seat | None = None) -> Self:
        """The hand after ``action``; refused: raises :class:`IllegalAction`, changing nothing.

        Each game's own ``apply`` sends a card of the seat on turn straight to its ``_play`` and
        everything else to :meth:`_apply_checked`. (Inherited from here, with the action typed
        ``Any``, a play called from Python took about 12 ns more: 7 % of Corazones' hand-level
        benchmark.)"""
        raise NotImplementedError

    def _apply_checked(self, action: Any, seat: Seat | None) -> Self:
        """:meth:`apply` for any action: refused, it raises; allowed, it is applied."""
        self.verify(action, seat)
        if type(action) is Play:
            return self._play(action.card)
        return self._apply_verified(action, seat)

    def _apply_verified(self, action: Any, seat: Seat | None) -> Self:
        """The hand after ``action``, not a card, that :meth:`check` allows: the game's own."""
        raise NotImplementedError

    def _play(self, card: Card) -> Self:
        """The hand after the seat on turn plays ``card``, refusing it exactly as :meth:`check`
        would: the hot path of every benchmark and replay. Each game's own starts with
        :meth:`_player_of`."""
        raise NotImplementedError

    def _player_of(self, card: int) -> int:
        """The seat on turn, if it may play ``card`` now (the bit of :meth:`legal_play_mask`);
        refused, it raises with :meth:`check`'s reason."""
        turn = self.turn
        if turn is None or not self.legal_play_mask() >> card & 1:
            raise self.refused(PLAYS[card])
        return turn


HandT = TypeVar("HandT", bound=TrickHand)


class TrickGame(Position):
    """A game of hands in sequence: what it says and refuses is its hand's while the game is on;
    once it is over, nothing is legal. Each game adds its fields, scoring and the next deal, and
    its own ``legal_actions`` (typed with its actions, and called once an action by the benchmarks
    and the bots: through this base's two virtual calls it took about 15 ns more)."""

    __slots__ = ()

    def _hand_in_play(self) -> TrickHand | None:
        """The hand being played; ``None`` once the game is over. (A method, not a property
        narrowed by each game's field: mypyc cannot override a property with a field of a
        narrower type.)"""
        raise NotImplementedError

    @property
    def turn(self) -> Seat | None:
        hand = self._hand_in_play()
        return None if hand is None else hand.turn

    @property
    def is_over(self) -> bool:
        return self._hand_in_play() is None

    def check(self, action: Any, seat: Seat | None = None) -> Refusal | None:
        hand = self._hand_in_play()
        return GAME_OVER if hand is None else hand.check(action, seat)

    def _next_hand(self, hand: HandT, action: Any, seat: Seat | None) -> HandT:
        """``hand`` (the game's) after ``action``; refused, or the game is over: raises."""
        if self._hand_in_play() is None:
            raise IllegalAction.from_refusal(GAME_OVER)
        if type(action) is Play and seat is None:
            play: Play = action  # typed: the compiled code reads its card natively, not by name
            return hand._play(play.card)  # the hot path: it checks legality itself
        return hand.apply(action, seat)


_FOLLOW_SUIT: Final = (0, 1, 2, 3, 3)
"""The suit a card follows as, by ``card // 13``: a joker (4) as a spade."""
_FOLLOW_MASKS: Final = (SUIT_MASKS[0], SUIT_MASKS[1], SUIT_MASKS[2], SUIT_MASKS[3] | JOKERS_MASK)
"""The cards that follow each suit: the spades with the jokers (none in a deck without them)."""


def follow_refusal(held: int, card: Card, trick: tuple[Card, ...]) -> Refusal | None:
    """What every trick-taking game here refuses of ``card`` played from the mask ``held`` onto
    ``trick``: a card not held, or one off the led suit while the hand still holds that suit."""
    if not held >> card & 1:
        return Refusal(
            "card_not_in_hand", f"No tienes esa carta ({card.name_es}).", {"card": card.code}
        )
    if trick:
        led = _FOLLOW_SUIT[trick[0] // 13]
        if _FOLLOW_SUIT[card // 13] != led and held & _FOLLOW_MASKS[led]:
            return Refusal(
                "must_follow_suit",
                f"Tienes {Suit(led).name_es}: debes asistir.",
                {"suit": Suit(led).name.lower()},
            )
    return None
