"""The game record: rules, the code (or explicit deals) and every action in order, as JSON.

The record is the save file, the undo history, the test fixture and the bug report. Replaying it
rebuilds every state; the first malformed or illegal action is reported with its index. The format
is specified in ``docs/record.md``.

One envelope serves every game: the format and version, the code, the deals, the meta, the limits
and the replay are the same; what differs (the rules, the actions' notation, how a game starts and
moves on) is the game's codec, chosen by the record's ``game`` key; each game's codec and record
type live in its folder (``games/<key>/record.py``) and :mod:`picas.record` reads any record by the
games' registry. A record without ``game`` is the game whose codec is ``implied`` (Spades), so every
older save still opens.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, Self, TypeVar

from picas.shared.cards import Card, cards_in, mask_of
from picas.shared.deals import Deal, normalize_code
from picas.shared.errors import Params, PicasError, excerpt
from picas.shared.seats import Seat

FORMAT = "picas.record"
VERSION = 1
MAX_ACTIONS = 6_000
"""100 hands of either game (at most 58 actions each: Spades with two looks at the cards;
Corazones 56) and the start of the next. The rules' longest draw limit is hand 100
(``draw_after_hand``) and real games last 5 to 15 hands; play can go on for ever only at rules
with no floor and no draw limit, or in a tie for Corazones' lowest total, and such a record stops
here. It bounds a save's size (:mod:`picas.web.bounds`) and guards replay against abuse."""
MIN_ACTIONS_PER_HAND = 52
"""Every hand plays its 52 cards."""
MAX_DEALS = MAX_ACTIONS // MIN_ACTIONS_PER_HAND + 1
"""Explicit deals beyond the hands a record's actions can reach would never be dealt."""
MAX_CODE_TEXT = 48
"""A code as typed (spaces and dashes dropped when read), as the new-game body allows it: the
long form's 28 characters with its dashes and spaces, and some to spare."""
MAX_META = 16
MAX_META_KEY = 40
MAX_META_TEXT = 200
KEYS = frozenset({"format", "version", "game", "rules", "code", "deals", "actions", "meta"})

R = TypeVar("R")
A = TypeVar("A")
S = TypeVar("S")


class RecordError(PicasError):
    """A record that cannot be read or replayed. ``index`` is the offending action's position."""

    code = "invalid_record"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        index: int | None = None,
        params: Params | None = None,
    ) -> None:
        super().__init__(message, code=code, params=params)
        self.index = index


@dataclass(frozen=True, slots=True)
class GameCodec(Generic[R, A, S]):
    """One game's part of the record: its rules and actions as JSON, and its positions."""

    key: str
    """The record's ``game`` key."""
    name_es: str
    read_rules: Callable[[object], R]
    rules_json: Callable[[R], dict[str, Any]]
    parse_action: Callable[[object], A]
    action_json: Callable[[A], Any]
    start: Callable[[R, str, tuple[Deal, ...]], S]
    apply: Callable[[S, A], S]
    """The position after an action by the seat on turn (raises the engine's refusal)."""
    implied: bool = False
    """Whether a record without a ``game`` key is this game's (Spades': every record written
    before there were two games); such a record is written without its key, as before."""

    def __post_init__(self) -> None:
        KNOWN_NAMES[self.key] = self.name_es
        if self.implied:
            IMPLIED_GAME[:] = [self.key]


R_contra = TypeVar("R_contra", contravariant=True)
S_co = TypeVar("S_co", covariant=True)


class _Starts(Protocol[R_contra, S_co]):
    """A game's state type, as the record starts one: ``new(rules, code, deals=...)``."""

    def new(self, rules: R_contra, code: str, *, deals: tuple[Deal, ...] = ...) -> S_co: ...


