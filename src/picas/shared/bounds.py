"""What a game's longest record is written with (:mod:`picas.web.bounds` sums it up for every
game in the registry): each card in its longest legal spelling, the widest number of a range and
the widest printable character. Plain data, so a game's spec can use it without loading its
engine."""

from __future__ import annotations

SUITS = "CDHS"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Each rank in its longest legal spelling: ``10`` (3 bytes a card) where the server writes
``T``."""
LONGEST_CARDS = tuple(rank + suit for suit in SUITS for rank in RANKS)
"""The 52 cards, suit by suit, each in its longest spelling."""
WIDEST_PRINTABLE = "\U0001f0a1"
"""A printable character of the most bytes in UTF-8 (4): a name's widest letter."""


def widest_int(values: range) -> int:
    """The number of ``values`` with the most digits (a minus sign counts)."""
    return max((values[0], values[-1]), key=lambda n: len(str(n)))
