"""The web table's game logic, apart from HTTP: open a save, let South act, let the computer
players answer, sign the new save and describe what happened as events to animate.

Nothing here is kept between requests except the replay cache, which only saves time: any process
with the same key can serve any request.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Mapping
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
    PicasError,
    Play,
    Seat,
    excerpt,
    find_profile,
    normalize_code,
    parse_action,
)
from picas.games.spades.bots.base import Bot, play_bots
from picas.games.spades.bots.registry import DEFAULT_LEVEL, LEVELS
from picas.games.spades.bots.tip import explain_bid, suggest_bid
from picas.games.spades.view import outcome_to_json, result_to_json, trick_to_json, view_for
from picas.record import Record, RecordError, final_state
from picas.shared.deals import code_from_bytes
from picas.web.cache import ReplayCache, Replayed
from picas.web.errors import BadSignatureError, UnavailableError
from picas.web.settings import Settings
from picas.web.signing import Signer

SOUTH = Seat.SOUTH
COMPUTER_SEATS = (Seat.WEST, Seat.NORTH, Seat.EAST)
PROFILE = "casa"

Event = dict[str, Any]

log = logging.getLogger("picas.web")


@dataclass(frozen=True, slots=True)
class Turn:
    """What one request produced: the signed record, the position it leads to, the events."""

    record: Record
    record_json: dict[str, Any]
    sig: str
    state: GameState
    events: tuple[Event, ...]

    @property
    def level(self) -> str:
        return level_of(self.record)


@dataclass(frozen=True, slots=True)
class Tip:
    bid: int
    reasons: tuple[str, ...]


def level_of(record: Record) -> str:
    return record.meta.get("level", DEFAULT_LEVEL)


class Table:
    def __init__(self, settings: Settings) -> None:
        self._signer = Signer(settings.key, *settings.old_keys)
        self.verify_limits = settings.verify_limits
        self._cache = ReplayCache(settings.cache_size)
        self._load_bot = settings.bot_loader
        self._bots: dict[str, Bot] = {}
        self._bots_lock = threading.Lock()

    @property
    def cache(self) -> ReplayCache:
        return self._cache

    # --- the three ways into a game ------------------------------------------------------------

    def new_game(
        self,
        *,
        target: int,
        bag_penalty: bool,
        blind_nil: bool,
        level: str,
        code: str | None,
    ) -> Turn:
        """A fresh game with the casa rules and the page's settings; the computer players act
        until South's first turn."""
        rules = find_profile(PROFILE).with_settings(
            target=target, bag_penalty=bag_penalty, blind_nil=blind_nil
        )
        code = normalize_code(code) if code is not None else code_from_bytes(secrets.token_bytes(5))
        return self.start(Record(rules=rules, code=code, meta={"level": level}))

    def start(self, record: Record) -> Turn:
        """A record with no actions yet (a new game, a practice game): the first deal, then the
        computer players until South's first turn."""
        state = record.start()
        return self.advance(record, state, [_deal_event(state)])

    def advance(self, record: Record, state: GameState, events: list[Event]) -> Turn:
        """Let the computer players act from ``state`` (the last position of ``record``) until
        South's turn or the end, then sign; ``events`` come first in the answer."""
        log_ = _ActionLog()
        log_.events.extend(events)
        bots = self._bots_for(level_of(record))
        state, _ = play_bots(state, bots, position=len(record.actions), on_action=log_)
        return self.seal(record.append(*log_.actions), state, log_.events)

    def act(self, record_json: dict[str, Any], sig: str, action: object) -> Turn:
        """South's action on a save, then the computer players' answers.

        A refused action raises before anything is signed: the page keeps its old save.
        """
        saved = self.open(record_json, sig)
        state = saved.state
        if state.outcome is not None:
            raise IllegalAction("La partida ha terminado.", code="game_over")
        if state.turn is not SOUTH:
            turn = "nadie" if state.turn is None else state.turn.name_es
            raise IllegalAction(f"No es tu turno: le toca a {turn}.", code="not_your_turn")
        bots = self._bots_for(level_of(saved.record))
        south_action = parse_action(action)
        after = state.apply(south_action, SOUTH)
        log_ = _ActionLog()
        log_(state, SOUTH, south_action, after)
        # The decision at record index i is seeded with position i: South's action is at
        # len(actions), so the first computer reply is at len(actions) + 1.
        after, _ = play_bots(after, bots, position=len(saved.record.actions) + 1, on_action=log_)
        return self.seal(saved.record.append(*log_.actions), after, log_.events)

    def resume(self, record_json: dict[str, Any], sig: str) -> Turn:
        saved = self.open(record_json, sig)
        return Turn(saved.record, record_json, sig, saved.state, ())

    def tip(self, record_json: dict[str, Any], sig: str) -> Tip:
        saved = self.open(record_json, sig)
        view = view_for(saved.state, SOUTH)
        if not (view.my_turn and view.phase is Phase.BIDDING and view.hand is not None):
            raise IllegalAction(
                "El consejo se pide al cantar, con tus cartas a la vista.", code="no_tip"
            )
        tip = suggest_bid(view)
        return Tip(bid=tip.bid, reasons=tuple(tip.reasons))

    # --- saves -----------------------------------------------------------------------------------

    def verify(self, record_json: dict[str, Any], sig: str) -> None:
        """Refuse a save whose signature is not one of this server's keys'.

        The message blames nobody: a save signed with a key this server no longer has (after a
        key change without ``PICAS_OLD_KEYS``) cannot be told apart from an edited one.
        """
        if not self._signer.verify(record_json, sig):
            raise BadSignatureError(
                "Este servidor no reconoce la firma de esta partida guardada (puede que se"
                " guardara con una clave anterior del servidor, o en otro): no se puede continuar"
                " aquí."
            )

    def open(self, record_json: dict[str, Any], sig: str) -> Replayed:
        """Check a save's signature, then replay it (or find it in the cache)."""
        self.verify(record_json, sig)
        cached = self._cache.get(sig)
        if cached is not None:
            return cached
        record = Record.from_json(record_json)
        _check_level(level_of(record))  # before any answer names it: every endpoint refuses it
        saved = Replayed(record, final_state(record))
        self._cache.put(sig, saved)
        return saved

    def sign(self, record: Record) -> tuple[dict[str, Any], str]:
        record_json = record.to_json()
        return record_json, self._signer.sign(record_json)

    def seal(self, record: Record, state: GameState, events: list[Event]) -> Turn:
        """Sign ``record`` (whose last position is ``state``) and remember its replay."""
        record_json, sig = self.sign(record)
        self._cache.put(sig, Replayed(record, state))
        return Turn(record, record_json, sig, state, tuple(events))

    # --- computer players ------------------------------------------------------------------------

    def _bots_for(self, level: str) -> Mapping[Seat, Bot]:
        return dict.fromkeys(COMPUTER_SEATS, self.bot(level))

    def bot(self, level: str) -> Bot:
        """The computer player of a level. One object per level is shared: a bot decides from the
        view and the seeded generator only, so it holds nothing between calls."""
        _check_level(level)
        with self._bots_lock:
            bot = self._bots.get(level)
            if bot is None:
                try:
                    bot = self._load_bot(level)
                except PicasError as error:
                    log.error("No se puede cargar el nivel %s: %s", level, error.message)
                    raise UnavailableError(
                        "Los jugadores de la CPU de ese nivel no están disponibles ahora."
                    ) from None
                self._bots[level] = bot
        return bot


