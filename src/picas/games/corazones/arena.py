"""Corazones matches between two levels, the deals rotated so that every level sits in every seat
(``picas arena --game corazones normal facil --deals 1000``).

Each deal is one hand from a code, played once per *arrangement* of the two levels at the table,
on the same cards and the same generators (the shared arena, :mod:`picas.shared.arena`). Two
patterns:

- ``pairs`` (the default): A in North and South and B in East and West, then the other way round.
  Two games a deal; every seat is played once by A and once by B on the same cards, and A and B
  swap roles exactly, so neither is favoured by the seats, the pass direction or the opposition.
- ``one``: A in one seat against three B, in each of the four seats. Four games a deal: how a level
  does at a table of the other; twice the games (and twice the search time with Difícil as A).

For each seat, the points B took there minus the points A took there (averaged over the games in
which each sat there) is what A saved in that seat; the deal's figure is the mean over the four
seats. Deals are independent, so the mean over deals has a 95% interval of 1.96 standard errors.
The hand number cycles 1, 2, 3, 4 with the deal, so the four pass directions (left, right, across,
none) come equally often. A level against itself saves exactly 0.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from picas.games.corazones.bots import LEVELS, Bot, play_bots
from picas.games.corazones.game import GameState, dealer_of
from picas.games.corazones.hand import HandState
from picas.games.corazones.passing import direction_for
from picas.games.corazones.rules import Rules
from picas.shared.arena import (
    ONE_AGAINST_THREE,
    PAIRS,
    code_for,
    mean_interval,
    run_in_order,
)
from picas.shared.deals import deal_for
from picas.shared.seats import Seat

PATTERNS: dict[str, tuple[frozenset[Seat], ...]] = {"pairs": PAIRS, "one": ONE_AGAINST_THREE}
"""For each pattern, the seats of level A in each arrangement (B has the others)."""


@dataclass(frozen=True, slots=True)
class DealResult:
    code: str
    number: int
    saved: float
    """Points a hand A took fewer than B in the same seats (positive: A did better)."""
    a_points: float
    """A's mean points a hand in this deal."""
    b_points: float


@dataclass(frozen=True, slots=True)
class MatchResult:
    a: str
    b: str
    pattern: str
    deals: tuple[DealResult, ...]

    @property
    def saved(self) -> float:
        return mean_interval([deal.saved for deal in self.deals])[0]

    @property
    def half_interval(self) -> float:
        """Half the 95% interval of :attr:`saved` (infinite with fewer than two deals)."""
        return mean_interval([deal.saved for deal in self.deals])[1]

    @property
    def a_points(self) -> float:
        return statistics.fmean(deal.a_points for deal in self.deals)

    @property
    def b_points(self) -> float:
        return statistics.fmean(deal.b_points for deal in self.deals)


def deal_code(seed: int, index: int) -> str:
    return code_for(f"picas/corazones-arena/{seed}/{index}")


def hand_game(rules: Rules, code: str, number: int) -> GameState:
    """A game whose first position is hand ``number`` of ``code`` (its dealer, cards and pass)."""
    dealer = dealer_of(number)
    hand = HandState.deal(
        number=number,
        dealer=dealer,
        hands=deal_for(code, number, dealer),
        direction=direction_for(number, passing=rules.passing),
    )
    return GameState.new(rules, code)._replace(hand=hand)


def play_hand(game: GameState, bots: dict[Seat, Bot]) -> tuple[int, int, int, int]:
    """The points of the hand ``game`` starts with, played out by ``bots``."""
    played, _ = play_bots(game, bots, position=0, stop=lambda game: bool(game.history))
    return played.history[0].score.points


def play_deal(
    a: Callable[[], Bot],
    b: Callable[[], Bot],
    game: GameState,
    arrangements: Sequence[frozenset[Seat]],
) -> tuple[float, float, float]:
    """Saved points, A's and B's mean points for one deal played in every arrangement."""
    by_seat: dict[tuple[Seat, bool], list[int]] = {}
    for a_seats in arrangements:
        bots = {seat: a() if seat in a_seats else b() for seat in Seat}  # a bot of its own each
        points = play_hand(game, bots)
        for seat in Seat:
            by_seat.setdefault((seat, seat in a_seats), []).append(points[seat])
    saved = statistics.fmean(
        statistics.fmean(by_seat[seat, False]) - statistics.fmean(by_seat[seat, True])
        for seat in Seat
    )
    a_all = [p for (_, is_a), points in sorted(by_seat.items()) if is_a for p in points]
    b_all = [p for (_, is_a), points in sorted(by_seat.items()) if not is_a for p in points]
    return saved, statistics.fmean(a_all), statistics.fmean(b_all)


def play_numbered_deal(task: tuple[str, str, str, Rules, int, int]) -> DealResult:
    """Deal ``index`` of ``seed`` for the levels ``a`` and ``b`` (one unit of work of a match)."""
    a, b, pattern, rules, seed, index = task
    code = deal_code(seed, index)
    number = index % 4 + 1
    game = hand_game(rules, code, number)
    saved, a_points, b_points = play_deal(LEVELS[a], LEVELS[b], game, PATTERNS[pattern])
    return DealResult(code, number, saved, a_points, b_points)


def match(
    a: str,
    b: str,
    deals: int,
    *,
    pattern: str = "pairs",
    seed: int = 0,
    start: int = 0,
    rules: Rules | None = None,
    jobs: int = 1,
    progress: Callable[[int, DealResult], None] | None = None,
) -> MatchResult:
    """Level ``a`` against level ``b`` over deals ``start`` … ``start + deals − 1`` of ``seed``,
    on ``jobs`` processes (the same result whatever their number)."""
    rules = rules or Rules()
    tasks = [(a, b, pattern, rules, seed, index) for index in range(start, start + deals)]
    results = []
    for task, result in zip(tasks, run_in_order(play_numbered_deal, tasks, jobs), strict=True):
        results.append(result)
        if progress is not None:
            progress(task[-1], result)
    return MatchResult(a, b, pattern, tuple(results))


def report(result: MatchResult) -> str:
    return (
        f"{result.a} vs {result.b}, {len(result.deals)} deals, pattern {result.pattern}: "
        f"{result.a} {result.a_points:.2f}, {result.b} {result.b_points:.2f} points a hand; "
        f"{result.a} saves {result.saved:+.2f} ± {result.half_interval:.2f} points a hand (95%)"
    )
