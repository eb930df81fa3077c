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
from typing import Any

from picas.games.spades import (
    Action,
    Bid,
    BlindNil,
    GameState,
    IllegalAction,
    LookAtCards,
    Phase,
    Play,
    Rules,
    Seat,
    find_profile,
    parse_action,
)
from picas.games.spades.bots import base
from picas.games.spades.bots.hint import suggest_play
from picas.games.spades.bots.tip import explain_bid, suggest_bid
from picas.games.spades.game import Deal, HandResult
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
from picas.web.events import Event, events_after
from picas.web.games.generic import GameModels
from picas.web.schemas import GameOut, HintOut, ImportOut, NewGameIn, PracticeOut

SOUTH = Seat.SOUTH
PROFILE = "casa"

OnAction = Callable[[GameState, Seat, Action, GameState], None]


@dataclass(frozen=True, slots=True)
class Tip:
    bid: int
    reasons: tuple[str, ...]


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

    def tip(self, state: GameState) -> Tip:
        """The bid tip for South's hand (``/api/tip``): only while South bids, cards face up."""
        view = view_for(state, SOUTH)
        if not (view.my_turn and view.phase is Phase.BIDDING and view.hand is not None):
            raise IllegalAction(
                "El consejo se pide al cantar, con tus cartas a la vista.", code="no_tip"
            )
        tip = suggest_bid(view)
        return Tip(bid=tip.bid, reasons=tuple(tip.reasons))

    def hint(self, state: GameState) -> dict[str, Any]:
        """What the computer players' logic would do in South's seat now, and why (docs/api.md,
        ``/api/hint``)."""
        view = view_for(state, SOUTH)
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
            }
        play = suggest_play(view)
        return {
            "game": self.key,
            "card": play.card.code,
            "reason": play.reason,
            "bid": None,
            "reasons": [play.reason],
            "reason_code": play.reason_code,
            "reason_params": dict(play.reason_params),
        }

    def practice_rules(self, rules: Rules, result: HandResult) -> Rules:
        """A practice game of a finished hand keeps its dealer."""
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

    def reasons(self, record: SpadesRecord) -> dict[str, dict[str, str]]:
        """The «¿Por qué?» of every computer bid in ``record``: hand number (as text, a JSON key)
        → seat key → the reason its bid event carried. A bid's reason reads only the bidder's
        view just after the bid, so replaying the record gives the very words the table sent."""
        reasons: dict[str, dict[str, str]] = {}
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
            event["reason"] = bid_reason(after, seat)
        events.append(event)
    elif isinstance(action, LookAtCards):
        events.append({"type": "look", "seat": seat.key})
    elif isinstance(action, Play):
        events.append({"type": "play", "seat": seat.key, "card": action.card.code})
    return events + events_after(TABLE, before, after, played=isinstance(action, Play))


def bid_reason(after: GameState, seat: Seat) -> str:
    """Why ``seat`` bid what it just bid, in short Spanish, from its own view only."""
    tip = explain_bid(view_for(after, seat))
    return ", ".join(tip.reasons) or tip.text()
