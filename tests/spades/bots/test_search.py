"""Difícil's search does a fixed amount of work, and its settings do what they say."""

from __future__ import annotations

import random

from bot_helpers import E, S, table

from picas.games.spades import Bid, GameState, Rules
from picas.games.spades.bots.dificil import DificilBot
from picas.games.spades.bots.knowledge import know
from picas.games.spades.bots.policy import legal_mask
from picas.games.spades.bots.search import SearchSettings, candidates, search_play
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
        settings = SearchSettings(playouts=playouts)
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
