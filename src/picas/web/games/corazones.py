"""Corazones at the web table: what :mod:`picas.web.table` and :mod:`picas.web.review` need that is
Corazones' own — its actions (a pass of three cards, a play), its events, South's view, its
computer players' loop, the hint and the practice hand's summary (docs/api.md, "Corazones"). The
plumbing every game shares is :mod:`picas.web.table`.

South chooses a pass first and the computer players after (never seeing South's cards), so the
record holds a hand's four passes in seat order from South: the order in which the engine puts the
seats on turn while passing (:mod:`picas.games.corazones.record`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from pydantic import (
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
)

from picas.games import find_game
from picas.games.corazones import (
    Action,
    GameState,
    HandResult,
    Pass,
    Phase,
    Rules,
    parse_action,
    view_for,
    view_to_json,
)
from picas.games.corazones.bots import Bot, decide, play_bots
from picas.games.corazones.bots.hint import Suggestion, suggest
from picas.games.corazones.game import dealer_of
from picas.games.corazones.hand import Deal
from picas.games.corazones.record import CorazonesRecord
from picas.games.corazones.rules import PASS_SIZES
from picas.games.corazones.scoring import card_points
from picas.games.corazones.view import outcome_to_json, result_to_json
from picas.shared.cards import cards_in, mask_of
from picas.shared.deals import deal_for
from picas.shared.errors import IllegalAction, InvalidAction
from picas.shared.seats import Seat
from picas.shared.tricks import Play, Trick
from picas.shared.views import trick_to_json
from picas.web import schemas
from picas.web.codes import Why
from picas.web.events import Event, events_after
from picas.web.games.generic import GameModels, new_game_model
from picas.web.games.page import Choice, GamePage, HelpSet, Storage, Topic
from picas.web.games.rated import MAX_COUNT, Challenge, Count, RatedPlay, SoloStats

# --- the bodies and answers of the API for this game ------------------------------------------


SPEC = find_game("corazones")
if TYPE_CHECKING:
    Level = str
else:
    Level = schemas.level_type(SPEC)


if TYPE_CHECKING:
    CorazonesNewGameIn = schemas._In
else:
    CorazonesNewGameIn = new_game_model(
        SPEC, "CorazonesNewGameIn", 'A new Corazones game (docs/api.md, "Corazones").'
    )
"""The new-game body: each option of :mod:`picas.games.corazones.options` with its values and
default."""


Direction = Literal["left", "right", "across", "none"]


class CorazonesRulesOut(schemas._Out):
    """The rules; a house rule (issue 21) appears only when it is not the standard game's."""

    target: int
    passing: bool
    jack_of_diamonds: bool
    moon: Literal["others", "self"]
    first_pass: Direction
    omnibus: bool | None = None
    pass_size: Literal[3, 4] | None = None
    queen_breaks_hearts: bool | None = None

    @model_serializer(mode="wrap")
    def _standard_unsaid(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        return {key: value for key, value in data.items() if value is not None}


class CorazonesTrickOut(schemas.TrickOut):
    """A trick with the points in it."""

    points: int


class CorazonesHandOut(schemas._Out):
    """A finished hand, every card face up (``picas.games.corazones.view.result_to_json``)."""

    number: int
    dealer: schemas.SeatKey
    direction: Direction
    dealt: schemas.SeatCards
    passed: schemas.SeatCards
    tricks: list[schemas.TrickOut]
    hearts: schemas.SeatInts
    queen: schemas.SeatKey | None
    jack: schemas.SeatKey | None
    moon: schemas.SeatKey | None
    points: schemas.SeatInts
    totals: schemas.SeatInts


class CorazonesOutcomeOut(schemas._Out):
    winner: schemas.SeatKey
    totals: schemas.SeatInts
    hands_played: int


class CorazonesViewOut(schemas._Out):
    """South's view of a Corazones game (``picas.games.corazones.view_to_json``): South's own
    cards and pass and what is public; never another seat's cards or pass in the hand played."""

    game: Literal["corazones"]
    seat: schemas.SeatKey
    rules: CorazonesRulesOut
    hand_number: int
    dealer: schemas.SeatKey
    direction: Direction
    pass_to: schemas.SeatKey | None
    phase: Literal["passing", "playing", "complete", "game_over"]
    turn: schemas.SeatKey | None
    hand: list[str]
    must_pass: bool
    passed: list[str]
    received: list[str]
    hand_sizes: schemas.SeatInts
    leader: schemas.SeatKey
    trick: list[str]
    tricks: list[schemas.TrickOut]
    points_taken: schemas.SeatInts
    hearts_broken: bool
    totals: schemas.SeatInts
    history: list[CorazonesHandOut]
    outcome: CorazonesOutcomeOut | None
    playable: list[str]
    refusals: dict[str, schemas.RefusalOut]


class CorazonesDealEvent(schemas._Out):
    type: Literal["deal"]
    hand_number: int
    dealer: schemas.SeatKey
    direction: Direction
    pass_to: schemas.SeatKey | None


class PassEvent(schemas._Out):
    """The cards changed hands: South's three, given and received (never anyone else's)."""

    model_config = ConfigDict(extra="ignore", frozen=True, populate_by_name=True)

    type: Literal["pass"]
    direction: Direction
    to: schemas.SeatKey
    gave: list[str]
    from_: schemas.SeatKey = Field(alias="from")
    received: list[str]


class CorazonesTrickEvent(schemas._Out):
    type: Literal["trick"]
    leader: schemas.SeatKey
    cards: list[str]
    winner: schemas.SeatKey
    points: int


class CorazonesHandScoredEvent(schemas._Out):
    type: Literal["hand_scored"]
    result: CorazonesHandOut


class CorazonesGameOverEvent(schemas._Out):
    type: Literal["game_over"]
    outcome: CorazonesOutcomeOut


CorazonesEventOut = Annotated[
    CorazonesDealEvent
    | PassEvent
    | schemas.PlayEvent
    | CorazonesTrickEvent
    | CorazonesHandScoredEvent
    | CorazonesGameOverEvent,
    Field(discriminator="type"),
]


class CorazonesGameOut(schemas._Out):
    """A Corazones answer."""

    game: Literal["corazones"]
    save: schemas.SaveOut
    view: CorazonesViewOut
    events: list[CorazonesEventOut]
    code: str
    level: Level


class CorazonesHandSummaryOut(schemas._Out):
    """One hand of the practice comparison: South's pass, the tricks, the points."""

    direction: Direction
    passed: list[str]
    received: list[str]
    tricks: list[CorazonesTrickOut]
    points_taken: schemas.SeatInts
    points: schemas.SeatInts
    moon: schemas.SeatKey | None


class CorazonesCompareOut(schemas._Out):
    original: CorazonesHandSummaryOut
    dificil: CorazonesHandSummaryOut


class CorazonesPracticeOut(CorazonesGameOut):
    compare: CorazonesCompareOut


class CorazonesImportOut(CorazonesGameOut):
    reasons: dict[str, dict[str, str]] = Field(description="Always empty: Corazones has no bids.")


class HintDetailOut(schemas._Out):
    card: str
    reason_code: str
    reason_params: dict[str, str | int]
    reason: str


class CorazonesHintOut(schemas._Out):
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


# --- the table ------------------------------------------------------------------------------------

SOUTH = Seat.SOUTH

OnAction = Callable[[GameState, Seat, Action, GameState], None]


def south_must_pass(state: GameState) -> bool:
    """South has still to choose a pass: the computer players wait for it (see the module)."""
    return state.outcome is None and SOUTH in state.hand.still_to_pass()


class CorazonesTable:
    """The ``"corazones"`` game of the table (:class:`picas.web.table.TableGame`)."""

    key = "corazones"

    def new_record(self, settings: Mapping[str, Any], *, level: str, code: str) -> CorazonesRecord:
        """A fresh game with the page's settings (``target``, ``passing``, ``jack_of_diamonds``,
        ``moon`` and the house rules ``omnibus``, ``pass_size``, ``queen_breaks_hearts``)."""
        return CorazonesRecord(
            rules=Rules().with_settings(**settings), code=code, meta={"level": level}
        )

    def parse_action(self, value: object) -> Action:
        """South's action. A pass of a number of cards no table passes is malformed whatever the
        position (422), like a bid out of range in Spades; whether this game passes three or four
        (a house rule), and which cards may go, is the hand's judgement."""
        action = parse_action(value)
        if isinstance(action, Pass) and len(action.cards) not in PASS_SIZES:
            raise InvalidAction(
                "Hay que pasar tres cartas (o cuatro).",
                code="pass_three_cards",
                params={"form": "any"},
            )
        return action

    def play_bots(
        self,
        state: GameState,
        bots: Mapping[Seat, Bot],
        *,
        position: int,
        on_action: OnAction | None = None,
        stop: Callable[[GameState], bool] = south_must_pass,
    ) -> GameState:
        """The bots act while one can and ``stop`` is false: by default, until South must pass
        (the computer players choose after South) or play."""
        state, _ = play_bots(state, bots, position=position, stop=stop, on_action=on_action)
        return state

    def decide(self, bot: Bot, state: GameState, seat: Seat, rng: random.Random) -> Action:
        return decide(bot, view_for(state, seat), rng)

    def code_deal(self, start: GameState, number: int) -> Deal:
        """Hand ``number`` as the game's code deals it."""
        return deal_for(start.code, number, dealer_of(number), start.rules.deck)

    friends = True
    seat_view = staticmethod(view_for)
    seat_view_json = staticmethod(view_to_json)

    def view_json(self, state: GameState) -> dict[str, Any]:
        return view_to_json(view_for(state, SOUTH))

    def trick_json(self, trick: Trick) -> Event:
        """A trick with the points in it."""
        return {**trick_to_json(trick), "points": card_points(mask_of(trick.cards))}

    result_json = staticmethod(result_to_json)
    outcome_json = staticmethod(outcome_to_json)

    def deal_event(self, state: GameState) -> Event:
        hand = state.hand
        receiver = view_for(state, SOUTH).pass_to
        return {
            "type": "deal",
            "hand_number": hand.number,
            "dealer": hand.dealer.key,
            "direction": hand.direction.value,
            "pass_to": None if receiver is None else receiver.key,
        }

    def events_for(
        self, before: GameState, seat: Seat, action: Action, after: GameState
    ) -> list[Event]:
        """What the page animates for one action, in order (docs/api.md, "Events (Corazones)").
        The passes are one event, when the cards change hands, with South's cards only."""
        events: list[Event] = []
        if isinstance(action, Play):
            events.append({"type": "play", "seat": seat.key, "card": action.card.code})
        elif before.hand.phase is Phase.PASSING and after.hand.phase is not Phase.PASSING:
            events.append(self.pass_event(after))
        return events + events_after(self, before, after, played=isinstance(action, Play))

    def pass_event(self, state: GameState) -> Event:
        view = view_for(state, SOUTH)
        receiver = view.pass_to
        assert receiver is not None  # the cards changed hands: this hand has a pass
        return {
            "type": "pass",
            "direction": view.direction.value,
            "to": receiver.key,
            "gave": [card.code for card in view.passed],
            "from": view.direction.giver(SOUTH).key,
            "received": [card.code for card in view.received],
        }

    # --- around the table ----------------------------------------------------------------------

    def hint(self, state: GameState, seat: Seat = SOUTH) -> dict[str, Any]:
        """Normal's pass or card for ``seat`` now (South's at the solo table), with a reason for
        each card (docs/api.md), from that seat's view only."""
        view = view_for(state, seat)
        if not (view.must_pass or view.my_turn):
            raise IllegalAction("La pista se pide cuando te toca pasar o jugar.", code="no_hint")
        suggestion = suggest(view)
        return hint_json(suggestion, passing=view.must_pass)

    def practice_rules(self, rules: Rules, result: HandResult) -> Rules:
        """A practice game of a finished hand keeps its pass direction."""
        return dataclasses.replace(rules, first_pass=result.hand.direction)

    def hand_summary(self, result: HandResult) -> dict[str, Any]:
        """South's pass, the 13 tricks and the points of a hand (``points_taken`` in the tricks,
        ``points`` the hand's score with the moon and ♦J)."""
        hand, score = result.hand, result.score
        return {
            "direction": hand.direction.value,
            "passed": [card.code for card in cards_in(hand.passed[SOUTH])],
            "received": [card.code for card in cards_in(hand.received[SOUTH])],
            "tricks": [self.trick_json(trick) for trick in hand.tricks],
            "points_taken": {seat.key: score.taken_points(seat) for seat in Seat},
            "points": {seat.key: score.points[seat] for seat in Seat},
            "moon": None if score.moon is None else score.moon.key,
        }

    def reasons(self, record: CorazonesRecord) -> dict[str, dict[str, Why]]:
        """Corazones has no bids to explain: an opened game has no reasons to show again."""
        return {}


MODELS = GameModels(
    CorazonesNewGameIn,
    CorazonesGameOut,
    CorazonesImportOut,
    CorazonesHintOut,
    CorazonesPracticeOut,
)
"""The game's bodies and answers (:mod:`picas.web.schemas`)."""
TABLE = CorazonesTable()


def hint_json(suggestion: Suggestion, *, passing: bool) -> dict[str, Any]:
    details = [
        {
            "card": reason.card.code,
            "reason_code": reason.code,
            "reason_params": dict(reason.params),
            "reason": reason.text,
        }
        for reason in suggestion.reasons
    ]
    texts = [reason.text for reason in suggestion.reasons]
    codes = [card.code for card in suggestion.cards]
    return {
        "game": "corazones",
        "kind": "pass" if passing else "play",
        "cards": codes if passing else None,
        "card": None if passing else codes[0],
        "reason": "; ".join(texts),
        "reasons": texts,
        "details": details,
        "reason_code": details[0]["reason_code"],
        "reason_params": details[0]["reason_params"],
    }


HELP_ES = HelpSet(
    lang="es",
    game=SPEC.key,
    brand="♥ Corazones",
    menu_label="Ayuda de Corazones",
    menu=(
        Topic("corazones/como-se-juega.html", "Cómo se juega"),
        Topic("corazones/reglas.html", "Reglas y ajustes"),
        Topic("corazones/estrategia.html", "Estrategia"),
        Topic("corazones/preguntas.html", "Preguntas frecuentes"),
        Topic("picas-y-corazones.html", "Picas y Corazones", own=False),
    ),
)
HELP_EN = HelpSet(
    lang="en",
    game=SPEC.key,
    brand="♥ Hearts",
    menu_label="Hearts help",
    menu=(
        Topic("en/hearts/how-to-play.html", "How to play"),
        Topic("en/hearts/rules.html", "Rules and settings"),
        Topic("en/hearts/strategy.html", "Strategy"),
        Topic("en/hearts/faq.html", "FAQ"),
        Topic("en/spades-and-hearts.html", "Spades and Hearts", own=False),
    ),
)

PAGE = GamePage(
    links=("corazones", "hearts"),
    download="corazones",
    choice=Choice(
        suits=(("♥", True), ("♠", False)), name="choose.hearts", note="choose.heartsNote"
    ),
    storage=Storage(
        game="picas.corazones.partida",
        practice="picas.corazones.practica",
        settings="picas.corazones.ajustes",
        aside="picas.corazones.partida.apartada.",
        stats="picas.corazones.estadisticas",
    ),
    help=(HELP_ES, HELP_EN),
    help_counterparts=dict(zip(HELP_ES.pages, HELP_EN.pages, strict=True)),
)


# --- ratings and the day's challenge ---------------------------------------------------------


class CorazonesStats(SoloStats):
    """What ``static/js/games/corazones/hoja.js`` counts."""

    counters: ClassVar[tuple[str, ...]] = ("played", "won", "lost", "hands", "moons", "queens")

    played: int = Count
    won: int = Count
    lost: int = Count
    hands: int = Count
    points: int = Field(default=0, ge=-MAX_COUNT, le=MAX_COUNT, strict=True)
    moons: int = Count
    queens: int = Count

    def merged(self, stored: Mapping[str, Any]) -> dict[str, Any]:
        """Each counter's larger value; the points (which may go down: a moon shot by South)
        go with the hands they were counted in: the import with more hands brings both."""
        out = SoloStats.merged(self, stored)
        if self.hands >= out["hands"]:
            out["points"] = self.points
        return out


def south_points(result: Mapping[str, Any]) -> int:
    """South's points in one finished hand (its history JSON)."""
    return int(result["points"]["south"])


RATED = RatedPlay(
    # Four hands, passing left, right, across, then none: each direction once. At most 26
    # points a hand, nobody reaches 100 before the fourth.
    challenge=Challenge(hands=4, rules=Rules().to_json()),
    hand_result=south_points,
    lower_wins=True,
    solo_stats=CorazonesStats,
)
