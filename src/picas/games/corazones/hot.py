"""Corazones' modules in the compiled group (:mod:`picas.compiled`): where its engine and Difícil's
search spend their time. Plain data: the build reads this file before anything of the game loads."""

HOT_MODULES = (
    "picas.games.corazones.hand",
    "picas.games.corazones.scoring",
    "picas.games.corazones.game",
    "picas.games.corazones.bots.cards",
    "picas.games.corazones.bots.policy",
    "picas.games.corazones.bots.search",
)
