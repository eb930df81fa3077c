"""Solo statistics kept on the server: what the page counted in the browser's localStorage for
each game, imported once. Each rated game's model is its web part's (``RATED.solo_stats`` in
``web/games/<key>.py``); the body holds one of them under each such game's key.

The body's shape is checked strictly (no field the page does not write, every counter a whole
number in range, Picas' results keys a level and a target the settings offer). An import is
merged with what is stored by taking each counter's larger value: counters only grow, so a second
import of the same browser's numbers (a reload, a retry) changes nothing, and a later one only
brings what was played since. Two devices' numbers are not added (the larger wins)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import create_model

from picas.web.games import rated_for, rated_games
from picas.web.games.rated import SoloStats, Strict


def _models() -> dict[str, type[SoloStats]]:
    """Each rated game's statistics model, by its key, in the registry's order."""
    found = {}
    for key in rated_games():
        rated = rated_for(key)
        if rated is not None and rated.solo_stats is not None:
            found[key] = rated.solo_stats
    return found


STATS_BY_GAME = _models()

if TYPE_CHECKING:
    SoloStatsIn = Strict
else:
    SoloStatsIn = create_model(
        "SoloStatsIn",
        __base__=Strict,
        __doc__="A profile's solo statistics: a game's numbers under its key, each optional.",
        **{key: (model | None, None) for key, model in STATS_BY_GAME.items()},
    )


def empty() -> dict[str, Any]:
    return {key: model().model_dump() for key, model in STATS_BY_GAME.items()}


def merged(stored: dict[str, Any] | None, incoming: SoloStatsIn) -> dict[str, Any]:
    """Each counter's larger value of the stored and the incoming statistics."""
    base = empty()
    if stored:
        for key in STATS_BY_GAME:
            base[key].update(stored.get(key, {}))
    for key in STATS_BY_GAME:
        new: SoloStats | None = getattr(incoming, key)
        if new is not None:
            base[key] = new.merged(base[key])
    return base
