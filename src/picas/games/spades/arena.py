"""Spades matches (``picas arena A B``): two computer players against each other over duplicate
deals.

Every deal is played twice on the same cards with the teams' seats swapped (A as North–South, then
A as East–West), so the luck of the cards cancels out; at «Dos jugadores» (``--players 2``) A is
South then West against B, on the same stock (the team of South is North–South's). Two kinds of
deal:

- single hands scored from 0–0 (``--deals``): the points-per-hand difference with its 95%
  confidence interval, contracts made and set, Nils, bags, the table's total bid;
- whole games to the target (``--games``): games won and hands per game.

Deals come from game codes derived from ``--seed``; every decision's generator comes from the code
and the position, so the output is the same for the same seed whatever ``--jobs`` is. The seating,
the codes, the processes and the interval are the shared arena's (:mod:`picas.shared.arena`).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from picas.games.spades import Action, GameState, Rules, Seat
from picas.games.spades.blunders import PartnerWatch
from picas.games.spades.bots.base import Bot, play_bots
from picas.games.spades.bots.registry import load_bot
from picas.games.spades.clairvoyant import NAME, ClairvoyantBot
from picas.games.spades.game import HandResult
from picas.shared.arena import PAIRS, code_for, mean_interval, run_in_order, seating
from picas.shared.spec import Arena, ArenaOption, ArenaRequest

_BOTS: dict[str, Bot] = {}

ARENA_ONLY: dict[str, str] = {NAME: "picas.games.spades.clairvoyant:ClairvoyantBot"}
"""Players only the arena seats: the clairvoyant bound, which it shows the game state (never a
level: the server and the page load theirs from the registry)."""


def deal_code(seed: int, kind: str, index: int) -> str:
    """The game code of deal ``index``: derived from the seed, readable like any other code."""
    return code_for(f"picas/arena/v1/{seed}/{kind}/{index}")


# --- one unit of work (runs in a worker) ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeamLine:
    """One team's hand, as the arena counts it."""

    points: int
    contract: int | None
    made: bool | None
    nils: int
    nils_made: int
    bags: int
    bid: int
    blunders: int = 0
    """Partner blunders (:mod:`picas.games.spades.blunders`), at four players."""


@dataclass(frozen=True, slots=True)
class TableResult:
    a: TeamLine
    b: TeamLine


def _bot(spec: str) -> Bot:
    bot = _BOTS.get(spec)
    if bot is None:
        bot = _BOTS[spec] = load_bot(ARENA_ONLY.get(spec, spec))
    return bot


def _play(
    game: GameState,
    seats: Mapping[Seat, Bot],
    stop: Callable[[GameState], bool],
    referee: PartnerWatch | None = None,
) -> GameState:
    """The bots play from ``game`` until ``stop``; a clairvoyant one is shown every position, and
    the ``referee`` every card."""
    watchers = [bot for bot in seats.values() if isinstance(bot, ClairvoyantBot)]
    for bot in watchers:
        bot.watch(game)

    def show(before: GameState, seat: Seat, action: Action, after: GameState) -> None:
        for bot in watchers:
            bot.watch(after)
        if referee is not None:
            referee.see(before, seat, action, after)

    game, _ = play_bots(game, seats, position=0, stop=stop, on_action=show)
    return game


def _seating(a: str, b: str, *, a_north_south: bool) -> dict[Seat, Bot]:
    return seating(_bot(a), _bot(b), PAIRS[0] if a_north_south else PAIRS[1])


def _team_line(result: HandResult, team: int, blunders: int) -> TeamLine:
    sheet = result.sheets[team]
    bids = result.hand.bids
    return TeamLine(
        points=sheet.hand_total,
        contract=sheet.contract,
        made=sheet.made,
        nils=len(sheet.nils),
        nils_made=sum(1 for nil in sheet.nils if nil.made),
        bags=sheet.bags_added,
        bid=sum(b or 0 for b in (bids[team], bids[team + 2])),
        blunders=blunders,
    )


def play_hand(a: str, b: str, code: str, rules: Rules) -> tuple[TableResult, TableResult]:
    """Hand 1 of ``code`` from 0–0, once with A as North–South and once as East–West.

    When A and B are the same player the swapped table is the same game (every decision's
    generator comes from the code and the position, not from who sits where), so it is played
    once and read from both sides: the same figures at half the work, and a deal is one distinct
    hand (:func:`play_both_tables` plays the two tables, for the test that they agree)."""
    if a != b:
        return play_both_tables(a, b, code, rules)
    result, referee = _first_hand(a, b, code, rules, a_north_south=True)
    north_south = _team_line(result, 0, referee.counts[0])
    east_west = _team_line(result, 1, referee.counts[1])
    return TableResult(north_south, east_west), TableResult(east_west, north_south)


