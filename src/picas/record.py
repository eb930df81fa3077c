"""The game record: rules, the code (or explicit deals) and every action in order, as JSON.

The record is the save file, the undo history, the test fixture and the bug report. Replaying it
rebuilds every state; the first malformed or illegal action is reported with its index. The format
is specified in ``docs/record.md``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from picas.games.spades import (
    Action,
    Card,
    GameState,
    PicasError,
    Rules,
    Seat,
    action_to_json,
    cards_in,
    excerpt,
    mask_of,
    normalize_code,
    parse_action,
)
from picas.games.spades.game import Deal

FORMAT = "picas.record"
VERSION = 1
MAX_ACTIONS = 20_000
"""Far beyond any real game (30 hands is about 1,700 actions); guards replay against abuse."""
MAX_META = 16


class RecordError(PicasError):
    """A record that cannot be read or replayed. ``index`` is the offending action's position."""

    code = "invalid_record"

    def __init__(self, message: str, *, code: str | None = None, index: int | None = None) -> None:
        super().__init__(message, code=code)
        self.index = index


@dataclass(frozen=True, slots=True)
class Record:
    rules: Rules
    code: str
    deals: tuple[Deal, ...] = ()
    actions: tuple[Action, ...] = ()
    meta: dict[str, str] = field(default_factory=dict)
    """Free text for the tools that write records (the web table keeps the level here)."""

    def append(self, *actions: Action) -> Record:
        return Record(self.rules, self.code, self.deals, self.actions + actions, dict(self.meta))

    def start(self) -> GameState:
        return GameState.new(self.rules, self.code, deals=self.deals)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.rules.to_json(),
            "code": self.code,
        }
        if self.deals:
            data["deals"] = [
                {seat.key: " ".join(card.code for card in cards_in(deal[seat])) for seat in Seat}
                for deal in self.deals
            ]
        data["actions"] = [action_to_json(action) for action in self.actions]
        if self.meta:
            data["meta"] = dict(self.meta)
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str | bytes) -> Record:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise RecordError("La partida guardada no es JSON válido.", code="bad_json") from None
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: object) -> Record:
        """Read a record, refusing anything malformed with a clear message (not yet replayed)."""
        if not isinstance(data, dict):
            raise RecordError("Una partida guardada es un objeto JSON.")
        check_encodable(data)
        if data.get("format") != FORMAT:
            raise RecordError("Esto no es una partida de Picas.", code="bad_format")
        version = data.get("version")
        if type(version) is not int or version != VERSION:  # not true, not 1.0
            raise RecordError(
                f"Versión de partida desconocida: {excerpt(version)}"
                f" (esta versión lee la {VERSION}).",
                code="unknown_version",
            )
        unknown = sorted(
            set(data) - {"format", "version", "rules", "code", "deals", "actions", "meta"}
        )
        if unknown:
            raise RecordError(f"Claves desconocidas en la partida: {list_excerpt(unknown)}.")
        try:
            rules = Rules.from_json(data.get("rules"))
            code = normalize_code(data.get("code"))
        except PicasError as error:
            raise RecordError(error.message, code=error.code) from None
        deals = _read_deals(data.get("deals", []))
        raw_actions = data.get("actions")
        if not isinstance(raw_actions, list):
            raise RecordError("La lista de acciones falta o no es una lista.")
        if len(raw_actions) > MAX_ACTIONS:
            raise RecordError("La partida tiene demasiadas acciones.", code="record_too_long")
        actions = []
        for index, raw in enumerate(raw_actions):
            try:
                actions.append(parse_action(raw))
            except PicasError as error:
                raise RecordError(
                    f"Acción {index + 1}: {error.message}", code="malformed_action", index=index
                ) from None
        meta = data.get("meta", {})
        if (
            not isinstance(meta, dict)
            or len(meta) > MAX_META
            or not all(isinstance(k, str) and isinstance(v, str) for k, v in meta.items())
            or any(len(k) > 40 or len(v) > 200 for k, v in meta.items())
        ):
            raise RecordError("«meta» debe ser un objeto pequeño de textos.")
        return cls(rules=rules, code=code, deals=deals, actions=tuple(actions), meta=dict(meta))


def check_encodable(data: object) -> None:
    """Refuse a record that no save could hold: a text with a lone surrogate (it has no UTF-8
    bytes, so it can be neither signed nor sent back), a float that is not a number, nesting too
    deep to write. Checked first, so no later message can quote such a text."""
    try:
        json.dumps(data, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except UnicodeEncodeError:
        raise RecordError(
            "La partida tiene un texto con caracteres no válidos (Unicode mal formado).",
            code="bad_text",
        ) from None
    except (ValueError, TypeError, RecursionError):
        raise RecordError("La partida tiene un valor que no es JSON válido.") from None


def list_excerpt(names: list[str]) -> str:
    """The first few of ``names``, each a short escaped excerpt."""
    shown = ", ".join(excerpt(name) for name in names[:3])
    return shown + (f" y {len(names) - 3} más" if len(names) > 3 else "")


def _read_deals(raw: object) -> tuple[Deal, ...]:
    if not isinstance(raw, list) or len(raw) > 1000:
        raise RecordError("«deals» debe ser una lista de repartos.", code="invalid_deal")
    deals = []
    for index, entry in enumerate(raw):
        if not isinstance(entry, dict) or set(entry) != {seat.key for seat in Seat}:
            raise RecordError(
                f"El reparto {index + 1} debe dar una mano a south, west, north y east.",
                code="invalid_deal",
            )
        masks = []
        for seat in Seat:
            text = entry[seat.key]
            if not isinstance(text, str):
                raise RecordError(f"El reparto {index + 1} no es legible.", code="invalid_deal")
            try:
                masks.append(mask_of(Card.parse(code) for code in text.split()))
            except PicasError:
                raise RecordError(
                    f"El reparto {index + 1} tiene una carta ilegible.", code="invalid_deal"
                ) from None
        deals.append((masks[0], masks[1], masks[2], masks[3]))
    return tuple(deals)


def iter_states(record: Record) -> Iterator[GameState]:
    """The initial state, then the state after each action; raises at the first illegal one."""
    try:
        state = record.start()
    except PicasError as error:
        raise RecordError(error.message, code=error.code) from None
    yield state
    for index, action in enumerate(record.actions):
        try:
            state = state.apply(action)
        except PicasError as error:
            raise RecordError(
                f"Acción {index + 1} ({action_to_json(action)}): {error.message}",
                code=error.code,
                index=index,
            ) from None
        yield state


def replay(record: Record) -> tuple[GameState, ...]:
    """Every state of the game, from the deal to the last action."""
    return tuple(iter_states(record))


def final_state(record: Record) -> GameState:
    *_, last = iter_states(record)
    return last
