"""The pass before each hand: to the left, to the right, across, then none, and again."""

from __future__ import annotations

from enum import Enum

from picas.shared.seats import Seat


class PassDirection(Enum):
    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    NONE = "none"

    @property
    def offset(self) -> int:
        """How many seats clockwise the cards travel (0: they stay)."""
        return _OFFSETS[self]

    def receiver(self, giver: Seat) -> Seat:
        return Seat((giver + self.offset) % 4)

    def giver(self, receiver: Seat) -> Seat:
        return Seat((receiver - self.offset) % 4)

    @property
    def label_es(self) -> str:
        """The pass button's words: «Pasar a la izquierda»."""
        return _LABELS_ES[self]


_OFFSETS = {
    PassDirection.LEFT: 1,
    PassDirection.RIGHT: 3,
    PassDirection.ACROSS: 2,
    PassDirection.NONE: 0,
}
_LABELS_ES = {
    PassDirection.LEFT: "Pasar a la izquierda",
    PassDirection.RIGHT: "Pasar a la derecha",
    PassDirection.ACROSS: "Pasar al de enfrente",
    PassDirection.NONE: "Sin pase",
}
CYCLE = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE)


def direction_for(
    hand_number: int, *, passing: bool, first: PassDirection = PassDirection.LEFT
) -> PassDirection:
    """The direction of hand ``hand_number`` (1-based): the cycle of four from ``first`` (a
    practice game replays a hand of another game with that hand's direction), or none at all."""
    if not passing:
        return PassDirection.NONE
    return CYCLE[(CYCLE.index(first) + hand_number - 1) % 4]
