"""The friends' tables' operations: create, sit, the host's actions, a seat's action, table talk,
presence, and the computer players' turns — each one load, change, compare-and-set in the store,
then the fan-out of each viewer's message (docs/friends.md).

A change is a function of the loaded table that either refuses (raising, nothing written) or says
what happened as events by viewer; :meth:`Friends._change` numbers it, builds each seat's
``update`` (its own view only), stores it and broadcasts it. When the store says another process
changed the table first, the change is tried again on the new table.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import math
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import pydantic_core
from pydantic import ValidationError

from picas.games import find_game
from picas.record import AnyRecord
from picas.shared.deals import code_from_bytes, long_code
from picas.shared.errors import IllegalAction, InvalidRules, PicasError
from picas.shared.seats import Seat
from picas.web.events import Event
from picas.web.friends import play
from picas.web.friends.hub import SEATING
from picas.web.friends.limits import FriendsLimits
from picas.web.friends.messages import (
    CreateIn,
    EndOut,
    HintMsg,
    HostIn,
    SeatOut,
    TableOut,
    TipMsg,
    WelcomeMsg,
)
from picas.web.friends.model import SEAT_KEYS, FriendsTable, new_table_id, new_token, public
from picas.web.friends.names import clean_name
from picas.web.friends.play import Viewer
from picas.web.friends.store import Change, NewTable, Store
from picas.web.games import models_for
from picas.web.table import not_your_turn

T = TypeVar("T")

log = logging.getLogger("picas.web")

PUBLIC = "public"
CHANGE_ATTEMPTS = 8
STATE_CACHE = 512
Events = dict[Viewer, list[Event]]
Decide = Callable[[FriendsTable, dict[str, Any], str, int], Awaitable[Any]]
"""A Difícil decision in a worker: (table, record JSON, seat key, position) → action JSON."""
Offload = Callable[[Callable[[], Any]], Awaitable[Any]]
"""Runs a few milliseconds' work off the event loop (a thread) and gives its answer."""


class RatedHooks(Protocol):
    """What a rated table (``table.rated``, docs/quick.md) adds to every change: ``settle`` may
    mark the change as the one that ends its rated game (it writes the result into
    ``table.rated``; True then), and ``settled`` runs once that change is stored — so of two
    processes, or two tries, only the one whose compare-and-set wins rates the game."""

    def settle(self, table: FriendsTable) -> bool: ...

    async def settled(self, table: FriendsTable) -> None: ...


class TableNotFound(PicasError):  # noqa: N818 (named like the engine's errors)
    code = "table_not_found"

    def __init__(self) -> None:
        super().__init__("Esta mesa no existe o se ha cerrado.")


class Refused(PicasError):  # noqa: N818
    """A change that does not apply now (``code`` says why)."""


class NotHost(Refused):
    """A host's action asked with another seat's token, or at a table without a host."""

    code = "not_host"

    def __init__(self) -> None:
        super().__init__("Solo quien abrió la mesa puede hacer esto.")


class Stale(PicasError):  # noqa: N818
    code = "stale"


@dataclass(slots=True)
class Game:
    """A table's game as this process last built it, with what it was built from: the round's
    code and the stored actions' JSON. It is used for a loaded table only once those match the
    table's (another process's change extends it; a change of this process that lost its
    compare-and-set, or a new round, throws it away), so a stale game is never served."""

    code: str
    actions: list[Any]
    """The actions' JSON, as the table stores them (never the table's own list: it changes)."""
    record: AnyRecord
    state: Any
    shared: play.Shared
    checked: FriendsTable | None = None
    """The loaded table last found to match (matched again only when another is loaded)."""


@functools.cache
def _codec(game: str) -> Any:
    return find_game(game).record.codec()


def both(event: Event) -> Events:
    return {viewer: [event] for viewer in (*Seat, None)}


def both_each(events: list[Event]) -> Events:
    return {viewer: list(events) for viewer in (*Seat, None)}


def merge(into: Events, more: Events) -> Events:
    for viewer, events in more.items():
        into.setdefault(viewer, []).extend(events)
    return into


