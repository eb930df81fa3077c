"""Bots by name: the three levels, or any importable object given as ``module:attr``."""

from __future__ import annotations

from typing import cast

from picas.games.spades.bots.base import Bot
from picas.shared.bots import LEVEL_NAMES_ES, UnknownBot, load_player

__all__ = ["DEFAULT_LEVEL", "LEVELS", "LEVEL_NAMES_ES", "Bot", "UnknownBot", "load_bot"]

LEVELS: dict[str, str] = {
    "facil": "picas.games.spades.bots.facil:FacilBot",
    "normal": "picas.games.spades.bots.normal:NormalBot",
    "dificil": "picas.games.spades.bots.dificil:DificilBot",
}
DEFAULT_LEVEL = next(iter(LEVEL_NAMES_ES))


def load_bot(spec: str) -> Bot:
    """A bot from a level name (``facil``) or ``module:attr``.

    ``attr`` may be a bot object or a class (or factory) that takes no arguments.
    """
    return cast(Bot, load_player(spec, LEVELS, Bot, "bid y play"))
