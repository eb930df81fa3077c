"""``picas bench bots``: how long each level takes to decide, on a fixed set of positions.

The positions come from seeded games played by Normal, so every run measures the same decisions:
bids and cards, every seat, from the first trick to the last. Prints the median and the 95th
percentile per level, Difícil's sampled playouts per second and per card decision it searches.
``--game corazones`` times Corazones' levels (:func:`picas.games.corazones.bench.run_bots`); the
loops are :mod:`picas.shared.bench`. ``--game corazones --answers`` times Difícil's answers and
«Rejugar esta mano» over HTTP on a spawned server, at a person's pace (:mod:`picas.cli.
bench_answers`).
"""

from __future__ import annotations

import argparse
import statistics
import time
from functools import partial

from picas import compiled, games
from picas.cli import CommandError, bench_answers
from picas.games.corazones import bench as corazones
from picas.games.spades import Action, GameState, Phase, Rules, Seat
from picas.games.spades.bots.base import decide, decision_rng, play_bots
from picas.games.spades.bots.dificil import DificilBot
from picas.games.spades.bots.registry import LEVELS, load_bot
from picas.games.spades.view import PlayerView, view_for
from picas.shared.bench import percentile, spread, timed

_ALL_LEVELS = ",".join(LEVELS)
BENCH_CODES = ("BENCH234", "BENCH567", "BENCH89A", "BENCHBCD", "BENCHEFG", "BENCHHJK")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("bots", help="tiempo por decisión de cada nivel")
    parser.add_argument("--game", choices=games.KEYS, default=games.KEYS[0])
    parser.add_argument(
        "--positions", type=int, default=150, help="posiciones a medir por nivel (150)"
    )
    parser.add_argument(
        "--levels", default=_ALL_LEVELS, help="niveles, separados por comas (todos)"
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=(4, 2),
        default=4,
        help="Picas: 4, o 2 («Dos jugadores»: también el robo)",
    )
    parser.add_argument(
        "--review",
        action="store_true",
        help="mide también «Rejugar esta mano» y comprobar una partida importada (Difícil)",
    )
    answers = parser.add_argument_group("Corazones, en un servidor real (--answers)")
    answers.add_argument(
        "--answers",
        action="store_true",
        help="las respuestas de Difícil y «Rejugar esta mano» por HTTP, al ritmo de una persona",
    )
    answers.add_argument("--games", type=int, default=3, help="partidas (3)")
    answers.add_argument("--hands", type=int, default=2, help="manos de cada partida (2)")
    answers.add_argument(
        "--think", type=float, default=1.0, help="segundos antes de cada acción (1)"
    )
    answers.add_argument("--workers", type=int, default=1, help="procesos del servidor (1)")
    parser.set_defaults(func=run)


def positions(count: int, players: int = 4) -> list[tuple[PlayerView, int, str]]:
    """``count`` decisions (view, action index, code) spread evenly over seeded games (at
    «Dos jugadores» with ``players=2``: the draw's too)."""
    every: list[tuple[PlayerView, int, str]] = []
    bot = load_bot("normal")
    rules = Rules.from_json({**Rules().to_json(), "players": players})
    for code in BENCH_CODES:
        game = GameState.new(rules, code)
        index = 0
        while not game.is_over and game.hand.number <= 2:
            seat = game.turn
            assert seat is not None
            view = view_for(game, seat)
            every.append((view, index, code))
            game = game.apply(decide(bot, view, decision_rng(code, index, seat)))
            index += 1
    return spread(every, count)


REVIEW_CODES = ("REVQ7K2M", "REVX3N8P", "REV4HJ9T")


def review(bot: DificilBot) -> None:
    """The work behind «Rejugar esta mano» and an import check at level Difícil, timed.

    Rejugar plays one hand with Difícil in every seat (South's comparison seat and the other three
    at the game's level); checking an imported 3-hand record decides again every computer action of
    it (three seats' bids and cards, 126 decisions). Both as the server does them, seeded by the
    game code and the action's index.
    """
    for code in REVIEW_CODES:
        actions, hand, hand_cpu = _play_hands(bot, code, 3)
        start, start_cpu = time.perf_counter(), time.process_time()
        for index, (before, action) in enumerate(actions):
            seat = before.turn
            if seat is not None and seat is not Seat.SOUTH:
                assert (
                    decide(bot, view_for(before, seat), decision_rng(code, index, seat)) == action
                )
        check, check_cpu = time.perf_counter() - start, time.process_time() - start_cpu
        print(
            f"{code}: rejugar una mano (4 × Difícil) {hand:5.2f} s ({hand_cpu:5.2f} s de CPU);"
            f" comprobar 3 manos ({len(actions)} acciones) {check:5.2f} s"
            f" ({check_cpu:5.2f} s de CPU)"
        )


