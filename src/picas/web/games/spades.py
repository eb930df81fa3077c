"""Spades at the web table: what :mod:`picas.web.table` and :mod:`picas.web.review` need that is
Spades' own — its actions, its events, South's view, its computer players' loop, the play hint and
the practice hand's summary. The plumbing (signing, the replay cache, heavy lanes, the flows of a
request) is shared (:mod:`picas.web.table`); this is the ``"spades"`` side of it.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, NotRequired

from pydantic import (
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    field_validator,
    model_serializer,
)
from typing_extensions import TypedDict

from picas.games import find_game
from picas.games.spades import (
    Action,
    Bid,
    BlindNil,
    Card,
    Discard,
    GameState,
    IllegalAction,
    Keep,
    LookAtCards,
    Phase,
    Play,
    Rules,
    Seat,
    find_profile,
    parse_action,
)
from picas.games.spades.bots import base
from picas.games.spades.bots.hint import suggest_draw, suggest_play
from picas.games.spades.bots.tip import explain_bid, suggest_bid
from picas.games.spades.game import Deal, HandResult
from picas.games.spades.options import TARGET
from picas.games.spades.record import SpadesRecord
from picas.games.spades.view import (
    outcome_to_json,
    result_to_json,
    sheet_to_json,
    trick_to_json,
    view_for,
    view_to_json,
)
from picas.record import iter_states
from picas.shared.deals import deal_for
from picas.web import schemas
from picas.web.codes import Why
from picas.web.events import Event, events_after
from picas.web.games.generic import GameModels, new_game_model
from picas.web.games.page import Choice, GamePage, HelpSet, Storage, Topic
from picas.web.games.rated import Challenge, Count, RatedPlay, SoloStats, Strict

# --- the bodies and answers of the API for this game ------------------------------------------


SPEC = find_game("spades")
if TYPE_CHECKING:
    Level = str
else:
    Level = schemas.level_type(SPEC)


TeamKey = Literal["north_south", "east_west"]


if TYPE_CHECKING:
    NewGameIn = schemas._In
else:
    NewGameIn = new_game_model(
        SPEC,
        "NewGameIn",
        'A new Spades game (``game`` absent or ``"spades"``).',
        game_optional=True,
    )
"""The new-game body: each option of :mod:`picas.games.spades.options` with its values and
default."""


class SeatBids(schemas._Out):
    south: int | None
    west: int | None
    north: int | None
    east: int | None


class SeatFlags(schemas._Out):
    south: bool
    west: bool
    north: bool
    east: bool


class TeamInts(schemas._Out):
    north_south: int
    east_west: int


class RulesOut(schemas._Out):
    """The rules (docs/record.md); a house variant's keys (``team_minimum``, ``all_thirteen``,
    ``all_thirteen_points``, ``ten_for_200``, ``jokers``, ``players``) are present only when the
    game plays it."""

    model_config = ConfigDict(extra="allow", frozen=True)
    profile: str
    target: int
    bag_penalty: bool
    blind_nil: bool
    blind_nil_deficit: int
    floor: int | None
    draw_after_hand: int | None
    first_dealer: schemas.SeatKey | None
    nil_tricks_score: bool
    bag_limit: int
    bag_penalty_points: int
    nil_points: int
    blind_nil_points: int


class SheetLines(schemas._Out):
    contract: int
    bags: int
    nil: int
    bag_penalty: int
    hand_total: int
    running_total: int


class NilOut(schemas._Out):
    seat: schemas.SeatKey
    blind: bool
    tricks: int
    points: int


class SheetOut(schemas._Out):
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


class HandResultOut(schemas._Out):
    number: int
    dealer: schemas.SeatKey
    dealt: schemas.SeatCards
    bids: SeatBids
    blind: SeatFlags
    won: schemas.SeatInts
    tricks: list[schemas.TrickOut]
    sheets: list[SheetOut]


class OutcomeOut(schemas._Out):
    winner: TeamKey | None
    reason: Literal["target", "floor", "draw", "thirteen"]
    totals: list[int]
    hands_played: int


class DrawOut(schemas._Out):
    """«Dos jugadores»: what the viewer may know of the stock."""

    stock: int = Field(ge=0, le=52, description="Cards left in the stock.")
    top: str | None = Field(
        description="The stock's top card, only while it is the viewer's turn to draw.",
        examples=["QS"],
    )
    seen_out: list[str] = Field(
        description="The cards the viewer put out of play after looking at them (this hand)."
    )


class ViewOut(schemas._Out):
    """South's view (``picas.games.spades.view.view_to_json``): South's own cards and what is
    public. ``draw`` is present only at «Dos jugadores» (in every view of such a game)."""

    seat: schemas.SeatKey
    rules: RulesOut
    hand_number: int
    dealer: schemas.SeatKey
    phase: Literal["drawing", "bidding", "playing", "complete", "game_over"]
    turn: schemas.SeatKey | None
    hand: list[str] | None
    hand_sizes: schemas.SeatInts
    bids: SeatBids
    blind: SeatFlags
    blind_nil_offered: bool
    leader: schemas.SeatKey
    trick: list[str]
    tricks: list[schemas.TrickOut]
    won: schemas.SeatInts
    spades_broken: bool
    totals: TeamInts
    bags: TeamInts
    history: list[HandResultOut]
    outcome: OutcomeOut | None
    legal: list[int | str]
    playable: list[str]
    refusals: dict[str, schemas.RefusalOut]
    draw: DrawOut | None = Field(default=None, exclude_if=lambda value: value is None)


class BidEvent(schemas._Out):
    type: Literal["bid"]
    seat: schemas.SeatKey
    bid: int
    blind: bool
    reason: str | None = Field(
        default=None,
        exclude_if=lambda value: value is None,
        description="«¿Por qué?»: a computer player's reason in short Spanish (never South's:"
        " the key is absent from South's bids).",
        examples=["1 baza segura, un rey protegido"],
    )
    reason_codes: list[schemas.ReasonCodeOut] | None = Field(
        default=None,
        exclude_if=lambda value: value is None,
        description="The same reasons as codes and parameters (docs/api.md, «Codes and words»).",
    )


class DrawEventJson(TypedDict):
    """A ``draw`` event as sent (its schema in the API: the serializer below returns this)."""

    type: Literal["draw"]
    seat: schemas.SeatKey
    kept: NotRequired[str | None]
    seen_out: NotRequired[str | None]


class DrawEvent(schemas._Out):
    """«Dos jugadores»: a player took his turn at the stock. South's own carries the card he
    kept and the one he put out after looking at it (``null`` when he kept the top card: the
    next went out unseen); the opponent's carries nothing else."""

    type: Literal["draw"]
    seat: schemas.SeatKey
    kept: str | None = Field(default=None, examples=["QS"])
    seen_out: str | None = Field(default=None, examples=["2H"])

    @model_serializer(mode="wrap")
    def _only_own(self, handler: SerializerFunctionWrapHandler) -> DrawEventJson:
        """The opponent's turn is its seat alone: no ``kept``, no ``seen_out`` keys."""
        data: DrawEventJson = handler(self)
        if self.kept is None:
            return {"type": self.type, "seat": self.seat}
        return data


