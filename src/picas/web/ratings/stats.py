"""Solo statistics kept on the server: what the page counted in the browser's localStorage
(``static/js/stats.js`` for Picas, ``games/corazones/hoja.js`` for Corazones), imported once.

The body's shape is checked strictly (no field the page does not write, every counter a whole
number in range, Picas' results keys a level and a target the settings offer). An import is
merged with what is stored by taking each counter's larger value: counters only grow, so a second
import of the same browser's numbers (a reload, a retry) changes nothing, and a later one only
brings what was played since. Two devices' numbers are not added (the larger wins)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from picas.games.spades.options import TARGET

LEVELS = ("facil", "normal", "dificil")
MAX_COUNT = 10_000_000
MAX_RESULT_KEYS = 64
SPADES_COUNTERS = (
    "hands",
    "nsMade",
    "nsSet",
    "southMade",
    "southSet",
    "nilsBid",
    "nilsMade",
    "bags",
)
CORAZONES_COUNTERS = ("played", "won", "lost", "hands", "points", "moons", "queens")
RESULT_KEYS = frozenset(f"{level}|{target}" for level in LEVELS for target in TARGET.values)

Count = Field(default=0, ge=0, le=MAX_COUNT, strict=True)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Outcomes(Strict):
    won: int = Count
    lost: int = Count
    drawn: int = Count


class SpadesStats(Strict):
    v: Literal[1] = 1
    results: dict[str, Outcomes] = Field(default_factory=dict, max_length=MAX_RESULT_KEYS)
    hands: int = Count
    nsMade: int = Count  # noqa: N815 (the page's names)
    nsSet: int = Count  # noqa: N815
    southMade: int = Count  # noqa: N815
    southSet: int = Count  # noqa: N815
    nilsBid: int = Count  # noqa: N815
    nilsMade: int = Count  # noqa: N815
    bags: int = Count

    @field_validator("results")
    @classmethod
    def _known_keys(cls, results: dict[str, Outcomes]) -> dict[str, Outcomes]:
        unknown = set(results) - RESULT_KEYS
        if unknown:
            raise ValueError("unknown results key")
        return results


class CorazonesStats(Strict):
    played: int = Count
    won: int = Count
    lost: int = Count
    hands: int = Count
    points: int = Field(default=0, ge=-MAX_COUNT, le=MAX_COUNT, strict=True)
    moons: int = Count
    queens: int = Count


class SoloStatsIn(Strict):
    spades: SpadesStats | None = None
    corazones: CorazonesStats | None = None


def empty() -> dict[str, Any]:
    return {
        "spades": SpadesStats().model_dump(),
        "corazones": CorazonesStats().model_dump(),
    }


def merged(stored: dict[str, Any] | None, incoming: SoloStatsIn) -> dict[str, Any]:
    """Each counter's larger value of the stored and the incoming statistics."""
    base = empty()
    if stored:
        for game in ("spades", "corazones"):
            base[game].update(stored.get(game, {}))
    if incoming.spades is not None:
        new = incoming.spades.model_dump()
        for key in SPADES_COUNTERS:
            base["spades"][key] = max(base["spades"][key], new[key])
        results = base["spades"]["results"]
        for key, outcome in new["results"].items():
            old = results.get(key, {"won": 0, "lost": 0, "drawn": 0})
            results[key] = {field: max(old[field], outcome[field]) for field in old}
    if incoming.corazones is not None:
        new = incoming.corazones.model_dump()
        for key in CORAZONES_COUNTERS:
            if key == "points":
                continue
            base["corazones"][key] = max(base["corazones"][key], new[key])
        # Points go with the hands they were counted in: the import with more hands brings both.
        if new["hands"] >= base["corazones"]["hands"]:
            base["corazones"]["points"] = new["points"]
    return base
