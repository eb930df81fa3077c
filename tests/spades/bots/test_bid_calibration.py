"""Difícil's bid search against what the table does (issue 29): the sampled deals fit the bids
the way the evaluator's players bid, and a playout one trick short of our contract counts partly
as made (the searched play saves such contracts more often than the heuristic's playouts)."""

from __future__ import annotations

import random

from picas.games.spades import Rules
from picas.games.spades.bots.evaluate import NORMAL_STYLE, bid_for_hand
from picas.games.spades.bots.search import Pricer, bid_likelihood, rescued_value


def _random_hands(count: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    out = []
    for _ in range(count // 4):
        deck = list(range(52))
        rng.shuffle(deck)
        out += [sum(1 << c for c in deck[13 * s : 13 * s + 13]) for s in range(4)]
    return out


def test_a_normal_players_bid_is_the_likeliest_bid_for_its_hand() -> None:
    # The sampler keeps a deal as often as the bids fit its hands; the fit must read Normal's
    # bids as Normal makes them: its own bid likelier than one trick more or less for most hands
    # (the quick-trick count is rough, so not all), and not leaning to the lower bid. The fit
    # centred on 0.85 × quick tricks agreed on half the hands and leant low on the other half.
    agree = lower = total = 0
    for mask in _random_hands(800, 29):
        bid = bid_for_hand(mask, None, None, NORMAL_STYLE).bid
        if bid == 0:
            continue
        total += 1
        here = bid_likelihood(bid, mask)
        fits_lower = bid > 1 and bid_likelihood(bid - 1, mask) > here
        lower += fits_lower
        agree += not fits_lower and here >= bid_likelihood(bid + 1, mask)
    assert total > 600
    assert agree >= 0.65 * total
    assert lower <= 0.2 * total


def _pricer(bids: list[int]) -> Pricer:
    return Pricer(Rules(), 0, bids, [False] * 4, [0, 0])


def test_one_trick_short_counts_partly_as_made() -> None:
    bids = [3, 4, 2, 4]  # our contract 5, theirs 8
    short = [2, 5, 2, 4]  # we (seats 0 and 2) took 4
    saved = [3, 4, 2, 4]  # the trick from seat 1 (5 tricks) to seat 0
    pricer = _pricer(bids)
    assert pricer.value(saved) > pricer.value(short)
    for q in (0.0, 0.25, 1.0):
        expected = (1 - q) * pricer.value(short) + q * pricer.value(saved)
        assert rescued_value(pricer, short, bids, 0, q) == expected


def test_a_made_contract_or_one_two_short_is_priced_as_it_fell() -> None:
    bids = [3, 4, 2, 4]
    pricer = _pricer(bids)
    for won in ([3, 4, 2, 4], [4, 4, 3, 2], [1, 6, 2, 4]):  # made, made with bags, two short
        assert rescued_value(pricer, won, bids, 0, 0.5) == pricer.value(won)


def test_an_opponents_nil_never_gives_the_trick() -> None:
    bids = [3, 0, 2, 5]  # seat 1 bid Nil and broke it with a trick; seat 3 holds the rest
    won = [2, 1, 2, 8]
    pricer = _pricer(bids)
    saved = [3, 1, 2, 7]  # from seat 3, never from seat 1's Nil
    assert rescued_value(pricer, won, bids, 0, 1.0) == pricer.value(saved)
    bids = [3, 0, 2, 0]  # both Nil: nobody to take it from honestly
    won = [2, 1, 2, 8]
    pricer = _pricer(bids)
    assert rescued_value(pricer, won, bids, 0, 1.0) == pricer.value(won)


def test_our_nil_is_covered_by_the_partners_contract() -> None:
    bids = [0, 4, 3, 4]  # seat 0's Nil; seat 2's 3 one short
    won = [0, 6, 2, 5]
    pricer = _pricer(bids)
    saved = [0, 5, 3, 5]  # seat 2 takes it, from seat 1 (more tricks)
    assert rescued_value(pricer, won, bids, 0, 1.0) == pricer.value(saved)
