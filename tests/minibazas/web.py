"""Minibazas on the page: its web part, as each game's ``web/games/<key>.py`` — the generic table
and bodies built from its spec, and its ``PAGE`` with the folder of its one page module
(``page/hooks.js``: the table controller's hooks), served by the server beside the page's own."""

from __future__ import annotations

from pathlib import Path

from minibazas.spec import SPEC
from picas.web.games.generic import GenericTable, generic_models
from picas.web.games.page import Choice, GamePage, Storage

TABLE = GenericTable(SPEC)
MODELS = generic_models(SPEC)
PAGE = GamePage(
    links=("minibazas",),
    download="minibazas",
    storage=Storage(
        game="minibazas.partida",
        practice="minibazas.practica",
        settings="minibazas.ajustes",
        aside="minibazas.apartada.",
        stats="minibazas.estadisticas",
    ),
    choice=Choice(suits=(("♠", False), ("♥", True)), name="mb.choice.name", note="mb.choice.note"),
    modules=Path(__file__).parent / "page",
)
