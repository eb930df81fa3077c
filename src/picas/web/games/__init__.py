"""The web tier per game: each game's table part (its actions, events, South's view, its computer
players' loop, the hint) is ``picas.web.games.<key>``'s ``TABLE``, found by the game's key in the
games' registry (:mod:`picas.games`); the flows every game shares are :mod:`picas.web.table`."""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from types import ModuleType
from typing import Annotated, Any, Protocol, Union

from pydantic import BaseModel, Discriminator, Field, Tag

from picas.games import find_game
from picas.record import AnyRecord
from picas.shared.deals import Deal
from picas.shared.seats import Seat
from picas.web.events import Event
from picas.web.games.generic import GenericTable, generic_models


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
    """The table part of the game ``key`` (a registered game's: the record was read by it): its
    own module's ``TABLE``, or for a game without one the generic table built from its spec."""
    module = _own_module(key)
    if module is None:
        return GenericTable(find_game(key))
    table: TableGame = module.TABLE
    return table


def models_for(key: str) -> tuple[type[BaseModel], type[BaseModel]]:
    """The new-game body and the answer of the game ``key``: its module's ``NEW_GAME_IN`` and
    ``GAME_OUT``, or the generic ones made from its spec."""
    module = _own_module(key)
    if module is None:
        return generic_models(find_game(key))
    return module.NEW_GAME_IN, module.GAME_OUT


def game_unions(keys: Sequence[str]) -> tuple[Any, Any]:
    """The new-game body and the answer of every game in ``keys``, as tagged unions: a body
    without ``game`` is the first game's (Spades)."""
    pairs = [models_for(key) for key in keys]
    default = keys[0]

    def game_of_body(body: Any) -> str | None:
        if isinstance(body, dict):
            game = body.get("game", default)
            return game if isinstance(game, str) else None
        return str(getattr(body, "game", default))

    new_in: Any = Annotated[
        Union[tuple(Annotated[new, Tag(key)] for key, (new, _) in zip(keys, pairs, strict=True))],  # noqa: UP007
        Discriminator(game_of_body),
    ]
    out: Any = Annotated[Union[tuple(out for _, out in pairs)], Field(discriminator="game")]  # noqa: UP007
    return new_in, out


def _own_module(key: str) -> ModuleType | None:
    name = f"{__name__}.{key}"
    if key == "generic" or importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)
