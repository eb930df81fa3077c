"""Corazones' new-game options, declared once (:mod:`picas.shared.options`): the rules take their
defaults, values and checks from here, and so do the API's new-game body, the friends' tables and,
through the page's manifest, the settings forms, the store and the help pages."""

from __future__ import annotations

from picas.shared.options import Dialog, Exclusion, Option, Options, Words, switch

TARGET = Option(
    "target",
    (100, 50),
    100,
    Words("settings.target", "cz.settings.target"),
    friends_words=Words("fr.create.target", "fr.create.target"),
    accepts=range(20, 501),
    name_es="El objetivo de Corazones",
)
"""The targets the page offers (50: the quick game); the engine takes any in ``accepts``."""
PASSING = switch(
    "passing", Words("cz.settings.passing"), default=True, friends_words=Words("fr.create.passing")
)
JACK_OF_DIAMONDS = switch(
    "jack_of_diamonds", Words("cz.settings.jack"), friends_words=Words("fr.create.jack")
)
MOON = Option(
    "moon",
    ("others", "self"),
    "others",
    Words("cz.settings.moon", "cz.settings.moon"),
    friends_words=Words("fr.create.moon", "fr.create.moon"),
)
OMNIBUS = switch(
    "omnibus",
    Words("cz.settings.omnibus"),
    friends_words=Words("fr.create.omnibus"),
    house=True,
    doc="House rule: ♦10 scores −10 (not with jack_of_diamonds).",
)
PASS_SIZE = Option(
    "pass_size",
    (3, 4),
    3,
    Words("cz.settings.passSize", "cz.settings.passSize"),
    friends_words=Words("fr.create.passSize", "fr.create.passSize"),
    house=True,
    doc="House rule: cards each player passes.",
)
"""How many cards each player passes («pasar 3 o 4 cartas»): three is the standard game."""
QUEEN_BREAKS_HEARTS = switch(
    "queen_breaks_hearts",
    Words("cz.settings.queenBreaks"),
    default=True,
    friends_words=Words("fr.create.queenBreaks"),
    house=True,
    doc="House rule: playing ♠Q breaks hearts (off: only a heart does).",
)

OPTIONS = Options(
    TARGET,
    PASSING,
    MOON,
    JACK_OF_DIAMONDS,
    OMNIBUS,
    PASS_SIZE,
    QUEEN_BREAKS_HEARTS,
    exclusions=(
        Exclusion(
            "omnibus",
            True,
            "jack_of_diamonds",
            "se juega con el ♦J o con el ♦10 (Omnibus), no con los dos",
            either=True,
        ),
    ),
    dialog=Dialog(note="cz.settings.note", house="cz.settings.house"),
)
