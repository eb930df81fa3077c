"""What ``picas check`` shares between the games: the error, the tally, and the loop that plays
one game checking every position, every finished hand and, at the end, the record's round trip
through JSON and its replay. Each game's checks are its own (:mod:`picas.games.spades.invariants`,
:mod:`picas.games.corazones.invariants`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, Self


class InvariantBroken(AssertionError):  # noqa: N818
    pass


@dataclass
class Tally:
    games: int = 0
    hands: int = 0
    actions: int = 0

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.hands += other.hands
        self.actions += other.actions


class CheckedRecord(Protocol):
    """What the loop needs of a game's record (:class:`picas.record.GameRecord`)."""

    @property
    def code(self) -> str: ...

    @property
    def actions(self) -> Sequence[Any]: ...

    def start(self) -> Any: ...

    def append(self, *actions: Any) -> Self: ...

    def dumps(self) -> str: ...

    @classmethod
    def loads(cls, text: str | bytes) -> Self: ...


def union_of_disjoint(masks: tuple[int, ...]) -> int:
    """The cards of all ``masks``, which must not share one (a card held by two seats)."""
    union = 0
    for mask in masks:
        if union & mask:
            raise InvariantBroken("a card is held by two seats")
        union |= mask
    return union


def play_checked(
    record: CheckedRecord,
    choose: Callable[[Any, int], Any],
    *,
    check_position: Callable[..., None],
    check_hand_result: Callable[[Any, Any], None],
    max_hands: int,
    check_every: int = 1,
) -> Tally:
    """Play one game from ``record`` (no actions yet) with ``choose``, checking every position
    (``check_position(game, views=...)``, the views at every ``check_every``-th one), each
    finished hand (``check_hand_result(result, totals_before)``), and at the end the record's
    round trip through JSON and its replay."""
    game = record.start()
    actions: list[Any] = []
    tally = Tally(games=1)
    while game.outcome is None and game.hand.number <= max_hands:
        check_position(game, views=len(actions) % check_every == 0)
        action = choose(game, len(actions))
        before = game.totals
        after = game.apply(action)
        actions.append(action)
        if len(after.history) > len(game.history):
            check_hand_result(after.history[-1], before)
            tally.hands += 1
        game = after
    check_position(game)
    full = record.append(*actions)
    again = type(full).loads(full.dumps())
    if again != full:
        raise InvariantBroken(f"record {record.code} does not round-trip")
    replayed = again.start()
    for action in again.actions:  # by the seat on turn, as a record is replayed
        replayed = replayed.apply(action)
    if replayed != game:
        raise InvariantBroken(f"record {record.code} does not replay to the same state")
    tally.actions = len(actions)
    return tally
