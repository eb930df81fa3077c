"""The API's bodies as pydantic models: what a client may send, and all a client is ever sent.

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
    StrictBool,
    StrictInt,
    StrictStr,
)

SeatKey = Literal["south", "west", "north", "east"]
TeamKey = Literal["north_south", "east_west"]
Level = Literal["facil", "normal", "dificil"]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Out(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


# --- requests -------------------------------------------------------------------------------------


class SaveIn(_In):
    """A save exactly as the server sent it."""

    record: dict[str, Any] = Field(description="The game record (docs/record.md), untouched.")
    sig: StrictStr = Field(max_length=128, description="HMAC-SHA256 of the record, 64 hex chars.")


class NewGameIn(_In):
    """A new Spades game (``game`` absent or ``"spades"``)."""

    game: Literal["spades"] = "spades"
    target: Literal[250, 500] = 250
    level: Level = "facil"
    bag_penalty: StrictBool = True
    blind_nil: StrictBool = False
    team_minimum: StrictBool = Field(default=False, description="«Mínimo de 4 por pareja».")
    all_thirteen: Literal["off", "bonus", "win"] = Field(
        default="off", description="«Premio por 13 bazas»: none, +200, or the game won outright."
    )
    ten_for_200: StrictBool = Field(default=False, description="«10 por 200».")
    code: StrictStr | None = Field(
        default=None,
        max_length=32,
        description="A game code to replay (spaces and dashes are ignored); drawn if absent.",
        examples=["K7PM X4QH"],
    )


class CorazonesNewGameIn(_In):
    """A new Corazones game (docs/api.md, "Corazones")."""

    game: Literal["corazones"]
    target: Literal[100, 50] = 100
    passing: StrictBool = True
    jack_of_diamonds: StrictBool = False
    moon: Literal["others", "self"] = "others"
    level: Level = "facil"
    code: StrictStr | None = Field(
        default=None,
        max_length=32,
        description="A game code to replay (spaces and dashes are ignored); drawn if absent.",
        examples=["K7PM X4QH"],
    )


CardCode = Annotated[StrictStr, Field(max_length=16)]
ActionIn = Annotated[
    StrictInt | CardCode | Annotated[list[CardCode], Field(max_length=13)],
    Field(
        description='Spades: a bid 0–13, "blind_nil", "look", or a card code ("QH"). Corazones:'
        ' a card code, or a pass of three card codes (["QS", "AS", "KS"]).',
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


# --- the view -------------------------------------------------------------------------------------


class SeatInts(_Out):
    south: int
    west: int
    north: int
    east: int


class SeatBids(_Out):
    south: int | None
    west: int | None
    north: int | None
    east: int | None


class SeatFlags(_Out):
    south: bool
    west: bool
    north: bool
    east: bool


class SeatCards(_Out):
    south: list[str]
    west: list[str]
    north: list[str]
    east: list[str]


class TeamInts(_Out):
    north_south: int
    east_west: int


class RulesOut(_Out):
    """The rules (docs/record.md); a house variant's keys (``team_minimum``, ``all_thirteen``,
    ``all_thirteen_points``, ``ten_for_200``) are present only when the game plays it."""

    model_config = ConfigDict(extra="allow", frozen=True)
    profile: str
    target: int
    bag_penalty: bool
    blind_nil: bool
    blind_nil_deficit: int
    floor: int | None
    draw_after_hand: int | None
    first_dealer: SeatKey | None
    nil_tricks_score: bool
    bag_limit: int
    bag_penalty_points: int
    nil_points: int
    blind_nil_points: int


class TrickOut(_Out):
    leader: SeatKey
    cards: list[str]
    winner: SeatKey


class SheetLines(_Out):
    contract: int
    bags: int
    nil: int
    bag_penalty: int
    hand_total: int
    running_total: int


class NilOut(_Out):
    seat: SeatKey
    blind: bool
    tricks: int
    points: int


class SheetOut(_Out):
    team: TeamKey
    contract: int | None
    counted_tricks: int
    nil_tricks: int
    made: bool | None
    overtricks: int
    lines: SheetLines
    nils: list[NilOut]
    bags_before: int
    bags_added: int
    bags_after: int


class HandResultOut(_Out):
    number: int
    dealer: SeatKey
    dealt: SeatCards
    bids: SeatBids
    blind: SeatFlags
    won: SeatInts
    tricks: list[TrickOut]
    sheets: list[SheetOut]


class OutcomeOut(_Out):
    winner: TeamKey | None
    reason: Literal["target", "floor", "draw", "thirteen"]
    totals: list[int]
    hands_played: int


class RefusalOut(_Out):
    code: str
    message: str


class ViewOut(_Out):
    """South's view (``picas.games.spades.view.view_to_json``): South's own cards and what is
    public."""

    seat: SeatKey
    rules: RulesOut
    hand_number: int
    dealer: SeatKey
    phase: Literal["bidding", "playing", "complete", "game_over"]
    turn: SeatKey | None
    hand: list[str] | None
    hand_sizes: SeatInts
    bids: SeatBids
    blind: SeatFlags
    blind_nil_offered: bool
    leader: SeatKey
    trick: list[str]
    tricks: list[TrickOut]
    won: SeatInts
    spades_broken: bool
    totals: TeamInts
    bags: TeamInts
    history: list[HandResultOut]
    outcome: OutcomeOut | None
    legal: list[int | str]
    playable: list[str]
    refusals: dict[str, RefusalOut]


# --- events ---------------------------------------------------------------------------------------


class BidEvent(_Out):
    type: Literal["bid"]
    seat: SeatKey
    bid: int
    blind: bool
    reason: str | None = Field(
        default=None,
        exclude_if=lambda value: value is None,
        description="«¿Por qué?»: a computer player's reason in short Spanish (never South's:"
        " the key is absent from South's bids).",
        examples=["1 baza segura, un rey protegido"],
    )


class LookEvent(_Out):
    type: Literal["look"]
    seat: SeatKey


class PlayEvent(_Out):
    type: Literal["play"]
    seat: SeatKey
    card: str


class TrickEvent(_Out):
    type: Literal["trick"]
    leader: SeatKey
    cards: list[str]
    winner: SeatKey


class HandScoredEvent(_Out):
    type: Literal["hand_scored"]
    result: HandResultOut


class DealEvent(_Out):
    type: Literal["deal"]
    hand_number: int
    dealer: SeatKey


class GameOverEvent(_Out):
    type: Literal["game_over"]
    outcome: OutcomeOut


EventOut = Annotated[
    BidEvent | LookEvent | PlayEvent | TrickEvent | HandScoredEvent | DealEvent | GameOverEvent,
    Field(discriminator="type"),
]


# --- answers --------------------------------------------------------------------------------------


class SaveOut(_Out):
    record: dict[str, Any]
    sig: str


class GameOut(_Out):
    """A Spades answer."""

    game: Literal["spades"]
    save: SaveOut
    view: ViewOut
    events: list[EventOut]
    code: str
    level: Level


class TipOut(_Out):
    bid: int = Field(ge=0, le=13)
    reasons: list[str]


class HintOut(_Out):
    """While playing: ``card`` and ``reason``, with the reason's ``reason_code`` and
    ``reason_params`` (to show it in another language). While bidding: ``bid`` and ``reasons``, as
    ``/api/tip``. The other pair is null (``reasons`` is ``[reason]`` while playing), and so are
    ``reason_code`` and ``reason_params``."""

    game: Literal["spades"]
    card: str | None = Field(examples=["QH"])
    reason: str = Field(examples=["tu compañero ya gana la baza: juega la más baja"])
    bid: int | None = Field(ge=0, le=13)
    reasons: list[str]
    reason_code: str | None = Field(default=None, examples=["partner_sure_lowest"])
    reason_params: dict[str, str | int] | None = Field(default=None, examples=[{"card": "2H"}])


class HandSummaryOut(_Out):
    """One hand's bids, tricks and both six-line sheets (North–South first)."""

    bids: SeatInts
    blind: SeatFlags
    won: SeatInts
    tricks: list[TrickOut] = Field(description="The 13 tricks in the order they were played.")
    sheets: list[SheetOut]
    hand_totals: TeamInts


