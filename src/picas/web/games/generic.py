"""The table part of a game that has none of its own (:mod:`picas.web.games`): built from its entry
in the games' registry alone — its record, rules and options, its computer players' loop and its
view's JSON. South acts and the computer players answer as in every game; the events are each
action and the end; there is no hint, practice game or import check (each refused with a clear
error)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field, StrictBool, StrictStr, create_model

from picas.record import MAX_CODE_TEXT, AnyRecord
from picas.shared.deals import Deal
from picas.shared.errors import IllegalAction, InvalidRules
from picas.shared.options import Option
from picas.shared.seats import Seat
from picas.shared.spec import GameSpec
from picas.web.codes import Why
from picas.web.events import Event
from picas.web.schemas import SaveOut, _In, _Out, level_type

SOUTH = Seat.SOUTH


class GenericTable:
    """A registered game at the table, from its :class:`~picas.shared.spec.GameSpec`."""

    def __init__(self, spec: GameSpec) -> None:
        if spec.bots is None or spec.view_json is None:
            raise InvalidRules(f"{spec.name_es} no dice cómo juegan sus jugadores ni qué ven.")
        self.spec = spec
        self.key = spec.key
        self._bots = spec.bots
        self._view_json = spec.view_json
        self._codec = spec.record.codec()

    def parse_action(self, value: object) -> Any:
        return self._codec.parse_action(value)

    def new_record(self, settings: Mapping[str, Any], *, level: str, code: str) -> AnyRecord:
        return self.spec.record(rules=self.spec.rules(**settings), code=code, meta={"level": level})

    def play_bots(
        self,
        state: Any,
        bots: Mapping[Seat, Any],
        *,
        position: int,
        on_action: Callable[[Any, Seat, Any, Any], None] | None = None,
        stop: Callable[[Any], bool] | None = None,
    ) -> Any:
        state, _ = self._bots.play_bots(
            state, bots, position=position, on_action=on_action, stop=stop or (lambda _: False)
        )
        return state

    def decide(self, bot: Any, state: Any, seat: Seat, rng: random.Random) -> Any:
        return self._bots.decide(bot, self._bots.view_for(state, seat), rng)

    def code_deal(self, start: Any, number: int) -> Deal:
        raise IllegalAction(f"{self.spec.name_es} no comprueba repartos.", code="no_review")

    friends = False
    """A game without a web part of its own is not dealt at a friends' table: nothing says which
    of its events a seat must not see."""

    def seat_view(self, state: Any, seat: Seat) -> Any:
        return self._bots.view_for(state, seat)

    def seat_view_json(self, view: Any) -> dict[str, Any]:
        raise IllegalAction(f"{self.spec.name_es} no se juega con amigos.", code="no_friends")

    def view_json(self, state: Any) -> dict[str, Any]:
        return self._view_json(state, SOUTH)

    def deal_event(self, state: Any) -> Event:
        return {"type": "deal"}

    def events_for(self, before: Any, seat: Seat, action: Any, after: Any) -> list[Event]:
        events: list[Event] = [
            {"type": "action", "seat": seat.key, "action": self._codec.action_json(action)}
        ]
        if after.outcome is not None and before.outcome is None:
            events.append({"type": "game_over"})
        return events

    def hint(self, state: Any, seat: Seat = Seat.SOUTH) -> dict[str, Any]:
        raise IllegalAction(f"En {self.spec.name_es} no hay pistas.", code="no_hint")

    def practice_rules(self, rules: Any, result: Any) -> Any:
        raise IllegalAction(f"En {self.spec.name_es} no se rejuegan manos.", code="no_practice")

    def hand_summary(self, result: Any) -> dict[str, Any]:
        raise IllegalAction(f"En {self.spec.name_es} no se rejuegan manos.", code="no_practice")

    def reasons(self, record: Any) -> dict[str, dict[str, Why]]:
        return {}


@dataclass(frozen=True, slots=True)
class GameModels:
    """A game's bodies and answers at the API: the new-game body, the answer of a turn, of an
    import, and (for a game that has them) of a hint and of a practice game."""

    new_game_in: type[BaseModel]
    game_out: type[BaseModel]
    import_out: type[BaseModel]
    hint_out: type[BaseModel] | None = None
    practice_out: type[BaseModel] | None = None


def option_field(option: Option[Any]) -> tuple[Any, Any]:
    """An option as a body's field: a strict boolean or one of its values, with its default and
    its description (:mod:`picas.shared.options`)."""
    kind: Any = StrictBool if option.is_switch else Literal[option.values]
    return kind, Field(default=option.default, description=option.doc or None)


def new_game_model(spec: GameSpec, name: str, doc: str, *, game_optional: bool = False) -> Any:
    """A game's new-game body, derived from its options' declaration: ``game`` (left out for the
    first game when ``game_optional``), each option with its values and default, the level and a
    game code to replay."""
    key_type: Any = Literal[spec.key]
    fields: dict[str, Any] = {name: option_field(option) for name, option in spec.options.items()}
    return create_model(
        name,
        __base__=_In,
        __doc__=doc,
        game=(key_type, spec.key if game_optional else ...),
        **fields,
        level=(level_type(spec), spec.default_level),
        code=(
            StrictStr | None,
            Field(
                default=None,
                max_length=MAX_CODE_TEXT,
                description="A game code to replay, 8 characters or the long form's 28 (spaces"
                " and dashes are ignored); drawn if absent.",
                examples=["K7PM X4QH"],
            ),
        ),
    )


def generic_models(spec: GameSpec) -> GameModels:
    """The new-game body (``game``, the level, a code and each of the game's options, with its
    values and its default) and the answer (South's view as the game writes it) of ``spec``."""
    key_type: Any = Literal[spec.key]
    new_in = new_game_model(
        spec, f"{spec.key.capitalize()}NewGameIn", f"A new {spec.name_en} game."
    )
    out = create_model(
        f"{spec.key.capitalize()}GameOut",
        __base__=_Out,
        __doc__=f"A {spec.name_en} answer: South's view and the events, as the game writes them.",
        game=(key_type, ...),
        save=(SaveOut, ...),
        view=(dict[str, Any], ...),
        events=(list[dict[str, Any]], ...),
        code=(str, ...),
        level=(level_type(spec), ...),
    )
    imported = create_model(
        f"{spec.key.capitalize()}ImportOut",
        __base__=out,
        __doc__=f"An opened {spec.name_en} download.",
        reasons=(dict[str, dict[str, str]], ...),
    )
    return GameModels(new_in, out, imported)
