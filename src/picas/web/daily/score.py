"""The scored duplicate: each hand's result in South's seat, compared with Difícil's own result
on the same deal in the same seat."""

from __future__ import annotations

from typing import Any

from picas.shared.seats import Seat
from picas.web.friends import play
from picas.web.games import rated_for
from picas.web.games.rated import RatedPlay


def _rated(game: str) -> RatedPlay:
    rated = rated_for(game)
    if rated is None:
        raise ValueError(f"{game!r} has no challenge")
    return rated


def hand_result(game: str, result: dict[str, Any]) -> int:
    """South's side's result of one finished hand (its history JSON), as the game's web part
    says (``RATED.hand_result``: Picas the team's hand total, Corazones South's points)."""
    return _rated(game).hand_result(result)


def hand_results(game: str, state: Any, hands: int) -> list[int]:
    """South's side's result of each finished hand of ``state`` (at most ``hands``)."""
    view = play.view_json(play.adapter(game), state, Seat.SOUTH)
    rated = _rated(game)
    return [rated.hand_result(result) for result in view["history"][:hands]]


def duplicate(game: str, mine: list[int], baseline: list[int]) -> list[int]:
    """Each hand's score against Difícil: the player's result minus Difícil's (Picas' team
    totals), or where the lower score wins the points avoided, Difícil's minus the player's
    (Corazones)."""
    if _rated(game).lower_wins:
        return [theirs - own for own, theirs in zip(mine, baseline, strict=False)]
    return [own - theirs for own, theirs in zip(mine, baseline, strict=False)]
