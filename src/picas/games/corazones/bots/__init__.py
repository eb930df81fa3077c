"""Corazones computer players: two levels, each seeing only its own view (docs/corazones.md)."""

from picas.games.corazones.bots.base import Bot, decide, next_bot_seat, play_bots
from picas.games.corazones.bots.facil import FacilBot
from picas.games.corazones.bots.normal import NormalBot

LEVELS: dict[str, type[FacilBot] | type[NormalBot]] = {"facil": FacilBot, "normal": NormalBot}
DEFAULT_LEVEL = "facil"

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Bot",
    "FacilBot",
    "NormalBot",
    "decide",
    "next_bot_seat",
    "play_bots",
]
