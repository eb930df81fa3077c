"""``SearchSettings.partner_first`` (off by default): a partner who bid first of the team has its
bid read with a fit of its own; every other bid, and every deal when it is off, as before."""

from __future__ import annotations

import math
import random

from hypothesis import given
from hypothesis import strategies as st

from picas.games.spades import Bid, GameState, Rules
from picas.games.spades.bots.dificil import DificilBot
from picas.games.spades.bots.search import (
    BID_CENTRE,
    BID_SLOPE,
    BID_SPREAD,
    SearchSettings,
    bid_likelihood,
    fit_table,
    quick_tricks,
    table_likelihood,
)
from picas.games.spades.view import view_for

hands = st.lists(st.integers(0, 51), max_size=13, unique=True).map(
    lambda cards: sum(1 << c for c in cards)
)
FIT = (0.7, 0.929, 0.8)


@given(st.integers(0, 13), hands)
def test_the_tables_own_fit_is_the_tables_floats(bid: int, mask: int) -> None:
    table = fit_table(BID_CENTRE, BID_SLOPE, BID_SPREAD)
    assert table_likelihood(bid, mask, table) == bid_likelihood(bid, mask)


@given(st.integers(0, 13), hands)
def test_another_fit_reads_the_bid_around_its_own_line(bid: int, mask: int) -> None:
    got = table_likelihood(bid, mask, fit_table(*FIT))
    if bid == 0:  # a Nil is read as before
        assert got == bid_likelihood(0, mask)
    else:
        gap = bid - FIT[0] - FIT[1] * quick_tricks(mask)
        assert math.isclose(got, math.exp(-gap * gap / (2 * FIT[2] ** 2)), abs_tol=1e-12)


def test_the_fit_applies_to_a_partner_who_bid_first_and_only_when_set() -> None:
    on = DificilBot(SearchSettings(partner_first=FIT))
    off = DificilBot()
    rng = random.Random(5)
    for code in ("MNPQRSTU", "K7PMX4QH", "A2B3C4D5"):
        game = GameState.new(Rules(), code)
        order = []  # the seats in the order they bid, as the game asks them
        while game.hand.bids.count(None):
            seat = game.turn
            assert seat is not None
            order.append(seat)
            view = view_for(game, seat)
            partner_first = seat.partner in order
            assert on.partner_fit(view) == (FIT if partner_first else None)
            assert off.partner_fit(view) is None
            game = game.apply(Bid(rng.randint(1, 4)))
        for seat in order:
            partner_first = order.index(seat.partner) < order.index(seat)
            assert on.partner_fit(view_for(game, seat)) == (FIT if partner_first else None)
