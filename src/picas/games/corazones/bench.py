"""Corazones' benchmarks on the shared loops (:mod:`picas.shared.bench`): random full hands per
second (``picas bench engine --game corazones``), each level's time per decision (``picas bench
bots --game corazones``; with ``--review``, «Rejugar esta mano» and the import check at Difícil),
and how many hands a game lasts (``picas bench lengths --game corazones --games 300``). Normal alone
against three Fácil is ``picas arena normal facil --game corazones --pattern one``.

A hand here is what OpenSpiel's ``hearts`` plays: a deal, three random cards passed by each seat
(on three hands of four), thirteen tricks of random legal cards, the hand scored.
"""

from __future__ import annotations

import hashlib
import random
import statistics
from collections.abc import Callable
from functools import partial

from picas.games.corazones.actions import Action, Pass
from picas.games.corazones.bots import LEVELS, Bot, DificilBot, NormalBot, decide, play_bots
from picas.games.corazones.game import GameState, dealer_of
from picas.games.corazones.hand import HandState
from picas.games.corazones.passing import direction_for
from picas.games.corazones.rules import Rules
from picas.games.corazones.scoring import score_hand
from picas.games.corazones.view import PlayerView, view_for
from picas.shared import bench
from picas.shared.bots import decision_rng
from picas.shared.deals import code_from_bytes, deal_for
from picas.shared.position import Phase
from picas.shared.seats import Seat

BENCH_CODE = "BENCH234"
_SEATS = tuple(Seat)


def random_hands(count: int, seed: int, rules: Rules | None = None) -> int:
    """``count`` independent hands at the hand level, by ``rules`` (the standard game's by
    default); returns the number of actions applied."""
    rng = random.Random(seed)
    rules = rules or Rules()
    actions = 0
    for number in range(1, count + 1):
        dealer = dealer_of(number)
        hand = HandState.deal(
            number=number,
            dealer=dealer,
            hands=deal_for(BENCH_CODE, number, dealer),
            direction=direction_for(number, passing=True),
            rules=rules,
        )
        if hand.phase is Phase.PASSING:
            for seat in _SEATS:
                hand = hand.apply(random_pass(hand, seat, rng), seat)
                actions += 1
        while hand.turn is not None:
            legal = hand.legal_actions()
            hand = hand.apply(legal[int(rng.random() * len(legal))])
            actions += 1
        score_hand(rules, hand.taken, (0, 0, 0, 0))
    return actions


def random_game_hands(count: int, seed: int, rules: Rules | None = None) -> int:
    """``count`` hands through whole games (``GameState``): totals carry over, the next hand is
    dealt, a finished game is followed by a new one. Returns the number of actions applied."""
    rules = rules or Rules()
    return bench.random_game_hands(
        lambda: GameState.new(rules, BENCH_CODE), count, seed, before_play=_random_passes
    )


def _random_passes(game: GameState, rng: random.Random) -> tuple[GameState, int]:
    """The four passes of a hand that has them, in the order of ``still_to_pass()``."""
    if game.hand.phase is not Phase.PASSING:
        return game, 0
    for seat in _SEATS:
        game = game.apply(random_pass(game.hand, seat, rng), seat)
    return game, len(_SEATS)


def random_pass(hand: HandState, seat: Seat, rng: random.Random) -> Pass:
    """``hand.pass_size`` of ``seat``'s cards, drawn one at a time like every other random choice
    here (and like OpenSpiel's, whose pass is three actions of one card each)."""
    cards = list(hand.hand_of(seat))
    return Pass(tuple(cards.pop(int(rng.random() * len(cards))) for _ in range(hand.pass_size)))


def with_rules(rules_json: object) -> tuple[Callable[[int, int], int], Callable[[int, int], int]]:
    """``picas bench engine --rules``: the two benchmarks played by these rules (a house rule)."""
    rules = Rules.from_json(rules_json)
    return (
        lambda count, seed: random_hands(count, seed, rules),
        lambda count, seed: random_game_hands(count, seed, rules),
    )


def bot_positions(count: int) -> list[tuple[PlayerView, int, str]]:
    """``count`` decisions (view, action index, code) spread evenly over the first two hands of
    seeded games played by Normal: passes and cards, every seat, the first trick to the last."""
    every: list[tuple[PlayerView, int, str]] = []
    bot = NormalBot()
    for index in range(6):
        code = code_from_bytes(hashlib.sha256(f"picas/corazones-bots/{index}".encode()).digest())
        game = GameState.new(Rules(), code)
        position = 0
        while len(game.history) < 2:
            hand = game.hand
            seat = hand.still_to_pass()[0] if hand.phase is Phase.PASSING else hand.turn
            assert seat is not None
            view = view_for(game, seat)
            every.append((view, position, code))
            game = game.apply(decide(bot, view, decision_rng(code, position, seat)), seat)
            position += 1
    return bench.spread(every, count)


