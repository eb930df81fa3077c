"""Properties of one rating, over many results: better places never end below worse ones from
equal ratings, a leaver never gains, everyone at the table counts one more game, and the same
result on the same ratings always gives the same numbers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import BradleyTerryFull, PlackettLuce

from picas.web.ratings.model import CORAZONES_SEATS, NEW, PlayerState, RatedResult, RatedSeat
from picas.web.ratings.rate import rate

PEOPLE = ("ana", "bea", "cai", "dan")
scores = st.lists(st.integers(0, 130), min_size=4, max_size=4)
lefts = st.lists(st.booleans(), min_size=4, max_size=4)
prior = st.builds(
    PlayerState,
    st.floats(5, 45, allow_nan=False),
    st.floats(0.5, 8.5, allow_nan=False),
    st.integers(0, 500),
    st.integers(0, 0),
)


def hearts(points: list[int], left: list[bool]) -> RatedResult:
    seats = tuple(
        RatedSeat(p, s, n, out)
        for p, s, n, out in zip(PEOPLE, CORAZONES_SEATS, points, left, strict=True)
    )
    return RatedResult("h", "corazones", 1_796_601_600.0, seats)


def place(points: list[int], left: list[bool], i: int) -> tuple[int, int]:
    return (1, 0) if left[i] else (0, points[i])


@settings(max_examples=150, deadline=None)
@given(scores, lefts)
def test_from_equal_ratings_a_better_place_never_ends_lower(
    points: list[int], left: list[bool]
) -> None:
    rated = rate(hearts(points, left), {}, {}, {})
    for i in range(4):
        for j in range(4):
            if place(points, left, i) < place(points, left, j):
                assert rated.states[PEOPLE[i]].mu > rated.states[PEOPLE[j]].mu
            if place(points, left, i) == place(points, left, j):
                assert abs(rated.states[PEOPLE[i]].mu - rated.states[PEOPLE[j]].mu) < 1e-9
    if sum(left) == 1:
        assert rated.states[PEOPLE[left.index(True)]].mu < NEW.mu  # a lone leaver loses


@settings(max_examples=100, deadline=None)
@given(scores, lefts, st.lists(prior, min_size=4, max_size=4))
def test_every_player_counts_one_more_game_and_the_numbers_repeat(
    points: list[int], left: list[bool], priors: list[PlayerState]
) -> None:
    states = dict(zip(PEOPLE, priors, strict=True))
    first = rate(hearts(points, left), states, {}, {})
    again = rate(hearts(points, left), states, {}, {})
    assert first == again
    for player in PEOPLE:
        after = first.states[player]
        assert after.games == states[player].games + 1
        assert after.sigma > 0
        change = first.changes[player]
        assert change.before == states[player].display
        assert change.after == after.display
        if left[PEOPLE.index(player)] and sum(left) == 1:
            assert after.mu <= states[player].mu  # last alone: nothing to gain


@settings(max_examples=100, deadline=None)
@given(st.lists(prior, min_size=4, max_size=4), st.sampled_from([[0, 1], [1, 0], [0, 0]]))
def test_for_two_teams_the_model_gives_plackett_luces_updates(
    priors: list[PlayerState], ranks: list[int]
) -> None:
    """Why Bradley–Terry costs Picas nothing: with two teams it is Plackett–Luce."""
    bt, pl = BradleyTerryFull(), PlackettLuce()
    rated_bt = bt.rate(
        [[bt.rating(p.mu, p.sigma) for p in priors[i : i + 2]] for i in (0, 2)],
        ranks=[float(r) for r in ranks],
    )
    rated_pl = pl.rate(
        [[pl.rating(p.mu, p.sigma) for p in priors[i : i + 2]] for i in (0, 2)],
        ranks=[float(r) for r in ranks],
    )
    results = [
        [(r.mu, r.sigma) for team in rated_bt for r in team],
        [(r.mu, r.sigma) for team in rated_pl for r in team],
    ]
    for (mu_bt, sigma_bt), (mu_pl, sigma_pl) in zip(*results, strict=True):
        assert abs(mu_bt - mu_pl) < 1e-9
        assert abs(sigma_bt - sigma_pl) < 1e-9
