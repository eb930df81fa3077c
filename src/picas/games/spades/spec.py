"""Spades in the games' registry (:mod:`picas.games`): what every tool needs of it."""

from __future__ import annotations

from typing import Any

from picas.games.spades import arena, bench, invariants, report, view
from picas.games.spades.bots.base import SPADES_BOTS
from picas.games.spades.bots.registry import load_bot
from picas.games.spades.options import OPTIONS
from picas.games.spades.record import KEY, SpadesRecord
from picas.games.spades.rules import (
    DEFICIT_RANGE,
    MAX_PROFILE,
    NIL_RANGE,
    PENALTY_RANGE,
    TARGET_RANGE,
    Rules,
)
from picas.shared.bounds import LONGEST_CARDS, WIDEST_PRINTABLE, widest_int
from picas.shared.invariants import Tally
from picas.shared.spec import GameSpec, Longest, folder_parts, three_levels


def check(
    seed: int, hands: int, level: str | None, views_every: int, rules: Rules | None = None
) -> Tally:
    """``picas check``; with ``rules`` (``--rules``), every game is played at those rules."""
    if level is None:
        return invariants.run_random_games(seed, hands, check_every=views_every, rules=rules)
    return invariants.run_bot_games(seed, hands, level, check_every=views_every, rules=rules)


def longest_rules() -> dict[str, Any]:
    """The rules at their longest JSON: every field, each at its widest value."""
    return {
        "profile": WIDEST_PRINTABLE * MAX_PROFILE,
        "target": widest_int(TARGET_RANGE),
        "bag_penalty": False,
        "blind_nil": False,
        "blind_nil_deficit": widest_int(DEFICIT_RANGE),
        "floor": -1000,
        "draw_after_hand": 100,
        "first_dealer": "north",
        "nil_tricks_score": False,
        "bag_limit": 100,
        "bag_penalty_points": widest_int(PENALTY_RANGE),
        "nil_points": widest_int(NIL_RANGE),
        "blind_nil_points": widest_int(NIL_RANGE),
        "team_minimum": 13,
        "all_thirteen": "bonus",
        "all_thirteen_points": widest_int(NIL_RANGE),
        "ten_for_200": False,
        "jokers": False,
        "players": 4,
    }


def longest_hand() -> list[Any]:
    """The most bytes a hand can take: two players offered Blind Nil bid it (11 bytes each, the
    longest bid; a look and a bid take 9 in two actions), the two others bid 13, and the 52
    cards with every ten spelt ``10``."""
    return ["blind_nil", "blind_nil", 13, 13, *LONGEST_CARDS]


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
    options=OPTIONS,
    levels=three_levels(DIFICIL_VERIFY_LIMIT),
    load_bot=load_bot,
    check=check,
    bots=SPADES_BOTS,
    longest=Longest(longest_rules, longest_hand),
    extra={"openspiel": "spades", "bench_rules": bench.with_rules},
    **folder_parts(arena, bench, report, view),
)
