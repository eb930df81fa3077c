"""Corazones bots by name: the three levels, or any importable object given as ``module:attr``
(like Spades' :mod:`picas.games.spades.bots.registry`), so ``picas arena --game corazones
my_package.my_module:MyBot normal`` seats a player of one's own."""

from __future__ import annotations

import importlib
from typing import Any

from picas.games.corazones.bots import LEVELS, Bot
from picas.shared.errors import PicasError


class UnknownBot(PicasError):  # noqa: N818 (named like the engine's errors)
    code = "unknown_bot"


def load_bot(spec: str) -> Bot:
    """A bot from a level name (``normal``) or ``module:attr``: ``attr`` may be a bot object, or
    a class (or factory) that takes no arguments. A class gives a new bot at each call."""
    level = LEVELS.get(spec)
    if level is not None:
        return level()
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr:
        known = ", ".join(LEVELS)
        raise UnknownBot(f"Jugador desconocido: «{spec}» (niveles: {known}, o módulo:atributo).")
    try:
        obj: Any = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as error:
        raise UnknownBot(f"No se puede cargar «{spec}»: {error}.") from None
    bot = obj() if isinstance(obj, type) or (callable(obj) and not isinstance(obj, Bot)) else obj
    if not isinstance(bot, Bot):
        raise UnknownBot(f"«{spec}» no tiene los métodos pass_cards y play de un jugador.")
    return bot
