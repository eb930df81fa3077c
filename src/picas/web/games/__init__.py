"""The web tier per game: each game's table part (its actions, events, South's view, its computer
players' loop, the hint) is ``picas.web.games.<key>``'s ``TABLE``, found by the game's key in the
games' registry (:mod:`picas.games`); the flows every game shares are :mod:`picas.web.table`.
What the page needs of a game is its ``PAGE``, what ratings and the day's challenge need its
``RATED``."""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any, Protocol, Union

from pydantic import BaseModel, Discriminator, Field, Tag

from picas.games import find_game, games, keys
from picas.record import AnyRecord
from picas.shared.deals import Deal
from picas.shared.seats import Seat
from picas.web.codes import Why
from picas.web.events import Event
from picas.web.games.generic import GameModels, GenericTable, generic_models
from picas.web.games.page import GamePage
from picas.web.games.rated import RatedPlay


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

    def hint(self, state: Any, seat: Seat = ...) -> dict[str, Any]:
        """The suggestion for ``seat`` (South at the solo table), from its view only."""
        ...

    def practice_rules(self, rules: Any, result: Any) -> Any:
        """The rules of a practice game of a finished hand: what the game keeps of the hand (the
        dealer, the pass direction)."""
        ...

    def hand_summary(self, result: Any) -> dict[str, Any]: ...

    def reasons(self, record: Any) -> dict[str, dict[str, Why]]: ...

    friends: bool
    """Whether a friends' table may deal this game: what its seats keep from each other is only
    what ``web/friends/play.py`` keeps private (the hands, a computer player's bid reasons, the
    pass), and its views are ``seat_view``'s."""

    def seat_view(self, state: Any, seat: Seat) -> Any:
        """``seat``'s view: its own cards and what is public (a friends' table has no South)."""
        ...

    def seat_view_json(self, view: Any) -> dict[str, Any]: ...


@cache
def table_for(key: str) -> TableGame:
    """The table part of the game ``key`` (a registered game's: the record was read by it): its
    own module's ``TABLE``, or for a game without one the generic table built from its spec."""
    module = _own_module(key)
    if module is None:
        return GenericTable(find_game(key))
    table: TableGame = module.TABLE
    return table


def page_for(key: str) -> GamePage | None:
    """What the page needs of the game ``key`` (its module's ``PAGE``), or None: a game without a
    web part of its own is served by the API only, not on the page."""
    module = _own_module(key)
    page: GamePage | None = getattr(module, "PAGE", None) if module is not None else None
    return page


def rated_for(key: str) -> RatedPlay | None:
    """What ratings and the day's challenge need of the game ``key`` (its module's ``RATED``),
    or None: not a registered game (``key`` may be a URL's: only the registry's names are
    looked up), or one without it, neither rated nor with a challenge."""
    if key not in keys():
        return None
    module = _own_module(key)
    rated: RatedPlay | None = getattr(module, "RATED", None) if module is not None else None
    return rated


def rated_games() -> tuple[str, ...]:
    """The keys of the games that declare a ``RATED``, in the registry's order."""
    return tuple(spec.key for spec in games() if rated_for(spec.key) is not None)


def partners(key: str) -> bool:
    """Whether the game ``key`` is played by two partnerships (its ``PAGE.partners``)."""
    page = page_for(key)
    return page is not None and page.partners


def models_for(key: str) -> GameModels:
    """The bodies and answers of the game ``key``: its module's ``MODELS``, or the generic ones
    made from its spec."""
    module = _own_module(key)
    if module is None:
        return generic_models(find_game(key))
    models: GameModels = module.MODELS
    return models


@dataclass(frozen=True, slots=True)
class Unions:
    """Every game's bodies and answers as tagged unions on ``game`` (the API's types)."""

    new_game_in: Any
    game_out: Any
    import_out: Any
    hint_out: Any
    practice_out: Any


def game_unions(keys: Sequence[str]) -> Unions:
    """The API's types for the games ``keys``: a body without ``game`` is the first game's
    (Spades); a game without hints or practice games is in neither of those unions."""
    models = {key: models_for(key) for key in keys}
    default = keys[0]

    def game_of_body(body: Any) -> str | None:
        if isinstance(body, dict):
            game = body.get("game", default)
            return game if isinstance(game, str) else None
        return str(getattr(body, "game", default))

    def union(kinds: list[type[BaseModel] | None]) -> Any:
        present = tuple(kind for kind in kinds if kind is not None)
        return Annotated[Union[present], Field(discriminator="game")]  # noqa: UP007

    tagged = tuple(Annotated[m.new_game_in, Tag(key)] for key, m in models.items())
    return Unions(
        new_game_in=Annotated[Union[tagged], Discriminator(game_of_body)],  # noqa: UP007
        game_out=union([m.game_out for m in models.values()]),
        import_out=union([m.import_out for m in models.values()]),
        hint_out=union([m.hint_out for m in models.values()]),
        practice_out=union([m.practice_out for m in models.values()]),
    )


def page_modules() -> list[tuple[str, Path]]:
    """The games from outside the package whose page modules the server serves: (key, folder)."""
    out = []
    for spec in games():
        page = page_for(spec.key)
        if page is not None and page.modules is not None:
            out.append((spec.key, page.modules))
    return out


def _own_module(key: str) -> ModuleType | None:
    """The game's web part: ``picas.web.games.<key>``, or for a game from outside the package
    (registered by ``PICAS_GAMES``) its own ``<key>.web`` beside its spec; None if it has none."""
    if key == "generic":
        return None
    for name in (f"{__name__}.{key}", f"{key}.web"):
        try:
            found = importlib.util.find_spec(name)
        except ModuleNotFoundError:
            found = None
        if found is not None:
            return importlib.import_module(name)
    return None
