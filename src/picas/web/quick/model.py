"""The queue's records: a person waiting (:class:`Entry`) and a person seated by the matcher
(:class:`Seating`), as the store keeps them (server-side only)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

CPU_LEVEL = "dificil"
"""The computer players' level at a rated table."""
CPU_PLAYER = f"cpu:{CPU_LEVEL}"
"""The computer player as the ratings name it."""
SEAT_LETTERS = {"south": "s", "west": "w", "north": "n", "east": "e"}
TURN_TIMER = 30


@dataclass(frozen=True, slots=True)
class Entry:
    """A person in the queue of one game and target, held by one socket (``conn``)."""

    profile: str
    name: str
    game: str
    target: int
    rating: int
    joined: float
    conn: str
    address: str = ""
    """The client address it joined from ("" when addresses are not kept apart): two entries
    from one address are never seated together (one person with two profiles)."""

    @property
    def queue(self) -> str:
        return f"{self.game}:{self.target}"

    def to_json(self) -> dict[str, Any]:
        return _plain(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Entry:
        return cls(**data)


@dataclass(frozen=True, slots=True)
class Seating:
    """Where the matcher seated a person: the table, the seat and the seat's token (the one the
    table's page uses), for the socket ``conn`` that waited."""

    profile: str
    conn: str
    table: str
    seat: str
    token: str

    def to_json(self) -> dict[str, Any]:
        return _plain(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seating:
        return cls(**data)


def _plain(record: Entry | Seating) -> dict[str, Any]:
    """A record's fields (all plain values) as a dict: ``dataclasses.asdict`` deep-copies each
    value, and a matcher's pass writes thousands of these."""
    return {item.name: getattr(record, item.name) for item in fields(record)}
