"""Scoring a hand: a point a heart, 13 for ♠Q, the moon in both forms, ♦J when it is on."""

from __future__ import annotations

import pytest

from corazones_helpers import E, N, S, W, mask
from picas.games.corazones import MoonForm, Rules, score_hand
from picas.games.corazones.scoring import card_points

ALL = (1 << 52) - 1
HEARTS_ALL = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"


def _split(south: str, west: str, north: str) -> tuple[int, int, int, int]:
    """Cards taken by South, West and North; East took everything else."""
    s, w, n = mask(south), mask(west), mask(north)
    return (s, w, n, ALL & ~(s | w | n))


def test_a_point_a_heart_and_thirteen_for_the_queen() -> None:
    assert card_points(mask("2H AH 2C")) == 2
    assert card_points(mask("QS 5H")) == 14
    assert card_points(mask("KS AS JD 2C")) == 0


def test_an_ordinary_hand() -> None:
    taken = _split("2H 3H 4H 2C 3C 4C 5C", "QS 5H 6D 7D 8D 9D", "7H 8H KS AS")
    score = score_hand(Rules(), taken, (10, 20, 30, 40))
    # East took the other nine hearts.
    assert score.points == (3, 14, 2, 7)
    assert sum(score.points) == 26
    assert score.totals == (13, 34, 32, 47)
    assert score.hearts == (3, 1, 2, 7)
    assert score.queen is W
    assert score.moon is None
    assert score.jack is None
    assert score.taken_points(W) == 14


def test_the_moon_gives_26_to_the_others_by_default() -> None:
    taken = _split(HEARTS_ALL + " QS", "2C", "3C")
    score = score_hand(Rules(), taken, (50, 0, 0, 0))
    assert score.moon is S
    assert score.points == (0, 26, 26, 26)
    assert score.totals == (50, 26, 26, 26)


def test_the_moon_can_take_26_off_the_shooter() -> None:
    taken = _split("2C", "3C", HEARTS_ALL + " QS")
    score = score_hand(Rules(moon=MoonForm.SELF), taken, (0, 0, 30, 0))
    assert score.moon is N
    assert score.points == (0, 0, -26, 0)
    assert score.totals == (0, 0, 4, 0)


def test_25_points_is_no_moon() -> None:
    taken = _split(HEARTS_ALL.replace("2H ", "") + " QS", "2H", "")
    score = score_hand(Rules(), taken, (0, 0, 0, 0))
    assert score.moon is None
    assert score.points == (25, 1, 0, 0)


@pytest.mark.parametrize("jack_on", [False, True])
def test_the_jack_of_diamonds_is_minus_ten_only_when_on(jack_on: bool) -> None:
    taken = _split("2H 3H JD", "QS", "")
    score = score_hand(Rules(jack_of_diamonds=jack_on), taken, (0, 0, 0, 0))
    if jack_on:
        assert score.jack is S
        assert score.points == (-8, 13, 0, 11)
    else:
        assert score.jack is None
        assert score.points == (2, 13, 0, 11)


def test_the_jack_counts_on_top_of_the_moon() -> None:
    taken = _split("2C", "", HEARTS_ALL + " QS JD")
    score = score_hand(Rules(jack_of_diamonds=True), taken, (0, 0, 0, 0))
    assert score.moon is N
    assert score.points == (26, 26, -10, 26)
    taken = _split(HEARTS_ALL + " QS", "JD", "")
    score = score_hand(Rules(jack_of_diamonds=True, moon=MoonForm.SELF), taken, (0, 0, 0, 0))
    assert score.points == (-26, -10, 0, 0)
    assert score.jack is W
    assert E not in (score.moon, score.jack)
