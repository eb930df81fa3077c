"""Every body, answer and socket message of a friends' table, as pydantic models (docs/friends.md).

Incoming models forbid unknown fields and coerce nothing; outgoing ones list every field, so
nothing the server holds (a hand, a pass, the code) can slip into a message by accident.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, TypeAdapter

from picas.games import KEYS

SeatKey = Literal["south", "west", "north", "east"]
Level = Literal["facil", "normal", "dificil"]
TableState = Literal["waiting", "playing", "over"]
SeatKind = Literal["person", "cpu", "free"]
TurnTimer = Literal[0, 30, 60]

NAME_MAX = 20
TOKEN_MAX = 64
ACTION_CARDS_MAX = 13

PHRASES: dict[str, str] = {
    "bien_jugado": "¡Bien jugado!",
    "perdon": "Perdón, compañero",
    "vamos": "¡Vamos!",
    "gracias": "Gracias",
    "uy": "¡Uy!",
    "pensando": "Déjame pensar…",
    "hola": "¡Hola!",
    "adios": "¡Hasta luego!",
    "e_aplauso": "👏",
    "e_risa": "😄",
    "e_sorpresa": "😮",
    "e_corazon": "❤️",
}
"""Table talk: the only things a person can say, by id (docs/friends.md, "Table talk")."""
PhraseId = Literal[
    "bien_jugado",
    "perdon",
    "vamos",
    "gracias",
    "uy",
    "pensando",
    "hola",
    "adios",
    "e_aplauso",
    "e_risa",
    "e_sorpresa",
    "e_corazon",
]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Name = Annotated[StrictStr, Field(min_length=1, max_length=4 * NAME_MAX)]
"""A name as typed; trimmed and checked further by :func:`picas.web.friends.names.clean_name`."""
Token = Annotated[StrictStr, Field(min_length=1, max_length=TOKEN_MAX)]
CardCode = Annotated[StrictStr, Field(max_length=16)]
ActionIn = StrictInt | CardCode | Annotated[list[CardCode], Field(max_length=ACTION_CARDS_MAX)]
"""An action in record notation, as in the solo API (a bid, ``"look"``, a card, a pass)."""


# --- REST -----------------------------------------------------------------------------------------


class CreateIn(_In):
    game: StrictStr = Field(default=KEYS[0], max_length=32)
    settings: dict[str, Any] = Field(
        default_factory=dict, description="The solo new game's options of that game."
    )
    level: Level = "normal"
    name: Name
    turn_timer: TurnTimer = 0


class SitIn(_In):
    seat: SeatKey
    name: Name


class MoveAction(_In):
    type: Literal["move"]
    seat: SeatKey
    to: SeatKey


class CpuAction(_In):
    type: Literal["cpu"]
    seat: SeatKey


class FreeAction(_In):
    type: Literal["free"]
    seat: SeatKey


class StartAction(_In):
    type: Literal["start"]


class AgainAction(_In):
    type: Literal["again"]


HostAction = Annotated[
    MoveAction | CpuAction | FreeAction | StartAction | AgainAction, Field(discriminator="type")
]


class HostIn(_In):
    token: Token
    action: HostAction


class LeaveIn(_In):
    token: Token


class SeatPublic(_Out):
    seat: SeatKey
    kind: SeatKind
    name: str | None
    connected: bool
    cpu_playing: bool


class TableOut(_Out):
    """A table as everyone sees it: never a card, a pass, the code or the salt."""

    id: str
    game: str
    settings: dict[str, Any]
    level: Level
    turn_timer: int
    state: TableState
    round: int
    host: SeatKey
    seq: int
    seats: list[SeatPublic]
    turn: SeatKey | None
    turn_deadline_ms: int | None
    commitment: str | None
    expires_in: int
    rated: bool
    """A «Jugar ya» table (docs/quick.md): only the flag; who sits where stays server-side."""


class SeatOut(_Out):
    table: TableOut
    seat: SeatKey
    token: str


class EndOut(_Out):
    """The reveal: sent only once the game is over."""

    code: str
    salt: str
    commitment: str
    record: dict[str, Any]
    sig: str
    """The record signed by this server: it opens in review and «Rejugar» like a solo save."""


# --- the socket: client to server ---------------------------------------------------------------


class HelloMsg(_In):
    type: Literal["hello"]
    token: Token | None = None
    last_seq: StrictInt | None = Field(default=None, ge=0)


class ActMsg(_In):
    type: Literal["act"]
    action: ActionIn
    ref: StrictInt | None = Field(default=None, ge=0, le=2**31)


class SayMsg(_In):
    type: Literal["say"]
    phrase: PhraseId


class PingMsg(_In):
    type: Literal["ping"]


class AskMsg(_In):
    """``hint`` (the card, bid or pass the computer's logic would choose, and why) or ``tip``
    (Spades' bid tip) for the asking seat, from its own view: answered to this socket only."""

    type: Literal["hint", "tip"]
    ref: StrictInt | None = Field(default=None, ge=0, le=2**31)
    """Echoed by the answer, or by the ``error`` that refuses it."""


class RefOnly(BaseModel):
    """Any object's ``ref``, read from a message that is refused unread (over the rate)."""

    model_config = ConfigDict(extra="ignore", strict=True)
    ref: StrictInt | None = Field(default=None, ge=0, le=2**31)


REF_ONLY: TypeAdapter[RefOnly] = TypeAdapter(RefOnly)

AnyClientMessage = HelloMsg | ActMsg | SayMsg | PingMsg | AskMsg
ClientMessage = Annotated[AnyClientMessage, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[AnyClientMessage] = TypeAdapter(ClientMessage)


# --- the socket: server to client ---------------------------------------------------------------


Reasons = dict[str, dict[str, str]]
"""Finished hand's number (as text) → seat key → why the computer bid what it bid."""


class WelcomeMsg(_Out):
    type: Literal["welcome"] = "welcome"
    seat: SeatKey | None
    seq: int
    table: TableOut
    view: dict[str, Any] | None
    end: EndOut | None
    reasons: Reasons = Field(default_factory=dict)
    """The «¿Por qué?» of the computer's bids in the finished hands only (docs/friends.md)."""
    reason_codes: dict[str, dict[str, list[Any]]] = Field(default_factory=dict)
    """The same reasons as codes (hand → seat → ``[{"code", "params"}]``)."""


class UpdateMsg(_Out):
    type: Literal["update"] = "update"
    seq: int
    events: list[dict[str, Any]]
    table: TableOut
    view: dict[str, Any] | None
    end: EndOut | None


class ErrorMsg(_Out):
    type: Literal["error"] = "error"
    code: str
    message: str
    params: dict[str, Any] = {}
    """What the message names (a seat, a suit, a card, a count), as in the API's errors."""
    ref: int | None = None


class PongMsg(_Out):
    type: Literal["pong"] = "pong"


class HintMsg(_Out):
    """The answer to ``hint``: the solo ``/api/hint`` answer of that game for this seat, at
    ``seq`` (the page drops it if the table has moved on)."""

    type: Literal["hint"] = "hint"
    seq: int
    hint: dict[str, Any]
    ref: int | None = None


class TipMsg(_Out):
    """The answer to ``tip``: the solo ``/api/tip`` answer for this seat's hand, at ``seq``."""

    type: Literal["tip"] = "tip"
    seq: int
    bid: int = Field(ge=0, le=13)
    reasons: list[str]
    reason_codes: list[Any] = []
    """The reasons as codes, as the solo ``/api/tip``."""
    ref: int | None = None


class ByeMsg(_Out):
    type: Literal["bye"] = "bye"
    code: str
    message: str


AnyServerMessage = WelcomeMsg | UpdateMsg | ErrorMsg | PongMsg | ByeMsg | HintMsg | TipMsg
ServerMessage = Annotated[AnyServerMessage, Field(discriminator="type")]
SERVER_MESSAGE: TypeAdapter[AnyServerMessage] = TypeAdapter(ServerMessage)
