"""The web tier per game: each game's table part (its actions, events, South's view, its computer
players' loop, the hint) is ``picas.web.games.<key>``'s ``TABLE``, found by the game's key in the
games' registry (:mod:`picas.games`); the flows every game shares are :mod:`picas.web.table`."""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Protocol

from picas.games import UnknownGame, find_game
from picas.record import AnyRecord
from picas.shared.deals import Deal
from picas.shared.seats import Seat
from picas.web.events import Event


class TableGame(Protocol):
    """One game's part of the table. The states, actions, bots and records it takes are its own
    game's (the table only passes on what this game gave it), hence ``Any`` here."""

    key: str

    def parse_action(self, value: object) -> Any:
        """South's action from its JSON (a malformed one raises ``InvalidAction``)."""
        ...

    def new_record(self, settings: Mapping[str, Any], *, level: str, code: str) -> AnyRecord:
        """A fresh game with the page's settings (the new-game body's, by game)."""
        ...

    def play_bots(
        self,
        state: Any,
        bots: Mapping[Seat, Any],
        *,
        position: int,
        on_action: Callable[[Any, Seat, Any, Any], None] | None = None,
        stop: Callable[[Any], bool] = ...,
    ) -> Any:
        """The computer players act until South's turn or the end (or ``stop``); ``position``
        seeds each decision."""
        ...

    def decide(self, bot: Any, state: Any, seat: Seat, rng: random.Random) -> Any: ...

    def code_deal(self, start: Any, number: int) -> Deal: ...

    def view_json(self, state: Any) -> dict[str, Any]:
        """South's view: South's own cards and what is public, never another hand."""
        ...

    def deal_event(self, state: Any) -> Event: ...

    def events_for(self, before: Any, seat: Seat, action: Any, after: Any) -> list[Event]: ...

    def hint(self, state: Any) -> dict[str, Any]: ...

    def practice_rules(self, rules: Any, result: Any) -> Any:
        """The rules of a practice game of a finished hand: what the game keeps of the hand (the
        dealer, the pass direction)."""
        ...

    def hand_summary(self, result: Any) -> dict[str, Any]: ...

    def reasons(self, record: Any) -> dict[str, dict[str, str]]: ...


@cache
def table_for(key: str) -> TableGame:
    """The table part of the game ``key`` (a registered game's: the record was read by it)."""
    name = f"{__name__}.{key}"
    if importlib.util.find_spec(name) is None:
        raise UnknownGame(f"{find_game(key).name_es} no se juega en la página.")
    table: TableGame = importlib.import_module(name).TABLE
    return table
