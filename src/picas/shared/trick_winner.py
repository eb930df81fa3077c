"""Who wins a trick, for every trick-taking game: the highest of the cards above every trump if a
variant has them (jokers) and one was played, else the highest trump if any was played, else the
highest card of the led suit. A game's rules say which (its :class:`~picas.shared.decks.TrickRule`).

A module of its own so that the compiled hot path (:mod:`picas.compiled`) builds it with the
engines that call it once a trick: a call between compiled modules costs almost nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

NO_TRUMP: Final = -1
"""The ``trump`` of a game without one (Corazones)."""


def trick_winner_index(cards: Sequence[int], trump: int = NO_TRUMP, top: int = 0) -> int:
    """Position (0 = leader) of the card winning ``cards`` (card indices, in play order): the
    highest of the ``top`` cards (a mask; none in Spades or Corazones) if any was played, else the
    highest trump if any was played, else the highest card of the led suit. ``trump`` is a suit
    (Spades passes ♠) or :data:`NO_TRUMP` (Corazones)."""
    if top:
        above = -1
        for position in range(len(cards)):
            if top >> cards[position] & 1 and (above < 0 or cards[position] > cards[above]):
                above = position
        if above >= 0:
            return above
    best = 0
    best_card = cards[0]
    best_suit = best_card // 13
    for position in range(1, len(cards)):
        card = cards[position]
        suit = card // 13
        # A higher card of the suit now winning, or the first trump: a card of any other suit
        # never wins.
        if (suit == best_suit and card > best_card) or (suit == trump != best_suit):
            best, best_card, best_suit = position, card, suit
    return best