class LookEvent(schemas._Out):
    type: Literal["look"]
    seat: schemas.SeatKey


class TrickEvent(schemas._Out):
    type: Literal["trick"]
    leader: schemas.SeatKey
    cards: list[str]
    winner: schemas.SeatKey


class HandScoredEvent(schemas._Out):
    type: Literal["hand_scored"]
    result: HandResultOut


class DealEvent(schemas._Out):
    type: Literal["deal"]
    hand_number: int
    dealer: schemas.SeatKey


class GameOverEvent(schemas._Out):
    type: Literal["game_over"]
    outcome: OutcomeOut


EventOut = Annotated[
    BidEvent
    | DrawEvent
    | LookEvent
    | schemas.PlayEvent
    | TrickEvent
    | HandScoredEvent
    | DealEvent
    | GameOverEvent,
    Field(discriminator="type"),
]


class GameOut(schemas._Out):
    """A Spades answer."""

    game: Literal["spades"]
    save: schemas.SaveOut
    view: ViewOut
    events: list[EventOut]
    code: str
    level: Level


class TipOut(schemas._Out):
    bid: int = Field(ge=0, le=13)
    reasons: list[str]
    reason_codes: list[schemas.ReasonCodeOut] = Field(
        description="The reasons as codes and parameters, in the same order (``bid.<code>`` in"
        " the page's tables; docs/api.md, «Codes and words»).",
        examples=[[{"code": "sure_cards", "params": {"cards": ["AS", "AH"], "n": 2}}]],
    )