def decision_times(
    level: str, chosen: list[tuple[PlayerView, int, str]]
) -> tuple[list[float], list[float], list[int]]:
    """Seconds ``level`` takes for each decision of ``chosen`` (the view is built beforehand): by
    the clock, and in processor time (what the clock would read on an idle core); and for
    Difícil, the playouts of each card decision it searched."""
    bot = LEVELS[level]()
    clock, processor, searched = [], [], []
    for view, position, code in chosen:
        rng = decision_rng(code, position, view.seat)
        before = bot.playouts if isinstance(bot, DificilBot) else 0
        wall, cpu = bench.timed(partial(decide, bot, view, rng))
        clock.append(wall)
        processor.append(cpu)
        ran = bot.playouts - before if isinstance(bot, DificilBot) else 0
        if ran:
            searched.append(ran)
    return clock, processor, searched


def run_bots(count: int) -> int:
    """Each level's time per decision on ``count`` positions (``picas bench bots --game
    corazones``, which prints the path first), printed like Spades'
    (:mod:`picas.cli.bench_bots`)."""
    chosen = bot_positions(count)
    plays = sum(1 for view, _, _ in chosen if view.phase is Phase.PLAYING)
    print(f"{len(chosen)} posiciones ({plays} de juego, {len(chosen) - plays} de pase), un núcleo")
    for level in LEVELS:
        clock, processor, searched = decision_times(level, chosen)
        line = (
            f"{level:8} mediana {1000 * statistics.median(clock):7.2f} ms"
            f"   p95 {1000 * bench.percentile(clock, 0.95):7.2f} ms"
            f"   máx {1000 * max(clock):7.2f} ms"
            f"   (CPU: mediana {1000 * statistics.median(processor):.2f} ms,"
            f" p95 {1000 * bench.percentile(processor, 0.95):.2f} ms,"
            f" máx {1000 * max(processor):.2f} ms)"
        )
        if searched:
            playouts = sum(searched)
            line += (
                f"   {playouts / sum(clock):,.0f} partidas simuladas/s"
                f" ({playouts / sum(processor):,.0f} por s de CPU)"
                f"\n{'':8} {statistics.median(searched):,.0f} partidas simuladas por jugada"
                f" buscada (mediana de {len(searched)}; las demás tienen una sola carta"
                " distinta o son pases)"
            )
        print(line)
    return 0


REVIEW_CODES = ("REVQ7K2M", "REVX3N8P", "REV4HJ9T")


def run_review(bot: Bot | None = None, codes: tuple[str, ...] = REVIEW_CODES) -> int:
    """The heaviest work a Corazones table asks of the server, at Difícil (``bot``), timed on
    whole games that four such players play: «Rejugar esta mano» (one hand, the bot in every seat)
    and the import check of the whole game as a plain record (every computer action decided again,
    as ``picas.web.review.verify_record`` does). ``picas bench bots --game corazones --review``."""
    chosen = DificilBot() if bot is None else bot
    for code in codes:
        hand_clock, hand_cpu = bench.timed(partial(_play_game, chosen, code, hands=1))
        taken = _play_game(chosen, code)
        check_clock, check_cpu = bench.timed(partial(_check_game, chosen, code, taken))
        print(
            f"{code}: rejugar una mano (4 × {type(chosen).__name__}) {hand_clock:5.2f} s"
            f" ({hand_cpu:5.2f} s de CPU); comprobar la partida entera ({len(taken)} acciones)"
            f" {check_clock:5.2f} s ({check_cpu:5.2f} s de CPU)"
        )
    return 0


def _play_game(
    bot: Bot, code: str, hands: int | None = None
) -> list[tuple[GameState, Seat, Action]]:
    """A game of ``code`` (its first ``hands`` hands, or all of it) with ``bot`` in every seat:
    each position with the seat that acted there and its action."""
    taken: list[tuple[GameState, Seat, Action]] = []
    play_bots(
        GameState.new(Rules(), code),
        dict.fromkeys(_SEATS, bot),
        position=0,
        stop=lambda game: hands is not None and len(game.history) >= hands,
        on_action=lambda before, seat, action, _after: taken.append((before, seat, action)),
    )
    return taken


def _check_game(bot: Bot, code: str, taken: list[tuple[GameState, Seat, Action]]) -> None:
    """Decide again every action of a seat other than South's, as the import check does."""
    for index, (before, seat, action) in enumerate(taken):
        if seat is not Seat.SOUTH:
            assert decide(bot, view_for(before, seat), decision_rng(code, index, seat)) == action


def game_lengths(games: int, rules: Rules, level: str = "normal") -> tuple[float, int, int]:
    """Hands a game lasts with four ``level`` players (Normal by default): the mean, the shortest
    and the longest."""
    lengths = []
    bots = {seat: LEVELS[level]() for seat in _SEATS}
    for index in range(games):
        code = code_from_bytes(hashlib.sha256(f"picas/corazones-games/{index}".encode()).digest())
        game, _ = play_bots(GameState.new(rules, code), bots, position=0)
        lengths.append(len(game.history))
    return statistics.fmean(lengths), min(lengths), max(lengths)
