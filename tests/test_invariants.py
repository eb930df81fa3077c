"""The invariant checker: a small run in CI (the full 100,000-hand run is a benchmark), and proof
that it catches what it claims to catch."""

from __future__ import annotations

from typing import Any

import pytest

import picas.games.spades.invariants as invariants
from picas.games.spades import Bid, GameState, Rules, Seat
from picas.games.spades.invariants import (
    InvariantBroken,
    check_position,
    check_view,
    run_bot_games,
    run_random_games,
)
from picas.games.spades.view import PlayerView, view_to_json


def test_random_games_keep_every_invariant() -> None:
    tally = run_random_games(seed=11, hands=60, check_every=4)
    assert tally.hands >= 60
    assert tally.actions >= 56 * 60


def test_bot_games_keep_every_invariant() -> None:
    tally = run_bot_games(seed=5, hands=6, level="normal", check_every=8)
    assert tally.hands >= 6


def _started() -> GameState:
    game = GameState.new(Rules(), "K7PMX4QH")
    for bid in (3, 3, 3, 3):
        game = game.apply(Bid(bid))
    return game


def test_a_card_held_twice_is_caught() -> None:
    game = _started()
    hands = list(game.hand.hands)
    stolen = hands[Seat.WEST] & -hands[Seat.WEST]
    hands[Seat.SOUTH] |= stolen
    broken = game._replace(hand=game.hand._replace(hands=(hands[0], hands[1], hands[2], hands[3])))
    with pytest.raises(InvariantBroken, match="two seats"):
        check_position(broken)


def test_a_lost_card_is_caught() -> None:
    game = _started()
    hands = list(game.hand.hands)
    hands[Seat.EAST] &= hands[Seat.EAST] - 1
    broken = game._replace(hand=game.hand._replace(hands=(hands[0], hands[1], hands[2], hands[3])))
    with pytest.raises(InvariantBroken, match="conserved"):
        check_position(broken)


def test_a_leaking_view_would_be_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _started()

    def leaky(view: PlayerView) -> dict[str, Any]:
        data = view_to_json(view)
        data["peek"] = [card.code for card in game.hand.hand_of(Seat.NORTH)]
        return data

    monkeypatch.setattr(invariants, "view_to_json", leaky)
    with pytest.raises(InvariantBroken, match="view shows north"):
        check_view(game, Seat.SOUTH)
