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

A or B is a level name or any importable bot (``module:attr``, :mod:`~picas.games.corazones.bots.
registry`). The report also counts the moons each side shot, by seat, and (on stderr, since they
depend on the machine) the processor time of each side's decisions.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from picas.games.corazones.bots import Bot, play_bots
from picas.games.corazones.bots.registry import load_bot
from picas.games.corazones.game import GameState, dealer_of
from picas.games.corazones.hand import HandState
from picas.games.corazones.passing import direction_for
from picas.games.corazones.rules import Rules
from picas.games.corazones.scoring import HandScore
from picas.games.corazones.view import PlayerView
from picas.shared.arena import (
    ONE_AGAINST_THREE,
    PAIRS,
    code_for,
    mean_interval,
    run_in_order,
)
from picas.shared.cards import Card
from picas.shared.deals import deal_for
from picas.shared.seats import Seat
from picas.shared.spec import Arena, ArenaOption, ArenaRequest

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
    moons: tuple[tuple[Seat, bool], ...] = ()
    """Each moon shot in the deal's games: the shooter's seat, and whether A sat there."""
    clock: Clock = field(default_factory=lambda: Clock(), compare=False)
    """The decisions' processor time (not part of the result: it depends on the machine)."""


@dataclass(slots=True)
class Timing:
    """One side's decisions: how many, their total processor time and the longest, in seconds."""

    decisions: int = 0
    seconds: float = 0.0
    longest: float = 0.0

    def add(self, seconds: float) -> None:
        self.decisions += 1
        self.seconds += seconds
        self.longest = max(self.longest, seconds)

    def merge(self, other: Timing) -> None:
        self.decisions += other.decisions
        self.seconds += other.seconds
        self.longest = max(self.longest, other.longest)


@dataclass(slots=True)
class Clock:
    """Processor time of each side's decisions, A's and B's."""

    a: Timing = field(default_factory=Timing)
    b: Timing = field(default_factory=Timing)

    def add(self, is_a: bool, seconds: float) -> None:
        (self.a if is_a else self.b).add(seconds)

    def merge(self, other: Clock) -> None:
        self.a.merge(other.a)
        self.b.merge(other.b)


class Timed:
    """A bot whose every decision's processor time goes to a :class:`Clock`; it decides exactly
    as the bot it wraps."""

    def __init__(self, bot: Bot, clock: Clock, *, is_a: bool) -> None:
        self._bot = bot
        self._clock = clock
        self._is_a = is_a

    def pass_cards(self, view: PlayerView, rng: random.Random) -> tuple[Card, ...]:
        start = time.process_time()
        try:
            return self._bot.pass_cards(view, rng)
        finally:
            self._clock.add(self._is_a, time.process_time() - start)

    def play(self, view: PlayerView, rng: random.Random) -> Card:
        start = time.process_time()
        try:
            return self._bot.play(view, rng)
        finally:
            self._clock.add(self._is_a, time.process_time() - start)


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

    @property
    def hands(self) -> int:
        """Hands played: one per arrangement of each deal."""
        return len(self.deals) * len(PATTERNS[self.pattern])

    def moons(self, *, by_a: bool) -> dict[Seat, int]:
        """Moons shot by A (or B), by seat."""
        counts = dict.fromkeys(Seat, 0)
        for deal in self.deals:
            for seat, is_a in deal.moons:
                if is_a is by_a:
                    counts[seat] += 1
        return counts

    def clock(self) -> Clock:
        total = Clock()
        for deal in self.deals:
            total.merge(deal.clock)
        return total


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
        rules=rules,
    )
    return GameState.new(rules, code)._replace(hand=hand)


def play_hand(game: GameState, bots: dict[Seat, Bot]) -> tuple[int, int, int, int]:
    """The points of the hand ``game`` starts with, played out by ``bots``."""
    return play_scored(game, bots).points


def play_scored(game: GameState, bots: dict[Seat, Bot]) -> HandScore:
    """The score of the hand ``game`` starts with (its points, and who shot the moon)."""
    played, _ = play_bots(game, bots, position=0, stop=lambda game: bool(game.history))
    return played.history[0].score


def play_deal(
    a: Callable[[], Bot],
    b: Callable[[], Bot],
    game: GameState,
    arrangements: Sequence[frozenset[Seat]],
) -> DealPlay:
    """One deal played in every arrangement: the points A saved, A's and B's mean points, the
    moons and the decisions' time."""
    by_seat: dict[tuple[Seat, bool], list[int]] = {}
    moons: list[tuple[Seat, bool]] = []
    clock = Clock()
    for a_seats in arrangements:
        bots: dict[Seat, Bot] = {  # a bot of its own each
            seat: Timed(a() if seat in a_seats else b(), clock, is_a=seat in a_seats)
            for seat in Seat
        }
        score = play_scored(game, bots)
        if score.moon is not None:
            moons.append((score.moon, score.moon in a_seats))
        for seat in Seat:
            by_seat.setdefault((seat, seat in a_seats), []).append(score.points[seat])
    saved = statistics.fmean(
        statistics.fmean(by_seat[seat, False]) - statistics.fmean(by_seat[seat, True])
        for seat in Seat
    )
    a_all = [p for (_, is_a), points in sorted(by_seat.items()) if is_a for p in points]
    b_all = [p for (_, is_a), points in sorted(by_seat.items()) if not is_a for p in points]
    return DealPlay(saved, statistics.fmean(a_all), statistics.fmean(b_all), tuple(moons), clock)


