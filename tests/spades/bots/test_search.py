"""Difícil's search does a fixed amount of work (less once the choice is settled), and its settings
do what they say."""

from __future__ import annotations

import random

from bot_helpers import E, S, table

from picas.games.spades import Bid, GameState, Rules
from picas.games.spades.bots.base import decide
from picas.games.spades.bots.dificil import DificilBot
from picas.games.spades.bots.evaluate import evaluate_hand
from picas.games.spades.bots.knowledge import dealt_hand, know
from picas.games.spades.bots.policy import legal_mask
from picas.games.spades.bots.registry import load_bot
from picas.games.spades.bots.search import (
    SETTLE_EVERY,
    SETTLE_MIN,
    SearchSettings,
    candidates,
    search_play,
)
from picas.games.spades.view import view_for
from picas.shared.bots import decision_rng


def test_every_card_decision_runs_the_playouts_it_is_given() -> None:
    game = GameState.new(Rules(), "MNPQRSTU")
    for bid in (3, 3, 3, 3):
        game = game.apply(Bid(bid))
    seat = game.turn
    assert seat is not None
    view = view_for(game, seat)
    k = know(view)
    options = candidates(k, legal_mask(k.mine, k.trick, k.broken))
    assert len(options) >= 3
    for playouts in (7, 100, 2_500):
        settings = SearchSettings(playouts=playouts, settle=0.0)
        _, runs = search_play(
            k, view.rules, view.blind, view.bags, decision_rng(game.code, 4, seat), settings
        )
        samples = -(-playouts // len(options))  # every candidate on the same samples
        assert runs == samples * len(options)
        assert playouts <= runs < playouts + len(options)


def test_the_same_position_and_seed_give_the_same_card_and_work() -> None:
    game = GameState.new(Rules(), "K7PMX4QH")
    for bid in (4, 3, 2, 4):
        game = game.apply(Bid(bid))
    seat = game.turn
    assert seat is not None
    view = view_for(game, seat)
    settings = SearchSettings(playouts=400)
    first = search_play(know(view), view.rules, view.blind, view.bags, random.Random(9), settings)
    again = search_play(know(view), view.rules, view.blind, view.bags, random.Random(9), settings)
    assert first == again


def test_a_nil_must_beat_the_best_bid_by_the_margin() -> None:
    # A hand with nothing above a nine and short low spades: the search prices a Nil high.
    game = table("2S 3S 2H 3H 4H 5H 2C 3C 4C 5C 2D 3D 4D", dealer=E)
    view = view_for(game, S)  # South bids first: the partner has not bid Nil
    seed = 5
    eager = DificilBot(SearchSettings(nil_margin=-1_000.0))
    never = DificilBot(SearchSettings(nil_margin=1_000.0))
    assert eager.bid(view, random.Random(seed)) == Bid(0)
    assert never.bid(view, random.Random(seed)) != Bid(0)


def test_a_nil_is_priced_up_to_a_nil_danger_of_four() -> None:
    # An ace with low cards (Nil danger 3.0) has its Nil priced, as it was not below 2.0; with a
    # king besides (4.6) it is not.
    ace = table("2S 3S AH 3H 4H 5H 2C 3C 4C 5C 2D 3D 4D", dealer=E)
    ace_king = table("2S 3S AH 3H 4H 5H 2C 3C 4C KC 2D 3D 4D", dealer=E)
    dangers = [evaluate_hand(dealt_hand(view_for(game, S))).nil_danger for game in (ace, ace_king)]
    assert dangers == [3.0, 4.6]
    eager = SearchSettings(nil_margin=-1_000.0)
    assert DificilBot(eager).bid(view_for(ace, S), random.Random(5)) == Bid(0)
    assert DificilBot(eager).bid(view_for(ace_king, S), random.Random(5)) != Bid(0)
    guarded = SearchSettings(nil_margin=-1_000.0, nil_danger=2.0)
    assert DificilBot(guarded).bid(view_for(ace, S), random.Random(5)) != Bid(0)


def test_a_settled_choice_stops_sampling_and_keeps_the_same_card() -> None:
    # Trick 1 of a seeded game, Normal playing: the fourth decision (two distinct cards) is one
    # where the heuristic's card is clearly right, so the search stops at its first look.
    game = GameState.new(Rules(), "MNPQRSTU")
    for bid in (3, 3, 3, 3):
        game = game.apply(Bid(bid))
    normal = load_bot("normal")
    for index in range(4, 7):
        seat = game.turn
        assert seat is not None
        game = game.apply(
            decide(normal, view_for(game, seat), decision_rng(game.code, index, seat))
        )
    seat = game.turn
    assert seat is not None
    view = view_for(game, seat)
    k = know(view)
    options = candidates(k, legal_mask(k.mine, k.trick, k.broken))
    assert len(options) == 2

    def search(settle: float) -> tuple[int, int]:
        # The playouts on the sampled deal's every card and the margin of two points and one
        # standard error, as when this position was picked (with the opponents on their own
        # views the heuristic's card settles at once even at 30).
        settings = SearchSettings(settle=settle, views=0, margin=2.0, confidence=1.0)
        rng = decision_rng(game.code, 7, seat)
        return search_play(k, view.rules, view.blind, view.bags, rng, settings)

    full_card, full_runs = search(0.0)
    card, runs = search(3.0)
    assert full_runs == 2_500
    assert card == full_card
    samples = runs // len(options)
    assert runs == samples * len(options)  # every candidate on the same samples, to the end
    assert max(SETTLE_MIN, 1_250 // 4) <= samples < 1_250
    assert samples % SETTLE_EVERY == 0
    # A stricter settling looks longer at the same position.
    assert search(30.0)[1] > runs
