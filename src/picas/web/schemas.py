"""The API's bodies as pydantic models that every game shares: the requests (a save, an action, a
practice hand, an imported game), the pieces every game's view and events are made of, the save and
the error. Each game's own bodies and answers are in its web part (``web/games/<key>.py``), and
:mod:`picas.web.games` builds the unions of them from the registry.

Request models forbid unknown fields and coerce nothing (``strict``). Response models list every
field explicitly, so nothing the server holds can slip into an answer by accident, and they give
the OpenAPI schema (``/api/openapi.json``) a precise shape.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
)

from picas.shared.spec import GameSpec

SeatKey = Literal["south", "west", "north", "east"]


def level_type(spec: GameSpec) -> Any:
    """The type of a level of ``spec``'s game, its levels as the registry lists them (an enum in
    the OpenAPI schema; a plain ``str`` to the type checker, which cannot read the registry)."""
    return Literal[tuple(spec.levels)]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Out(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


# --- requests -------------------------------------------------------------------------------------


class SaveIn(_In):
    """A save exactly as the server sent it."""

    record: dict[str, Any] = Field(description="The game record (docs/record.md), untouched.")
    sig: StrictStr = Field(max_length=128, description="HMAC-SHA256 of the record, 64 hex chars.")


CardCode = Annotated[StrictStr, Field(max_length=16)]
ActionIn = Annotated[
    StrictInt | CardCode | Annotated[list[CardCode], Field(max_length=13)],
    Field(
        description='Spades: a bid 0–13, "blind_nil", "look", or a card code ("QH"). Corazones:'
        ' a card code, or a pass of three card codes (["QS", "AS", "KS"]; four with the house'
        " rule pass_size 4).",
        examples=[4, "QH", "look", ["QS", "AS", "KS"]],
    ),
]


class ActIn(_In):
    save: SaveIn
    action: ActionIn


class SaveOnlyIn(_In):
    save: SaveIn


class PracticeIn(_In):
    save: SaveIn
    hand_number: StrictInt = Field(ge=1, le=1000, description="A finished hand of that save.")


class ImportIn(_In):
    """A downloaded game: a save (``record`` and ``sig``, as the page downloads it) or a plain
    record (``record`` alone)."""

    record: dict[str, Any] = Field(description="The game record (docs/record.md).")
    sig: StrictStr | None = Field(
        default=None,
        max_length=128,
        description="The save's signature, if the file is a save: when it is this server's, the"
        " game opens like any save; otherwise (or without it) the record is checked action by"
        " action.",
    )


# --- the pieces of every game's answers ---------------------------------------------------------


class SeatInts(_Out):
    south: int
    west: int
    north: int
    east: int


class SeatCards(_Out):
    south: list[str]
    west: list[str]
    north: list[str]
    east: list[str]


class TrickOut(_Out):
    leader: SeatKey
    cards: list[str]
    winner: SeatKey


class RefusalOut(_Out):
    code: str
    message: str
    params: dict[str, Any] = Field(default_factory=dict)
    """What the page words the refusal with (docs/api.md, «Codes and words»)."""


class PlayEvent(_Out):
    type: Literal["play"]
    seat: SeatKey
    card: str


class SaveOut(_Out):
    record: dict[str, Any]
    sig: str


class ErrorDetail(_Out):
    code: str = Field(examples=["must_follow_suit"])
    message: str = Field(examples=["Tienes corazones: debes asistir."])
    params: dict[str, Any] = Field(
        default_factory=dict,
        examples=[{"suit": "hearts"}],
        description="What the message names, as codes and counts (docs/api.md, «Errors»).",
    )


class ReasonCodeOut(_Out):
    """One reason as a code and its parameters (docs/api.md, «Codes and words»)."""

    code: str = Field(examples=["sure_tricks"])
    params: dict[str, Any] = Field(examples=[{"n": 2}])


class ErrorOut(_Out):
    error: ErrorDetail