class DealPlay(NamedTuple):
    saved: float
    a_points: float
    b_points: float
    moons: tuple[tuple[Seat, bool], ...]
    clock: Clock


def play_numbered_deal(task: tuple[str, str, str, Rules, int, int]) -> DealResult:
    """Deal ``index`` of ``seed`` for the players ``a`` and ``b`` (one unit of work of a match)."""
    a, b, pattern, rules, seed, index = task
    code = deal_code(seed, index)
    number = index % 4 + 1
    game = hand_game(rules, code, number)
    played = play_deal(lambda: load_bot(a), lambda: load_bot(b), game, PATTERNS[pattern])
    return DealResult(
        code, number, played.saved, played.a_points, played.b_points, played.moons, played.clock
    )


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
    """Player ``a`` against player ``b`` (level names or ``module:attr``) over deals ``start`` …
    ``start + deals − 1`` of ``seed``, on ``jobs`` processes (the same result whatever their
    number). An unknown player fails here, before any deal is played."""
    load_bot(a), load_bot(b)
    rules = rules or Rules()
    tasks = [(a, b, pattern, rules, seed, index) for index in range(start, start + deals)]
    results = []
    for task, result in zip(tasks, run_in_order(play_numbered_deal, tasks, jobs), strict=True):
        results.append(result)
        if progress is not None:
            progress(task[-1], result)
    return MatchResult(a, b, pattern, tuple(results))


def _moon_line(counts: dict[Seat, int]) -> str:
    seats = ", ".join(f"{seat.name_es} {counts[seat]}" for seat in Seat)
    return f"{sum(counts.values())} ({seats})"


def report(result: MatchResult) -> str:
    """The report, in Spanish like Spades' arena, without timings (so it is the same for the same
    seed whatever the number of processes: :func:`timing` has them)."""
    a_moons, b_moons = result.moons(by_a=True), result.moons(by_a=False)
    low = result.saved - result.half_interval
    high = result.saved + result.half_interval
    lines = [
        f"Arena de Corazones: A = {result.a}, B = {result.b}, patrón {result.pattern}",
        f"Repartos: {len(result.deals)} ({result.hands} manos jugadas)",
        f"  puntos que A ahorra por mano: {result.saved:+.2f}  (IC 95%: {low:+.2f} a {high:+.2f})",
        f"  {'':24}{'A':>12}{'B':>12}",
        f"  {'puntos por mano':24}{result.a_points:>12.2f}{result.b_points:>12.2f}",
        f"  {'lunas':24}{sum(a_moons.values()):>12}{sum(b_moons.values()):>12}",
        f"  lunas de A por asiento: {_moon_line(a_moons)}",
        f"  lunas de B por asiento: {_moon_line(b_moons)}",
    ]
    return "\n".join(lines)


def timing(result: MatchResult, seconds: float, jobs: int) -> str:
    """The match's time and each side's processor time per decision (for stderr)."""
    clock = result.clock()

    def side(name: str, timed: Timing) -> str:
        mean = 1000 * timed.seconds / timed.decisions if timed.decisions else 0.0
        return (
            f"{name}: {timed.decisions} decisiones, media {mean:.3f} ms,"
            f" máx {1000 * timed.longest:.2f} ms"
        )

    return (
        f"({result.hands} manos en {seconds:.1f} s, {result.hands / max(seconds, 1e-9):.1f}"
        f" manos/s, {jobs} procesos; CPU por decisión, "
        f"{side('A', clock.a)}; {side('B', clock.b)})"
    )


# --- the command ------------------------------------------------------------------------------


def run_command(request: ArenaRequest) -> tuple[str, str]:
    """``picas arena``'s match of this game: the report, and a note on the time it took."""
    a, b, options, say = request.a, request.b, request.options, request.say
    pattern = options.get("pattern") or "pairs"
    done: list[DealResult] = []
    every = options.get("every")

    def progress(index: int, result: DealResult) -> None:
        done.append(result)
        if options.get("log"):
            say(f"deal {index} {result.code} {result.number} {result.saved:+.4f}")
        if every and len(done) % every == 0:
            say(report(MatchResult(a, b, pattern, tuple(done))))

    rules = Rules(
        omnibus=bool(options.get("omnibus")),
        pass_size=int(options.get("pase") or 3),
        queen_breaks_hearts=options.get("dama") != "no-rompe",
    )
    if rules.house_rules:
        say(f"reglas de la casa: {rules.house_rules}")
    start = time.perf_counter()
    result = match(
        a,
        b,
        request.deals,
        pattern=pattern,
        seed=request.seed,
        start=options.get("start") or 0,
        rules=rules,
        jobs=request.jobs,
        progress=progress,
    )
    return report(result), timing(result, time.perf_counter() - start, request.jobs)


ARENA = Arena(
    run=run_command,
    deals=1000,
    seed=0,
    options=(
        ArenaOption("pattern", "pairs (o one)", None, choices=tuple(sorted(PATTERNS))),
        ArenaOption("start", "primer reparto (0)", None),
        ArenaOption("every", "informe parcial cada N repartos", None),
        ArenaOption("log", "una línea por reparto (para juntar)", None, flag=True),
        ArenaOption("omnibus", "regla de la casa: el ♦10 vale −10 (Omnibus)", None, flag=True),
        ArenaOption("pase", "regla de la casa: cartas que se pasan (3)", None, choices=("3", "4")),
        ArenaOption(
            "dama",
            "regla de la casa: ♠Q rompe corazones o no (rompe)",
            None,
            choices=("rompe", "no-rompe"),
        ),
    ),
)
"""What ``picas arena --game corazones`` plays, with its own options."""
