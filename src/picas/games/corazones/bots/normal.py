"""Normal: a plan for the pass, card counting for the play.

The pass sheds ♠Q, ♠A and ♠K when too few low spades protect them, then empties the shortest side
suit it can, then gives away high hearts and high cards; low cards stay. A hand of sure winners
(at most three cards that might lose a trick) passes those three instead and plays for the moon.
The play is :mod:`picas.games.corazones.bots.policy` (also what Difícil's playouts play): card
counting, ducking, ♠Q on whoever can take it, the moon tried when the cards allow and stopped when
another player tries it.
"""

from __future__ import annotations

import random

from picas.games.corazones.bots.cards import (
    AS,
    CLUBS,
    DIAMONDS,
    HEARTS,
    KS,
    QS,
    SPADES,
    mask,
    ordered,
    rank,
    suit,
    table_of,
)
from picas.games.corazones.bots.policy import choose, losers
from picas.games.corazones.view import PlayerView
from picas.shared.cards import CARDS, FULL_DECK_MASK, SUIT_MASKS, Card

COVER = 4
"""Low spades (below ♠Q) needed to keep ♠Q, ♠K or ♠A safely through the hand."""
MOON_PASS = 3
"""A hand with at most this many cards that might lose a trick passes them and tries the moon."""


class NormalBot:
    name = "normal"

    def pass_cards(self, view: PlayerView, rng: random.Random) -> tuple[Card, Card, Card]:
        chosen = plan_pass([int(card) for card in view.hand])
        return (CARDS[chosen[0]], CARDS[chosen[1]], CARDS[chosen[2]])

    def play(self, view: PlayerView, rng: random.Random) -> Card:
        return CARDS[choose(int(view.seat), mask(view.hand), table_of(view))]


def plan_pass(hand: list[int]) -> list[int]:
    """Three cards: the losers of a moon hand, or Normal's plan (:func:`plan_safe_pass`)."""
    held = mask(hand)
    if losers(held, FULL_DECK_MASK & ~held) <= MOON_PASS:
        return moon_pass(hand, held)
    return plan_safe_pass(hand)


def moon_pass(hand: list[int], held: int) -> list[int]:
    """Cards that someone may beat, lowest first, then the lowest cards that are not hearts."""
    others = FULL_DECK_MASK & ~held
    weak = [c for c in hand if (others & SUIT_MASKS[suit(c)]) >> c]
    rest = [c for c in hand if c not in weak and suit(c) != HEARTS]
    chosen = ordered(weak) + ordered(rest) + ordered(c for c in hand if suit(c) == HEARTS)
    return chosen[:3]


def plan_safe_pass(hand: list[int]) -> list[int]:
    """Three cards: unprotected top spades, a short side suit to void, then the highest cards."""
    chosen: list[int] = []
    low_spades = [c for c in hand if suit(c) == SPADES and c < QS]
    if len(low_spades) < COVER:
        chosen += [c for c in (QS, AS, KS) if c in hand]
    room = 3 - len(chosen)
    short = sorted(
        (s for s in (CLUBS, DIAMONDS) if 0 < sum(1 for c in hand if suit(c) == s) <= room),
        key=lambda s: (sum(1 for c in hand if suit(c) == s), s),
    )
    if short:
        chosen += ordered((c for c in hand if suit(c) == short[0]), high_first=True)
    protected = len(low_spades) >= COVER
    rest = sorted(
        (c for c in hand if c not in chosen and not (suit(c) == SPADES and (protected or c < QS))),
        key=lambda c: (rank(c), suit(c) == HEARTS, suit(c)),
        reverse=True,
    )
    chosen += rest
    chosen += ordered((c for c in hand if c not in chosen), high_first=True)  # spades kept as cover
    return chosen[:3]