class HintOut(schemas._Out):
    """While playing: ``card`` and ``reason``, with the reason's ``reason_code`` and
    ``reason_params`` (to show it in another language). While bidding: ``bid`` and ``reasons``, as
    ``/api/tip``. The other pair is null (``reasons`` is ``[reason]`` while playing), and so are
    ``reason_code`` and ``reason_params``. In «Dos jugadores»' draw: ``card`` is the stock's top
    card and ``reason_code`` starts ``draw_keep_`` (keep it) or ``draw_discard_`` (put it out),
    with ``reason_params`` ``{"card": …}``."""

    game: Literal["spades"]
    card: str | None = Field(examples=["QH"])
    reason: str = Field(examples=["tu compañero ya gana la baza: juega la más baja"])
    bid: int | None = Field(ge=0, le=13)
    reasons: list[str]
    reason_code: str | None = Field(default=None, examples=["partner_sure_lowest"])
    reason_params: dict[str, str | int] | None = Field(default=None, examples=[{"card": "2H"}])
    reason_codes: list[schemas.ReasonCodeOut] = Field(
        description="While bidding, the tip's reasons as codes (``/api/tip``); while playing or"
        " drawing, the one reason's ``reason_code`` and ``reason_params``."
    )


class HandSummaryOut(schemas._Out):
    """One hand's bids, tricks and both six-line sheets (North–South first)."""

    bids: schemas.SeatInts
    blind: SeatFlags
    won: schemas.SeatInts
    tricks: list[schemas.TrickOut] = Field(
        description="The 13 tricks in the order they were played."
    )
    sheets: list[SheetOut]
    hand_totals: TeamInts


class CompareOut(schemas._Out):
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
    reason_codes: dict[str, dict[str, list[schemas.ReasonCodeOut]]] = Field(
        description="Hand number → seat key → the same reasons as codes, as the events'"
        " ``reason_codes``.",
        examples=[{"1": {"west": [{"code": "sure_tricks", "params": {"n": 2}}]}}],
    )


# --- the table ------------------------------------------------------------------------------------

SOUTH = Seat.SOUTH
PROFILE = "casa"

OnAction = Callable[[GameState, Seat, Action, GameState], None]


@dataclass(frozen=True, slots=True)
class Tip:
    bid: int
    reasons: tuple[str, ...]
    reason_codes: list[dict[str, Any]]


