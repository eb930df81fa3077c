"""The game at a friends' table, through the games' engines: whose turn it is, a seat's action,
a computer player's, and what each seat may be told of it.

Unlike the solo table there is no South: any seat may be a person. What a seat is told is built
per seat here: its own view (``view_for(state, seat)``) and the solo table's events with
everything private to another seat taken out (a computer player's bid reasons, Corazones' pass).
A watcher (no seat) gets the public events only.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from picas.games import find_game
from picas.record import AnyRecord
from picas.shared.bots import decision_rng
from picas.shared.errors import IllegalAction
from picas.shared.position import Phase
from picas.shared.seats import Seat
from picas.shared.views import trick_to_json
from picas.web.codes import Why
from picas.web.events import Event
from picas.web.games import TableGame, table_for

Viewer = Seat | None


@dataclass(frozen=True, slots=True)
class Adapter:
    """What differs between the games here: the seat's view and its own pass event."""

    table: TableGame
    view_for: Callable[[Any, Seat], Any]
    view_to_json: Callable[[Any], dict[str, Any]]
    bid_reason: Callable[[Any, Seat], Why] | None = None
    """Why ``seat`` bid what it just bid (the state after the bid), for a game that bids."""


@cache
def adapter(key: str) -> Adapter:
    spec = find_game(key)  # an unknown game is refused here, before its table part is looked up
    table = table_for(spec.key)
    if table.friends:
        reason = getattr(table, "bid_reason", None)  # a game that bids explains its bids
        return Adapter(table, table.seat_view, table.seat_view_json, reason)
    raise IllegalAction(f"{spec.name_es} no se puede jugar con amigos todavía.", code="no_friends")


def is_passing(state: Any) -> bool:
    hand = state.hand
    return bool(getattr(hand, "phase", None) is Phase.PASSING)


def seat_to_act(state: Any) -> Seat | None:
    """The seat the record's next action belongs to: while Corazones passes, the first seat still
    to choose in the record's order (South, West, North, East); otherwise the seat on turn."""
    if state.outcome is not None:
        return None
    if is_passing(state):
        waiting: tuple[Seat, ...] = state.hand.still_to_pass()
        return waiting[0] if waiting else None
    turn: Seat | None = state.turn
    return turn


def still_to_pass(state: Any) -> tuple[Seat, ...]:
    if state.outcome is not None or not is_passing(state):
        return ()
    seats: tuple[Seat, ...] = state.hand.still_to_pass()
    return seats


def parse(game: Adapter, value: object) -> Any:
    return game.table.parse_action(value)


def check_legal(state: Any, action: Any, seat: Seat) -> None:
    """Refuse ``action`` by ``seat`` with the engine's own code, changing nothing."""
    state.verify(action, seat)


def bot_action(game: Adapter, bot: Any, state: Any, seat: Seat, position: int) -> Any:
    """The computer player's action for ``seat``, seeded as everywhere (code, index, seat)."""
    rng: random.Random = decision_rng(state.code, position, seat)
    return game.table.decide(bot, state, seat, rng)


def hand_number(state: Any) -> int:
    number: int = state.hand.number
    return number


def finished_hands(state: Any) -> set[int]:
    return {result.hand.number for result in state.history}


class RulesJson:
    """A table's rules as a view's JSON needs them: ``to_json`` worked out once for the game
    (a game's rules never change), everything else read from the rules themselves."""

    __slots__ = ("_json", "_rules")

    def __init__(self, rules: Any) -> None:
        self._rules = rules
        self._json: dict[str, Any] = rules.to_json()

    def to_json(self) -> dict[str, Any]:
        return dict(self._json)  # a fresh dict, as the rules' own would be

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rules, name)


class Shared:
    """What every seat's view of a table's game shares, as JSON, made once rather than once a
    seat and a change: the rules (``Rules.to_json`` is ``dataclasses.asdict``, a deep copy) and
    the hand's finished tricks (played face up: the same for every seat; remade only when a
    trick is added). Together they were about two thirds of the cost of a seat's view
    (docs/benchmarks.md, «Mesa con amigos: the cost of a change»), and a change builds four views,
    hundreds of times a second at a busy server. The views' JSON stays exactly the games' own
    (tests/web/friends/test_friends_fanout.py compares them over whole games)."""

    __slots__ = ("_tricks", "_tricks_json", "rules")

    def __init__(self, rules: Any) -> None:
        self.rules = RulesJson(rules)
        self._tricks: tuple[Any, ...] | None = None
        self._tricks_json: list[dict[str, Any]] = []

    def tricks_json(self, tricks: tuple[Any, ...]) -> list[dict[str, Any]]:
        # The same tuple (the engine's hand keeps it until a trick is added) is the same JSON.
        if tricks is not self._tricks:
            self._tricks_json = [trick_to_json(trick) for trick in tricks]
            self._tricks = tricks
        return self._tricks_json


