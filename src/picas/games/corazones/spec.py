"""Corazones in the games' registry (:mod:`picas.games`): what every tool needs of it."""

from __future__ import annotations

import time

from picas.games.corazones import arena, bench, invariants, report
from picas.games.corazones.bots.base import CORAZONES_BOTS
from picas.games.corazones.bots.registry import load_bot
from picas.games.corazones.hot import HOT_MODULES
from picas.games.corazones.record import KEY, CorazonesRecord
from picas.games.corazones.rules import TARGETS, Rules
from picas.games.corazones.view import view_for, view_to_json
from picas.shared.invariants import Tally
from picas.shared.spec import Arena, ArenaOption, ArenaRequest, GameSpec, three_levels


def check(seed: int, hands: int, level: str | None, views_every: int) -> Tally:
    return invariants.run_games(seed, hands, level, check_every=views_every)


def run_arena(request: ArenaRequest) -> tuple[str, str]:
    a, b, options, say = request.a, request.b, request.options, request.say
    pattern = options.get("pattern") or "pairs"
    done: list[arena.DealResult] = []
    every = options.get("every")

    def progress(index: int, result: arena.DealResult) -> None:
        done.append(result)
        if options.get("log"):
            say(f"deal {index} {result.code} {result.number} {result.saved:+.4f}")
        if every and len(done) % every == 0:
            say(arena.report(arena.MatchResult(a, b, pattern, tuple(done))))

    rules = Rules(
        omnibus=bool(options.get("omnibus")),
        pass_size=int(options.get("pase") or 3),
        queen_breaks_hearts=options.get("dama") != "no-rompe",
    )
    if rules.house_rules:
        say(f"reglas de la casa: {rules.house_rules}")
    start = time.perf_counter()
    result = arena.match(
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
    return arena.report(result), arena.timing(result, time.perf_counter() - start, request.jobs)


DIFICIL_VERIFY_LIMIT = 560
"""The longest plain record (in actions) an import checks at Difícil; a save this server signed is
not checked again, whatever its length. Corazones' Difícil actions take about 10 ms each compiled
and 20 ms in pure Python: 560 actions in 5.5–11 s (``picas bench bots --game corazones --review``),
inside the web tier's heavy deadline. Fácil and Normal take well under a millisecond a decision, so
the record format's own cap is enough."""


SPEC = GameSpec(
    key=KEY,
    name_es="Corazones",
    name_en="Hearts",
    record=CorazonesRecord,
    rules=Rules,
    options={
        "target": tuple(sorted(TARGETS, reverse=True)),
        "passing": (True, False),
        "jack_of_diamonds": (False, True),
        "moon": ("others", "self"),
        "omnibus": (False, True),
        "pass_size": (3, 4),
        "queen_breaks_hearts": (True, False),
    },
    levels=three_levels(DIFICIL_VERIFY_LIMIT),
    load_bot=load_bot,
    check=check,
    arena=Arena(
        run=run_arena,
        deals=1000,
        seed=0,
        options=(
            ArenaOption("pattern", "pairs (o one)", None, choices=tuple(sorted(arena.PATTERNS))),
            ArenaOption("start", "primer reparto (0)", None),
            ArenaOption("every", "informe parcial cada N repartos", None),
            ArenaOption("log", "una línea por reparto (para juntar)", None, flag=True),
            ArenaOption("omnibus", "regla de la casa: el ♦10 vale −10 (Omnibus)", None, flag=True),
            ArenaOption(
                "pase", "regla de la casa: cartas que se pasan (3)", None, choices=("3", "4")
            ),
            ArenaOption(
                "dama",
                "regla de la casa: ♠Q rompe corazones o no (rompe)",
                None,
                choices=("rompe", "no-rompe"),
            ),
        ),
    ),
    bench_hands=bench.random_hands,
    bench_games=bench.random_game_hands,
    replay_text=report.replay_text,
    replay_json=report.replay_json,
    compiled_modules=tuple(f"{__package__}.{name}" for name in HOT_MODULES),
    bots=CORAZONES_BOTS,
    view_json=lambda state, seat: view_to_json(view_for(state, seat)),
    extra={
        "openspiel": "hearts",
        "game_lengths": bench.game_lengths,
        "bench_rules": bench.with_rules,
    },
)