def _play_hands(
    bot: DificilBot, code: str, hands: int
) -> tuple[list[tuple[GameState, Action]], float, float]:
    """``hands`` hands of ``code`` played by ``bot`` in every seat: each position with the action
    taken there, and the time the first hand took (wall clock and CPU)."""
    actions: list[tuple[GameState, Action]] = []
    ends: list[tuple[float, float]] = []

    def keep(before: GameState, seat: Seat, action: Action, after: GameState) -> None:
        actions.append((before, action))
        if len(after.history) > len(before.history):
            ends.append((time.perf_counter(), time.process_time()))

    start, start_cpu = time.perf_counter(), time.process_time()
    play_bots(
        GameState.new(Rules(), code),
        dict.fromkeys(Seat, bot),
        position=0,
        stop=lambda game: len(game.history) >= hands,
        on_action=keep,
    )
    return actions, ends[0][0] - start, ends[0][1] - start_cpu


def run(args: argparse.Namespace) -> int:
    if args.answers and args.game != "corazones":
        raise CommandError("--answers es de Corazones (--game corazones).")
    if args.game == "corazones":
        if args.levels != _ALL_LEVELS:
            raise CommandError("--levels es de Picas; Corazones mide sus tres niveles.")
        if args.answers:
            return bench_answers.run_answers(
                games=args.games, hands=args.hands, think=args.think, workers=args.workers
            )
        print(f"ruta: {compiled.path_in_use()}")
        corazones.run_bots(args.positions)
        return corazones.run_review() if args.review else 0
    if args.players != 4 and args.review:
        raise CommandError("--review es de la partida a cuatro.")
    chosen = positions(args.positions, args.players)
    plays = sum(1 for view, _, _ in chosen if view.phase is Phase.PLAYING)
    print(f"ruta: {compiled.path_in_use()}")
    others = "de canto o de robo" if args.players == 2 else "de canto"
    print(f"{len(chosen)} posiciones ({plays} de juego, {len(chosen) - plays} {others}), un núcleo")
    for level in args.levels.split(","):
        bot = load_bot(level)
        times: list[float] = []
        cpu_times: list[float] = []
        searched: list[int] = []
        for view, index, code in chosen:
            rng = decision_rng(code, index, Seat(view.seat))
            before = bot.playouts if isinstance(bot, DificilBot) else 0
            wall, cpu_time = timed(partial(decide, bot, view, rng))
            times.append(wall)
            cpu_times.append(cpu_time)
            ran = bot.playouts - before if isinstance(bot, DificilBot) else 0
            if ran and view.phase is Phase.PLAYING:
                searched.append(ran)
        cpu = sum(cpu_times)
        line = (
            f"{level:8} mediana {1000 * statistics.median(times):7.2f} ms"
            f"   p95 {1000 * percentile(times, 0.95):7.2f} ms"
            f"   máx {1000 * max(times):7.2f} ms"
            f"   (CPU: mediana {1000 * statistics.median(cpu_times):.2f} ms,"
            f" p95 {1000 * percentile(cpu_times, 0.95):.2f} ms)"
        )
        if isinstance(bot, DificilBot):
            line += (
                f"   {bot.playouts / sum(times):,.0f} partidas simuladas/s"
                f" ({bot.playouts / cpu:,.0f} por s de CPU)"
            )
            if searched:
                line += (
                    f"\n{'':8} {statistics.median(searched):,.0f} partidas simuladas por jugada"
                    f" buscada (mediana de {len(searched)}; las demás tienen una sola carta"
                    " distinta)"
                )
        print(line)
    if args.review:
        review(DificilBot())
    return 0
