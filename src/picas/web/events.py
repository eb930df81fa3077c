"""What both games' tables animate after an action (docs/api.md, "Events"): the trick it
completed, the hand's sheet, then the end of the game or the next deal. Each game gives its own
JSON of a trick, a sheet, an outcome and a deal (:mod:`picas.web.spades`,
:mod:`picas.web.corazones`); the action's own event (a bid, a pass, a card) is the game's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Event = dict[str, Any]


def events_after(
    before: Any,
    after: Any,
    *,
    played: bool,
    trick_json: Callable[[Any], Event],
    result_json: Callable[[Any], Event],
    outcome_json: Callable[[Any], Any],
    deal_event: Callable[[Any], Event],
) -> list[Event]:
    """The events that follow an action from ``before`` to ``after`` (``played``: it was a card)."""
    events: list[Event] = []
    scored = len(after.history) > len(before.history)
    if played and len(before.hand.trick) == 3:
        hand = after.history[-1].hand if scored else after.hand
        events.append({"type": "trick", **trick_json(hand.tricks[-1])})
    if scored:
        events.append({"type": "hand_scored", "result": result_json(after.history[-1])})
    if after.outcome is not None and before.outcome is None:
        events.append({"type": "game_over", "outcome": outcome_json(after.outcome)})
    elif after.hand.number != before.hand.number:
        events.append(deal_event(after))
    return events
