"""Spades with a changed declaration of its options, for the tests that see every consumer follow
it (tests/web/test_options_declared_once.py, tests/e2e/test_options_page.py): a target of 1000
offered, no bag penalty by default, and «Comodines» excluding «10 por 200»."""

from __future__ import annotations

import dataclasses

from picas import games
from picas.shared.options import Exclusion, Options
from picas.shared.spec import GameSpec

EXCLUDED = "con comodines no hay 10 por 200"


def changed_spades() -> GameSpec:
    spec = games.find_game("spades")
    options = spec.options
    rest = [options[name] for name in options if name not in ("target", "bag_penalty")]
    changed = Options(
        dataclasses.replace(options["target"], values=(250, 500, 1000)),
        dataclasses.replace(options["bag_penalty"], default=False),
        *rest,
        exclusions=(*options.exclusions, Exclusion("jokers", True, "ten_for_200", EXCLUDED)),
        dialog=options.dialog,
    )
    return dataclasses.replace(spec, options=changed)
