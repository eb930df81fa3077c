"""Small card arithmetic the Corazones bots share: masks by suit, ranks, what has been seen."""

from __future__ import annotations

from collections.abc import Iterable

from picas.engine.cards import SUIT_MASKS, Card, mask_of
from picas.engine.seats import Seat
from picas.games.corazones.hand import HEARTS as HEARTS_MASK
from picas.games.corazones.hand import QUEEN_OF_SPADES
from picas.games.corazones.view import PlayerView

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
QS = int(QUEEN_OF_SPADES)
KS = QS + 1
AS = QS + 2
HIGH_SPADES = (1 << KS) | (1 << AS)


def rank(card: int) -> int:
    """0 for a two … 12 for an ace."""
    return card % 13


def suit(card: int) -> int:
    return card // 13


def in_suit(mask: int, s: int) -> int:
    return mask & SUIT_MASKS[s]


def is_point(card: int) -> bool:
    return bool((1 << card) & (HEARTS_MASK | 1 << QS))


def ordered(cards: Iterable[int], *, high_first: bool = False) -> list[int]:
    """By rank, then by suit (clubs first), so every choice is the same on every run."""
    return sorted(cards, key=lambda c: (rank(c), suit(c)), reverse=high_first)


def mask(cards: Iterable[Card]) -> int:
    return mask_of(cards)


def trick_winner(trick: tuple[Card, ...]) -> int:
    """The card winning the trick so far (the highest of the led suit)."""
    led = suit(trick[0])
    return max(c for c in trick if suit(c) == led)


def trick_points(trick: Iterable[int]) -> int:
    return sum(13 if c == QS else 1 for c in trick if is_point(c))


class Seen:
    """What a player can know from its view: the cards played and who is void in what."""

    def __init__(self, view: PlayerView) -> None:
        self.seat = view.seat
        self.played = mask(card for _, card in view.played_cards())
        self.mine = mask(view.hand)
        self.unseen = ((1 << 52) - 1) & ~self.played & ~self.mine
        voids: dict[Seat, set[int]] = {seat: set() for seat in Seat}
        for trick in (*((t.leader, t.cards) for t in view.tricks), (view.leader, view.trick)):
            leader, cards = trick
            for position, card in enumerate(cards[1:], start=1):
                if suit(card) != suit(cards[0]):
                    voids[Seat((leader + position) % 4)].add(suit(cards[0]))
        self.voids = voids

    def shown_out(self, s: int) -> bool:
        """Another player has failed to follow suit ``s`` this hand."""
        return any(s in voids for seat, voids in self.voids.items() if seat != self.seat)

    def queen_out(self) -> bool:
        """♠Q is still in another player's hand."""
        return bool(self.unseen >> QS & 1)