def view_json(
    game: Adapter,
    state: Any,
    seat: Seat,
    *,
    history: bool = True,
    shared: Shared | None = None,
) -> dict[str, Any]:
    """The seat's view in the solo API's JSON, its finished hands redacted (or left out: an
    empty ``history``); with ``shared``, what the seats share is taken from it."""
    view = game.view_for(state, seat)
    if shared is not None:
        tricks = view.tricks
        view = dataclasses.replace(
            view, history=view.history if history else (), rules=shared.rules, tricks=()
        )
        out = game.view_to_json(view)
        out["tricks"] = shared.tricks_json(tricks)  # in its place: the key is there already
    else:
        if not history:
            view = dataclasses.replace(view, history=())
        out = game.view_to_json(view)
    out["history"] = [redact_result(result, seat) for result in out.get("history", [])]
    return out


PRIVATE_BY_SEAT = ("dealt", "passed", "received")
"""A finished hand's fields that hold each seat's own cards: the solo table shows them all (they
are South's and the computer players'), a friends' table only the viewer's (the others ``None``).
Corazones' passes stay secret after the hand too, as at a real table."""


def redact_result(result: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
    out = dict(result)
    for key in PRIVATE_BY_SEAT:
        value = out.get(key)
        if isinstance(value, dict):
            out[key] = {
                seat: cards if viewer is not None and seat == viewer.key else None
                for seat, cards in value.items()
            }
    return out


# --- events, per viewer ----------------------------------------------------------------------

PUBLIC_EVENTS = frozenset({"deal", "look", "play", "trick", "game_over"})
"""The solo table's events every seat and watcher may see as they are: nothing in them is
private (a play and a trick show cards face up). ``bid``, ``pass``, ``hand_scored`` and a
``deal`` that names a pass are rewritten per viewer above; any other is its own seat's only."""


def events_by_viewer(
    game: Adapter, before: Any, seat: Seat, action: Any, after: Any
) -> dict[Viewer, list[Event]]:
    """The solo table's events of one action, for each seat and for a watcher (``None``)."""
    events = game.table.events_for(before, seat, action, after)
    out: dict[Viewer, list[Event]] = {}
    passing_done = is_passing(before) and not is_passing(after)
    for viewer in (*Seat, None):
        mine: list[Event] = []
        if is_passing(before) and not passing_done:
            mine.append({"type": "passed", "seat": seat.key})
        for event in events:
            kind = event.get("type")
            if kind == "bid":
                mine.append({key: value for key, value in event.items() if key != "reason"})
            elif kind == "pass":
                if viewer is not None:
                    mine.append(_pass_event(game, after, viewer))
            elif kind == "hand_scored":
                mine.append({**event, "result": redact_result(event["result"], viewer)})
            elif kind == "deal" and "pass_to" in event:
                mine.append({**event, "pass_to": _pass_to(game, after, viewer)})
            elif kind in PUBLIC_EVENTS or viewer is seat:
                mine.append(event)
            # Any other event is the acting seat's alone: what this table does not know how to
            # redact, it does not show (a new event type must be added here to be seen).
        if passing_done:
            mine.insert(0, {"type": "passed", "seat": seat.key})
        out[viewer] = mine
    return out


def deal_events(game: Adapter, state: Any) -> dict[Viewer, list[Event]]:
    event = game.table.deal_event(state)
    return {
        viewer: [
            {**event, "pass_to": _pass_to(game, state, viewer)} if "pass_to" in event else event
        ]
        for viewer in (*Seat, None)
    }


def _pass_to(game: Adapter, state: Any, viewer: Viewer) -> str | None:
    if viewer is None:
        return None
    receiver = getattr(game.view_for(state, viewer), "pass_to", None)
    return None if receiver is None else str(receiver.key)


def _pass_event(game: Adapter, state: Any, viewer: Seat) -> Event:
    view = game.view_for(state, viewer)
    return {
        "type": "pass",
        "direction": view.direction.value,
        "to": view.pass_to.key,
        "gave": [card.code for card in view.passed],
        "from": view.direction.giver(viewer).key,
        "received": [card.code for card in view.received],
    }


def new_record(
    key: str,
    settings: Mapping[str, Any],
    *,
    level: str,
    code: str,
    table_id: str,
    rules: Mapping[str, Any] | None = None,
) -> AnyRecord:
    """The table's record; ``rules`` (the whole rules' JSON, as a record writes them) replace
    the settings' when given (a day's challenge plays rules no page offers)."""
    record = table_for(key).new_record(settings, level=level, code=code)
    if rules is not None:
        record = dataclasses.replace(record, rules=type(record.rules).from_json(dict(rules)))
    return dataclasses.replace(record, meta={**record.meta, "mesa": table_id})
