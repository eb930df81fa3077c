"""A friends' table as the store keeps it: seats, host, settings, the game's secret code and its
actions, and what the clock needs (who is away since when, when the turn started).

This whole object is server-side only. What a browser may see of it is :func:`public` (no token
digest, no code, no salt, no action, no held pass, no bid reason of a hand still being played).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from picas.shared.seats import Seat
from picas.web.friends.messages import SeatPublic, TableOut

SEAT_KEYS = tuple(seat.key for seat in Seat)
COMMITMENT_SEPARATOR = "|"


def new_table_id() -> str:
    return secrets.token_urlsafe(16)  # 128 bits


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


def token_digest(token: str) -> str:
    return hashlib.sha256(("picas/mesa/token/" + token).encode("utf-8", "replace")).hexdigest()


def commitment(code: str, salt: str) -> str:
    """``hex(SHA-256(UTF-8(code + "|" + salt)))``, what the page checks at the end."""
    return hashlib.sha256((code + COMMITMENT_SEPARATOR + salt).encode("utf-8")).hexdigest()


@dataclass(slots=True)
class SeatInfo:
    kind: Literal["person", "cpu", "free"] = "free"
    name: str | None = None
    token: str | None = None
    """The SHA-256 digest of the person's seat token (never the token)."""
    connected: bool = False
    owner: str | None = None
    """The server process holding this seat's socket (to notice a process that died)."""
    away_since: float | None = None
    """When the person's socket closed (the grace period runs from here)."""
    cpu_forced: bool = False
    """The host handed this person's seat to the CPU: at once, until the person is back (a new
    ``hello`` of theirs)."""
    taken_over: bool = False
    """The grace period ran out while the person was away: the CPU plays until they are back."""


