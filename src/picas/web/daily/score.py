"""The scored duplicate: each hand's result in South's seat, compared with Difícil's own result
on the same deal in the same seat."""

from __future__ import annotations

from typing import Any

from picas.shared.seats import Seat
from picas.web.friends import play

TEAM = "north_south"


def hand_result(game: str, result: dict[str, Any]) -> int:
    """South's side's result of one finished hand (its history JSON): Picas the team's hand
    total, Corazones South's points."""
    if game == "spades":
        for sheet in result["sheets"]:
            if sheet["team"] == TEAM:
                return int(sheet["lines"]["hand_total"])
        raise ValueError("no sheet of North–South")
    return int(result["points"]["south"])


def hand_results(game: str, state: Any, hands: int) -> list[int]:
    """South's side's result of each finished hand of ``state`` (at most ``hands``)."""
    view = play.view_json(play.adapter(game), state, Seat.SOUTH)
    return [hand_result(game, result) for result in view["history"][:hands]]


def duplicate(game: str, mine: list[int], baseline: list[int]) -> list[int]:
    """Each hand's score against Difícil: Picas the player's team total minus Difícil's;
    Corazones the points avoided, Difícil's points minus the player's."""
    if game == "spades":
        return [own - theirs for own, theirs in zip(mine, baseline, strict=False)]
    return [theirs - own for own, theirs in zip(mine, baseline, strict=False)]