class CompareOut(_Out):
    original: HandSummaryOut
    dificil: HandSummaryOut


class PracticeOut(GameOut):
    compare: CompareOut


class ImportOut(GameOut):
    """An opened game, with the «¿Por qué?» of every computer bid of its record (worked out again
    from the record, as the page would have kept them while playing)."""

    reasons: dict[str, dict[str, str]] = Field(
        description="Hand number → seat key → the reason, as the events' ``reason``.",
        examples=[{"1": {"west": "2 bazas seguras, un rey protegido"}}],
    )


# --- Corazones ------------------------------------------------------------------------------------

Direction = Literal["left", "right", "across", "none"]


class CorazonesRulesOut(_Out):
    target: int
    passing: bool
    jack_of_diamonds: bool
    moon: Literal["others", "self"]
    first_pass: Direction


class CorazonesTrickOut(TrickOut):
    """A trick with the points in it."""

    points: int


class CorazonesHandOut(_Out):
    """A finished hand, every card face up (``picas.games.corazones.view.result_to_json``)."""

    number: int
    dealer: SeatKey
    direction: Direction
    dealt: SeatCards
    passed: SeatCards
    tricks: list[TrickOut]
    hearts: SeatInts
    queen: SeatKey | None
    jack: SeatKey | None
    moon: SeatKey | None
    points: SeatInts
    totals: SeatInts


