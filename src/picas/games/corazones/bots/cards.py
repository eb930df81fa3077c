"""Small card arithmetic the Corazones bots share: ranks, suits, the public table of a view."""

from __future__ import annotations

from collections.abc import Iterable

from picas.games.corazones.bots.policy import AS, CLUBS, DIAMONDS, HEARTS, KS, QS, SPADES, Table
from picas.games.corazones.view import PlayerView
from picas.shared.cards import Card, mask_of

# The card constants live with the policy; the bots import them from here with the helpers.
__all__ = [
    "AS",
    "CLUBS",
    "DIAMONDS",
    "HEARTS",
    "KS",
    "QS",
    "SPADES",
    "Table",
    "bonus_of",
    "mask",
    "ordered",
    "rank",
    "suit",
    "table_of",
    "trick_winner",
]


def rank(card: int) -> int:
    """0 for a two … 12 for an ace."""
    return card % 13


def suit(card: int) -> int:
    return card // 13


def ordered(cards: Iterable[int], *, high_first: bool = False) -> list[int]:
    """By rank, then by suit (clubs first), so every choice is the same on every run."""
    return sorted(cards, key=lambda c: (rank(c), suit(c)), reverse=high_first)


def mask(cards: Iterable[int]) -> int:
    return mask_of(cards)


def trick_winner(trick: tuple[Card, ...]) -> int:
    """The card winning the trick so far (the highest of the led suit)."""
    led = suit(trick[0])
    return max(c for c in trick if suit(c) == led)


def table_of(view: PlayerView) -> Table:
    """The public part of the hand in ``view``, as the play policy reads it."""
    voids = [0, 0, 0, 0]
    for leader, cards in (*((t.leader, t.cards) for t in view.tricks), (view.leader, view.trick)):
        for position, card in enumerate(cards[1:], start=1):
            if suit(card) != suit(cards[0]):
                voids[(leader + position) % 4] |= 1 << suit(cards[0])
    return Table(
        trick=[int(card) for card in view.trick],
        leader=int(view.leader),
        played=mask(card for _, card in view.played_cards()),
        voids=voids,
        points=view.points_taken,
        tricks_done=len(view.tricks),
        broken=view.hearts_broken,
        bonus=bonus_of(view),
    )


def bonus_of(view: PlayerView) -> int:
    """The table's bonus card (♦J, or ♦10 in Omnibus) as the policy reads it: −1 for none."""
    card = view.rules.bonus_card
    return -1 if card is None else int(card)
