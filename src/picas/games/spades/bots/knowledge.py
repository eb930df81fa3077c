"""What a seat can know from its view: card counting, voids, masters — as plain integers.

Everything here is computed from a :class:`~picas.games.spades.view.PlayerView` only, so a bot built
on it cannot see another hand. The result is a small private representation (card masks and tuples
of ints) that the play policy and the search read quickly, many thousands of times per decision.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from picas.games.spades import Card, Seat
from picas.games.spades.view import PlayerView
from picas.shared.cards import FULL_DECK_MASK, JOKERS_MASK, SUIT_MASKS
from picas.shared.decks import Deck

# The engine's card masks, under the short names the bots' arithmetic reads best with. The spade
# suit holds the jokers of «Comodines» (52, 53: above ♠A, and followed as spades), and a joker's
# ``card // 13`` (4) reads the same mask; in a deck without jokers those bits are never set, so
# the standard game's arithmetic is unchanged.
SUIT_MASK: Final[tuple[int, ...]] = (
    SUIT_MASKS[0],
    SUIT_MASKS[1],
    SUIT_MASKS[2],
    SUIT_MASKS[3] | JOKERS_MASK,
    SUIT_MASKS[3] | JOKERS_MASK,
)
SPADES: Final = SUIT_MASK[3]
NON_SPADES: Final = SUIT_MASK[0] | SUIT_MASK[1] | SUIT_MASK[2]
FULL: Final = FULL_DECK_MASK
FIRST_SPADE: Final = 39

ABOVE: Final[tuple[int, ...]] = tuple(SUIT_MASK[c // 13] & ~((2 << c) - 1) for c in range(54))
"""``ABOVE[c]``: the cards of ``c``'s suit that beat it (a spade's: the jokers too)."""
BELOW: Final[tuple[int, ...]] = tuple(SUIT_MASK[c // 13] & ((1 << c) - 1) for c in range(54))
"""``BELOW[c]``: the cards of ``c``'s suit that it beats (a joker's: every spade)."""


SUIT_COUNT: Final[tuple[int, ...]] = tuple(pattern.bit_count() for pattern in range(1 << 15))
"""``SUIT_COUNT[m]``: the number of cards in the pattern ``m`` of one suit (13 bits, 15 for the
spades with the jokers; a table: as fast as ``int.bit_count`` in Python, and a native read in the
compiled playouts, where that is a method call)."""


def low_card(mask: int) -> int:
    """The lowest-indexed card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def high_card(mask: int) -> int:
    return mask.bit_length() - 1


def suit_voids(mask: int) -> int:
    """Bit ``s`` set when ``mask`` holds no card of suit ``s``."""
    return (
        (not mask & SUIT_MASK[0])
        | (not mask & SUIT_MASK[1]) << 1
        | (not mask & SUIT_MASK[2]) << 2
        | (not mask & SUIT_MASK[3]) << 3
    )


def void_mask(voids: int) -> int:
    """The cards of the suits in the void bit set ``voids``."""
    out = 0
    for suit in range(4):
        if voids >> suit & 1:
            out |= SUIT_MASK[suit]
    return out


class Knowledge(NamedTuple):
    """One seat's knowledge of the hand in progress, derived from its view."""

    seat: int
    mine: int
    """The seat's own cards (mask)."""
    played: int
    """Every card played this hand, including the trick in progress."""
    unseen: int
    """Cards held by the other three seats (neither mine nor played)."""
    voids: tuple[int, int, int, int]
    """Per seat, bit ``s`` set when the seat is known to hold no card of suit ``s``."""
    possible: tuple[int, int, int, int]
    """Per seat, the cards it may hold: exactly ``mine`` for this seat, else ``unseen`` minus known
    voids."""
    seat_played: tuple[int, int, int, int]
    """Per seat, the cards it has played this hand (so its dealt hand is ``held | seat_played``)."""
    sizes: tuple[int, int, int, int]
    trick: tuple[int, ...]
    leader: int
    bids: tuple[int, int, int, int]
    """Bids, with ``-1`` for a seat that has not bid yet."""
    won: tuple[int, int, int, int]
    broken: bool
    tricks_left: int
    """Tricks still to finish, counting the one in progress."""
    deck: Deck
    """The rules' deck: the samplers deal from its suits («Comodines»: the jokers with the
    spades, no ♥2 or ♦2)."""

    def master(self, suit: int) -> int:
        """The highest card of ``suit`` not yet played (``-1`` if all are gone)."""
        left = (self.unseen | self.mine) & SUIT_MASK[suit]
        return left.bit_length() - 1


def know(view: PlayerView) -> Knowledge:
    """Count the cards and infer the voids that ``view`` shows.

    A seat that did not follow the led suit is void in it. A seat that led a spade before spades
    were broken held nothing but spades at that moment.
    """
    mine = 0
    for card in view.hand or ():
        mine |= 1 << card
    played = 0
    seat_played = [0, 0, 0, 0]
    voids = [0, 0, 0, 0]
    broken = False
    tricks: list[tuple[int, tuple[Card, ...]]] = [(int(t.leader), t.cards) for t in view.tricks]
    if view.trick:
        tricks.append((int(view.leader), view.trick))
    for leader, cards in tricks:
        led = min(cards[0] // 13, 3)  # a joker leads as a spade
        if led == 3 and not broken:
            voids[leader] |= 0b0111
        for i, card in enumerate(cards):
            seat = (leader + i) & 3
            played |= 1 << card
            seat_played[seat] |= 1 << card
            if min(card // 13, 3) != led:
                voids[seat] |= 1 << led
                if card >= FIRST_SPADE:
                    broken = True
    deck = view.rules.deck
    unseen = deck.cards & ~played & ~mine
    me = int(view.seat)
    possible = [0, 0, 0, 0]
    for seat in range(4):
        if seat == me:
            possible[seat] = mine
        elif view.hand_sizes[seat]:
            possible[seat] = unseen & ~void_mask(voids[seat])
    bids = tuple(-1 if b is None else b for b in view.bids)
    tricks_left = 13 - len(view.tricks)
    return Knowledge(
        seat=me,
        mine=mine,
        played=played,
        unseen=unseen,
        voids=(voids[0], voids[1], voids[2], voids[3]),
        possible=(possible[0], possible[1], possible[2], possible[3]),
        seat_played=(seat_played[0], seat_played[1], seat_played[2], seat_played[3]),
        sizes=view.hand_sizes,
        trick=tuple(int(c) for c in view.trick),
        leader=int(view.leader),
        bids=(bids[0], bids[1], bids[2], bids[3]),
        won=view.won,
        broken=view.spades_broken,
        tricks_left=tricks_left,
        deck=deck,
    )


def dealt_hand(view: PlayerView, seat: Seat | None = None) -> int:
    """The cards ``seat`` (default the viewer) was dealt this hand, as far as the view shows.

    For the viewer this is exact: the cards still held plus those already played.
    """
    who = view.seat if seat is None else seat
    mask = 0
    for played_by, card in view.played_cards():
        if played_by is who:
            mask |= 1 << card
    if who is view.seat:
        for card in view.hand or ():
            mask |= 1 << card
    return mask
