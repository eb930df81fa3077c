"""Spades' new-game options, declared once (:mod:`picas.shared.options`): the rules take their
defaults, values and checks from here, and so do the API's new-game body, the friends' tables and,
through the page's manifest, the settings forms, the store, the statistics and the help pages."""

from __future__ import annotations

from picas.shared.options import Dialog, Exclusion, Option, Options, SoloOnly, Words, switch

TARGET = Option(
    "target",
    (250, 500),
    250,
    Words("settings.target", "settings.target"),
    friends_words=Words("fr.create.target", "settings.target"),
    accepts=range(50, 1001),
    name_es="El objetivo",
    stats=True,
)
"""The targets the page offers; the engine takes any in ``accepts`` (a record, the CLI)."""
BAG_PENALTY = switch("bag_penalty", Words("settings.bagPenalty"), default=True)
BLIND_NIL = switch("blind_nil", Words("settings.blindNil"))
TEAM_MINIMUM = switch(
    "team_minimum",
    Words("settings.teamMinimum"),
    house=True,
    doc="«Mínimo de 4 por pareja».",
)
ALL_THIRTEEN = Option(
    "all_thirteen",
    ("off", "bonus", "win"),
    "off",
    Words("settings.allThirteen", "settings.allThirteen"),
    house=True,
    doc="«Premio por 13 bazas»: none, +200, or the game won outright.",
)
TEN_FOR_200 = switch("ten_for_200", Words("settings.tenFor200"), house=True, doc="«10 por 200».")
JOKERS = switch(
    "jokers",
    Words("settings.jokers"),
    house=True,
    doc="«Comodines»: two jokers as the top trumps (big above little above ♠A);"
    " ♥2 and ♦2 leave the deck.",
)
PLAYERS = Option(
    "players",
    (4, 2),
    4,
    Words("settings.twoPlayers"),
    on=2,
    house=True,
    value_names_es={2: "Dos jugadores"},
    note="settings.twoPlayersNote",
    solo_only=SoloOnly(
        code="two_players_solo_only",
        message="«Dos jugadores» se juega solo contra la CPU: una mesa con amigos es de cuatro.",
    ),
    doc="2: «Dos jugadores», South against one computer player (West), each hand's cards drawn"
    " from a stock; no Blind Nil nor team minimum with it.",
)

OPTIONS = Options(
    TARGET,
    BAG_PENALTY,
    BLIND_NIL,
    TEAM_MINIMUM,
    ALL_THIRTEEN,
    TEN_FOR_200,
    JOKERS,
    PLAYERS,
    exclusions=(
        Exclusion("players", 2, "blind_nil", "a dos jugadores no hay Nil ciego"),
        Exclusion(
            "players", 2, "team_minimum", "a dos jugadores no hay parejas: no hay mínimo por pareja"
        ),
    ),
    dialog=Dialog(note="settings.note", house="settings.house", house_note="settings.houseNote"),
)
