"""What «Jugar ya» needs of the ratings (``app.state.ratings``, :mod:`picas.web.ratings`): a rated
table's result, written once per table id, and a player's rating to match people by.

The result's shape is the ratings' own: ``RatedResult(id, game, ended, seats)`` with one
``RatedSeat(player, seat, score, left)`` per seat, ``player`` a profile id or a computer level
(``"cpu:dificil"``), ``seat`` the seat's letter (``"s" | "w" | "n" | "e"``: Picas' teams are
``s``+``n`` and ``w``+``e``).
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

from picas.web.ratings.model import RatedResult, RatedSeat

log = logging.getLogger("picas.web")

__all__ = ["DEFAULT_RATING", "RatedResult", "RatedSeat", "Ratings", "rating_of"]

DEFAULT_RATING = 1500
"""The rating a player is matched by when the server keeps none (a new profile, no ratings)."""


class Ratings(Protocol):
    async def record(self, result: RatedResult) -> Any:
        """Rate ``result`` once per ``result.id`` (a second call changes nothing)."""
        ...


async def rating_of(ratings: Any, game: str, player: str) -> int:
    """``player``'s rating at ``game`` from ``ratings`` (``app.state.ratings``), or the default
    when there is none: no ratings, a new player, or an answer without a number."""
    lookup = getattr(ratings, "rating", None)
    if lookup is None:
        return DEFAULT_RATING
    try:
        value = await lookup(game, player)
    except Exception:  # the ratings' store away a moment: matched as a newcomer this time
        log.exception("«Jugar ya»: sin valoración de %s", player)
        return DEFAULT_RATING
    if isinstance(value, bool) or value is None:
        return DEFAULT_RATING
    if isinstance(value, int | float):
        return int(value)
    for name in ("rating", "after", "display"):
        number = getattr(value, name, None)
        if isinstance(number, int | float) and not isinstance(number, bool):
            return int(number)
    return DEFAULT_RATING
