"""Small helpers of both engines' play loops, on the compiled path (:mod:`picas.compiled`).

One int per seat: in the compiled build a ``tuple[int, int, int, int]`` (hands, tricks won…) is a
C struct of four unboxed ints, and indexing it with a seat known only at run time would first box
it into a Python tuple; :func:`at` and :func:`replaced` branch on the seat instead. A ``Card`` is
an ``int`` subclass, so arithmetic on it is Python's; the helpers taking cards take them as ``int``,
which the compiled code unboxes once and then computes on natively. And the legal plays of a mask,
without building an action (:func:`plays_of`).
"""

from __future__ import annotations

from typing import Final

from picas.shared.cards import Card
from picas.shared.seats import Seat
from picas.shared.trick_winner import trick_winner_index
from picas.shared.tricks import PLAYS, Play, Trick

_PLAYS: Final = PLAYS
_SEATS: Final = tuple(Seat)
_new_trick: Final = tuple.__new__
"""Builds a ``Trick`` without the ``NamedTuple`` keyword wrapper: thirteen per hand."""

Four = tuple[int, int, int, int]


def at(four: Four, seat: int) -> int:
    """``four[seat]``."""
    if seat == 0:
        return four[0]
    if seat == 1:
        return four[1]
    if seat == 2:
        return four[2]
    return four[3]


def replaced(four: Four, seat: int, value: int) -> Four:
    """``four`` with ``value`` in place of ``four[seat]``."""
    if seat == 0:
        return (value, four[1], four[2], four[3])
    if seat == 1:
        return (four[0], value, four[2], four[3])
    if seat == 2:
        return (four[0], four[1], value, four[3])
    return (four[0], four[1], four[2], value)


def plays_of(mask: int) -> tuple[Play, ...]:
    """The plays of the cards of ``mask``, lowest first (the shared ``Play`` of each card).

    Bit by bit rather than from per-suit tables: the 52 plays stay in the cache, where thousands
    of table entries would not.
    """
    found: list[Play] = []
    while mask:
        low = mask & -mask
        found.append(_PLAYS[low.bit_length() - 1])
        mask ^= low
    return tuple(found)


def suit_bits(card: int) -> int:
    """The 13 bits of ``card``'s suit."""
    return 0x1FFF << 13 * (card // 13)


def bits_of(cards: tuple[int, ...]) -> int:
    """The mask of ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def played(trick: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The cards on the table after ``card``: built at their size (unpacking ``(*trick, card)``
    would go through a list)."""
    size = len(trick)
    if size == 0:
        return (card,)
    if size == 1:
        return (trick[0], card)
    if size == 2:
        return (trick[0], trick[1], card)
    return (trick[0], trick[1], trick[2], card)


def closed_trick(
    tricks: tuple[Trick, ...],
    leader: Seat,
    cards: tuple[Card, ...],
    trump: int,
    top: int = 0,
    ring: int = 3,
) -> tuple[int, tuple[Trick, ...]]:
    """The seat (as an index) that takes the full trick ``cards`` led by ``leader`` under the
    game's trick rule (``trump``, ``top``), and the hand's ``tricks`` with this one added. The
    seats in play are ``0..ring`` (3: all four; 1: South and West, at Spades' two players)."""
    lead: int = leader
    taker = (lead + trick_winner_index(cards, trump, top)) & ring
    return taker, (*tricks, _new_trick(Trick, (leader, cards, _SEATS[taker])))