class CorazonesOutcomeOut(_Out):
    winner: SeatKey
    totals: SeatInts
    hands_played: int


class CorazonesViewOut(_Out):
    """South's view of a Corazones game (``picas.games.corazones.view_to_json``): South's own
    cards and pass and what is public; never another seat's cards or pass in the hand played."""

    game: Literal["corazones"]
    seat: SeatKey
    rules: CorazonesRulesOut
    hand_number: int
    dealer: SeatKey
    direction: Direction
    pass_to: SeatKey | None
    phase: Literal["passing", "playing", "complete", "game_over"]
    turn: SeatKey | None
    hand: list[str]
    must_pass: bool
    passed: list[str]
    received: list[str]
    hand_sizes: SeatInts
    leader: SeatKey
    trick: list[str]
    tricks: list[TrickOut]
    points_taken: SeatInts
    hearts_broken: bool
    totals: SeatInts
    history: list[CorazonesHandOut]
    outcome: CorazonesOutcomeOut | None
    playable: list[str]
    refusals: dict[str, RefusalOut]


class CorazonesDealEvent(_Out):
    type: Literal["deal"]
    hand_number: int
    dealer: SeatKey
    direction: Direction
    pass_to: SeatKey | None


class PassEvent(_Out):
    """The cards changed hands: South's three, given and received (never anyone else's)."""

    model_config = ConfigDict(extra="ignore", frozen=True, populate_by_name=True)

    type: Literal["pass"]
    direction: Direction
    to: SeatKey
    gave: list[str]
    from_: SeatKey = Field(alias="from")
    received: list[str]


class CorazonesTrickEvent(_Out):
    type: Literal["trick"]
    leader: SeatKey
    cards: list[str]
    winner: SeatKey
    points: int


class CorazonesHandScoredEvent(_Out):
    type: Literal["hand_scored"]
    result: CorazonesHandOut


class CorazonesGameOverEvent(_Out):
    type: Literal["game_over"]
    outcome: CorazonesOutcomeOut


CorazonesEventOut = Annotated[
    CorazonesDealEvent
    | PassEvent
    | PlayEvent
    | CorazonesTrickEvent
    | CorazonesHandScoredEvent
    | CorazonesGameOverEvent,
    Field(discriminator="type"),
]


class CorazonesGameOut(_Out):
    """A Corazones answer."""

    game: Literal["corazones"]
    save: SaveOut
    view: CorazonesViewOut
    events: list[CorazonesEventOut]
    code: str
    level: Level


class CorazonesHandSummaryOut(_Out):
    """One hand of the practice comparison: South's pass, the tricks, the points."""

    direction: Direction
    passed: list[str]
    received: list[str]
    tricks: list[CorazonesTrickOut]
    points_taken: SeatInts
    points: SeatInts
    moon: SeatKey | None


class CorazonesCompareOut(_Out):
    original: CorazonesHandSummaryOut
    dificil: CorazonesHandSummaryOut


class CorazonesPracticeOut(CorazonesGameOut):
    compare: CorazonesCompareOut


class CorazonesImportOut(CorazonesGameOut):
    reasons: dict[str, dict[str, str]] = Field(description="Always empty: Corazones has no bids.")


class HintDetailOut(_Out):
    card: str
    reason_code: str
    reason_params: dict[str, str | int]
    reason: str


class CorazonesHintOut(_Out):
    """A pass (``cards``) or a card (``card``), each card with its reason in ``details``."""

    game: Literal["corazones"]
    kind: Literal["pass", "play"]
    cards: list[str] | None
    card: str | None
    reason: str
    reasons: list[str]
    details: list[HintDetailOut]
    reason_code: str
    reason_params: dict[str, str | int]


class ErrorDetail(_Out):
    code: str = Field(examples=["must_follow_suit"])
    message: str = Field(examples=["Tienes corazones: debes asistir."])


class ErrorOut(_Out):
    error: ErrorDetail
