"""Normal: a plan for the pass, card counting for the play.

The pass sheds ♠Q, ♠A and ♠K when too few low spades protect them, then empties the shortest side
suit it can, then gives away high hearts and high cards; low cards stay. A hand of sure winners
(at most as many cards that might lose a trick as it passes) passes those instead and plays for
the moon. A pass of four cards (a house rule) is the same plan with room for one more: a side suit
of four can go, and the fourth card is the next most dangerous. At a table with a bonus card (♦J,
or ♦10 in Omnibus: −10 to whoever takes it) it is never passed (it would be a gift), a side suit
holding it is not emptied, and the diamonds above it are the last high cards to go: they are what
wins it.
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
    bonus_of,
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

    def pass_cards(self, view: PlayerView, rng: random.Random) -> tuple[Card, ...]:
        size = view.rules.pass_size
        chosen = plan_pass([int(card) for card in view.hand], size, bonus_of(view))
        return tuple(CARDS[card] for card in chosen)

    def play(self, view: PlayerView, rng: random.Random) -> Card:
        return CARDS[choose(int(view.seat), mask(view.hand), table_of(view))]


def plan_pass(hand: list[int], size: int = 3, bonus: int = -1) -> list[int]:
    """``size`` cards: the losers of a moon hand, or Normal's plan (:func:`plan_safe_pass`)."""
    held = mask(hand)
    if tries_moon(held, size):
        return moon_pass(hand, held, size)
    return plan_safe_pass(hand, size, bonus)


def tries_moon(held: int, size: int = 3) -> bool:
    """A hand that passes for the moon: at most ``size`` cards (the pass) might lose a trick."""
    return losers(held, FULL_DECK_MASK & ~held) <= MOON_PASS + size - 3


def moon_pass(hand: list[int], held: int, size: int = 3) -> list[int]:
    """Cards that someone may beat, lowest first, then the lowest cards that are not hearts."""
    others = FULL_DECK_MASK & ~held
    weak = [c for c in hand if (others & SUIT_MASKS[suit(c)]) >> c]
    rest = [c for c in hand if c not in weak and suit(c) != HEARTS]
    chosen = ordered(weak) + ordered(rest) + ordered(c for c in hand if suit(c) == HEARTS)
    return chosen[:size]


def plan_safe_pass(hand: list[int], size: int = 3, bonus: int = -1) -> list[int]:
    """``size`` cards: unprotected top spades, a short side suit to void, then the highest cards;
    never the bonus card (``bonus``, −1 for none) while another will do."""
    chosen: list[int] = []
    low_spades = [c for c in hand if suit(c) == SPADES and c < QS]
    if len(low_spades) < COVER:
        chosen += [c for c in (QS, AS, KS) if c in hand]
    room = size - len(chosen)
    short = sorted(
        (
            s
            for s in (CLUBS, DIAMONDS)
            if 0 < sum(1 for c in hand if suit(c) == s) <= room and bonus not in hand_of(hand, s)
        ),
        key=lambda s: (sum(1 for c in hand if suit(c) == s), s),
    )
    if short:
        chosen += ordered(hand_of(hand, short[0]), high_first=True)
    protected = len(low_spades) >= COVER
    hunted = bonus if bonus not in hand else -1  # the bonus card is out: keep what can take it
    rest = sorted(
        (
            c
            for c in hand
            if c not in chosen and c != bonus and not (suit(c) == SPADES and (protected or c < QS))
        ),
        key=lambda c: (not _wins_bonus(c, hunted), rank(c), suit(c) == HEARTS, suit(c)),
        reverse=True,
    )
    chosen += rest
    kept = ordered((c for c in hand if c not in chosen and c != bonus), high_first=True)
    chosen += kept  # spades kept as cover
    chosen += [c for c in hand if c == bonus]
    return chosen[:size]


def hand_of(hand: list[int], s: int) -> list[int]:
    """The cards of suit ``s`` in ``hand``."""
    return [c for c in hand if suit(c) == s]


def _wins_bonus(card: int, bonus: int) -> bool:
    """A diamond above the bonus card, when the table has one: the card that can take it."""
    return bonus >= 0 and suit(card) == DIAMONDS and card > bonus