class SpadesTable:
    """The ``"spades"`` game of the table (:class:`picas.web.table.TableGame`)."""

    key = "spades"

    def new_record(self, settings: Mapping[str, Any], *, level: str, code: str) -> SpadesRecord:
        """A fresh game with the casa rules and the page's settings (``target``, ``bag_penalty``,
        ``blind_nil``)."""
        rules = find_profile(PROFILE).with_settings(**settings)
        return SpadesRecord(rules=rules, code=code, meta={"level": level})

    def parse_action(self, value: object) -> Action:
        return parse_action(value)

    def play_bots(
        self,
        state: GameState,
        bots: Mapping[Seat, base.Bot],
        *,
        position: int,
        on_action: OnAction | None = None,
        stop: Callable[[GameState], bool] | None = None,
    ) -> GameState:
        """The bots act while the seat on turn has one (and ``stop`` is false)."""
        state, _ = base.play_bots(
            state, bots, position=position, on_action=on_action, stop=stop or _never
        )
        return state

    def decide(self, bot: base.Bot, state: GameState, seat: Seat, rng: random.Random) -> Action:
        return base.decide(bot, view_for(state, seat), rng)

    def code_deal(self, start: GameState, number: int) -> Deal:
        """Hand ``number`` as the game's code deals it."""
        return deal_for(start.code, number, start.dealer_of(number), start.rules.deck)

    friends = True
    seat_view = staticmethod(view_for)
    seat_view_json = staticmethod(view_to_json)

    def view_json(self, state: GameState) -> dict[str, Any]:
        return view_to_json(view_for(state, SOUTH))

    trick_json = staticmethod(trick_to_json)
    result_json = staticmethod(result_to_json)
    outcome_json = staticmethod(outcome_to_json)

    def deal_event(self, state: GameState) -> Event:
        return {"type": "deal", "hand_number": state.hand.number, "dealer": state.hand.dealer.key}

    def events_for(
        self, before: GameState, seat: Seat, action: Action, after: GameState
    ) -> list[Event]:
        return events_for(before, seat, action, after)

    # --- around the table ----------------------------------------------------------------------

    def tip(self, state: GameState, seat: Seat = SOUTH) -> Tip:
        """The bid tip for ``seat``'s hand (``/api/tip``: South's; a friends' table: the asking
        seat's): only while it bids, cards face up. It reads that seat's view only."""
        view = view_for(state, seat)
        if not (view.my_turn and view.phase is Phase.BIDDING and view.hand is not None):
            raise IllegalAction(
                "El consejo se pide al cantar, con tus cartas a la vista.", code="no_tip"
            )
        tip = suggest_bid(view)
        return Tip(bid=tip.bid, reasons=tuple(tip.reasons), reason_codes=tip.why_json())

    def hint(self, state: GameState, seat: Seat = SOUTH) -> dict[str, Any]:
        """What the computer players' logic would do in ``seat`` now (South's at the solo table),
        and why (docs/api.md, ``/api/hint``), from that seat's view only."""
        view = view_for(state, seat)
        if not view.my_turn:
            raise IllegalAction("La pista se pide cuando es tu turno.", code="no_hint")
        if view.hand is None:
            raise IllegalAction(
                "Tus cartas están boca abajo: primero elige Nil ciego o ver tus cartas.",
                code="no_hint",
            )
        if view.phase is Phase.BIDDING:
            tip = suggest_bid(view)
            return {
                "game": self.key,
                "card": None,
                "reason": ", ".join(tip.reasons) or tip.text(),
                "bid": tip.bid,
                "reasons": list(tip.reasons),
                "reason_code": None,
                "reason_params": None,
                "reason_codes": tip.why_json(),
            }
        # «Dos jugadores»' draw: ``card`` is the stock's top card, and the reason's code says
        # which way: ``draw_keep_…`` (keep it) or ``draw_discard_…`` (put it out).
        play = suggest_draw(view) if view.phase is Phase.DRAWING else suggest_play(view)
        return {
            "game": self.key,
            "card": play.card.code,
            "reason": play.reason,
            "bid": None,
            "reasons": [play.reason],
            "reason_code": play.reason_code,
            "reason_params": dict(play.reason_params),
            "reason_codes": [{"code": play.reason_code, "params": dict(play.reason_params)}],
        }

    def practice_rules(self, rules: Rules, result: HandResult) -> Rules:
        """A practice game of a finished hand keeps its dealer. «Dos jugadores» has none: its
        hands come from the code's stock and the draw, never from an explicit deal."""
        if rules.players == 2:
            raise IllegalAction(
                "A dos jugadores no se rejuega una mano: sus cartas salen del robo, no de un"
                " reparto.",
                code="no_practice_two_players",
            )
        return dataclasses.replace(rules, first_dealer=result.hand.dealer)

    def hand_summary(self, result: HandResult) -> dict[str, Any]:
        """Bids, tricks and both teams' sheets of a hand; ``hand_totals`` are the sheets' line 5
        (the running totals depend on the score the hand started from). ``tricks`` are the 13
        tricks in order, so the page can set Difícil's play beside the player's."""
        hand = result.hand
        return {
            "bids": {seat.key: hand.bids[seat] for seat in Seat},
            "blind": {seat.key: hand.blind[seat] for seat in Seat},
            "won": {seat.key: hand.won[seat] for seat in Seat},
            "tricks": [trick_to_json(trick) for trick in hand.tricks],
            "sheets": [sheet_to_json(sheet) for sheet in result.sheets],
            "hand_totals": {sheet.team.key: sheet.hand_total for sheet in result.sheets},
        }

    def bid_reason(self, after: GameState, seat: Seat) -> Why:
        """Why ``seat`` bid what it just bid (the state after the bid), from its view only."""
        return bid_reason(after, seat)

    def reasons(self, record: SpadesRecord) -> dict[str, dict[str, Why]]:
        """The «¿Por qué?» of every computer bid in ``record``: hand number (as text, a JSON key)
        → seat key → the reason its bid event carried. A bid's reason reads only the bidder's
        view just after the bid, so replaying the record gives the very words the table sent."""
        reasons: dict[str, dict[str, Why]] = {}
        states = iter_states(record)
        before = next(states)
        for action in record.actions:
            after = next(states)
            seat = before.turn
            if isinstance(action, Bid | BlindNil) and seat is not None and seat is not SOUTH:
                reasons.setdefault(str(before.hand.number), {})[seat.key] = bid_reason(after, seat)
            before = after
        return reasons


