"""The search weighs sampled deals from tables: the same floats as the plain formula, so the same
deals are kept and the same decisions made (the tables only make it cheaper)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from picas.games.spades.bots.search import bid_likelihood, table_likelihood

hands = st.lists(st.integers(0, 51), max_size=13, unique=True).map(
    lambda cards: sum(1 << c for c in cards)
)


@given(st.integers(0, 13), hands)
def test_the_tables_give_the_formulas_float_for_every_bid(bid: int, mask: int) -> None:
    assert table_likelihood(bid, mask) == bid_likelihood(bid, mask)


def test_the_tables_agree_on_whole_dealt_hands_with_many_high_cards() -> None:
    # Random 13-card hands rarely hold four aces or a long spade suit with the queen: deal those
    # on purpose, so every part of the table index is reached.
    rng = random.Random(3)
    high = [c for c in range(52) if c % 13 >= 9 or c >= 39]
    for _ in range(3000):
        cards = rng.sample(high, rng.randint(0, 13))
        cards += rng.sample([c for c in range(52) if c not in cards], 13 - len(cards))
        mask = sum(1 << c for c in cards)
        for bid in range(14):
            assert table_likelihood(bid, mask) == bid_likelihood(bid, mask)