@dataclass(slots=True)
class FriendsTable:
    id: str
    game: str
    settings: dict[str, Any]
    level: str
    turn_timer: int
    address: str
    created: float
    changed: float
    state: Literal["waiting", "playing", "over"] = "waiting"
    round: int = 0
    host: str = "south"
    seq: int = 0
    seats: dict[str, SeatInfo] = field(
        default_factory=lambda: {key: SeatInfo() for key in SEAT_KEYS}
    )
    code: str | None = None
    salt: str | None = None
    actions: list[Any] = field(default_factory=list)
    held: dict[str, Any] = field(default_factory=dict)
    """Corazones passes chosen before the record's order reaches their seat (seat key → JSON)."""
    turn_since: float = 0.0
    """When the present turn began (the turn timer runs from here)."""
    reasons: dict[str, dict[str, str]] = field(default_factory=dict)
    """Why the computer bid what it bid (hand number → seat key → reason): sent only once that
    hand is over (docs/friends.md, «¿Por qué?»)."""
    reason_codes: dict[str, dict[str, list[Any]]] = field(default_factory=dict)
    """The same reasons as codes (hand number → seat key → ``[{"code", "params"}]``)."""
    daily: dict[str, Any] | None = None
    """A table the server started for «Reto del día» (docs/daily.md): ``rules`` (the record's
    whole rules), ``hands`` (the game ends after them), ``reveal`` (before this moment the end
    carries no code, salt or record), hints off, and the CPU finishing the game of a person away
    past the grace period; the rest is the day's own (never sent to a browser)."""
    rated: dict[str, Any] | None = None
    """A rated table of «Jugar ya» (docs/quick.md): each seat's profile id (``"seats"``) and, once
    its game is settled, the result to rate (``"result"``). None at a friends' table. Server-side
    only, like everything here but :func:`public`."""

    # --- storage --------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Plain JSON (by hand: ``dataclasses.asdict`` deep-copies every action, and this is
        written at every change)."""
        data = {name: getattr(self, name) for name in TABLE_FIELDS}
        data["seats"] = {
            key: {name: getattr(info, name) for name in SEAT_FIELDS}
            for key, info in self.seats.items()
        }
        data["actions"] = list(self.actions)
        data["held"] = dict(self.held)
        data["reasons"] = {hand: dict(seats) for hand, seats in self.reasons.items()}
        data["reason_codes"] = {hand: dict(seats) for hand, seats in self.reason_codes.items()}
        data["rated"] = None if self.rated is None else dict(self.rated)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FriendsTable:
        seats = {key: SeatInfo(**value) for key, value in data["seats"].items()}
        return cls(**{**data, "seats": seats})

    # --- people ---------------------------------------------------------------------------------

    def seat_of_token(self, token: str) -> str | None:
        """The seat whose token this is, compared in constant time against every seat."""
        digest = token_digest(token)
        found = None
        for key, info in self.seats.items():
            stored = info.token or ""
            if hmac.compare_digest(stored.encode(), digest.encode()) and info.kind == "person":
                found = key
        return found

    def seat_of_person(self, person: str) -> str | None:
        """Where the person whose token digest is ``person`` sits now (None: nowhere). A socket
        is bound to the person, not to a seat: the host may move people in the waiting room."""
        for key, info in self.seats.items():
            if info.kind == "person" and info.token == person:
                return key
        return None

    def seating(self) -> dict[str, str]:
        """Each seated person (token digest) → their seat: sent with every change to this
        server's processes (never to a browser), so each socket reads the messages of the seat
        its person has at that change."""
        return {
            info.token: key
            for key, info in self.seats.items()
            if info.kind == "person" and info.token is not None
        }

    def people(self) -> list[str]:
        return [key for key, info in self.seats.items() if info.kind == "person"]

    def anyone_connected(self) -> bool:
        return any(info.connected for info in self.seats.values() if info.kind == "person")

    def plays_on(self) -> bool:
        """The game goes on: someone is at the table, or it is a day's challenge (its one person
        away past the grace period has their game finished by the CPU)."""
        return self.anyone_connected() or self.daily is not None

    def cpu_plays(self, key: str) -> bool:
        """The CPU plays this seat now: a CPU seat, or a person's handed to the CPU or away past
        the grace period, while someone else is at the table (a table everyone left waits)."""
        info = self.seats[key]
        if info.kind != "person":
            return True
        if not self.plays_on():
            return False
        if info.cpu_forced:
            return True  # handed over by the host: at once, even with the person's page open
        return not info.connected and info.taken_over

    @property
    def commitment(self) -> str | None:
        if self.code is None or self.salt is None or self.state == "waiting":
            return None
        return commitment(self.code, self.salt)


TABLE_FIELDS = tuple(item.name for item in fields(FriendsTable))
SEAT_FIELDS = tuple(item.name for item in fields(SeatInfo))


def public(table: FriendsTable, *, turn: Seat | None, now: float, idle: float) -> TableOut:
    """The table as everyone sees it (docs/friends.md, ``TableOut``)."""
    seats = [
        SeatPublic(
            seat=key,  # type: ignore[arg-type]
            kind=info.kind,
            name=info.name,
            connected=info.connected,
            cpu_playing=info.kind == "person" and table.cpu_plays(key),
        )
        for key, info in table.seats.items()
    ]
    deadline = None
    if (
        table.turn_timer
        and turn is not None
        and table.state == "playing"
        and not table.cpu_plays(turn.key)
    ):
        deadline = int((table.turn_since + table.turn_timer) * 1000)
    return TableOut(
        id=table.id,
        game=table.game,
        settings=dict(table.settings),
        level=table.level,  # type: ignore[arg-type]
        turn_timer=table.turn_timer,
        state=table.state,
        round=table.round,
        host=table.host,  # type: ignore[arg-type]
        seq=table.seq,
        seats=seats,
        turn=None if turn is None else turn.key,  # type: ignore[arg-type]
        turn_deadline_ms=deadline,
        commitment=table.commitment,
        expires_in=max(0, int(table.changed + idle - now)),
        rated=table.rated is not None,
    )
