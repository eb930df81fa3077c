"""Corazones in the games' registry (:mod:`picas.games`): what every tool needs of it."""

from __future__ import annotations

from typing import Any

from picas.games.corazones import arena, bench, invariants, report, view
from picas.games.corazones.bots.base import CORAZONES_BOTS
from picas.games.corazones.bots.registry import load_bot
from picas.games.corazones.options import OPTIONS
from picas.games.corazones.record import KEY, CorazonesRecord
from picas.games.corazones.rules import TARGET_RANGE, Rules
from picas.shared.bounds import LONGEST_CARDS, widest_int
from picas.shared.invariants import Tally
from picas.shared.spec import GameSpec, Longest, folder_parts, three_levels


def check(seed: int, hands: int, level: str | None, views_every: int) -> Tally:
    return invariants.run_games(seed, hands, level, check_every=views_every)


def longest_rules() -> dict[str, Any]:
    """The rules at their longest JSON: every field, the house rules too, each at its widest."""
    return {
        "target": widest_int(TARGET_RANGE),
        "passing": False,
        "jack_of_diamonds": False,
        "moon": "others",
        "first_pass": "across",
        "omnibus": False,
        "pass_size": 4,
        "queen_breaks_hearts": False,
    }


def longest_hand() -> list[Any]:
    """The most bytes a hand can take: four passes of four cards (the house rule ``pass_size``),
    the four tens among them, then the 52 cards."""
    passed = sorted(LONGEST_CARDS, key=len, reverse=True)[:16]
    return [*(passed[i : i + 4] for i in range(0, 16, 4)), *LONGEST_CARDS]


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
    options=OPTIONS,
    levels=three_levels(DIFICIL_VERIFY_LIMIT),
    load_bot=load_bot,
    check=check,
    bots=CORAZONES_BOTS,
    longest=Longest(longest_rules, longest_hand),
    extra={
        "openspiel": "hearts",
        "game_lengths": bench.game_lengths,
        "bench_rules": bench.with_rules,
    },
    **folder_parts(arena, bench, report, view),
)
