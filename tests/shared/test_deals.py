"""A game's hands (``shared.deals.game_deal``): the explicit deals a game was given (tests, bug
reports) come first, hand by hand; after them, the code deals."""

from __future__ import annotations

from picas.shared.deals import deal_for, game_deal
from picas.shared.decks import STANDARD_DECK
from picas.shared.seats import Seat

CODE = "K7PMX4QH"


def test_an_explicit_deal_is_the_hand_it_is_given_for() -> None:
    first = deal_for("ABCDEFGH", 1, Seat.EAST)
    second = deal_for("ABCDEFGH", 2, Seat.SOUTH)
    deals = (first, second)
    assert game_deal(CODE, deals, 1, Seat.EAST, STANDARD_DECK) == first
    assert game_deal(CODE, deals, 2, Seat.SOUTH, STANDARD_DECK) == second


def test_after_the_explicit_deals_the_code_deals_with_the_hands_dealer() -> None:
    deals = (deal_for("ABCDEFGH", 1, Seat.EAST),)
    for dealer in Seat:
        assert game_deal(CODE, deals, 2, dealer, STANDARD_DECK) == deal_for(CODE, 2, dealer)
    assert game_deal(CODE, (), 1, Seat.NORTH, STANDARD_DECK) == deal_for(CODE, 1, Seat.NORTH)
