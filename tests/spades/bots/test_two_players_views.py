"""Difícil's model of the opponent at «Dos jugadores» (issue 29, eleventh round): in the playouts
he plays on what he can know, as Normal does at the table. He may hold any card he has not seen:
ours, our discards and the cards that went out unseen after a card he kept («la siguiente se
descarta sin verla»), less the suits we have shown out of. The sampler deals his seen discards
with his hand, and the bid plays every candidate out."""

from __future__ import annotations

import random

import pytest

from picas.games.spades import GameState, Phase, Rules, Seat, find_profile
from picas.games.spades.bots.base import play_bots
from picas.games.spades.bots.knowledge import Knowledge
from picas.games.spades.bots.normal import NormalBot
from picas.games.spades.bots.two_knowledge import know_two, seen_out_mask
from picas.games.spades.bots.two_search import (
    PlayFitTwo,
    TwoSampler,
    pile_seat,
    playout_two_views,
    search_bid_two,
    view_fogs,
    view_seats,
)
from picas.games.spades.view import view_for

TWO = find_profile("casa").with_settings(players=2)
TWO_JOKERS = find_profile("casa").with_settings(players=2, jokers=True)
S, W = Seat.SOUTH, Seat.WEST
CODES = ("M4RT9QZX", "K7PMX4QH", "93222222", "JK2MNPQR", "ZX4Q9MRT", "PQ7KM2XJ")
NORMALS = {S: NormalBot(), W: NormalBot()}


def normal_game(code: str, tricks: int, rules: Rules = TWO) -> GameState:
    """A game of two Normals from the start of ``code`` to the first hand's ``tricks``-th trick
    played (0: the first card not yet down)."""
    game = GameState.new(rules, code)

    def reached(g: GameState) -> bool:
        hand = g.hand
        return bool(g.history) or (
            hand.phase is Phase.PLAYING and len(hand.tricks) >= tricks and not hand.trick
        )

    game, _ = play_bots(game, NORMALS, position=0, stop=reached)
    assert not game.history
    assert game.hand.phase is Phase.PLAYING
    return game


def finished(game: GameState) -> tuple[int, ...]:
    """The tricks each seat takes when the two Normals play the first hand to its end."""
    game, _ = play_bots(game, NORMALS, position=0, stop=lambda g: bool(g.history))
    return tuple(game.history[0].hand.won)


@pytest.mark.parametrize("rules", [TWO, TWO_JOKERS], ids=["standard", "jokers"])
@pytest.mark.parametrize("tricks", [0, 4, 9])
def test_on_their_views_the_playout_is_normal_against_normal(rules: Rules, tricks: int) -> None:
    """Both seats on their views, on the true deal with the true unseen discards: the playout
    ends the hand with the tricks two Normals take at the table."""
    for code in CODES:
        game = normal_game(code, tricks, rules)
        hand = game.hand
        draw = hand.draw
        assert draw is not None
        k = know_two(view_for(game, S))
        fogs = [0, 0, 0, 0]
        # What West cannot tell from South's hand: what went out that West was not shown.
        fogs[S] = draw.out & ~draw.seen_out[W]
        fogs[W] = draw.out & ~draw.seen_out[S]
        won = playout_two_views(
            list(hand.hands),
            [],
            int(hand.leader),
            list(hand.won),
            hand.spades_broken,
            [-1 if b is None else b for b in hand.bids],
            13 - len(hand.tricks),
            0b11,
            fogs,
            list(k.voids),
        )
        assert tuple(won) == finished(game), code


