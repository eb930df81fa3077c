"""A deck and a trick rule a variant can change (docs/design.md, "What a new game adds"): the shared
deals, checks, samplers and trick winner take them from the game's rules. Both games' own deck and
rule give exactly the deals and winners they always had (their tests and the identity corpora);
these are the other decks and rules."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from picas.games.corazones.rules import Rules as CorazonesRules
from picas.games.spades.rules import Rules as SpadesRules
from picas.shared.cards import SUIT_MASKS, Card, Suit
from picas.shared.deals import check_deal, checked_start, deal_for, shuffled_deck
from picas.shared.decks import STANDARD_DECK, Deck, TrickRule
from picas.shared.errors import PicasError
from picas.shared.sampling import NOTHING_KNOWN, deal_hands, deal_plan
from picas.shared.seats import Seat
from picas.shared.trick_winner import NO_TRUMP, trick_winner_index

LITTLE_JOKER, BIG_JOKER = 52, 53
TWO_OF_HEARTS, TWO_OF_DIAMONDS = Card.parse("2H"), Card.parse("2D")
JOKERS_DECK = Deck(
    cards=(STANDARD_DECK.cards | 1 << LITTLE_JOKER | 1 << BIG_JOKER)
    & ~TWO_OF_HEARTS.bit
    & ~TWO_OF_DIAMONDS.bit,
    suit_masks=(*SUIT_MASKS[:3], SUIT_MASKS[3] | 1 << LITTLE_JOKER | 1 << BIG_JOKER),
)
"""The house variant on the product page: two jokers as the top trumps, two deuces out."""
JOKERS_RULE = TrickRule(trump=Suit.SPADES, top=1 << LITTLE_JOKER | 1 << BIG_JOKER)
TWO_SEATS = Deck(seats=(Seat.SOUTH, Seat.NORTH))
"""A two-player deal: 13 cards each from the 52, the rest undealt."""
SHORT = Deck(
    cards=sum(SUIT_MASKS[s] & ~((1 << (13 * s + 8)) - (1 << 13 * s)) for s in range(4)), hand_size=5
)
"""Twenty cards, the ten to the ace of each suit, five each."""


def test_both_games_are_dealt_the_52_and_win_tricks_as_always() -> None:
    assert SpadesRules().deck is CorazonesRules.deck is STANDARD_DECK
    assert SpadesRules().trick_rule == TrickRule(trump=Suit.SPADES)
    assert CorazonesRules.trick_rule == TrickRule(trump=NO_TRUMP)
    assert STANDARD_DECK.order == tuple(range(52))
    assert "deck" not in SpadesRules().to_json()  # the rules' own: records do not change


def test_spades_jokers_are_this_deck_and_rule() -> None:
    jokers = SpadesRules(jokers=True)
    assert jokers.deck.cards == JOKERS_DECK.cards
    assert jokers.deck.order == JOKERS_DECK.order
    assert jokers.trick_rule == JOKERS_RULE
    assert jokers.to_json()["jokers"] is True


@pytest.mark.parametrize("deck", [JOKERS_DECK, TWO_SEATS, SHORT], ids=["jokers", "two", "short"])
def test_a_deal_gives_each_of_the_decks_seats_its_hand_of_the_decks_cards(deck: Deck) -> None:
    for number in range(1, 30):
        dealer = Seat(number % 4)
        deal = deal_for("K7PMX4QH", number, dealer, deck)
        union = 0
        for seat in Seat:
            assert deal[seat].bit_count() == (deck.hand_size if seat in deck.seats else 0)
            assert not union & deal[seat]
            union |= deal[seat]
        assert union & ~deck.cards == 0
        check_deal(deal, 0, deck)
        assert deal == deal_for("K7PMX4QH", number, dealer, deck)  # the code fixes it


def test_the_jokers_are_dealt_and_the_removed_deuces_never() -> None:
    seen = 0
    for number in range(1, 40):
        for mask in deal_for("M4RT9QZX", number, Seat.EAST, JOKERS_DECK):
            seen |= mask
    assert seen == JOKERS_DECK.cards
    assert sorted(shuffled_deck("M4RT9QZX", 1, JOKERS_DECK)) == list(JOKERS_DECK.order)


def test_a_two_seat_deal_goes_from_the_dealers_left_of_the_two() -> None:
    # The first card of the shuffle goes to the dealt seat after the dealer, clockwise.
    order = shuffled_deck("K7PMX4QH", 3, TWO_SEATS)
    deal = deal_for("K7PMX4QH", 3, Seat.WEST, TWO_SEATS)  # West deals: North is next of the two
    assert deal[Seat.NORTH] >> order[0] & 1
    assert deal[Seat.SOUTH] >> order[1] & 1


def test_a_deal_that_does_not_fit_the_deck_is_refused() -> None:
    standard = deal_for("K7PMX4QH", 1, Seat.EAST)
    with pytest.raises(PicasError, match="no existen"):
        check_deal(standard, 0, SHORT)
    four_each = deal_for("K7PMX4QH", 1, Seat.EAST, Deck(cards=SHORT.cards, hand_size=4))
    with pytest.raises(PicasError, match="no da 5 cartas"):
        check_deal(four_each, 0, SHORT)
    with pytest.raises(PicasError, match="no da 13 cartas"):
        checked_start("K7PMX4QH", (standard,), TWO_SEATS)
    with pytest.raises(PicasError, match="no existen"):
        check_deal((1 << LITTLE_JOKER, 0, 0, 0), 0, STANDARD_DECK)
    with pytest.raises(ValueError, match="cannot give"):
        Deck(hand_size=14)


tricks = st.lists(st.sampled_from(JOKERS_DECK.order), min_size=1, max_size=4, unique=True)


@given(tricks)
def test_a_joker_beats_every_trump_and_the_big_one_the_little_one(cards: list[int]) -> None:
    winner = cards[trick_winner_index(cards, JOKERS_RULE.trump, JOKERS_RULE.top)]
    jokers = [card for card in cards if card >= LITTLE_JOKER]
    if jokers:
        assert winner == max(jokers)
    else:
        assert winner == cards[trick_winner_index(cards, Suit.SPADES)]  # as in Spades


def test_the_sampler_deals_the_jokers_with_the_trump_suit() -> None:
    mine = deal_for("K7PMX4QH", 1, Seat.EAST, JOKERS_DECK)[Seat.SOUTH]
    free = JOKERS_DECK.cards & ~mine
    voids = [0, 1 << 3, 0, 0]  # West has shown out of spades: it can hold no joker either
    plan = deal_plan(0, free, voids, JOKERS_DECK.suit_masks)
    hands = deal_hands(plan, 0, mine, [13] * 4, NOTHING_KNOWN, random.Random(5), 50)
    assert hands is not None
    assert sum(hands) == JOKERS_DECK.cards
    assert hands[1] & JOKERS_DECK.suit_masks[3] == 0
