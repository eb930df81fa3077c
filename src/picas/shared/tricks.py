"""The trick and the play of a card: nouns every trick-taking game shares. Who wins a trick is
:mod:`picas.shared.trick_winner` (compiled with the hot path)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from picas.shared.cards import ANY_CARD, Card, Suit
from picas.shared.seats import Seat


@dataclass(frozen=True, slots=True)
class Play:
    card: Card

    def __reduce__(self) -> tuple[type[Play], tuple[Card]]:
        # Pickled by its card: compiled (picas.compiled), the default way would set a frozen field.
        return (Play, (self.card,))


PLAYS: tuple[Play, ...] = tuple(Play(card) for card in ANY_CARD)
"""One ``Play`` per card, by card index (the jokers' too): the engines hand these out instead of
building new ones."""


class Trick(NamedTuple):
    """A finished trick: who led, the cards in play order, who won. Four cards, or two at Spades'
    «Dos jugadores», whose seats are South and West (0 and 1): the seat of the ``i``-th card is
    ``(leader + i) % len(cards)`` either way."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat

    def played_by(self, seat: Seat) -> Card:
        return self.cards[(seat - self.leader) % len(self.cards)]

    @property
    def led_suit(self) -> Suit:
        return self.cards[0].suit
