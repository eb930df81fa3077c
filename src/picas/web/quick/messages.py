"""The queue's socket messages (docs/quick.md): incoming ones forbid unknown fields and coerce
nothing; outgoing ones list every field."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, TypeAdapter

from picas.web.profiles.model import MAX_TOKEN_TEXT

GameKey = Literal["spades", "corazones"]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class HelloIn(_In):
    type: Literal["hello"]
    token: Annotated[StrictStr, Field(min_length=1, max_length=MAX_TOKEN_TEXT)]
    game: GameKey
    target: StrictInt


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
    id: Annotated[StrictStr, Field(min_length=1, max_length=64)]


class BlockedOut(_Out):
    id: str
    name: str | None


class BlocksOut(_Out):
    bloqueos: list[BlockedOut]
