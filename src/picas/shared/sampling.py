"""What the games' Monte Carlo searches share: dealing the cards a seat cannot see, and the test
that lets a searched card replace the policy's.

A search plays a decision out on many deals consistent with what the seat knows: its own cards,
the cards gone, how many cards each other seat holds, the suits each has shown out of, and cards
known to be in a given hand (Corazones: the viewer's own pass, until played). :func:`deal_plan`
works out once per decision in which order the cards are dealt and who may get each;
:func:`deal_hands` deals one sample from it.

Compiled with the hot path (:mod:`picas.compiled`): a search deals thousands of samples a decision.
Everything is plain integers (cards as indices, hands as masks of card bits, seats 0–3).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from picas.shared.cards import SUIT_MASKS

DealPlan = list[tuple[int, list[int]]]
"""Per suit, most constrained first: the suit's cards to deal and the seats that may get them."""

NOTHING_KNOWN = (0, 0, 0, 0)
ALL_SEATS = (0, 1, 2, 3)


def deal_plan(
    me: int,
    free: int,
    voids: Sequence[int],
    suit_masks: Sequence[int] = SUIT_MASKS,
    seats: Sequence[int] = ALL_SEATS,
) -> DealPlan:
    """How to deal ``free`` (the cards to place) to the seats other than ``me``: suit by suit,
    those with the fewest possible holders first; a seat never gets a suit of its ``voids`` mask
    (bit ``s`` set: shown out of suit ``s``). The suits and the seats dealt to are the game's deck's
    (:class:`~picas.shared.decks.Deck`: the four suits of 13 and the four seats in both games)."""
    others = [s for s in seats if s != me]
    order = []
    for suit in range(len(suit_masks)):
        allowed = [s for s in others if not voids[s] >> suit & 1]
        order.append((len(allowed), suit, allowed, free & suit_masks[suit]))
    order.sort()
    return [(cards, allowed) for _count, _suit, allowed, cards in order]


def deal_hands(
    plan: DealPlan,
    me: int,
    mine: int,
    sizes: Sequence[int],
    known: Sequence[int],
    rng: random.Random,
    attempts: int,
) -> list[int] | None:
    """One deal of the four hands: ``mine`` for ``me``; for each other seat its ``known`` cards,
    then the plan's cards up to its hand size. Each card goes to one of its possible holders with
    probability proportional to the room left in their hands (close to uniform over the consistent
    deals). A deal that runs out of room starts again, up to ``attempts`` times; then ``None``."""
    uniform = rng.random  # int(uniform() * n) is several times cheaper than rng.randrange(n)
    k0, k1, k2, k3 = known
    s0, s1, s2, s3 = sizes
    for _attempt in range(attempts):
        # The hands and the room left in each as plain locals, not lists: the compiled path keeps
        # them unboxed (a 52-bit mask stored in a list is a new object each time).
        h0, h1, h2, h3 = k0, k1, k2, k3
        r0 = s0 - k0.bit_count()
        r1 = s1 - k1.bit_count()
        r2 = s2 - k2.bit_count()
        r3 = s3 - k3.bit_count()
        ok = True
        for suit_cards, allowed in plan:
            cards = suit_cards
            total = 0  # the room left among the allowed seats: one less for every card dealt
            for s in allowed:
                total += r0 if s == 0 else r1 if s == 1 else r2 if s == 2 else r3
            while cards:
                bit = cards & -cards
                cards ^= bit
                if not total:
                    ok = False
                    break
                pick = int(uniform() * total)
                total -= 1
                for s in allowed:
                    room = r0 if s == 0 else r1 if s == 1 else r2 if s == 2 else r3
                    if pick < room:
                        if s == 0:
                            h0 |= bit
                            r0 -= 1
                        elif s == 1:
                            h1 |= bit
                            r1 -= 1
                        elif s == 2:
                            h2 |= bit
                            r2 -= 1
                        else:
                            h3 |= bit
                            r3 -= 1
                        break
                    pick -= room
            if not ok:
                break
        if ok:
            hands = [h0, h1, h2, h3]
            hands[me] = mine
            return hands
    return None


def clearly_better(gains: Sequence[float], margin: float, confidence: float) -> bool:
    """Whether a card is clearly better than the policy's, from what it gained on each sample
    over the policy's card (the same samples price both, so the differences are paired): by more
    than ``margin`` plus ``confidence`` standard errors of the mean gain."""
    n = len(gains)
    mean = sum(gains) / n
    error = math.sqrt(sum((d - mean) ** 2 for d in gains) / max(1, n - 1) / n)
    return mean > margin + confidence * error
