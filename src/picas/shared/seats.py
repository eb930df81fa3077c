"""Seats around the table and the two teams."""

from __future__ import annotations

from enum import IntEnum


class Seat(IntEnum):
    """Seats in clockwise order: play passes from a seat to the one on its left."""

    SOUTH = 0
    WEST = 1
    NORTH = 2
    EAST = 3

    @property
    def left(self) -> Seat:
        """The next seat clockwise (the one who plays after this one)."""
        return _SEATS[(self + 1) % 4]

    @property
    def partner(self) -> Seat:
        return _SEATS[(self + 2) % 4]

    @property
    def team(self) -> Team:
        return _TEAMS[self % 2]

    @property
    def name_es(self) -> str:
        return _SEAT_NAMES_ES[self]

    @property
    def key(self) -> str:
        """Lower-case English name, used in JSON ("south")."""
        # A table, not ``self.name.lower()``: an enum's ``name`` is a descriptor lookup, and the
        # views written for every socket at every change ask for keys a hundred times each.
        return _SEAT_KEYS[self]

    @classmethod
    def from_key(cls, key: str) -> Seat:
        return cls[key.upper()]


class Team(IntEnum):
    """North–South (the human's team) and East–West."""

    NORTH_SOUTH = 0
    EAST_WEST = 1

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat(self), Seat(self + 2))

    @property
    def other(self) -> Team:
        return _TEAMS[1 - self]

    @property
    def name_es(self) -> str:
        return "Norte–Sur" if self is Team.NORTH_SOUTH else "Este–Oeste"

    @property
    def key(self) -> str:
        return "north_south" if self is Team.NORTH_SOUTH else "east_west"


_SEATS = tuple(Seat)
_TEAMS = tuple(Team)
_SEAT_NAMES_ES = ("Sur", "Oeste", "Norte", "Este")
_SEAT_KEYS = tuple(seat.name.lower() for seat in Seat)
