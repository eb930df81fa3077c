"""Spades' modules in the compiled group (:mod:`picas.compiled`): where its engine and Difícil's
search spend their time. Plain data: the build reads this file before anything of the game loads."""

HOT_MODULES = (
    "picas.games.spades.hand",
    "picas.games.spades.scoring",
    "picas.games.spades.game",
    "picas.games.spades.bots.knowledge",
    "picas.games.spades.bots.policy",
    "picas.games.spades.bots.search",
    "picas.games.spades.bots.evaluate",
)
