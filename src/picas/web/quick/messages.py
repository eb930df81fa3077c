"""The queue's socket messages (docs/quick.md): incoming ones forbid unknown fields and coerce
nothing; outgoing ones list every field."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    TypeAdapter,
    field_validator,
    model_validator,
)

from picas.web.games import rated_games
from picas.web.profiles.model import MAX_TOKEN_TEXT

GameKey = Annotated[StrictStr, Field(min_length=1, max_length=32)]
"""A game's key; which games «Jugar ya» offers is the registry's (checked in :class:`HelloIn`)."""


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class HelloIn(_In):
    type: Literal["hello"]
    token: Annotated[StrictStr, Field(min_length=1, max_length=MAX_TOKEN_TEXT)]
    game: GameKey
    target: StrictInt

    @field_validator("game")
    @classmethod
    def _offered(cls, game: str) -> str:
        if game not in rated_games():
            raise ValueError("a game «Jugar ya» does not offer")
        return game


class PingIn(_In):
    type: Literal["ping"]


CLIENT: TypeAdapter[HelloIn | PingIn] = TypeAdapter(
    Annotated[HelloIn | PingIn, Field(discriminator="type")]
)


class QueuedOut(_Out):
    type: Literal["queued"] = "queued"
    game: str
    target: int
    waiting: int
    """People in this queue now (this one included)."""


class SeatedOut(_Out):
    type: Literal["seated"] = "seated"
    table: str
    seat: str
    token: str
    """The seat's token: the table's page (``/mesa/<table>``) says ``hello`` with it."""


class ErrorOut(_Out):
    type: Literal["error"] = "error"
    code: str
    message: str
    params: dict[str, Any] = {}


class ByeOut(_Out):
    type: Literal["bye"] = "bye"
    code: str
    message: str


class PongOut(_Out):
    type: Literal["pong"] = "pong"


class BlockIn(_In):
    """Whom to block: a profile ``id`` (from the list, or a profile's page), or a person of a rated
    table this profile played at, by the table's id and their seat (``mesa`` and ``asiento``: the
    page never knows the others' profile ids, so the server reads the seat's). Exactly one way."""

    id: Annotated[StrictStr, Field(min_length=1, max_length=64)] | None = None
    mesa: Annotated[StrictStr, Field(min_length=1, max_length=64)] | None = None
    asiento: Literal["south", "west", "north", "east"] | None = None

    @model_validator(mode="after")
    def _one_way(self) -> BlockIn:
        by_seat = self.mesa is not None and self.asiento is not None
        half_seat = (self.mesa is None) != (self.asiento is None)
        if half_seat or (self.id is None) == (not by_seat):
            raise ValueError("give either id, or mesa and asiento")
        return self


class BlockedOut(_Out):
    id: str
    name: str | None


class BlocksOut(_Out):
    bloqueos: list[BlockedOut]


class TablePersonOut(_Out):
    """Another person of a rated table, by seat (never their profile id): the name the table
    showed, whether they left it (the computer plays that seat now), and whether the asking
    profile has blocked them already."""

    asiento: Literal["south", "west", "north", "east"]
    name: str | None
    left: bool
    blocked: bool


class TablePeopleOut(_Out):
    personas: list[TablePersonOut]
