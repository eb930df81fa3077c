"""Card counting, void inference, deal sampling and hand pricing (the search's building blocks)."""

from __future__ import annotations

import itertools
import random

from bot_helpers import E, S, W, act, mask, table
from hypothesis import given, settings
from hypothesis import strategies as st

from picas.games.spades import Card, GameState, Rules, find_profile, score_hand
from picas.games.spades.bots.base import decide, decision_rng
from picas.games.spades.bots.knowledge import SUIT_MASK, know
from picas.games.spades.bots.registry import load_bot
from picas.games.spades.bots.search import Pricer, candidates, sample_hands
from picas.games.spades.view import view_for


def _after_a_ruff() -> GameState:
    # West deals: North leads the ♥A; East follows, South (void in hearts) ruffs, West follows.
    game = table("2S 3S 4S 5S 2C 3C 4C 5C 2D 3D 4D 5D 6D", "2H", "AH", "3H", dealer=W)
    return act(game, 3, 3, 3, 3, "AH", "3H", "2S", "2H")


def test_a_seat_that_did_not_follow_suit_is_void() -> None:
    k = know(view_for(_after_a_ruff(), W))
    assert k.voids[S] == 1 << 2  # hearts
    assert not k.possible[S] & SUIT_MASK[2]
    assert k.voids[W] == 0
    assert k.voids[E] == 0
    assert k.broken


def test_masters_are_the_highest_unplayed_cards() -> None:
    k = know(view_for(_after_a_ruff(), W))
    assert k.master(2) == Card.parse("KH")  # the ace is gone
    assert k.master(3) == Card.parse("AS")
    assert k.played == mask("AH 3H 2S 2H")
    assert not k.unseen & k.mine
    assert not k.unseen & k.played


def test_leading_a_spade_before_they_are_broken_shows_only_spades() -> None:
    game = table("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", dealer=E)
    game = act(game, 3, 3, 3, 3, "2S")
    k = know(view_for(game, W))
    assert k.voids[S] == 0b0111


def test_equivalent_cards_are_tried_once() -> None:
    game = act(_after_a_ruff(), "3C")  # South leads after its ruff
    k = know(view_for(game, W))
    # West holds touching or separated cards: only cards with an unseen card between differ.
    legal = k.mine & SUIT_MASK[0] or k.mine
    tried = candidates(k, legal)
    for a, b in itertools.pairwise(tried):
        if a // 13 == b // 13:
            between = sum(1 << c for c in range(a + 1, b))
            assert between & k.unseen, (Card(a), Card(b))


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=40))
def test_sampled_deals_fit_everything_seen(seed: int, plays: int) -> None:
    game = GameState.new(Rules(), "SAMPLE23")
    bot = load_bot("normal")
    for index in range(4 + plays):
        seat = game.turn
        assert seat is not None
        game = game.apply(decide(bot, view_for(game, seat), decision_rng(game.code, index, seat)))
    turn = game.turn
    assert turn is not None
    viewer = int(turn)
    k = know(view_for(game, turn))
    hands = sample_hands(k, random.Random(seed))
    assert hands is not None
    assert hands[viewer] == game.hand.hands[viewer]
    union = 0
    for other in range(4):
        assert hands[other].bit_count() == game.hand.hands[other].bit_count()
        assert not union & hands[other]
        union |= hands[other]
        for suit in range(4):
            if k.voids[other] >> suit & 1:
                assert not hands[other] & SUIT_MASK[suit]
    assert union == k.unseen | k.mine


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=7), min_size=4, max_size=4),
    st.lists(st.integers(min_value=0, max_value=13), min_size=3, max_size=3),
    st.lists(st.booleans(), min_size=4, max_size=4),
    st.lists(st.integers(min_value=0, max_value=9), min_size=2, max_size=2),
    st.sampled_from(["casa", "clasica", "doble-nil"]),
)
def test_the_search_prices_a_hand_by_the_real_rules(
    bids: list[int], cuts: list[int], blind: list[bool], bags: list[int], profile: str
) -> None:
    a, b, c = sorted(cuts)
    won = (a, b - a, c - b, 13 - c)
    rules = find_profile(profile)
    blind_flags = tuple(x and bid == 0 for x, bid in zip(blind, bids, strict=True))
    pricer = Pricer(rules, 0, bids, blind_flags, bags)
    sheets = score_hand(
        rules,
        bids=tuple(bids),  # type: ignore[arg-type]
        blind=blind_flags,  # type: ignore[arg-type]
        tricks=won,
        totals=(0, 0),
        bags=(bags[0], bags[1]),
    )
    for team in (0, 1):
        points, added, after = pricer.team_points(team, won)
        assert points == sheets[team].hand_total
        assert added == sheets[team].bags_added
        assert after == sheets[team].bags_after
