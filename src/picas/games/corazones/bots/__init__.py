"""Corazones computer players: three levels, each seeing only its own view (docs/corazones.md)."""

from picas.games.corazones.bots.base import Bot, decide, next_bot_seat, play_bots
from picas.games.corazones.bots.dificil import DificilBot
from picas.games.corazones.bots.facil import FacilBot
from picas.games.corazones.bots.normal import NormalBot

LEVELS: dict[str, type[FacilBot] | type[NormalBot] | type[DificilBot]] = {
    "facil": FacilBot,
    "normal": NormalBot,
    "dificil": DificilBot,
}
DEFAULT_LEVEL = "facil"

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Bot",
    "DificilBot",
    "FacilBot",
    "NormalBot",
    "decide",
    "next_bot_seat",
    "play_bots",
]
