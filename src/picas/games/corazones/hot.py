"""Corazones' modules in the compiled group (:mod:`picas.compiled`), under
``picas.games.corazones``: its engine, and Difícil's search on the policy's masks. Plain data: the
build reads this file before anything of the game loads."""

HOT_MODULES = ("hand", "scoring", "game", "bots.cards", "bots.policy", "bots.search")
