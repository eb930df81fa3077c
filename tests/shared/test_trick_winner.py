"""The shared trick winner: the highest trump if any, else the highest card of the led suit."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from picas.shared.cards import Card, Suit
from picas.shared.trick_winner import NO_TRUMP, trick_winner_index

tricks = st.lists(st.integers(0, 51), min_size=1, max_size=4, unique=True)
trumps = st.sampled_from([NO_TRUMP, *Suit])


def _by_strength(cards: list[int], trump: int) -> int:
    """The rule said another way: rank every card (trump over the led suit over the rest, then
    by rank) and take the strongest."""
    led = cards[0] // 13

    def strength(card: int) -> tuple[int, int]:
        suit = card // 13
        return (2 if suit == trump else 1 if suit == led else 0, card % 13)

    return max(range(len(cards)), key=lambda position: strength(cards[position]))


@given(tricks, trumps)
def test_the_winner_is_the_strongest_card(cards: list[int], trump: int) -> None:
    assert trick_winner_index(cards, trump) == _by_strength(cards, trump)


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        ("5H 2S 3S AS", NO_TRUMP, 0),  # no trump: only the led suit wins
        ("5H 2S 3S AS", Suit.SPADES, 3),  # the highest trump
        ("5H AH 2S KH", Suit.SPADES, 2),  # a low trump beats the led suit's ace
        ("2S 3S AH 4S", Suit.SPADES, 3),  # spades led: the highest spade
        ("TD 9D AC 2D", Suit.HEARTS, 0),  # no trump played: the led suit
    ],
)
def test_tricks_by_hand(cards: str, trump: int, winner: int) -> None:
    assert trick_winner_index([Card.parse(word) for word in cards.split()], trump) == winner
