"""Spades' modules in the compiled group (:mod:`picas.compiled`), under ``picas.games.spades``:
its engine, and Difícil's search with the card counting, policy and bid evaluator it calls (at
«Dos jugadores», the two-seat count, policy and search). Plain data: the build reads this file
before anything of the game loads."""

HOT_MODULES = (
    "draw",
    "hand",
    "scoring",
    "game",
    "bots.knowledge",
    "bots.policy",
    "bots.search",
    "bots.evaluate",
    "bots.two_evaluate",
    "bots.two_policy",
    "bots.two_search",
)
