"""Bots by name: the three levels, or any importable object given as ``module:attr``."""

from __future__ import annotations

import importlib

from picas.games.spades.bots.base import Bot
from picas.shared.bots import LEVEL_NAMES_ES
from picas.shared.errors import PicasError

__all__ = ["DEFAULT_LEVEL", "LEVELS", "LEVEL_NAMES_ES", "Bot", "UnknownBot", "load_bot"]

LEVELS: dict[str, str] = {
    "facil": "picas.games.spades.bots.facil:FacilBot",
    "normal": "picas.games.spades.bots.normal:NormalBot",
    "dificil": "picas.games.spades.bots.dificil:DificilBot",
}
DEFAULT_LEVEL = next(iter(LEVEL_NAMES_ES))


class UnknownBot(PicasError):  # noqa: N818 (named like the engine's errors)
    code = "unknown_bot"


def load_bot(spec: str) -> Bot:
    """A bot from a level name (``facil``) or ``module:attr``.

    ``attr`` may be a bot object or a class (or factory) that takes no arguments.
    """
    target = LEVELS.get(spec, spec)
    module_name, sep, attr = target.partition(":")
    if not sep or not module_name or not attr:
        known = ", ".join(LEVELS)
        raise UnknownBot(f"Jugador desconocido: «{spec}» (niveles: {known}, o módulo:atributo).")
    try:
        module = importlib.import_module(module_name)
        obj = getattr(module, attr)
    except (ImportError, AttributeError) as error:
        raise UnknownBot(f"No se puede cargar «{spec}»: {error}.") from None
    bot = obj() if isinstance(obj, type) or (callable(obj) and not isinstance(obj, Bot)) else obj
    if not isinstance(bot, Bot):
        raise UnknownBot(f"«{spec}» no tiene los métodos bid y play de un jugador.")
    return bot