class Friends:
    def __init__(
        self,
        store: Store,
        limits: FriendsLimits,
        *,
        bot: Callable[[str, str], Any],
        sign: Callable[[AnyRecord], tuple[dict[str, Any], str]],
        heavy_decide: Decide | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.limits = limits
        self._bot = bot
        self._sign = sign
        self._heavy_decide = heavy_decide
        self._clock = clock
        self._states: OrderedDict[tuple[str, int], Game] = OrderedDict()
        self._games: dict[str, str] = {}
        """Each table's game key (it never changes): an action is parsed without a load."""
        self._driving: dict[str, bool] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.hand_events: Callable[[FriendsTable, Any], list[Event]] | None = None
        """Events for everyone after a hand of a table is scored (the day's challenge's score
        against Difícil), from the table and the position after the hand."""
        self.on_over: list[Callable[[FriendsTable], Coroutine[Any, Any, None]]] = []
        """Run (in a task of the process that stored it) when a table's game is over."""
        self.rated_hooks: RatedHooks | None = None
        """Set by «Jugar ya» (:mod:`picas.web.quick`) for its rated tables."""

    # --- the game's state, replayed once per process and extended --------------------------------

    def game_of(self, table: FriendsTable) -> tuple[AnyRecord, Any]:
        """The record and position of ``table``'s game (cached per process, extended by the
        actions stored since)."""
        game = self._game(table)
        return game.record, game.state

    def _game(self, table: FriendsTable) -> Game:
        code = table.code
        assert code is not None
        key = (table.id, table.round)
        cached = self._states.get(key)
        if cached is not None and cached.checked is not table:
            # Another loaded copy of the table: the cache must be a prefix of what it stores.
            done = len(cached.actions)
            if (
                cached.code != code
                or done > len(table.actions)
                or table.actions[:done] != cached.actions
            ):
                cached = None
        if cached is None:
            record = play.new_record(
                table.game,
                table.settings,
                level=table.level,
                code=code,
                table_id=table.id,
                rules=None if table.daily is None else table.daily.get("rules"),
            )
            state = record.start()
            cached = Game(code, [], record, state, play.Shared(state.rules))
        if len(cached.actions) < len(table.actions):
            codec = _codec(table.game)
            values = table.actions[len(cached.actions) :]
            new = [codec.parse_action(value) for value in values]
            state = cached.state
            for action in new:
                state = state.apply(action, play.seat_to_act(state))
            cached = Game(
                code, [*cached.actions, *values], cached.record.append(*new), state, cached.shared
            )
        cached.checked = table
        self._states[key] = cached
        self._states.move_to_end(key)
        while len(self._states) > STATE_CACHE:
            self._states.popitem(last=False)
        return cached

    def _apply(
        self, table: FriendsTable, seat: Seat, action: Any, *, by_cpu: bool = False
    ) -> Events:
        """``action`` by ``seat`` on the table's game (already checked), with its events."""
        built = self._game(table)
        before = built.state
        after = before.apply(action, seat)
        value = _codec(table.game).action_json(action)
        table.actions.append(value)
        self._states[(table.id, table.round)] = Game(
            built.code,
            [*built.actions, value],
            built.record.append(action),
            after,
            built.shared,
            checked=table,
        )
        table.turn_since = self._clock()
        game = play.adapter(table.game)
        events = play.events_by_viewer(game, before, seat, action, after)
        self._keep_reasons(table, game, seat, before, after, events, by_cpu=by_cpu)
        if len(after.history) > len(before.history) and self.hand_events is not None:
            merge(events, both_each(self.hand_events(table, after)))
        hands = None if table.daily is None else table.daily.get("hands")
        if after.outcome is None and hands is not None and len(after.history) >= hands:
            # A day's challenge is its hands: the next deal is nobody's game.
            table.state = "over"
            for listed in events.values():
                listed[:] = [event for event in listed if event.get("type") != "deal"]
        if after.outcome is not None:
            table.state = "over"
        if table.state == "over":
            merge(events, both({"type": "over", "round": table.round}))
        return events

    def _keep_reasons(
        self,
        table: FriendsTable,
        game: play.Adapter,
        seat: Seat,
        before: Any,
        after: Any,
        events: Events,
        *,
        by_cpu: bool,
    ) -> None:
        """A computer bid's «¿Por qué?» is kept server-side while its hand is played (it reads
        the bidder's hand: the other people must not read it then); the ``hand_scored`` of that
        hand carries its hand's reasons to everyone, once every card has been played face up."""
        public_events = events.get(None, [])
        bid = any(event.get("type") == "bid" for event in public_events)
        if by_cpu and bid and game.bid_reason is not None:
            hand = str(play.hand_number(before))
            why = game.bid_reason(after, seat)
            table.reasons.setdefault(hand, {})[seat.key] = why.text
            table.reason_codes.setdefault(hand, {})[seat.key] = why.codes
        if game.bid_reason is None:
            return
        for listed in events.values():
            for event in listed:
                if event.get("type") == "hand_scored":
                    number = str(event["result"].get("number"))
                    event["reasons"] = dict(table.reasons.get(number, {}))
                    event["reason_codes"] = dict(table.reason_codes.get(number, {}))

    def finished_reasons(self, table: FriendsTable) -> dict[str, dict[str, str]]:
        """The kept reasons of the hands that are over (none of the hand being played)."""
        return {hand: dict(seats) for hand, seats in self._finished(table, table.reasons)}

    def finished_reason_codes(self, table: FriendsTable) -> dict[str, dict[str, list[Any]]]:
        """The same reasons as codes."""
        return {hand: dict(seats) for hand, seats in self._finished(table, table.reason_codes)}

    def _finished(self, table: FriendsTable, kept: dict[str, T]) -> list[tuple[str, T]]:
        if table.state == "waiting" or table.code is None or not kept:
            return []
        _, state = self.game_of(table)
        done = {str(number) for number in play.finished_hands(state)}
        return [(hand, seats) for hand, seats in kept.items() if hand in done]

    def _flush_held(self, table: FriendsTable) -> Events:
        """Apply the held Corazones passes the record's order has reached."""
        events: Events = {}
        while table.state == "playing":
            _, state = self.game_of(table)
            seat = play.seat_to_act(state)
            if seat is None or seat.key not in table.held:
                break
            game = play.adapter(table.game)
            action = play.parse(game, table.held.pop(seat.key))
            merge(events, self._apply(table, seat, action))
        return events

    def _day_over(self, table: FriendsTable) -> bool:
        """A day's table whose day is over: its deals are public now, so the CPU finishes the
        game (nobody plays on knowing them)."""
        if table.daily is None:
            return False
        return self._clock() >= float(table.daily.get("reveal", math.inf))

    # --- the public side of a table --------------------------------------------------------------

    def turn_of(self, table: FriendsTable) -> Seat | None:
        if table.state != "playing":
            return None
        return play.seat_to_act(self.game_of(table)[1])

    def public(self, table: FriendsTable) -> TableOut:
        return public(table, turn=self.turn_of(table), now=self._clock(), idle=self.limits.idle)

    def view(
        self, table: FriendsTable, viewer: Viewer, *, history: bool = True
    ) -> dict[str, Any] | None:
        """``viewer``'s view; without the finished hands' ``history`` in an ``update`` (each one's
        ``hand_scored`` event carried it, and the ``welcome`` has it all): most of a view's bytes
        and of its cost late in a game."""
        if viewer is None or table.state == "waiting" or table.code is None:
            return None
        game = self._game(table)
        state = game.state
        if table.daily is not None and table.state == "over" and state.outcome is None:
            # A day's table ends after its hands, but the engine has dealt the next one (nobody's
            # game): the view is of the last hand, complete, as at any game's end. The next
            # deal's cards are never sent.
            state = state._replace(hand=state.history[-1].hand)
        view = play.view_json(
            play.adapter(table.game), state, viewer, history=history, shared=game.shared
        )
        held = table.held.get(viewer.key)
        view["held_pass"] = held
        return view

    def end(self, table: FriendsTable) -> EndOut | None:
        if table.state != "over" or table.code is None or table.salt is None:
            return None
        if table.daily is not None and self._clock() < float(table.daily.get("reveal", 0)):
            return None  # the day's deals stay secret until the day is over
        record, _ = self.game_of(table)
        record_json, sig = self._sign(record)
        commitment = table.commitment
        assert commitment is not None
        return EndOut(
            code=table.code, salt=table.salt, commitment=commitment, record=record_json, sig=sig
        )

    def welcome(self, table: FriendsTable, viewer: Viewer) -> WelcomeMsg:
        return WelcomeMsg(
            seat=None if viewer is None else viewer.key,  # type: ignore[arg-type]
            seq=table.seq,
            table=self.public(table),
            view=self.view(table, viewer),
            end=self.end(table),
            reasons=self.finished_reasons(table),
            reason_codes=self.finished_reason_codes(table),
        )

    def _messages(self, table: FriendsTable, events: Events) -> dict[str, str]:
        """Each viewer's ``update``: exactly ``UpdateMsg(...).model_dump_json()`` (the tests
        compare them), written from its parts so that what all five share — the table, the end
        — is serialised once, and the views and events (built here, plain JSON already) are
        serialised without being validated again."""
        shared = self.public(table).model_dump_json()
        end = self.end(table)
        ending = "null" if end is None else end.model_dump_json()
        head = f'{{"type":"update","seq":{table.seq},"events":'
        messages = {
            PUBLIC if viewer is None else viewer.key: (
                f"{head}{_to_json(events.get(viewer, []))},"
                f'"table":{shared},'
                f'"view":{_to_json(self.view(table, viewer, history=False))},'
                f'"end":{ending}}}'
            )
            for viewer in (*Seat, None)
        }
        # Not a viewer's: which seat each person's sockets read from this change on (the hub).
        messages[SEATING] = _to_json(table.seating())
        return messages

    def _due(self, table: FriendsTable) -> float | None:
        """When this table's clock next matters: a grace period or the turn timer running out,
        or now (a computer player's turn, a held pass)."""
        if table.state != "playing":
            return None
        moments: list[float] = []
        # A rated table's grace periods run out even when nobody is left to see it: that is
        # how a table everyone walked away from ends and is rated (docs/quick.md).
        if table.plays_on() or table.rated is not None:
            for info in table.seats.values():
                waiting = info.kind == "person" and not info.connected and not info.taken_over
                if waiting and info.away_since is not None and not info.cpu_forced:
                    moments.append(info.away_since + self.limits.grace)
        if table.daily is not None:
            moments.append(float(table.daily.get("reveal", math.inf)))
        if table.plays_on():
            turn = self.turn_of(table)
            if turn is not None:
                if table.cpu_plays(turn.key) or turn.key in table.held:
                    moments.append(self._clock())
                elif table.turn_timer:
                    moments.append(table.turn_since + table.turn_timer)
        return min(moments) if moments else None

    # --- changing a table ------------------------------------------------------------------------

    async def load(self, table_id: str) -> FriendsTable:
        doc = await self.store.load(table_id)
        if doc is None:
            raise TableNotFound()
        return FriendsTable.from_json(doc)

    async def _change(
        self, table_id: str, change: Callable[[FriendsTable], Events | None]
    ) -> FriendsTable:
        """Load the table, apply ``change`` (which may refuse: nothing is written), store the new
        table if nobody changed it meanwhile (else try again), broadcast."""
        for _ in range(CHANGE_ATTEMPTS):
            table = await self.load(table_id)
            seq = table.seq
            events = change(table)
            if events is None:
                return table
            if await self._commit(table, seq, events):
                return table
            self._states.pop((table.id, table.round), None)
        raise Stale("La mesa ha cambiado mientras tanto: vuelve a intentarlo.")

    async def _commit(self, table: FriendsTable, seq: int, events: Events) -> bool:
        hooks = self.rated_hooks
        settles = hooks is not None and table.rated is not None and hooks.settle(table)
        table.seq = seq + 1
        table.changed = self._clock()
        messages = self._messages(table, events)
        due, now = self._claimed(self._due(table))
        stored = await self.store.commit(
            Change(table.to_json(), seq, messages, due=due, ttl=self.limits.idle)
        )
        if (
            stored
            and table.state == "over"
            and any(event.get("type") == "over" for event in events.get(None, []))
        ):
            for callback in self.on_over:
                self._spawn(callback(table))
        if stored and settles:
            assert hooks is not None
            self._spawn(hooks.settled(table))
        if stored and now:
            # Something is to be done now (a computer player's turn, a held pass, a grace period
            # run out). A later moment is the clock's (``tick`` reads it from the store): a
            # look at every change would cost a load from the store for nothing, most often.
            self.kick(table.id)
        return stored

    def _claimed(self, due: float | None) -> tuple[float | None, bool]:
        """The moment to store for ``due``, and whether it has come (one reading of the clock
        for both). A moment already come is this process's to act on (it kicks itself), so it is
        stored ``limits.handoff`` seconds on. Stored as now, the other processes' clocks would
        pick the table up too while this one works, and compute the same computer move again
        (one of the two commits is then refused as stale); stored later, another process takes
        the table over only if this one never got to it."""
        now = self._clock()
        if due is None or due > now:
            return due, False
        return now + self.limits.handoff, True

    # --- REST ------------------------------------------------------------------------------------

    async def create(self, body: CreateIn, address: str) -> SeatOut:
        game = play.adapter(body.game)  # refuses a game without a friends' table
        name = clean_name(body.name)
        settings = _settings(body.game, body.settings)
        # Refused here rather than at the start: the same check the solo table makes.
        game.table.new_record(settings, level=body.level, code=code_from_bytes(bytes(5)))
        now = self._clock()
        table = FriendsTable(
            id=new_table_id(),
            game=body.game,
            settings=settings,
            level=body.level,
            turn_timer=body.turn_timer,
            address=address,
            created=now,
            changed=now,
            seq=1,
        )
        token = new_token()
        _seat_person(table, "south", name, token)
        await self.store.create(
            NewTable(
                table.to_json(),
                address=address,
                limits=(self.limits.tables_per_address, self.limits.max_tables),
                ttl=self.limits.idle,
            )
        )
        return SeatOut(table=self.public(table), seat="south", token=token)

    async def start_daily(
        self,
        game: str,
        *,
        level: str,
        code: str,
        salt: str,
        name: str,
        address: str,
        daily: dict[str, Any],
        table_id: str | None = None,
    ) -> SeatOut:
        """A table the server starts at once on a given code and salt (the day's challenge):
        the person in South, the CPU at ``level`` in the three other seats, no turn timer. The
        grace period runs from now: a page that never opens it has its game played by the CPU."""
        now = self._clock()
        table = FriendsTable(
            id=table_id or new_table_id(),
            game=game,
            settings={},
            level=level,
            turn_timer=0,
            address=address,
            created=now,
            changed=now,
            seq=1,
            daily=dict(daily),
        )
        token = new_token()
        _seat_person(table, "south", clean_name(name), token)
        for key in SEAT_KEYS[1:]:
            table.seats[key] = type(table.seats["south"])(kind="cpu")
        table.seats["south"].away_since = now
        table.round, table.code, table.salt = 1, code, salt
        table.state = "playing"
        table.turn_since = now
        await self.store.create(
            NewTable(
                table.to_json(),
                address=address,
                limits=(self.limits.tables_per_address, self.limits.max_tables),
                ttl=self.limits.idle,
            )
        )

        def deal(loaded: FriendsTable) -> Events:
            _, state = self.game_of(loaded)
            events = both({"type": "started", "round": 1, "commitment": loaded.commitment})
            return merge(events, play.deal_events(play.adapter(loaded.game), state))

        table = await self._change(table.id, deal)  # stored with its clock (the grace period)
        return SeatOut(table=self.public(table), seat="south", token=token)

    async def open_started(self, table: FriendsTable) -> None:
        """Store ``table``, made and seated by the server (a rated table of «Jugar ya»), and deal
        at once: no waiting room, no host. A person who never opens it is away from the start
        (their grace period runs from now)."""
        [refused] = await self.store_started([self.started(table)])
        if refused is not None:
            raise refused

    def started(self, table: FriendsTable) -> NewTable:
        """``table`` (made and seated by the server) dealt, as :meth:`store_started` stores it:
        the work of opening it that needs no store, so that a pass of «Jugar ya»'s matcher does
        it before it seats anyone, and then stores all its tables together."""
        self._deal(table)  # the events are nobody's: no socket knows the table yet
        table.changed = self._clock()
        due, now = self._claimed(self._due(table))
        return NewTable(
            table.to_json(),
            address=table.address,
            limits=(self.limits.max_tables, self.limits.max_tables),
            ttl=self.limits.idle,
            due=due,
            now=now,
        )

    async def store_started(self, tables: list[NewTable]) -> list[PicasError | None]:
        """Store the :meth:`started` tables together (each refused on its own past the limits:
        None if stored); those whose clock is due now (a computer player bids first) are
        kicked, as a change is."""
        refused = await self.store.create_many(tables)
        for table, refusal in zip(tables, refused, strict=True):
            if refusal is None and table.now:
                self.kick(table.id)
        return refused

    async def sit(self, table_id: str, seat: str, name_text: str) -> SeatOut:
        name = clean_name(name_text)
        token = new_token()

        def change(table: FriendsTable) -> Events:
            if table.state != "waiting":
                raise Refused("La partida ya ha empezado.", code="table_started")
            if table.seats[seat].kind == "person":
                raise Refused("Ese asiento ya está ocupado.", code="seat_taken")
            _seat_person(table, seat, name, token)
            return both({"type": "seat", "seat": seat, "kind": "person", "name": name})

        table = await self._change(table_id, change)
        return SeatOut(table=self.public(table), seat=seat, token=token)  # type: ignore[arg-type]

    async def host(self, table_id: str, body: HostIn) -> TableOut:
        action = body.action

        def change(table: FriendsTable) -> Events:
            # A rated table has no host: the server seated everyone and started it.
            if table.rated is not None or table.seat_of_token(body.token) != table.host:
                raise NotHost()
            kind = action.type
            if kind == "move":
                _need(table, "waiting")
                a, b = action.seat, action.to  # type: ignore[union-attr]
                table.seats[a], table.seats[b] = table.seats[b], table.seats[a]
                if table.host in (a, b):
                    table.host = b if table.host == a else a
                return merge(_seat_event(table, a), _seat_event(table, b))
            if kind == "cpu":
                seat = action.seat  # type: ignore[union-attr]
                info = table.seats[seat]
                if table.state == "waiting" or info.kind != "person":
                    if seat == table.host:
                        raise Refused("La CPU no puede ocupar tu asiento.", code="bad_host_action")
                    table.seats[seat] = type(info)(kind="cpu")
                    return _seat_event(table, seat)
                if seat == table.host and info.connected:
                    raise Refused("La CPU no puede ocupar tu asiento.", code="bad_host_action")
                info.cpu_forced = True
                return both(_presence(table, seat))
            if kind == "free":
                _need(table, "waiting")
                seat = action.seat  # type: ignore[union-attr]
                if seat == table.host:
                    raise Refused(
                        "No puedes dejar libre tu propio asiento.", code="bad_host_action"
                    )
                table.seats[seat] = type(table.seats[seat])()
                return _seat_event(table, seat)
            if kind == "start":
                _need(table, "waiting")
                if len(table.people()) < 2:
                    raise Refused(
                        "Hacen falta al menos dos personas para empezar.",
                        code="not_enough_players",
                    )
                return self._deal(table)
            _need(table, "over")
            return self._deal(table)

        return self.public(await self._change(table_id, change))

    def _deal(self, table: FriendsTable) -> Events:
        """Start a game (the first or «Otra partida»): a secret code and salt, the commitment."""
        now = self._clock()
        for key, info in table.seats.items():
            if info.kind != "person":
                table.seats[key] = type(info)(kind="cpu")
            elif not info.connected and info.away_since is None:
                info.away_since = now  # never came: their grace period runs from the start
        table.round += 1
        # The long form: 140 bits, so nobody's own thirteen cards (39 bits) narrow the search
        # for the code to anything a computer could finish (docs/friends.md «Fair deals»).
        table.code = long_code(secrets.token_bytes(18))
        table.salt = secrets.token_hex(16)
        table.actions = []
        table.held = {}
        table.reasons = {}
        table.reason_codes = {}
        table.state = "playing"
        table.turn_since = self._clock()
        _, state = self.game_of(table)
        events = both({"type": "started", "round": table.round, "commitment": table.commitment})
        return merge(events, play.deal_events(play.adapter(table.game), state))

    async def leave(self, table_id: str, token: str) -> TableOut:
        def change(table: FriendsTable) -> Events:
            seat = _seat_for(table, token)
            info = table.seats[seat]
            if table.state == "waiting":
                table.seats[seat] = type(info)()
            else:
                table.seats[seat] = type(info)(kind="cpu")
            if seat == table.host:
                others = [key for key in _clockwise(seat) if table.seats[key].kind == "person"]
                if others:
                    table.host = others[0]
            return _seat_event(table, seat)

        return self.public(await self._change(table_id, change))

    # --- the socket's side ----------------------------------------------------------------------

    async def person_for_token(self, table_id: str, token: str) -> tuple[FriendsTable, str]:
        """The table and the person (the token's digest) the token is, if it sits there."""
        table = await self.load(table_id)
        seat = _seat_for(table, token)
        person = table.seats[seat].token
        assert person is not None
        return table, person

    async def connect(self, table_id: str, person: str, owner: str) -> tuple[FriendsTable, str]:
        """``person``'s socket (``owner``) is at the table: the table and the seat they hold."""

        def change(table: FriendsTable) -> Events | None:
            seat = _seat_of(table, person)
            info = table.seats[seat]
            fresh = not info.connected or info.away_since is not None or info.taken_over
            fresh = fresh or info.cpu_forced
            info.connected, info.owner = True, owner
            info.away_since, info.taken_over, info.cpu_forced = None, False, False
            if not fresh:
                # Already connected (a reload: the new socket replaces the old one): nothing a
                # person sees changes, so nothing is broadcast. The owner is stored quietly.
                return {}
            return both(_presence(table, seat))

        table = await self._change(table_id, change)
        return table, _seat_of(table, person)

    async def disconnect(self, table_id: str, person: str, owner: str) -> None:
        def change(table: FriendsTable) -> Events | None:
            seat = table.seat_of_person(person)
            if seat is None:
                return None  # no longer seated here
            info = table.seats[seat]
            if info.owner != owner:
                return None  # a newer socket of this person holds the seat
            info.connected, info.owner, info.away_since = False, None, self._clock()
            return both(_presence(table, seat))

        with contextlib.suppress(TableNotFound):
            await self._change(table_id, change)

    async def act(self, table_id: str, person: str, value: object) -> None:
        key = self._games.get(table_id)
        if key is None:
            key = self._games[table_id] = (await self.load(table_id)).game
            if len(self._games) > STATE_CACHE * 8:
                self._games.pop(next(iter(self._games)))
        action = play.parse(play.adapter(key), value)  # malformed: refused before the load

        def change(table: FriendsTable) -> Events:
            seat = Seat.from_key(_seat_of(table, person))
            if table.state == "waiting":
                raise Refused("La partida aún no ha empezado.", code="not_started")
            if table.state == "over":
                raise IllegalAction("La partida ha terminado.", code="game_over")
            if self._day_over(table):
                raise Refused(
                    "El día del reto ha terminado: la CPU acaba la partida.", code="daily_over"
                )
            _, state = self.game_of(table)
            if play.is_passing(state):
                if seat not in play.still_to_pass(state) or seat.key in table.held:
                    raise Refused("Ya has pasado tus cartas.", code="already_passed")
                play.check_legal(state, action, seat)
                if play.seat_to_act(state) is not seat:
                    table.held[seat.key] = value
                    return both({"type": "passed", "seat": seat.key})
            elif play.seat_to_act(state) is not seat:
                raise not_your_turn(play.seat_to_act(state))
            else:
                play.check_legal(state, action, seat)
            return merge(self._apply(table, seat, action), self._flush_held(table))

        await self._change(table_id, change)

    async def say(self, table_id: str, person: str, phrase: str) -> None:
        def change(table: FriendsTable) -> Events:
            seat = _seat_of(table, person)
            return both({"type": "say", "seat": seat, "phrase": phrase})

        await self._change(table_id, change)

    # --- the hint and the tip ------------------------------------------------------------------

    async def suggest(
        self,
        table_id: str,
        person: str,
        kind: str,
        offload: Offload = asyncio.to_thread,
        ref: int | None = None,
    ) -> str:
        """The ``hint`` or ``tip`` message for ``seat_key`` now: the solo table's suggestion
        worked out on that seat's own view (never the state, never another hand), in a thread
        (``offload``): Normal's logic, a few milliseconds."""
        table = await self.load(table_id)
        seat_key = _seat_of(table, person)
        if table.state == "waiting":
            raise Refused("La partida aún no ha empezado.", code="not_started")
        if table.state == "over":
            raise IllegalAction("La partida ha terminado.", code="game_over")
        if seat_key in table.held:
            raise Refused("Ya has pasado tus cartas.", code="already_passed")
        if table.daily is not None:
            raise Refused("En el reto del día no hay pistas.", code="hints_off")
        seat = Seat.from_key(seat_key)
        _, state = self.game_of(table)
        game = play.adapter(table.game)
        if kind == "tip":
            tip = getattr(game.table, "tip", None)
            if tip is None:
                name = find_game(table.game).name_es
                raise IllegalAction(
                    f"En {name} no se canta: no hay consejo de canto.", code="no_tip"
                )
            answer = await offload(lambda: tip(state, seat))
            return TipMsg(
                seq=table.seq,
                bid=answer.bid,
                reasons=list(answer.reasons),
                reason_codes=answer.reason_codes,
                ref=ref,
            ).model_dump_json()
        hint = await offload(lambda: game.table.hint(state, seat))
        model = models_for(table.game).hint_out
        checked = model.model_validate(hint).model_dump(mode="json") if model else hint
        return HintMsg(seq=table.seq, hint=checked, ref=ref).model_dump_json()

    # --- the computer players and the clocks -----------------------------------------------------

    def _spawn(self, work: Awaitable[None]) -> None:
        """Run ``work`` in a task of this process (:meth:`settle` waits for it too)."""

        async def run() -> None:
            try:
                await work
            except Exception:
                log.exception("Mesa: fallo tras guardar un cambio")

        task = asyncio.get_running_loop().create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def kick(self, table_id: str) -> None:
        """Let the computer players and the clocks of ``table_id`` act, in a task of this process
        (one at a time per table; a kick while one runs makes it look again)."""
        if table_id in self._driving:
            self._driving[table_id] = True
            return
        self._driving[table_id] = False
        task = asyncio.get_running_loop().create_task(self._drive_loop(table_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _drive_loop(self, table_id: str) -> None:
        try:
            while True:
                self._driving[table_id] = False
                try:
                    while await self.step(table_id):
                        pass
                except (TableNotFound, Stale):
                    pass
                except PicasError as error:
                    log.warning("Mesa %s: la CPU no pudo jugar: %s", table_id, error.message)
                    await asyncio.sleep(1.0)
                if not self._driving.get(table_id):
                    return
        except Exception:
            log.exception("Mesa %s: fallo al jugar la CPU", table_id)
        finally:
            self._driving.pop(table_id, None)

    async def step(self, table_id: str) -> bool:
        """One thing the clock or the computer players do at ``table_id``, if any: a grace
        period that ran out, a held pass, a computer player's turn, a turn timer run out. True if
        something changed (there may be more)."""
        table = await self.load(table_id)
        if table.state != "playing":
            return False
        now = self._clock()
        seq = table.seq
        expired = [
            key
            for key, info in table.seats.items()
            if info.kind == "person"
            and not info.connected
            and not info.taken_over
            and info.away_since is not None
            and now - info.away_since >= self.limits.grace
        ]
        if expired:
            events: Events = {}
            for key in expired:
                table.seats[key].taken_over = True
                merge(events, both(_presence(table, key)))
            return await self._commit(table, seq, events)
        if not table.plays_on():
            return False
        record, state = self.game_of(table)
        seat = play.seat_to_act(state)
        if seat is None:
            return False
        if seat.key in table.held:
            return await self._commit(table, seq, self._flush_held(table))
        timed_out = (
            table.turn_timer > 0
            and table.seats[seat.key].kind == "person"
            and now >= table.turn_since + table.turn_timer
        )
        if not (table.cpu_plays(seat.key) or timed_out or self._day_over(table)):
            return False
        position = len(record.actions)
        game = play.adapter(table.game)
        if table.level in HEAVY_LEVELS and self._heavy_decide is not None:
            value = await self._heavy_decide(table, record.to_json(), seat.key, position)
            action = play.parse(game, value)
        else:
            action = play.bot_action(
                game, self._bot(table.game, table.level), state, seat, position
            )
        events = self._apply(table, seat, action, by_cpu=True)
        merge(events, self._flush_held(table))
        return await self._commit(table, seq, events)

    async def tick(self) -> None:
        """The clocks of every table due now (run every ``limits.tick`` seconds)."""
        for table_id in await self.store.due(self._clock()):
            self.kick(table_id)

    async def run_clock(self) -> None:
        last_sweep = 0.0
        while True:
            await asyncio.sleep(self.limits.tick)
            try:
                await self.tick()
                if self._clock() - last_sweep > 60:
                    last_sweep = self._clock()
                    await self.store.sweep(self._clock())
            except Exception:  # the clock must keep running whatever one table does
                log.exception("Reloj de las mesas")

    async def settle(self) -> None:
        """Wait until this process's computer players have nothing left to do (tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)


HEAVY_LEVELS = frozenset({"dificil"})


def _to_json(value: Any) -> str:
    """``value`` as pydantic writes a ``dict[str, Any]`` or ``list`` field (compact, UTF-8)."""
    return pydantic_core.to_json(value).decode()


def _settings(game: str, settings: dict[str, Any]) -> dict[str, Any]:
    """The solo new game's options of ``game``, checked by its own body model."""
    if any(key in settings for key in ("game", "level", "code")):
        raise Refused("Las opciones no llevan juego, nivel ni código.", code="bad_settings")
    try:
        model = models_for(game).new_game_in.model_validate({"game": game, **settings})
    except ValidationError as error:
        details = error.errors()
        where = ".".join(str(part) for part in details[0]["loc"]) if details else "settings"
        raise InvalidRules(f"Opción de partida no válida: {where}.") from None
    dumped = model.model_dump(exclude={"game", "level", "code"})
    options = find_game(game).options
    # An option only the solo table plays (Spades' «Dos jugadores»: a friends' table seats four)
    # is refused away from its default, and left out of the stored settings, which stay as they
    # were before the option came.
    for name, option in options.items():
        if option.solo_only is not None and option.is_set(dumped.pop(name)):
            raise Refused(option.solo_only.message, code=option.solo_only.code)
    options.check(dumped)
    return dumped


def _clockwise(seat: str) -> list[str]:
    index = SEAT_KEYS.index(seat)
    return [SEAT_KEYS[(index + step) % 4] for step in range(1, 4)]


def _need(table: FriendsTable, state: str) -> None:
    if table.state != state:
        raise Refused("Eso no se puede hacer ahora en esta mesa.", code="bad_state")


def _seat_person(table: FriendsTable, seat: str, name: str, token: str) -> None:
    from picas.web.friends.model import SeatInfo, token_digest

    table.seats[seat] = SeatInfo(kind="person", name=name, token=token_digest(token))


def _seat_for(table: FriendsTable, token: str) -> str:
    seat = table.seat_of_token(token)
    if seat is None:
        raise Refused("Este enlace de asiento no vale para esta mesa.", code="bad_token")
    return seat


def _seat_of(table: FriendsTable, person: str) -> str:
    """The seat ``person`` holds now, or the refusal a socket gets when they hold none."""
    seat = table.seat_of_person(person)
    if seat is None:
        raise Refused("Ya no tienes asiento en esta mesa.", code="seat_lost")
    return seat


def _seat_event(table: FriendsTable, seat: str) -> Events:
    info = table.seats[seat]
    return both({"type": "seat", "seat": seat, "kind": info.kind, "name": info.name})


def _presence(table: FriendsTable, seat: str) -> Event:
    info = table.seats[seat]
    return {
        "type": "presence",
        "seat": seat,
        "connected": info.connected,
        "cpu_playing": table.cpu_plays(seat),
    }
