"""The no-peeking test: bots see views, so hidden cards cannot change what they do.

Two games differ only in cards hidden from the viewer: same-suit cards not yet played are swapped
between two other seats' deals (so every past action stays legal). The views must be identical,
and so must every level's move.
"""

from __future__ import annotations

import random

import pytest
from bot_helpers import ALL_LEVELS

from picas.games.spades import Action, GameState, Rules, Seat, deal_for
from picas.games.spades.bots.base import decide, decision_rng
from picas.games.spades.bots.registry import load_bot
from picas.games.spades.game import Deal
from picas.games.spades.view import view_for

CODE = "PEEK2345"


def _swap_hidden(
    deal: Deal, held: tuple[int, ...], a: Seat, b: Seat, rng: random.Random
) -> Deal | None:
    """Swap up to three pairs of same-suit cards still held by ``a`` and ``b`` (``None`` if they
    share no suit any more)."""
    hands = list(deal)
    swaps = 0
    for suit in rng.sample(range(4), 4):
        suit_mask = ((1 << 13) - 1) << (13 * suit)
        mine_a = [c for c in range(52) if (held[a] & suit_mask) >> c & 1]
        mine_b = [c for c in range(52) if (held[b] & suit_mask) >> c & 1]
        if mine_a and mine_b and swaps < 3:
            x, y = rng.choice(mine_a), rng.choice(mine_b)
            hands[a] ^= (1 << x) | (1 << y)
            hands[b] ^= (1 << x) | (1 << y)
            swaps += 1
    if not swaps:
        return None
    return (hands[0], hands[1], hands[2], hands[3])


def _positions(viewer: Seat, every: int) -> list[tuple[list[Action], Deal]]:
    """Action prefixes of a hand played by Normal that end with ``viewer`` on turn."""
    deal = deal_for(CODE, 1, Seat.EAST)
    game = GameState.new(Rules(), CODE, deals=(deal,))
    bot = load_bot("normal")
    prefixes = []
    actions: list[Action] = []
    while not game.history:
        seat = game.turn
        assert seat is not None
        if seat == viewer and len(actions) % every == 0:
            prefixes.append((list(actions), deal))
        action = decide(bot, view_for(game, seat), decision_rng(CODE, len(actions), seat))
        actions.append(action)
        game = game.apply(action)
    return prefixes


@pytest.mark.parametrize("viewer", [Seat.SOUTH, Seat.NORTH])
def test_hidden_cards_change_neither_the_view_nor_any_move(viewer: Seat) -> None:
    rng = random.Random(viewer)
    others = [seat for seat in Seat if seat != viewer]
    checked = 0
    for actions, deal in _positions(viewer, every=3):
        real = GameState.new(Rules(), CODE, deals=(deal,))
        for action in actions:
            real = real.apply(action)
        pairs = [(a, b) for a in others for b in others if a < b]
        rng.shuffle(pairs)
        swaps = (_swap_hidden(deal, real.hand.hands, a, b, rng) for a, b in pairs)
        swapped_deal = next((d for d in swaps if d is not None), None)
        if swapped_deal is None:
            continue
        assert swapped_deal != deal
        other = GameState.new(Rules(), CODE, deals=(swapped_deal,))
        for action in actions:
            other = other.apply(action)
        assert other.hand.hands != real.hand.hands
        view_real, view_other = view_for(real, viewer), view_for(other, viewer)
        assert view_real == view_other
        for level in ALL_LEVELS:
            position = len(actions)
            move_real = decide(load_bot(level), view_real, decision_rng(CODE, position, viewer))
            move_other = decide(load_bot(level), view_other, decision_rng(CODE, position, viewer))
            assert move_real == move_other, (level, position)
        checked += 1
    assert checked >= 3