def test_each_seat_knows_the_voids_both_have_shown() -> None:
    """A suit a player did not follow is known out of his hand to both players."""
    shown = 0
    for code in CODES:
        game = normal_game(code, 12)
        for trick in game.hand.tricks:
            first, second = (int(c) for c in trick.cards)
            if min(first // 13, 3) == min(second // 13, 3):
                continue
            follower = Seat(int(trick.leader) ^ 1)
            suit = 1 << min(first // 13, 3)
            for viewer in (S, W):
                assert know_two(view_for(game, viewer)).voids[int(follower)] & suit
            shown += 1
    assert shown > 10


def sampler_at(code: str, tricks: int) -> tuple[Knowledge, TwoSampler]:
    game = normal_game(code, tricks)
    k = know_two(view_for(game, S))
    return k, TwoSampler(k, TWO)


def test_the_sampler_deals_the_opponents_seen_discards_from_the_pile() -> None:
    """His seen discards are the top cards of the pairs he did not keep: out of play, never in his
    hand, and at most one a pair he drew."""
    rng = random.Random(3)
    for code in CODES:
        for tricks in (0, 6):
            k, sampler = sampler_at(code, tricks)
            pile = pile_seat(k.seat)
            for _ in range(40):
                hands = sampler.draw(rng)
                assert hands is not None
                seen = sampler.seen
                assert not seen & ~hands[pile]
                assert not seen & hands[W]
                assert seen.bit_count() <= k.sizes[W]


def test_on_his_view_he_may_hold_any_card_he_did_not_see() -> None:
    """The fog of his view of us: our seen discards and the pile less his seen discards. Ours of
    him: the whole pile."""
    rng = random.Random(5)
    for code in CODES:
        game = normal_game(code, 3)
        view = view_for(game, S)
        k = know_two(view)
        sampler = TwoSampler(k, TWO)
        for _ in range(20):
            hands = sampler.draw(rng)
            assert hands is not None
            pile = hands[pile_seat(k.seat)]
            fogs = view_fogs(k, hands, sampler.seen)
            assert fogs[W] == pile
            assert fogs[S] == seen_out_mask(view) | (pile & ~sampler.seen)
            assert not fogs[S] & (hands[S] | hands[W] | k.played | sampler.seen)


def test_the_opponent_is_on_his_view_for_either_opponents_bit() -> None:
    assert view_seats(10, 0) == 0b10
    assert view_seats(2, 1) == 0b01
    assert view_seats(8, 0) == 0b10
    assert view_seats(1, 1) == 0b10
    assert view_seats(0, 0) == 0
    assert view_seats(4, 0) == 0  # the partner's bit: nobody at two players


@pytest.mark.parametrize("try_nil", [False, True])
def test_the_bid_plays_every_candidate_out_on_every_deal(try_nil: bool) -> None:
    game = GameState.new(TWO, "M4RT9QZX")
    game, _ = play_bots(game, NORMALS, position=0, stop=lambda g: g.hand.phase is Phase.BIDDING)
    turn = game.hand.turn
    assert turn is not None
    k = know_two(view_for(game, turn))
    bid, runs = search_bid_two(
        k, TWO, (0, 0), random.Random(1), estimate=5, try_nil=try_nil, samples=30, views=10
    )
    assert runs == 30 * (5 + try_nil)  # bids 3 to 7, and the Nil
    assert bid in (0, 3, 4, 5, 6, 7)
    again = search_bid_two(
        k, TWO, (0, 0), random.Random(1), estimate=5, try_nil=try_nil, samples=30, views=10
    )
    assert again == (bid, runs)


def history_of(game: GameState) -> list[tuple[int, list[int]]]:
    hand = game.hand
    history = [(int(t.leader), [int(c) for c in t.cards]) for t in hand.tricks]
    if hand.trick:
        history.append((int(hand.leader), [int(c) for c in hand.trick]))
    return history


@pytest.mark.parametrize("rules", [TWO, TWO_JOKERS], ids=["standard", "jokers"])
def test_the_true_deal_fits_every_card_normal_played(rules: Rules) -> None:
    """His true hand and seen discards replay each of his choices as Normal made them (weight 1:
    no card of his misfits), while other hands of his size often do not."""
    rng = random.Random(9)
    misfits = 0
    for code in CODES:
        for tricks in (3, 8, 12):
            game = normal_game(code, tricks, rules)
            draw = game.hand.draw
            assert draw is not None
            k = know_two(view_for(game, S))
            fit = PlayFitTwo(int(S), k.deck.cards, history_of(game), k.bids, 0.5)
            assert fit.weight(game.hand.hands[W], draw.seen_out[W]) == 1.0
            sampler = TwoSampler(k)
            for _ in range(10):
                hands = sampler.deal(rng)
                assert hands is not None
                if fit.weight(hands[W], sampler.seen) < 1.0:
                    misfits += 1
    assert misfits > 100
