"""A whole game: deals from codes, the pass cycle across hands, totals, the end and its tie rule."""

from __future__ import annotations

import random

import pytest

from corazones_helpers import BLOCKS, E, N, S, W, play_random_hand, random_step
from picas.games.corazones import GameState, MoonForm, PassDirection, Phase, Rules
from picas.games.corazones.game import outcome_after
from picas.shared.cards import CARDS
from picas.shared.deals import deal_for
from picas.shared.errors import IllegalAction, InvalidCode, PicasError
from picas.shared.tricks import Play

BLOCKS_FIRST_CARD = CARDS[0]


def test_a_new_game_deals_from_its_code() -> None:
    game = GameState.new(Rules(), "abcd-2345")
    assert game.code == "ABCD2345"
    assert game.hand.number == 1
    assert game.hand.dealer is E
    assert game.hand.direction is PassDirection.LEFT
    assert game.hand.dealt == deal_for("ABCD2345", 1, E)
    assert game.hand.phase is Phase.PASSING
    assert game.totals == (0, 0, 0, 0)
    assert GameState.new(Rules(), "ABCD2345") == game
    assert GameState.new(Rules(), "ABCD2346").hand.dealt != game.hand.dealt


def test_a_bad_code_is_refused() -> None:
    with pytest.raises(InvalidCode):
        GameState.new(Rules(), "ABC")


def test_explicit_deals_are_checked_and_used() -> None:
    game = GameState.new(Rules(), "ABCD2345", deals=(BLOCKS,))
    assert game.hand.dealt == BLOCKS
    broken = (BLOCKS[0], BLOCKS[0], BLOCKS[2], BLOCKS[3])
    with pytest.raises(PicasError) as raised:
        GameState.new(Rules(), "ABCD2345", deals=(broken,))
    assert raised.value.code == "invalid_deal"


def test_hands_follow_the_cycle_and_the_deal_moves_left() -> None:
    rng = random.Random(7)
    game = GameState.new(Rules(target=500), "ABCD2345")
    seen = []
    for _ in range(5):
        seen.append((game.hand.number, game.hand.dealer, game.hand.direction))
        game = play_random_hand(game, rng)
    assert seen == [
        (1, E, PassDirection.LEFT),
        (2, S, PassDirection.RIGHT),
        (3, W, PassDirection.ACROSS),
        (4, N, PassDirection.NONE),
        (5, E, PassDirection.LEFT),
    ]
    assert game.hand.dealt == deal_for("ABCD2345", 6, S)


def test_passing_off_starts_every_hand_with_play() -> None:
    rng = random.Random(3)
    game = GameState.new(Rules(passing=False, target=500), "ABCD2345")
    for _ in range(3):
        assert game.hand.phase is Phase.PLAYING
        assert game.hand.direction is PassDirection.NONE
        game = play_random_hand(game, rng)


def test_totals_add_each_hand_and_history_keeps_the_sheets() -> None:
    rng = random.Random(11)
    game = GameState.new(Rules(target=500), "ABCD2345")
    for _ in range(3):
        game = play_random_hand(game, rng)
    assert len(game.history) == 3
    summed = tuple(sum(result.score.points[seat] for result in game.history) for seat in range(4))
    assert game.totals == summed
    assert game.history[-1].score.totals == game.totals


# --- the end ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("totals", "winner"),
    [
        ((99, 10, 20, 30), None),  # nobody has reached 100
        ((100, 10, 20, 30), W),
        ((130, 45, 20, 40), N),
        ((100, 20, 20, 30), None),  # a tie for lowest plays on
        ((100, 20, 30, 30), W),  # a tie that is not for lowest does not matter
        ((100, 100, 100, 90), E),
    ],
)
def test_outcome_lowest_wins_and_a_tie_for_lowest_plays_on(
    totals: tuple[int, int, int, int], winner: object
) -> None:
    outcome = outcome_after(Rules(), totals, 9)
    if winner is None:
        assert outcome is None
    else:
        assert outcome is not None
        assert outcome.winner is winner
        assert outcome.totals == totals
        assert outcome.hands_played == 9


def _south_takes_all(rules: Rules, totals: tuple[int, int, int, int]) -> GameState:
    """A game whose next hand is BLOCKS without a pass: South leads every club and takes every
    trick, so shoots the moon."""
    game = GameState.new(rules, "ABCD2345", deals=(BLOCKS,))._replace(totals=totals)
    while game.hand.number == 1 and not game.is_over:
        game = game.apply(game.legal_actions()[0])
    return game


def test_the_game_ends_when_someone_reaches_the_target() -> None:
    game = _south_takes_all(Rules(passing=False, target=50), (0, 30, 30, 10))
    assert game.history[0].score.moon is S
    assert game.totals == (0, 56, 56, 36)
    assert game.outcome is not None
    assert game.outcome.winner is S
    assert game.legal_actions() == ()
    with pytest.raises(IllegalAction) as raised:
        game.apply(Play(BLOCKS_FIRST_CARD))
    assert raised.value.code == "game_over"
    assert game.turn is None


def test_a_tie_for_lowest_plays_another_hand() -> None:
    game = _south_takes_all(Rules(passing=False, target=50, moon=MoonForm.SELF), (36, 10, 50, 40))
    assert game.totals == (10, 10, 50, 40)
    assert game.outcome is None
    assert game.hand.number == 2


def test_a_game_is_played_to_its_end() -> None:
    rng = random.Random(5)
    game = GameState.new(Rules(target=50), "ABCD2345")
    while not game.is_over:
        game = random_step(game, rng)
    assert game.outcome is not None
    assert max(game.totals) >= 50
    assert game.totals.count(min(game.totals)) == 1
    assert game.outcome.winner == game.totals.index(min(game.totals))
