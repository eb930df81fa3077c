"""Corazones bots by name: the three levels, or any importable object given as ``module:attr``
(the shared loader, :func:`picas.shared.bots.load_player`), so ``picas arena --game corazones
my_package.my_module:MyBot normal`` seats a player of one's own."""

from __future__ import annotations

from typing import cast

from picas.games.corazones.bots import LEVELS, Bot
from picas.shared.bots import UnknownBot, load_player

__all__ = ["UnknownBot", "load_bot"]


def load_bot(spec: str) -> Bot:
    """A bot from a level name (``normal``) or ``module:attr``: ``attr`` may be a bot object, or
    a class (or factory) that takes no arguments. A class gives a new bot at each call."""
    return cast(Bot, load_player(spec, LEVELS, Bot, "pass_cards y play"))
