"""The deck a game is dealt from and the rule that ranks a trick's cards: data a game's rules give
the shared deals, samplers and trick winner, so that a variant (two jokers as the top trumps with
two deuces out, a deal to two seats, a short deck) is a different deck and rule, not a fork.

Cards are indices (``suit * 13 + rank - 2`` for the 52; a variant's extra cards, jokers, take 52
and up) and a set of cards is a mask of their bits, as everywhere in :mod:`picas.shared`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from picas.shared.cards import FULL_DECK_MASK, JOKERS_MASK, SUIT_MASKS
from picas.shared.trick_winner import NO_TRUMP


@dataclass(frozen=True, slots=True)
class Deck:
    """Which cards are dealt, to which seats and how many each; the rest (if any) stay undealt."""

    cards: int = FULL_DECK_MASK
    """The deck as a mask of card bits."""
    seats: tuple[int, ...] = (0, 1, 2, 3)
    """The seats dealt to (``Seat`` values), clockwise; the others get no cards."""
    hand_size: int = 13
    """Cards each seat gets; ``len(seats) * hand_size`` at most the deck's size."""
    suit_masks: tuple[int, ...] = SUIT_MASKS
    """The deck's cards by the suit a player follows with them (a joker: the trump suit's), for
    the samplers: a seat shown out of a suit gets none of its cards."""
    order: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The deck's cards in index order: the order the shuffle starts from."""

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "order", tuple(i for i in range(self.cards.bit_length()) if self.cards >> i & 1)
        )
        if self.hand_size * len(self.seats) > len(self.order):
            raise ValueError("a deck cannot give every seat a hand of that size")


@dataclass(frozen=True, slots=True)
class TrickRule:
    """How a trick is won: the highest of the ``top`` cards if any was played (they beat every
    other card, ranked by their index: the big joker over the little one), else the highest
    ``trump`` if any, else the highest card of the led suit."""

    trump: int = NO_TRUMP
    """A suit, or :data:`~picas.shared.trick_winner.NO_TRUMP`."""
    top: int = 0
    """A mask of the cards above every trump (none in Spades or Corazones)."""


STANDARD_DECK = Deck()
"""The 52 cards, 13 to each of the four seats: both games' deck."""

_TWO_OF_HEARTS = 1 << 26
_TWO_OF_DIAMONDS = 1 << 13
JOKERS_DECK = Deck(
    cards=(FULL_DECK_MASK & ~(_TWO_OF_HEARTS | _TWO_OF_DIAMONDS)) | JOKERS_MASK,
    suit_masks=(
        SUIT_MASKS[0],
        SUIT_MASKS[1] & ~_TWO_OF_DIAMONDS,
        SUIT_MASKS[2] & ~_TWO_OF_HEARTS,
        SUIT_MASKS[3] | JOKERS_MASK,
    ),
)
"""Spades' «Comodines»: the 52 less ♥2 and ♦2, with the little and the big joker (52, 53), 13 to
each seat; a joker is dealt among the spades (a seat shown out of spades holds none)."""
