"""The rating of one result: who goes up, who goes down, by how much, and what a person sees."""

from __future__ import annotations

import pytest
from openskill.models import BradleyTerryFull
from ratings_helpers import DAY, MONDAY, corazones, picas

from picas.web.ratings.model import (
    NEW,
    InvalidResult,
    PlayerState,
    RatedResult,
    RatedSeat,
    display,
    iso_week,
)
from picas.web.ratings.rate import Replay, pair_weight, rate

FOUR = ("ana", "bea", "cai", "dan")


def test_a_new_player_shows_1000_and_the_number_is_openskills_scaled_ordinal() -> None:
    assert NEW.display == 1000
    model = BradleyTerryFull()
    for mu, sigma in ((25.0, 25 / 3), (31.2, 4.1), (18.0, 6.5), (40.0, 1.2)):
        ordinal = model.rating(mu, sigma).ordinal(z=3.0, alpha=20, target=1000)
        assert display(mu, sigma) == max(0, round(ordinal))
    assert display(-50.0, 8.0) == 0  # never below zero


def test_picas_the_winning_team_gains_alike_and_the_losers_lose() -> None:
    rated = rate(picas("t", FOUR, 510, 320), {}, {}, {})
    ana, bea, cai, dan = (rated.states[p] for p in FOUR)
    assert ana == bea
    assert cai == dan
    assert ana.mu > NEW.mu > cai.mu
    assert (ana.wins, cai.wins) == (1, 0)
    assert rated.changes["ana"].after > rated.changes["ana"].before == 1000
    assert rated.changes["cai"].after < rated.changes["ana"].after


def test_a_tie_between_equals_moves_no_mean_and_wins_nobody_a_game() -> None:
    rated = rate(picas("t", FOUR, 300, 300), {}, {}, {})
    for player in FOUR:
        assert rated.states[player].mu == pytest.approx(NEW.mu)
        assert rated.states[player].wins == 0


def test_corazones_the_lowest_score_is_best_and_ties_are_ties() -> None:
    scores = {"ana": 12, "bea": 40, "cai": 40, "dan": 101}
    rated = rate(corazones("t", scores), {}, {}, {})
    mu = {p: rated.states[p].mu for p in scores}
    assert mu["ana"] > mu["bea"] > mu["dan"]
    assert mu["bea"] == pytest.approx(mu["cai"])
    assert [p for p in scores if rated.states[p].wins] == ["ana"]


def test_a_corazones_leaver_ranks_below_all_who_stayed_whatever_its_score() -> None:
    scores = {"ana": 0, "bea": 60, "cai": 80, "dan": 101}
    rated = rate(corazones("t", scores, left=("ana",)), {}, {}, {})
    assert rated.states["ana"].mu < min(rated.states[p].mu for p in ("bea", "cai", "dan"))
    assert rated.states["ana"].wins == 0
    assert rated.states["bea"].wins == 1


def test_a_picas_leaver_loses_for_the_team_and_the_partner_who_stayed_keeps_the_rating() -> None:
    rated = rate(picas("t", FOUR, 500, 100, left=("bea",)), {}, {}, {})
    assert rated.states["bea"].mu < NEW.mu
    assert rated.states["ana"].mu == NEW.mu
    assert rated.states["ana"].sigma == NEW.sigma
    assert rated.states["cai"].mu > NEW.mu
    assert rated.states["cai"].wins == 1


def test_a_level_at_two_seats_is_not_moved_and_one_at_a_single_seat_is() -> None:
    both = rate(picas("t", ("ana", "bea", "cpu:dificil", "cpu:dificil"), 100, 500), {}, {}, {})
    assert both.states["cpu:dificil"].mu == NEW.mu
    assert both.states["cpu:dificil"].games == 1
    one = rate(picas("u", ("ana", "cpu:normal", "bea", "cpu:dificil"), 100, 500), {}, {}, {})
    assert one.states["cpu:dificil"].mu > NEW.mu
    assert one.states["cpu:normal"].mu < NEW.mu


def test_the_same_two_profiles_count_less_each_game_of_a_day_and_fully_the_next_day() -> None:
    replay = Replay()
    gains = []
    for number in range(7):
        before = replay.states.get("ana", NEW).mu
        replay.add(picas(f"g{number}", FOUR, 500, 100, at=MONDAY + number * 60))
        gains.append(replay.states["ana"].mu - before)
    assert gains[0] > 0
    assert gains[1] > 0
    for n in range(2, 6):
        assert gains[n] < gains[n - 1]
    assert gains[5] == gains[6] == 0.0
    assert [pair_weight(n) for n in range(7)] == [1, 1, 0.5, 0.25, 0.125, 0, 0]
    before = replay.states["ana"].mu
    replay.add(picas("next", FOUR, 500, 100, at=MONDAY + DAY + 60))
    assert replay.states["ana"].mu > before


def test_provisional_for_the_first_ten_games() -> None:
    replay = Replay()
    flags = [
        replay.add(picas(f"p{n}", FOUR, 300 + n, 200, at=MONDAY + n * DAY))
        .changes["ana"]
        .provisional
        for n in range(11)
    ]
    assert flags == [True] * 9 + [False] * 2
    assert replay.states["ana"].games == 11


def test_the_week_rating_starts_afresh_each_iso_week() -> None:
    replay = Replay()
    for n in range(3):
        replay.add(picas(f"w{n}", FOUR, 500, 100, at=MONDAY + n * DAY))
    replay.add(picas("next-week", FOUR, 100, 500, at=MONDAY + 7 * DAY))
    week = replay.weeks[iso_week(MONDAY + 7 * DAY)]
    assert week["ana"].games == 1
    assert week["ana"].mu < NEW.mu
    assert replay.states["ana"].games == 4
    assert replay.states["ana"].mu > NEW.mu


@pytest.mark.parametrize(
    "seats",
    [
        (RatedSeat("ana", "s", 1), RatedSeat("bea", "n", 1), RatedSeat("cai", "w", 2)),
        (
            RatedSeat("ana", "s", 1),
            RatedSeat("ana", "n", 1),
            RatedSeat("cai", "w", 2),
            RatedSeat("dan", "e", 2),
        ),
        (
            RatedSeat("ana", "s", 1),
            RatedSeat("bea", "n", 2),
            RatedSeat("cai", "w", 2),
            RatedSeat("dan", "e", 2),
        ),
        (
            RatedSeat("ana", "s", 1),
            RatedSeat("bea", "n", 1),
            RatedSeat("cpu:imposible", "w", 2),
            RatedSeat("dan", "e", 2),
        ),
        (
            RatedSeat("ana", "s", 1),
            RatedSeat("bea", "n", 1),
            RatedSeat("cai", "x", 2),
            RatedSeat("dan", "e", 2),
        ),
    ],
)
def test_a_result_no_table_could_end_with_is_refused(seats: tuple[RatedSeat, ...]) -> None:
    with pytest.raises(InvalidResult):
        rate(RatedResult("bad", "spades", MONDAY, seats), {}, {}, {})


def test_rating_starts_from_the_given_states() -> None:
    strong = {"ana": PlayerState(35.0, 2.0, 40, 30), "bea": PlayerState(35.0, 2.0, 40, 30)}
    upset = rate(picas("t", FOUR, 100, 500), strong, {}, {})
    expected = rate(picas("t", FOUR, 500, 100), strong, {}, {})
    loss = strong["ana"].mu - upset.states["ana"].mu
    gain = expected.states["ana"].mu - strong["ana"].mu
    assert loss > gain > 0  # losing to weaker players costs more than beating them earns
    assert upset.states["ana"].games == 41
