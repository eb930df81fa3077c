"""What both games' tables animate after an action (docs/api.md, "Events"): the trick it
completed, the hand's sheet, then the end of the game or the next deal. Each game gives its own
JSON of a trick, a sheet, an outcome and a deal (:mod:`picas.web.games.spades`,
:mod:`picas.web.games.corazones`); the action's own event (a bid, a pass, a card) is the game's."""

from __future__ import annotations

from typing import Any, Protocol

Event = dict[str, Any]


class GameJson(Protocol):
    """A game's JSON of the things every game's events show."""

    def trick_json(self, trick: Any) -> Event: ...

    def result_json(self, result: Any) -> Event: ...

    def outcome_json(self, outcome: Any) -> Any: ...

    def deal_event(self, state: Any) -> Event: ...


def events_after(game: GameJson, before: Any, after: Any, *, played: bool) -> list[Event]:
    """The events that follow an action from ``before`` to ``after`` (``played``: it was a card)."""
    events: list[Event] = []
    scored = len(after.history) > len(before.history)
    if played:
        # The card that closed a trick (the fourth, or the second at Spades' two players).
        hand = after.history[-1].hand if scored else after.hand
        if len(hand.tricks) > len(before.hand.tricks):
            events.append({"type": "trick", **game.trick_json(hand.tricks[-1])})
    if scored:
        events.append({"type": "hand_scored", "result": game.result_json(after.history[-1])})
    if after.outcome is not None and before.outcome is None:
        events.append({"type": "game_over", "outcome": game.outcome_json(after.outcome)})
    elif after.hand.number != before.hand.number:
        events.append(game.deal_event(after))
    return events
