"""The no-peeking test: the players see views, so cards hidden from them cannot change what they do.

Two games differ only in cards hidden from the viewer: cards of the same suit, still held, never
passed, are swapped between two other seats' deals, so every earlier action stays legal (♠Q and ♣2
stay put: they change what is legal). The viewer's views must be equal, and so must every level's
choice.
"""

from __future__ import annotations

import random

import pytest

from picas.games.corazones import Action, GameState, Rules, view_for
from picas.games.corazones.bots import LEVELS, NormalBot, decide, next_bot_seat
from picas.games.corazones.hand import QUEEN_OF_SPADES, TWO_OF_CLUBS, Deal
from picas.shared.bots import decision_rng
from picas.shared.cards import SUIT_MASKS, cards_in
from picas.shared.seats import Seat

FIXED = QUEEN_OF_SPADES.bit | TWO_OF_CLUBS.bit
History = list[tuple[Seat, Action]]


def _record(rules: Rules, code: str) -> tuple[GameState, History]:
    """A first hand played out by Normal at every seat, with who did what."""
    bots = {seat: NormalBot() for seat in Seat}
    game = GameState.new(rules, code)
    history: History = []
    while not game.history:
        seat = next_bot_seat(game, bots)
        assert seat is not None
        action = decide(bots[seat], view_for(game, seat), decision_rng(code, len(history), seat))
        history.append((seat, action))
        game = game.apply(action, seat)
    return GameState.new(rules, code), history


def _replay(start: GameState, history: History) -> GameState:
    game = start
    for seat, action in history:
        game = game.apply(action, seat)
    return game


def _hidden_swap(game: GameState, viewer: Seat, rng: random.Random) -> Deal | None:
    """The first deal with up to three same-suit pairs swapped between two seats other than the
    viewer: cards they still hold and that no one passed."""
    hand = game.hand
    a, b = rng.sample([seat for seat in Seat if seat != viewer], 2)
    passed = hand.passed[0] | hand.passed[1] | hand.passed[2] | hand.passed[3]
    free_a = hand.hands[a] & ~passed & ~FIXED
    free_b = hand.hands[b] & ~passed & ~FIXED
    dealt = list(hand.dealt)
    swaps = 0
    for suit in rng.sample(range(4), 4):
        mine_a, mine_b = cards_in(free_a & SUIT_MASKS[suit]), cards_in(free_b & SUIT_MASKS[suit])
        if mine_a and mine_b and swaps < 3:
            both = rng.choice(mine_a).bit | rng.choice(mine_b).bit
            dealt[a] ^= both
            dealt[b] ^= both
            swaps += 1
    return (dealt[0], dealt[1], dealt[2], dealt[3]) if swaps else None


@pytest.mark.parametrize("rules", [Rules(), Rules(passing=False)], ids=["pass", "no-pass"])
def test_hidden_cards_change_neither_views_nor_choices(rules: Rules) -> None:
    code = "PEEK2345"
    start, history = _record(rules, code)
    rng = random.Random(9)
    compared = 0
    for cut in range(0, len(history), 3):
        seat = history[cut][0]
        game = _replay(start, history[:cut])
        swapped = _hidden_swap(game, seat, rng)
        if swapped is None:
            continue
        other = _replay(GameState.new(rules, code, deals=(swapped,)), history[:cut])
        assert other.hand.hands != game.hand.hands  # the hidden cards did change
        mine, theirs = view_for(game, seat), view_for(other, seat)
        assert mine == theirs
        for level, bot in LEVELS.items():
            first = decide(bot(), mine, decision_rng(code, cut, seat))
            second = decide(bot(), theirs, decision_rng(code, cut, seat))
            assert first == second, level
        compared += 1
    assert compared >= 10
