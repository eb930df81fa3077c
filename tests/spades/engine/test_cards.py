"""Cards, suits, ranks, seats and card masks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from picas.games.spades import CARDS, Card, InvalidAction, Rank, Seat, Suit, Team, cards_in, mask_of


@pytest.mark.parametrize("text", ["QH", "qh", "Q♥", " QH ", "q♥"])
def test_parse_accepts_letter_and_symbol_notations(text: str) -> None:
    assert Card.parse(text) == Card.of(Rank.QUEEN, Suit.HEARTS)


@pytest.mark.parametrize("text", ["10h", "10H", "TH", "th", "10♥"])
def test_parse_accepts_ten_as_10_or_t(text: str) -> None:
    assert Card.parse(text) == Card.of(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("TS", Rank.TEN, Suit.SPADES),
        ("10♠", Rank.TEN, Suit.SPADES),
        ("2C", Rank.TWO, Suit.CLUBS),
        ("AS", Rank.ACE, Suit.SPADES),
        ("JD", Rank.JACK, Suit.DIAMONDS),
        ("K♦", Rank.KING, Suit.DIAMONDS),
    ],
)
def test_parse_reads_rank_then_suit(text: str, rank: Rank, suit: Suit) -> None:
    c = Card.parse(text)
    assert (c.rank, c.suit) == (rank, suit)


@pytest.mark.parametrize("text", ["ZZ", "", "1H", "11H", "QX", "HQ", "Q", "QHH", "0S"])
def test_parse_refuses_what_is_not_a_card(text: str) -> None:
    with pytest.raises(InvalidAction) as info:
        Card.parse(text)
    assert info.value.code == "bad_card"


def test_parse_refuses_a_non_string() -> None:
    with pytest.raises(InvalidAction):
        Card.parse(12)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("QH", "reina de corazones"),
        ("AS", "as de picas"),
        ("10C", "10 de tréboles"),
        ("KD", "rey de diamantes"),
        ("JC", "jota de tréboles"),
        ("2S", "2 de picas"),
    ],
)
def test_name_es_is_the_accessible_spanish_name(text: str, name: str) -> None:
    assert Card.parse(text).name_es == name


@pytest.mark.parametrize(
    ("text", "code", "label"),
    [("10h", "TH", "10♥"), ("QH", "QH", "Q♥"), ("as", "AS", "A♠"), ("2c", "2C", "2♣")],
)
def test_code_and_label(text: str, code: str, label: str) -> None:
    c = Card.parse(text)
    assert c.code == code
    assert c.label == label
    assert str(c) == label
    assert Card.parse(c.code) == c
    assert Card.parse(c.label) == c


def test_the_deck_has_52_distinct_cards_every_rank_of_every_suit() -> None:
    assert len(CARDS) == 52
    assert len(set(CARDS)) == 52
    pairs = {(c.rank, c.suit) for c in CARDS}
    assert pairs == {(r, s) for r in Rank for s in Suit}
    for c in CARDS:
        assert Card.of(c.rank, c.suit) == c


def test_ace_is_high_and_two_is_low_in_every_suit() -> None:
    for suit in Suit:
        ranks = [Card.of(r, suit) for r in Rank]
        assert ranks == sorted(ranks)
        assert Card.of(Rank.ACE, suit) == max(ranks)
        assert Card.of(Rank.TWO, suit) == min(ranks)


def test_suit_names() -> None:
    assert [s.name_es for s in Suit] == ["tréboles", "diamantes", "corazones", "picas"]
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]


def test_cards_in_and_mask_of_small_examples() -> None:
    assert cards_in(0) == ()
    assert mask_of([]) == 0
    assert cards_in((1 << 52) - 1) == CARDS
    hand = [Card.parse("AS"), Card.parse("2C"), Card.parse("QH")]
    # Lowest first: clubs … spades.
    assert cards_in(mask_of(hand)) == (Card.parse("2C"), Card.parse("QH"), Card.parse("AS"))


@settings(max_examples=100, deadline=None)
@given(st.sets(st.integers(min_value=0, max_value=51)))
def test_cards_in_mask_of_roundtrip(indices: set[int]) -> None:
    cards = [CARDS[i] for i in indices]
    m = mask_of(cards)
    assert m.bit_count() == len(indices)
    assert cards_in(m) == tuple(sorted(cards))
    assert mask_of(cards_in(m)) == m


def test_seats_go_clockwise_south_west_north_east() -> None:
    assert [s.left for s in Seat] == [Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH]
    assert Seat.SOUTH.partner is Seat.NORTH
    assert Seat.WEST.partner is Seat.EAST
    assert Seat.SOUTH.team is Seat.NORTH.team is Team.NORTH_SOUTH
    assert Seat.WEST.team is Seat.EAST.team is Team.EAST_WEST
    assert Team.NORTH_SOUTH.seats == (Seat.SOUTH, Seat.NORTH)
    assert Team.EAST_WEST.seats == (Seat.WEST, Seat.EAST)
    assert [s.name_es for s in Seat] == ["Sur", "Oeste", "Norte", "Este"]
