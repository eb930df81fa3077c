"""One result rated: the pure computation both stores call inside their write (so a retry or a
second process computes from the same stored ratings), and the replay that recomputes a game's
ratings from its stored results.

Bradley–Terry «full» (OpenSkill's ``BradleyTerryFull``), every pair of teams compared, draws for
equal places. For Picas' two teams it gives exactly the updates of Plackett–Luce; for Corazones'
four players it keeps the finishing order when there are ties, which Plackett–Luce's tie
approximation does not: with places 1, 1, 3, 4 it gives the lone third the same gain as the two
tied first (tests/web/ratings/test_ratings_properties.py, docs/ratings.md).

Repeated games between the same two profiles count less each UTC day (docs/ratings.md,
«Manipulation»): a player's change in a game is scaled by :func:`pair_weight` of the most often
met other person at the table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from openskill.models import BradleyTerryFull, BradleyTerryFullRating

from picas.web.games import partners, rated_for
from picas.web.ratings.model import (
    GONE_PREFIX,
    HISTORY_KEPT,
    NEW,
    PICAS_TEAMS,
    HistoryPoint,
    PlayerState,
    RatedResult,
    RatingChange,
    check,
    is_cpu,
)

MODEL = BradleyTerryFull()
FULL_GAMES_PER_PAIR = 2
"""Games a pair of profiles plays in a UTC day that are rated in full."""
ZERO_AFTER = 6
"""From this game of a pair in a UTC day on, it is not rated at all (weights 1, 1, ½, ¼, ⅛, 0…)."""


def pair_key(first: str, second: str) -> str:
    low, high = sorted((first, second))
    return f"{low}|{high}"


def people_pairs(result: RatedResult) -> list[str]:
    people = [p for p in result.players if not is_cpu(p)]
    return [pair_key(a, b) for i, a in enumerate(people) for b in people[i + 1 :]]


def pair_weight(games_before: int) -> float:
    """The weight of a pair's game after ``games_before`` rated games of theirs that day."""
    if games_before < FULL_GAMES_PER_PAIR:
        return 1.0
    if games_before + 1 >= ZERO_AFTER:
        return 0.0
    return 0.5 ** (games_before + 1 - FULL_GAMES_PER_PAIR)


@dataclass(frozen=True, slots=True)
class Rated:
    states: dict[str, PlayerState]
    week: dict[str, PlayerState]
    changes: dict[str, RatingChange]
    pairs: list[str]
    points: dict[str, HistoryPoint]


def _units(result: RatedResult) -> tuple[list[list[str]], list[int], list[list[float]]]:
    """The teams OpenSkill rates (players by seat: the partnerships, or each seat alone), their
    ranks (0 best, ties equal; the higher score first, or the lower where it wins; a team or
    player that left ranked below all who stayed) and each seat's own weight (a partner of a
    leaver is neither helped nor harmed: 0)."""
    seats = {seat.seat: seat for seat in result.seats}
    teams = PICAS_TEAMS if partners(result.game) else tuple((key,) for key in sorted(seats))
    rated = rated_for(result.game)
    sign = 1 if rated is not None and rated.lower_wins else -1
    groups = [[seats[key] for key in team] for team in teams]
    keys = [
        (1, 0) if any(s.left for s in group) else (0, sign * group[0].score) for group in groups
    ]
    partner_left = [[any(o.left for o in group if o is not s) for s in group] for group in groups]
    self_weights = [
        [0.0 if pl and not s.left else 1.0 for s, pl in zip(group, lefts, strict=True)]
        for group, lefts in zip(groups, partner_left, strict=True)
    ]
    order = sorted(set(keys))
    ranks = [order.index(key) for key in keys]
    return [[s.player for s in group] for group in groups], ranks, self_weights


