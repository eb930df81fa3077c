"""Spades in the games' registry (:mod:`picas.games`): what every tool needs of it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from picas.games.spades import arena, bench, invariants, report
from picas.games.spades.bots.base import SPADES_BOTS
from picas.games.spades.bots.registry import load_bot
from picas.games.spades.hot import HOT_MODULES
from picas.games.spades.record import KEY, SpadesRecord
from picas.games.spades.rules import Rules
from picas.games.spades.view import view_for, view_to_json
from picas.shared.invariants import Tally
from picas.shared.spec import Arena, ArenaOption, ArenaRequest, GameSpec, three_levels


def check(
    seed: int, hands: int, level: str | None, views_every: int, rules: Rules | None = None
) -> Tally:
    """``picas check``; with ``rules`` (``--rules``), every game is played at those rules."""
    if level is None:
        return invariants.run_random_games(seed, hands, check_every=views_every, rules=rules)
    return invariants.run_bot_games(seed, hands, level, check_every=views_every, rules=rules)


def arena_rules(options: Mapping[str, Any]) -> Rules:
    """The rules of ``picas arena``'s house-variant options over the standard game."""
    data = Rules().to_json()
    for key in ("team_minimum", "all_thirteen", "ten_for_200"):
        if options.get(key) is not None:
            data[key] = options[key]
    return Rules.from_json(data)


def run_arena(request: ArenaRequest) -> tuple[str, str]:
    games, deals, jobs = request.options.get("games"), request.deals, request.jobs
    result = arena.run_arena(
        request.a,
        request.b,
        deals=deals,
        games=deals // 10 if games is None else games,
        seed=request.seed,
        jobs=jobs,
        target=request.options.get("target") or 250,
        rules=arena_rules(request.options),
    )
    hands = 2 * len(result.diffs) + sum(result.game_hands)
    timing = (
        f"({hands} manos en {result.seconds:.1f} s, {hands / max(result.seconds, 1e-9):.0f}"
        f" manos/s, {jobs} procesos)"
    )
    return arena.format_result(result), timing


DIFICIL_VERIFY_LIMIT = 560
"""The longest plain record (in actions) an import checks at Difícil; a save this server signed is
not checked again, whatever its length. Difícil checks 168 actions (3 hands) in 0.63–0.76 s of one
core on the compiled path (``picas bench bots --review``, 2026-11-30), so 560 actions (10 hands,
longer than most whole games) take about 2.5 s; the pure Python fallback is about ten times slower,
about 25 s, still inside the web tier's heavy deadline on an idle core. Fácil and Normal take well
under a millisecond a decision, so the record format's own cap is enough."""


SPEC = GameSpec(
    key=KEY,
    name_es="Picas",
    name_en="Spades",
    record=SpadesRecord,
    rules=Rules,
    options={
        "target": (250, 500),
        "bag_penalty": (True, False),
        "blind_nil": (False, True),
        "team_minimum": (False, True),
        "all_thirteen": ("off", "bonus", "win"),
        "ten_for_200": (False, True),
    },
    levels=three_levels(DIFICIL_VERIFY_LIMIT),
    load_bot=load_bot,
    check=check,
    arena=Arena(
        run=run_arena,
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
        ),
    ),
    bench_hands=bench.random_hands,
    bench_games=bench.random_game_hands,
    replay_text=report.replay_text,
    replay_json=report.replay_json,
    compiled_modules=tuple(f"{__package__}.{name}" for name in HOT_MODULES),
    bots=SPADES_BOTS,
    view_json=lambda state, seat: view_to_json(view_for(state, seat)),
    extra={"openspiel": "spades", "bench_rules": bench.with_rules},
)
