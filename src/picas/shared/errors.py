"""Errors and refusals.

Every refusal carries a stable ``code`` (for machines: the API, tests, bots), the ``params`` its
sentence names (a seat, a suit, a card, a count: never words, so a page can say it in any language)
and a short Spanish ``message`` (for API users and the CLI). The same check produces them
everywhere, so the page, the bots and the engine never disagree about what is legal. Which codes
exist, and with which parameters, is :mod:`picas.web.codes`' registry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

Param = str | int | bool | tuple[str, ...]
"""A parameter's value: a seat, suit or card code, a count, a flag, or a list of card codes."""
Params = Mapping[str, Param]
NO_PARAMS: Params = {}


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is not allowed right now."""

    code: str
    message: str
    params: Params = field(default_factory=dict, hash=False)
    """What the sentence names, by code (``{"seat": "west"}``); ``form`` picks one of a code's
    sentences (``card_not_in_deck`` with or without «Comodines»)."""


class PicasError(ValueError):
    """Base of every error the project raises on bad input."""

    code: str = "error"

    def __init__(
        self, message: str, *, code: str | None = None, params: Params | None = None
    ) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message
        self.params: Params = params or NO_PARAMS


class InvalidAction(PicasError):  # noqa: N818 - the names read as the domain says them
    """The action is malformed: not a bid, not a card, wrong type."""

    code = "invalid_action"


class IllegalAction(PicasError):  # noqa: N818 - the names read as the domain says them
    """The action is well formed but not allowed in this position."""

    code = "illegal_action"

    @classmethod
    def from_refusal(cls, refusal: Refusal) -> IllegalAction:
        return cls(refusal.message, code=refusal.code, params=refusal.params)


class InvalidRules(PicasError):  # noqa: N818 - the names read as the domain says them
    """A rules object whose settings contradict each other."""

    code = "invalid_rules"


class InvalidCode(PicasError):  # noqa: N818 - the names read as the domain says them
    """A game code that cannot be read."""

    code = "invalid_code"


EXCERPT_CHARS = 20


def excerpt(value: object) -> str:
    """What a message may quote of something a client sent: a short, printable excerpt of a text
    (lone surrogates and control characters escaped as ``\\uXXXX``, «…» past 20 characters), a
    short integer, or only the kind of value. Never a Python repr, never the whole input."""
    if isinstance(value, str):
        shown = "".join(
            ch if ch.isprintable() and not 0xD800 <= ord(ch) <= 0xDFFF else f"\\u{ord(ch):04x}"
            for ch in value[:EXCERPT_CHARS]
        )
        return f"«{shown}{'…' if len(value) > EXCERPT_CHARS else ''}»"
    if isinstance(value, bool):
        return "verdadero o falso"
    if isinstance(value, int):
        return str(value) if -(10**6) < value < 10**6 else "un número muy grande"
    if isinstance(value, float):
        return "un número con decimales"
    if value is None:
        return "null"
    if isinstance(value, list | tuple):
        return "una lista"
    if isinstance(value, dict):
        return "un objeto"
    return "un valor desconocido"