MODELS = GameModels(NewGameIn, GameOut, ImportOut, HintOut, PracticeOut)
"""The game's bodies and answers (:mod:`picas.web.schemas`)."""
TABLE = SpadesTable()


def _never(state: GameState) -> bool:
    return False


def events_for(before: GameState, seat: Seat, action: Action, after: GameState) -> list[Event]:
    """What the page animates for one action, in order (docs/api.md, "Events")."""
    events: list[Event] = []
    if isinstance(action, Bid | BlindNil):
        bid = action.tricks if isinstance(action, Bid) else 0
        blind = isinstance(action, BlindNil)
        event: Event = {"type": "bid", "seat": seat.key, "bid": bid, "blind": blind}
        if seat is not SOUTH:  # «¿Por qué?»: only the computer players explain their bids
            why = bid_reason(after, seat)
            event["reason"] = why.text
            event["reason_codes"] = why.codes
        events.append(event)
    elif isinstance(action, LookAtCards):
        events.append({"type": "look", "seat": seat.key})
    elif isinstance(action, Play):
        events.append({"type": "play", "seat": seat.key, "card": action.card.code})
    elif isinstance(action, Keep | Discard):
        events.append(draw_event(before, seat, action))
    return events + events_after(TABLE, before, after, played=isinstance(action, Play))


def draw_event(before: GameState, seat: Seat, action: Keep | Discard) -> Event:
    """A turn at «Dos jugadores»' stock, as the solo table's South may see it: his own with the
    card he kept and the one he saw go out (``None``: he kept the top card, the next went out
    unseen); the opponent's with nothing but his seat."""
    if seat is not SOUTH:
        return {"type": "draw", "seat": seat.key}
    draw = before.hand.draw
    assert draw is not None  # a draw action was legal
    top = Card(draw.stock[draw.taken])
    following = Card(draw.stock[draw.taken + 1])
    keep = isinstance(action, Keep)
    return {
        "type": "draw",
        "seat": seat.key,
        "kept": (top if keep else following).code,
        "seen_out": None if keep else top.code,
    }


def bid_reason(after: GameState, seat: Seat) -> Why:
    """Why ``seat`` bid what it just bid, in short Spanish and as codes, from its own view only."""
    tip = explain_bid(view_for(after, seat))
    return Why(", ".join(tip.reasons) or tip.text(), tip.why_json())


