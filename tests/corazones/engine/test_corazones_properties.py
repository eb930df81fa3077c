"""Property tests: random legal games, under random settings, never break an invariant."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from corazones_helpers import random_step
from picas.games.corazones import GameState, HandResult, MoonForm, PassDirection, Rules
from picas.games.corazones.hand import HEARTS, POINTS, TWO_OF_CLUBS
from picas.shared.cards import FULL_DECK_MASK, cards_in, mask_of
from picas.shared.deals import CODE_ALPHABET, CODE_LENGTH
from picas.shared.seats import Seat

codes = st.text(alphabet=CODE_ALPHABET, min_size=CODE_LENGTH, max_size=CODE_LENGTH)
rules = st.builds(
    Rules,
    target=st.sampled_from([20, 50, 100]),
    passing=st.booleans(),
    jack_of_diamonds=st.booleans(),
    moon=st.sampled_from(list(MoonForm)),
)


def _play_game(rules: Rules, code: str, seed: int) -> GameState:
    rng = random.Random(seed)
    game = GameState.new(rules, code)
    while not game.is_over:
        game = random_step(game, rng)
    return game


def _check_pass(result: HandResult) -> None:
    hand = result.hand
    if hand.direction is PassDirection.NONE:
        assert hand.passed == hand.received == (0, 0, 0, 0)
        return
    for seat in Seat:
        assert hand.passed[seat].bit_count() == 3
        assert hand.passed[seat] & ~hand.dealt[seat] == 0
        assert hand.received[seat] == hand.passed[hand.direction.giver(seat)]


def _check_tricks(result: HandResult) -> None:
    hand = result.hand
    assert len(hand.tricks) == 13
    every = [card for trick in hand.tricks for card in trick.cards]
    assert sorted(every) == list(range(52))  # every card once
    holding = [hand.dealt[s] & ~hand.passed[s] | hand.received[s] for s in Seat]
    assert sum(h.bit_count() for h in holding) == 52
    broken = False
    leader = next(seat for seat in Seat if holding[seat] >> TWO_OF_CLUBS & 1)
    taken = [0, 0, 0, 0]
    for number, trick in enumerate(hand.tricks):
        assert trick.leader is leader
        lead = trick.cards[0]
        if number == 0:
            assert lead == TWO_OF_CLUBS
        if lead.bit & HEARTS and not broken:
            assert holding[leader] & ~HEARTS == 0  # led hearts unbroken: held nothing else
        for position, card in enumerate(trick.cards):
            seat = Seat((leader + position) % 4)
            assert holding[seat] >> card & 1  # played a card it held
            if card.suit is not lead.suit:
                assert holding[seat] & lead.suit.mask == 0  # void in the led suit
                if number == 0 and card.bit & POINTS:
                    assert holding[seat] & ~POINTS == 0
            holding[seat] &= ~card.bit
        following = [c for c in trick.cards if c.suit is lead.suit]
        assert trick.winner == (leader + trick.cards.index(max(following))) % 4
        taken[trick.winner] |= mask_of(trick.cards)
        broken = broken or any(c.bit & POINTS for c in trick.cards)
        leader = trick.winner
    assert holding == [0, 0, 0, 0]
    assert tuple(taken) == hand.taken


def _check_score(rules: Rules, result: HandResult, before: tuple[int, ...]) -> None:
    score = result.score
    raw = [score.taken_points(seat) for seat in Seat]
    assert sum(raw) == 26
    jack = -10 if rules.jack_of_diamonds else 0
    if score.moon is None:
        assert sum(score.points) == 26 + jack
        assert 26 not in raw
    elif rules.moon is MoonForm.OTHERS:
        assert sum(score.points) == 78 + jack
        assert raw[score.moon] == 26
    else:
        assert sum(score.points) == -26 + jack
    assert score.totals == tuple(b + p for b, p in zip(before, score.points, strict=True))


@settings(max_examples=40, deadline=None)
@given(rules=rules, code=codes, seed=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(rules: Rules, code: str, seed: int) -> None:
    game = _play_game(rules, code, seed)
    totals: tuple[int, ...] = (0, 0, 0, 0)
    for index, result in enumerate(game.history):
        assert result.hand.number == index + 1
        _check_pass(result)
        _check_tricks(result)
        _check_score(rules, result, totals)
        totals = result.score.totals
        ended = max(totals) >= rules.target and totals.count(min(totals)) == 1
        assert ended == (index == len(game.history) - 1)  # the game ends at the first such hand
    assert game.totals == totals
    assert game.outcome is not None
    assert game.outcome.winner == totals.index(min(totals))
    assert game.outcome.hands_played == len(game.history)


@settings(max_examples=40, deadline=None)
@given(code=codes, seed=st.integers(0, 2**32))
def test_the_same_code_and_choices_give_the_same_game(code: str, seed: int) -> None:
    rules = Rules(target=50)
    assert _play_game(rules, code, seed) == _play_game(rules, code, seed)


@settings(max_examples=30, deadline=None)
@given(code=codes, seed=st.integers(0, 2**32))
def test_cards_are_conserved_at_every_step(code: str, seed: int) -> None:
    rng = random.Random(seed)
    game = GameState.new(Rules(), code)
    for _ in range(60):
        hand = game.hand
        on_table = mask_of(hand.trick)
        held = hand.hands[0] | hand.hands[1] | hand.hands[2] | hand.hands[3]
        taken = hand.taken[0] | hand.taken[1] | hand.taken[2] | hand.taken[3]
        assert sum(h.bit_count() for h in hand.hands) + len(hand.trick) + taken.bit_count() == 52
        assert held | on_table | taken == FULL_DECK_MASK
        assert len(cards_in(held)) == 52 - len(hand.trick) - taken.bit_count()
        game = random_step(game, rng)
