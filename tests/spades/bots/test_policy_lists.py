"""The playouts' list-typed helpers read the cards exactly as the engine and the rules do."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from picas.games.spades.bots.knowledge import SUIT_COUNT
from picas.games.spades.bots.policy import max_rank, min_rank, winner_position
from picas.shared.cards import Suit
from picas.shared.trick_winner import trick_winner_index

tricks = st.lists(st.integers(0, 51), min_size=1, max_size=4, unique=True)
masks = st.integers(1, (1 << 52) - 1)


@given(tricks)
def test_the_winner_of_a_trick_is_the_engines(trick: list[int]) -> None:
    assert winner_position(trick) == trick_winner_index(tuple(trick), Suit.SPADES)


@given(masks)
def test_the_lowest_rank_prefers_the_side_suits_on_a_tie(mask: int) -> None:
    cards = [c for c in range(52) if mask >> c & 1]
    assert min_rank(mask) == min(cards, key=lambda c: (c % 13, c // 13))


@given(masks)
def test_the_highest_rank_prefers_the_side_suits_unless_spades_come_first(mask: int) -> None:
    cards = [c for c in range(52) if mask >> c & 1]
    assert max_rank(mask) == max(cards, key=lambda c: (c % 13, -(c // 13)))
    spades_first = max(cards, key=lambda c: (c % 13, c // 13 == 3, -(c // 13)))
    assert max_rank(mask, spades_first=True) == spades_first


@given(st.integers(0, (1 << 13) - 1))
def test_a_suit_count_is_the_number_of_cards(pattern: int) -> None:
    assert SUIT_COUNT[pattern] == bin(pattern).count("1")