HELP_ES = HelpSet(
    lang="es",
    brand="♠ Picas",
    menu_label="Ayuda",
    entry="Ayuda de Picas",
    menu=(
        Topic("como-se-juega.html", "Cómo se juega"),
        Topic("reglas.html", "Reglas y variantes"),
        Topic("ejemplo.html", "Ejemplo de puntuación"),
        Topic("estrategia.html", "Estrategia"),
        Topic("preguntas.html", "Preguntas frecuentes"),
        Topic("picas-y-corazones.html", "Picas y Corazones", own=False),
    ),
)
HELP_EN = HelpSet(
    lang="en",
    brand="♠ Picas",
    menu_label="Help",
    entry="Spades help",
    entry_brand="♠ Spades",
    menu=(
        Topic("en/how-to-play.html", "How to play"),
        Topic("en/rules.html", "Rules and variants"),
        Topic("en/scoring-example.html", "Scoring example"),
        Topic("en/strategy.html", "Strategy"),
        Topic("en/faq.html", "FAQ"),
        Topic("en/spades-and-hearts.html", "Spades and Hearts", own=False),
    ),
)

PAGE = GamePage(
    links=("picas", "spades"),
    former=("picas",),
    download="picas",
    # The keys Spades had before Corazones came, so a Spades player's save and statistics open.
    choice=Choice(
        suits=(("♠", False), ("♦", True)), name="choose.spades", note="choose.spadesNote"
    ),
    storage=Storage(
        game="picas.partida",
        practice="picas.practica",
        settings="picas.ajustes",
        aside="picas.partida.apartada.",
        stats="picas.estadisticas",
    ),
    partners=True,
    help=(HELP_ES, HELP_EN),
    help_counterparts=dict(zip(HELP_ES.pages, HELP_EN.pages, strict=True)),
)


# --- ratings and the day's challenge ---------------------------------------------------------

MAX_RESULT_KEYS = 64
RESULT_KEYS = frozenset(f"{level}|{target}" for level in SPEC.levels for target in TARGET.values)
"""The page keeps its games' results apart by level and target (``static/js/stats.js``)."""


class Outcomes(Strict):
    won: int = Count
    lost: int = Count
    drawn: int = Count


class SpadesStats(SoloStats):
    """What ``static/js/stats.js`` counts: the results by level and target, and the hands'."""

    counters: ClassVar[tuple[str, ...]] = (
        "hands",
        "nsMade",
        "nsSet",
        "southMade",
        "southSet",
        "nilsBid",
        "nilsMade",
        "bags",
    )

    v: Literal[1] = 1
    results: dict[str, Outcomes] = Field(default_factory=dict, max_length=MAX_RESULT_KEYS)
    hands: int = Count
    nsMade: int = Count  # noqa: N815 (the page's names)
    nsSet: int = Count  # noqa: N815
    southMade: int = Count  # noqa: N815
    southSet: int = Count  # noqa: N815
    nilsBid: int = Count  # noqa: N815
    nilsMade: int = Count  # noqa: N815
    bags: int = Count

    @field_validator("results")
    @classmethod
    def _known_keys(cls, results: dict[str, Outcomes]) -> dict[str, Outcomes]:
        unknown = set(results) - RESULT_KEYS
        if unknown:
            raise ValueError("unknown results key")
        return results

    def merged(self, stored: Mapping[str, Any]) -> dict[str, Any]:
        """Each counter's larger value, and each result's (won, lost, drawn) its larger too."""
        out = SoloStats.merged(self, stored)
        results = out["results"] = dict(out["results"])
        for key, outcome in self.model_dump()["results"].items():
            old = results.get(key, {"won": 0, "lost": 0, "drawn": 0})
            results[key] = {field: max(old[field], outcome[field]) for field in old}
        return out


def _challenge_rules() -> dict[str, Any]:
    # Six hands to no target: the highest target the engine takes and no floor, so no ordinary
    # game ends before its sixth hand; the table stops after it (FriendsTable.daily["hands"]).
    rules = find_profile("casa").to_json()
    rules.update(target=1000, floor=None, draw_after_hand=None, blind_nil=False)
    return rules


def team_hand_total(result: Mapping[str, Any]) -> int:
    """North–South's hand total of one finished hand (its history JSON)."""
    for sheet in result["sheets"]:
        if sheet["team"] == "north_south":
            return int(sheet["lines"]["hand_total"])
    raise ValueError("no sheet of North–South")


RATED = RatedPlay(
    challenge=Challenge(hands=6, rules=_challenge_rules()),
    hand_result=team_hand_total,
    solo_stats=SpadesStats,
)