def codec_for(
    key: str,
    name_es: str,
    rules: type[Any],
    actions: tuple[Callable[[object], A], Callable[[A], Any]],
    state: _Starts[R, S],
    apply: Callable[[S, A], S],
    *,
    implied: bool = False,
) -> GameCodec[R, A, S]:
    """A game's codec from its rules type (``from_json``/``to_json``), its actions' reader and
    writer, and its state type (``new``) and ``apply``."""
    return GameCodec(
        key=key,
        name_es=name_es,
        read_rules=rules.from_json,
        rules_json=rules.to_json,
        parse_action=actions[0],
        action_json=actions[1],
        start=lambda rules, code, deals: state.new(rules, code, deals=deals),
        apply=apply,
        implied=implied,
    )


KNOWN_NAMES: dict[str, str] = {}
"""Each game's Spanish name by its key, as its codec is made: what a ``wrong_game`` refusal says."""
IMPLIED_GAME: list[str] = []
"""The key of the game of a record without ``game``, once its codec is made."""


@dataclass(frozen=True, slots=True)
class GameRecord(Generic[R, A, S]):
    """A record of some game: each game's subclass (in its folder) says which by its codec."""

    rules: R
    code: str
    deals: tuple[Deal, ...] = ()
    actions: tuple[A, ...] = ()
    meta: dict[str, str] = field(default_factory=dict)
    """Free text for the tools that write records (the web table keeps the level here)."""

    @classmethod
    def codec(cls) -> GameCodec[R, A, S]:
        raise NotImplementedError

    @property
    def game(self) -> str:
        return self.codec().key

    def append(self, *actions: A) -> Self:
        return replace(self, actions=self.actions + actions, meta=dict(self.meta))

    def start(self) -> S:
        return self.codec().start(self.rules, self.code, self.deals)

    def describe(self, action: A) -> str:
        """An action as a message quotes it: ``QH``, ``4``, ``QS AS KS``."""
        value = self.codec().action_json(action)
        return " ".join(value) if isinstance(value, list) else str(value)

    def to_json(self) -> dict[str, Any]:
        codec = self.codec()
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        if not codec.implied:  # a record of the game implied by no key is written as before
            data["game"] = codec.key
        data["rules"] = codec.rules_json(self.rules)
        data["code"] = self.code
        if self.deals:
            data["deals"] = [
                {seat.key: " ".join(card.code for card in cards_in(deal[seat])) for seat in Seat}
                for deal in self.deals
            ]
        data["actions"] = [codec.action_json(action) for action in self.actions]
        if self.meta:
            data["meta"] = dict(self.meta)
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str | bytes) -> Self:
        return cls.from_json(load_json(text))

    @classmethod
    def from_json(cls, data: object) -> Self:
        """Read a record of this class's game, refusing anything malformed with a clear message
        (not yet replayed). A record of another game is refused (``wrong_game``): use
        :func:`picas.record.read_record` to read any."""
        return cls.from_envelope(readable(data))

    @classmethod
    def from_envelope(cls, fields: Mapping[str, Any]) -> Self:
        """Read the fields of a record whose envelope :func:`readable` has checked."""
        codec = cls.codec()
        key = fields.get("game")
        if "game" not in fields:
            key = IMPLIED_GAME[0] if IMPLIED_GAME else None
        if key != codec.key:
            if not isinstance(key, str) or key not in KNOWN_NAMES:
                known = ", ".join(KNOWN_NAMES)
                raise RecordError(
                    f"Juego desconocido: {excerpt(key)} (hay: {known}).", code="unknown_game"
                )
            raise RecordError(
                f"Esta partida es de {KNOWN_NAMES[key]}, no de {codec.name_es}.",
                code="wrong_game",
            )
        return cls._read_fields(fields)

    @classmethod
    def _read_fields(cls, data: Mapping[str, Any]) -> Self:
        """The rest of the record, once the envelope is known to be this game's."""
        codec = cls.codec()
        try:
            rules = codec.read_rules(data.get("rules"))
            code_text = data.get("code")
            if isinstance(code_text, str) and len(code_text) > MAX_CODE_TEXT:
                raise PicasError("El código de partida es demasiado largo.", code="invalid_code")
            code = normalize_code(code_text)
        except PicasError as error:
            raise RecordError(error.message, code=error.code, params=error.params) from None
        if "actions" not in data:
            raise RecordError("La lista de acciones falta o no es una lista.")
        check_lengths(data)
        deals = _read_deals(data.get("deals", []))
        raw_actions = data["actions"]
        actions = []
        for index, raw in enumerate(raw_actions):
            try:
                actions.append(codec.parse_action(raw))
            except PicasError as error:
                raise RecordError(
                    f"Acción {index + 1}: {error.message}",
                    code="malformed_action",
                    index=index,
                    params={"action": index + 1},
                ) from None
        meta = data.get("meta", {})
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in meta.items()) or any(
            len(k) > MAX_META_KEY or len(v) > MAX_META_TEXT for k, v in meta.items()
        ):
            raise RecordError("«meta» debe ser un objeto pequeño de textos.")
        return cls(rules=rules, code=code, deals=deals, actions=tuple(actions), meta=dict(meta))