def _check_level(level: str) -> None:
    if level not in LEVELS:
        raise RecordError(f"Nivel desconocido: {excerpt(level)}.", code="unknown_level")


# --- events ---------------------------------------------------------------------------------------


class _ActionLog:
    """Collects the actions (for the record) and the events (for the page) as they happen."""

    def __init__(self) -> None:
        self.actions: list[Action] = []
        self.events: list[Event] = []

    def __call__(self, before: GameState, seat: Seat, action: Action, after: GameState) -> None:
        self.actions.append(action)
        self.events.extend(events_for(before, seat, action, after))


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
    scored = len(after.history) > len(before.history)
    if isinstance(action, Play) and len(before.hand.trick) == 3:
        hand = after.history[-1].hand if scored else after.hand
        events.append({"type": "trick", **trick_to_json(hand.tricks[-1])})
    if scored:
        events.append({"type": "hand_scored", "result": result_to_json(after.history[-1])})
    if after.outcome is not None and before.outcome is None:
        events.append({"type": "game_over", "outcome": outcome_to_json(after.outcome)})
    elif after.hand.number != before.hand.number:
        events.append(_deal_event(after))
    return events


def bid_reason(after: GameState, seat: Seat) -> str:
    """Why ``seat`` bid what it just bid, in short Spanish, from its own view only."""
    tip = explain_bid(view_for(after, seat))
    return ", ".join(tip.reasons) or tip.text()


def _deal_event(state: GameState) -> Event:
    return {"type": "deal", "hand_number": state.hand.number, "dealer": state.hand.dealer.key}
