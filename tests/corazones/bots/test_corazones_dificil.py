"""Difícil: the deals it samples fit its view, the search is deterministic, and it keeps the manners
(positions taken from real hands, so the hidden cards it deals are a whole, consistent deal)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from corazones_helpers import S, W, card, mask
from picas.games.corazones import GameState, PlayerView, Rules, view_for
from picas.games.corazones.arena import deal_code
from picas.games.corazones.bots import DificilBot, NormalBot, decide, next_bot_seat
from picas.games.corazones.bots.policy import POINT_MASK, QS, trick_winner
from picas.games.corazones.bots.search import (
    Knowledge,
    SearchSettings,
    candidates,
    know,
    sample_hands,
)
from picas.shared.bots import decision_rng
from picas.shared.seats import Seat

FAST = SearchSettings(playouts=60)
"""Enough playouts for the clear cases below, few enough to keep the tests quick."""


def _positions(rules: Rules, codes: int) -> Iterator[tuple[GameState, PlayerView, int]]:
    """Every position of the first hand of ``codes`` codes played by four Normal players, with the
    view of the seat to act and the action index."""
    bots = {seat: NormalBot() for seat in Seat}
    for number in range(codes):
        code = deal_code(11, number)
        game = GameState.new(rules, code)
        position = 0
        while not game.history:
            seat = next_bot_seat(game, bots)
            assert seat is not None
            view = view_for(game, seat)
            yield game, view, position
            game = game.apply(decide(bots[seat], view, decision_rng(code, position, seat)), seat)
            position += 1


def _first(rules: Rules, wanted: Callable[[PlayerView], bool]) -> tuple[GameState, PlayerView]:
    for game, view, _ in _positions(rules, 60):
        if wanted(view):
            return game, view
    raise AssertionError("no such position in 60 hands")


def _check_sample(k: Knowledge, hands: list[int]) -> None:
    unseen = ((1 << 52) - 1) & ~k.table.played & ~k.mine
    assert hands[k.seat] == k.mine
    others = [s for s in range(4) if s != k.seat]
    assert sum(hands[s] for s in others) == unseen  # disjoint, and every unseen card placed
    for s in others:
        assert hands[s].bit_count() == k.sizes[s]
        assert hands[s] & k.known[s] == k.known[s]
        for suit in range(4):
            if k.table.voids[s] >> suit & 1:
                assert not hands[s] >> (13 * suit) & 0x1FFF


def test_sampled_deals_fit_the_view_and_the_pass() -> None:
    rng = random.Random(5)
    checked = with_known = with_voids = 0
    for _, view, _ in _positions(Rules(), 6):
        if not view.my_turn:
            continue
        k = know(view)
        with_known += any(k.known)
        with_voids += any(k.table.voids[s] for s in range(4) if s != k.seat)
        for _ in range(20):
            hands = sample_hands(k, rng)
            assert hands is not None
            _check_sample(k, hands)
            checked += 1
    assert checked > 1000
    assert with_known > 50  # the pass constraint was exercised
    assert with_voids > 20  # and the shown-out one


def test_the_cards_it_passed_are_known_until_played() -> None:
    _, view = _first(Rules(), lambda v: v.my_turn and len(v.tricks) == 1 and bool(v.passed))
    k = know(view)
    assert view.pass_to is not None
    gone = k.table.played
    assert k.known[view.pass_to] == mask(" ".join(c.code for c in view.passed)) & ~gone
    assert sum(k.known) == k.known[view.pass_to]


def test_equivalent_cards_are_searched_once_but_not_the_queen() -> None:
    _, view = _first(Rules(), lambda v: v.my_turn and not v.trick and len(v.tricks) == 2)
    k = know(view)
    legal = mask("5H 6H 8H")
    # 5♥ 6♥ touch; 7♥ is unseen so 8♥ is a card of its own.
    assert candidates(k._replace(mine=legal), legal, Rules()) == [card("5H"), card("8H")]
    spades = mask("JS QS KS")
    found = candidates(k._replace(mine=spades), spades, Rules())
    assert found == [card("JS"), card("QS"), card("KS")]
    diamonds = mask("TD JD")
    assert len(candidates(k._replace(mine=diamonds), diamonds, Rules())) == 1
    assert len(candidates(k._replace(mine=diamonds), diamonds, Rules(jack_of_diamonds=True))) == 2


def test_the_same_view_and_generator_give_the_same_card() -> None:
    _, view = _first(Rules(), lambda v: v.my_turn and len(v.legal) >= 4)
    first = DificilBot(FAST).play(view, random.Random(11))
    assert all(DificilBot(FAST).play(view, random.Random(11)) == first for _ in range(3))


def test_it_plays_normals_card_unless_the_search_is_sure() -> None:
    stubborn = DificilBot(SearchSettings(playouts=60, margin=1000.0))
    differs = 0
    for _, view, position in _positions(Rules(), 2):
        if view.my_turn:
            rng = decision_rng("X", position, view.seat)
            assert stubborn.play(view, rng) == NormalBot().play(view, rng)
            differs += DificilBot(FAST).play(view, rng) != NormalBot().play(view, rng)
    assert stubborn.playouts > 0  # it did search
    assert differs > 0  # and a bot that trusts its search does play other cards


def test_void_it_dumps_the_queen() -> None:
    def wanted(v: PlayerView) -> bool:
        void = bool(v.trick) and not any(c // 13 == v.trick[0] // 13 for c in v.hand)
        return v.my_turn and void and card("QS") in v.hand and max(v.points_taken) < 10

    _, view = _first(Rules(), wanted)
    assert DificilBot().play(view, random.Random(1)) == card("QS")


def test_it_stops_a_would_be_shooter() -> None:
    """West is winning a trick with a point in it and has taken every point so far (the tricks
    are given to West): Difícil, like Normal, takes the trick."""

    def wanted(v: PlayerView) -> bool:
        if not (v.my_turn and v.seat is S and v.trick and len(v.tricks) >= 7):
            return False
        winner = trick_winner([int(c) for c in v.trick])
        west_winning = (v.leader + [int(c) for c in v.trick].index(winner)) % 4 == W
        points_played = sum(mask(" ".join(c.code for c in t.cards)) & POINT_MASK for t in v.tricks)
        over = [
            c for c in v.legal if c.card > winner and c.card != QS and c.card // 13 == winner // 13
        ]
        pointed = any((1 << c) & POINT_MASK for c in v.trick)
        return west_winning and pointed and bool(over) and bool(points_played)

    game, _ = _first(Rules(), wanted)
    taken_so_far = 0
    for trick in game.hand.tricks:
        taken_so_far |= mask(" ".join(c.code for c in trick.cards))
    hand = game.hand._replace(taken=(0, taken_so_far, 0, 0))
    view = view_for(game._replace(hand=hand), S)
    assert view.points_taken[W] >= 16
    assert sum(view.points_taken) == view.points_taken[W]
    winner = trick_winner([int(c) for c in view.trick])
    assert NormalBot().play(view, random.Random(1)) > winner
    assert DificilBot().play(view, random.Random(1)) > winner