def load_json(text: str | bytes) -> object:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise RecordError("La partida guardada no es JSON válido.", code="bad_json") from None


def readable(data: object) -> Mapping[str, Any]:
    """``data`` once it is known to be a JSON object that a save can hold (:func:`check_encodable`)
    with a good envelope (:func:`check_envelope`); its game and the rest not yet read."""
    if not isinstance(data, dict):
        raise RecordError("Una partida guardada es un objeto JSON.")
    check_encodable(data)
    check_envelope(data)
    return data


def check_envelope(data: Mapping[str, Any]) -> None:
    """Refuse a record whose envelope is not this format's: a known format and version, no
    unknown key. What costs nothing to look at, so a server can refuse a file before it pays for
    anything in proportion to its size."""
    if data.get("format") != FORMAT:
        raise RecordError("Esto no es una partida de Picas.", code="bad_format")
    version = data.get("version")
    if type(version) is not int or version != VERSION:  # not true, not 1.0
        raise RecordError(
            f"Versión de partida desconocida: {excerpt(version)} (esta versión lee la {VERSION}).",
            code="unknown_version",
        )
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise RecordError(f"Claves desconocidas en la partida: {list_excerpt(unknown)}.")


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


def check_lengths(data: Mapping[str, Any]) -> None:
    """Refuse a record whose lists are of the wrong type or longer than the format allows (a
    missing one is the reader's to refuse, once the record is known to be one): what
    costs nothing to look at, so a server can refuse such a record before making it canonical to
    check its signature (no record of any signer can be opened with them)."""
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("La lista de acciones falta o no es una lista.")
    if len(actions) > MAX_ACTIONS:
        raise RecordError("La partida tiene demasiadas acciones.", code="record_too_long")
    deals = data.get("deals", [])
    if not isinstance(deals, list) or len(deals) > MAX_DEALS:
        raise RecordError("«deals» debe ser una lista de repartos.", code="invalid_deal")
    meta = data.get("meta", {})
    if not isinstance(meta, dict) or len(meta) > MAX_META:
        raise RecordError("«meta» debe ser un objeto pequeño de textos.")


def _read_deals(raw: object) -> tuple[Deal, ...]:
    if not isinstance(raw, list) or len(raw) > MAX_DEALS:
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


def iter_states(record: GameRecord[R, A, S]) -> Iterator[S]:
    """The initial state, then the state after each action; raises at the first illegal one."""
    codec = record.codec()
    try:
        state = record.start()
    except PicasError as error:
        raise RecordError(error.message, code=error.code, params=error.params) from None
    yield state
    for index, action in enumerate(record.actions):
        try:
            state = codec.apply(state, action)
        except PicasError as error:
            raise RecordError(
                f"Acción {index + 1} ({record.describe(action)}): {error.message}",
                code=error.code,
                index=index,
                params={**error.params, "action": index + 1},
            ) from None
        yield state


def replay(record: GameRecord[R, A, S]) -> tuple[S, ...]:
    """Every state of the game, from the deal to the last action."""
    return tuple(iter_states(record))


def final_state(record: GameRecord[R, A, S]) -> S:
    """The position after the record's last action (raises at the first illegal one)."""
    *_, last = iter_states(record)
    return last