def play_both_tables(a: str, b: str, code: str, rules: Rules) -> tuple[TableResult, TableResult]:
    """:func:`play_hand` playing both tables whoever A and B are."""
    tables = []
    for a_ns in (True, False):
        result, referee = _first_hand(a, b, code, rules, a_north_south=a_ns)
        ta, tb = (0, 1) if a_ns else (1, 0)
        line_a = _team_line(result, ta, referee.counts[ta])
        tables.append(TableResult(line_a, _team_line(result, tb, referee.counts[tb])))
    return tables[0], tables[1]


def _first_hand(
    a: str, b: str, code: str, rules: Rules, *, a_north_south: bool
) -> tuple[HandResult, PartnerWatch]:
    """Hand 1 of ``code`` from 0–0 with A's side as chosen, and its partner-blunder counts."""
    referee = PartnerWatch()
    game = _play(
        GameState.new(rules, code),
        _seating(a, b, a_north_south=a_north_south),
        stop=lambda g: bool(g.history),
        referee=referee,
    )
    return game.history[0], referee


def play_game(a: str, b: str, code: str, rules: Rules) -> tuple[tuple[int, int, int], ...]:
    """A whole game twice: per table (A's total − B's total sign, hands played, A's total)."""
    out = []
    for a_ns in (True, False):
        game = _play(
            GameState.new(rules, code), _seating(a, b, a_north_south=a_ns), stop=lambda g: False
        )
        assert game.outcome is not None
        team_a = 0 if a_ns else 1
        winner = game.outcome.winner
        sign = 0 if winner is None else (1 if winner == team_a else -1)
        out.append((sign, game.outcome.hands_played, game.totals[team_a] - game.totals[1 - team_a]))
    return tuple(out)


def _work(task: tuple[str, str, str, int, str, Rules]) -> tuple[str, int, Any]:
    kind, a, b, index, code, rules = task
    if kind == "hand":
        return kind, index, play_hand(a, b, code, rules)
    return kind, index, play_game(a, b, code, rules)


# --- the whole run -------------------------------------------------------------------------------


@dataclass
class Side:
    hands: int = 0
    points: int = 0
    contracts: int = 0
    made: int = 0
    set: int = 0
    nils: int = 0
    nils_made: int = 0
    bags: int = 0
    bid: int = 0
    blunders: int = 0

    def add(self, line: TeamLine) -> None:
        self.hands += 1
        self.points += line.points
        if line.contract is not None:
            self.contracts += 1
            if line.made:
                self.made += 1
            else:
                self.set += 1
        self.nils += line.nils
        self.nils_made += line.nils_made
        self.bags += line.bags
        self.bid += line.bid
        self.blunders += line.blunders


@dataclass
class ArenaResult:
    a: str
    b: str
    seed: int
    diffs: list[float] = field(default_factory=list)
    """Per duplicate deal: the mean over its two tables of A's hand points minus B's."""
    side_a: Side = field(default_factory=Side)
    side_b: Side = field(default_factory=Side)
    table_bids: list[int] = field(default_factory=list)
    games_a: int = 0
    games_b: int = 0
    games_drawn: int = 0
    game_hands: list[int] = field(default_factory=list)
    game_margins: list[int] = field(default_factory=list)
    seconds: float = 0.0
    variants: tuple[str, ...] = ()
    """The house variants played (the rules' names; empty: the standard game)."""
    players: int = 4

    @property
    def mean_diff(self) -> float:
        return mean_interval(self.diffs)[0]

    @property
    def ci95(self) -> float:
        """Half-width of the 95% confidence interval of :attr:`mean_diff` (normal approximation)."""
        return mean_interval(self.diffs)[1]


def _tasks(a: str, b: str, deals: int, games: int, seed: int, rules: Rules) -> Iterator[Any]:
    # Games first: they are the longest units, so the pool finishes evenly.
    for index in range(games):
        yield ("game", a, b, index, deal_code(seed, "game", index), rules)
    for index in range(deals):
        yield ("hand", a, b, index, deal_code(seed, "hand", index), rules)


def run_arena(
    a: str,
    b: str,
    *,
    deals: int,
    games: int,
    seed: int,
    jobs: int,
    target: int = 250,
    rules: Rules | None = None,
) -> ArenaResult:
    """A against B on the same deals, at ``rules`` (the standard game: ``None``) to ``target``."""
    _bot(a), _bot(b)  # fail early, in this process, on a bad name
    result = ArenaResult(a, b, seed)
    start = time.perf_counter()
    rules = (rules or Rules()).with_settings(target=target)
    result.variants = rules.variants
    result.players = rules.players
    tasks = list(_tasks(a, b, deals, games, seed, rules))
    # Aggregate in task order: the same numbers in the same order whatever the number of jobs.
    for kind, _index, value in run_in_order(_work, tasks, jobs):
        if kind == "hand":
            diff = 0.0
            for table in value:
                result.side_a.add(table.a)
                result.side_b.add(table.b)
                diff += (table.a.points - table.b.points) / 2
                result.table_bids.append(table.a.bid + table.b.bid)
            result.diffs.append(diff)
        else:
            for sign, hands, margin in value:
                if sign > 0:
                    result.games_a += 1
                elif sign < 0:
                    result.games_b += 1
                else:
                    result.games_drawn += 1
                result.game_hands.append(hands)
                result.game_margins.append(margin)
    result.seconds = time.perf_counter() - start
    return result


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "—"