def rate(
    result: RatedResult,
    states: Mapping[str, PlayerState],
    week: Mapping[str, PlayerState],
    pair_counts: Mapping[str, int],
) -> Rated:
    """The new all-time and week states of every player at the table, their changes, the pairs
    to count and each player's history point. ``states``/``week`` miss a new player."""
    check(result)
    teams, ranks, self_weights = _units(result)
    seats_of: dict[str, int] = {}
    for team in teams:
        for player in team:
            seats_of[player] = seats_of.get(player, 0) + 1
    people = [p for p in seats_of if not is_cpu(p)]
    weights: dict[str, float] = {}
    for player in seats_of:
        if is_cpu(player):
            # A level at two seats learns nothing from a game it played against itself.
            weights[player] = 1.0 if seats_of[player] == 1 else 0.0
        else:
            met = [
                pair_counts.get(pair_key(player, other), 0) for other in people if other != player
            ]
            weights[player] = pair_weight(max(met, default=0))
    winners = [i for i, rank in enumerate(ranks) if rank == 0]
    left = {s.player for s in result.seats if s.left}
    won = set(teams[winners[0]]) - left if len(winners) == 1 and ranks.count(0) == 1 else set()
    new_states = _rated(teams, ranks, self_weights, weights, states, won)
    new_week = _rated(teams, ranks, self_weights, weights, week, won)
    changes: dict[str, RatingChange] = {}
    points: dict[str, HistoryPoint] = {}
    for player, after in new_states.items():
        before = states.get(player, NEW).display
        changes[player] = RatingChange(before, after.display, after.provisional)
        points[player] = HistoryPoint(
            result.id, result.ended, after.display, after.display - before
        )
    return Rated(new_states, new_week, changes, people_pairs(result), points)


def _rated(
    teams: list[list[str]],
    ranks: list[int],
    self_weights: list[list[float]],
    weights: Mapping[str, float],
    states: Mapping[str, PlayerState],
    won: set[str],
) -> dict[str, PlayerState]:
    ratings = [
        [MODEL.rating(states.get(p, NEW).mu, states.get(p, NEW).sigma) for p in team]
        for team in teams
    ]
    after: list[list[BradleyTerryFullRating]] = MODEL.rate(ratings, ranks=[float(r) for r in ranks])
    new: dict[str, PlayerState] = {}
    for team, own, rated, before in zip(teams, self_weights, after, ratings, strict=True):
        for player, seat_weight, new_rating, old in zip(team, own, rated, before, strict=True):
            if player in new:
                continue  # a level at two seats: counted once, and not moved (weight 0)
            weight = weights[player] * seat_weight
            state = states.get(player, NEW)
            new[player] = PlayerState(
                old.mu + weight * (new_rating.mu - old.mu),
                old.sigma + weight * (new_rating.sigma - old.sigma),
                state.games + 1,
                state.wins + (player in won),
            )
    return new


@dataclass
class Replay:
    """A game's ratings rebuilt from its stored results, in the order they were written."""

    states: dict[str, PlayerState] = field(default_factory=dict)
    weeks: dict[str, dict[str, PlayerState]] = field(default_factory=dict)
    pairs: dict[str, dict[str, int]] = field(default_factory=dict)
    history: dict[str, list[HistoryPoint]] = field(default_factory=dict)

    def add(self, result: RatedResult) -> Rated:
        week = self.weeks.setdefault(result.week, {})
        day = self.pairs.setdefault(result.day, {})
        rated = rate(result, self.states, week, day)
        self.states.update(rated.states)
        week.update(rated.week)
        for pair in rated.pairs:
            day[pair] = day.get(pair, 0) + 1
        for player, point in rated.points.items():
            points = self.history.setdefault(player, [])
            points.append(point)
            del points[:-HISTORY_KEPT]
        return rated

    def shown(self) -> dict[str, PlayerState]:
        """The states a store keeps: a deleted profile's stand-in is rated, never kept."""
        return {p: s for p, s in self.states.items() if not p.startswith(GONE_PREFIX)}