def format_result(result: ArenaResult) -> str:
    """The report, without timings (so it is identical for the same seed)."""
    a, b = result.side_a, result.side_b
    lines = [f"Arena: A = {result.a}, B = {result.b}, semilla {result.seed}"]
    if result.variants:
        lines.append("Reglas de la casa: " + ", ".join(result.variants))
    if result.diffs:
        n = len(result.diffs)
        low, high = result.mean_diff - result.ci95, result.mean_diff + result.ci95
        played = (
            f"{n} manos distintas: el mismo jugador en los dos lados, cada una se juega una vez"
            if result.a == result.b
            else f"{2 * n} manos jugadas"
        )
        lines.append(
            f"Manos duplicadas: {n} ({played})\n"
            f"  puntos por mano, A − B: {result.mean_diff:+.1f}"
            f"  (IC 95%: {low:+.1f} a {high:+.1f})"
        )
        lines.append(f"  {'':24}{'A':>12}{'B':>12}")
        rows = [
            ("puntos por mano", f"{a.points / a.hands:.1f}", f"{b.points / b.hands:.1f}"),
            ("contratos cumplidos", _pct(a.made, a.contracts), _pct(b.made, b.contracts)),
            ("contratos fallados", _pct(a.set, a.contracts), _pct(b.set, b.contracts)),
            ("Nil cantados", str(a.nils), str(b.nils)),
            ("Nil cumplidos", _pct(a.nils_made, a.nils), _pct(b.nils_made, b.nils)),
            ("sacos por mano", f"{a.bags / a.hands:.2f}", f"{b.bags / b.hands:.2f}"),
            ("canto por equipo", f"{a.bid / a.hands:.2f}", f"{b.bid / b.hands:.2f}"),
        ]
        if result.players == 4:
            rows.append(("errores con el compañero", str(a.blunders), str(b.blunders)))
        for name, left, right in rows:
            lines.append(f"  {name:24}{left:>12}{right:>12}")
        lines.append(f"  canto medio de la mesa: {statistics.fmean(result.table_bids):.2f}")
    if result.game_hands:
        games = len(result.game_hands)
        lines.append(
            f"Partidas duplicadas: {games // 2} ({games} partidas)\n"
            f"  ganadas: A {result.games_a}, B {result.games_b}, tablas {result.games_drawn}\n"
            f"  manos por partida: {statistics.fmean(result.game_hands):.2f}"
            f"  (diferencia media A − B: {statistics.fmean(result.game_margins):+.1f} puntos)"
        )
    return "\n".join(lines)


# --- the command ------------------------------------------------------------------------------


def arena_rules(options: Mapping[str, Any]) -> Rules:
    """The rules of ``picas arena``'s house-variant options over the standard game."""
    data = Rules().to_json()
    for key in ("team_minimum", "all_thirteen", "ten_for_200", "jokers", "players"):
        if options.get(key) is not None:
            data[key] = options[key]
    return Rules.from_json(data)


def run_command(request: ArenaRequest) -> tuple[str, str]:
    """``picas arena``'s match of this game: the report, and a note on the time it took."""
    games, deals, jobs = request.options.get("games"), request.deals, request.jobs
    result = run_arena(
        request.a,
        request.b,
        deals=deals,
        games=deals // 10 if games is None else games,
        seed=request.seed,
        jobs=jobs,
        target=request.options.get("target") or 250,
        rules=arena_rules(request.options),
    )
    per_deal = 1 if request.a == request.b else 2  # a player against itself: once a deal
    hands = per_deal * len(result.diffs) + sum(result.game_hands)
    timing = (
        f"({hands} manos en {result.seconds:.1f} s, {hands / max(result.seconds, 1e-9):.0f}"
        f" manos/s, {jobs} procesos)"
    )
    return format_result(result), timing


ARENA = Arena(
    run=run_command,
    deals=200,
    seed=1,
    options=(
        ArenaOption("games", "partidas duplicadas al objetivo (deals/10)", None),
        ArenaOption("target", "objetivo (250)", None),
        ArenaOption("team_minimum", "mínimo por pareja (0: ninguno; la página, 4)", None),
        ArenaOption(
            "all_thirteen",
            "premio por 13 bazas: off, bonus (+200) o win (partida ganada)",
            None,
            choices=("off", "bonus", "win"),
        ),
        ArenaOption("ten_for_200", "10 por 200", None, flag=True),
        ArenaOption("jokers", "comodines (dos comodines sobre ♠A; salen ♥2 y ♦2)", None, flag=True),
        ArenaOption(
            "players",
            "jugadores: 4, o 2 («Dos jugadores»: A en Sur y B en Oeste, y al revés, con el mismo"
            " mazo)",
            None,
        ),
    ),
)
"""What ``picas arena --game spades`` plays, with its own options."""
