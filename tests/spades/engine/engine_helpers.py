"""Shared helpers and hand-built deals for the engine tests (not a test module).

The deals here are written out card by card so that every trick of the hand is known in advance:
the tests can then assert exact trick winners and exact scores without trusting the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from picas.games.spades import Bid, Card, GameState, HandState, Play, Seat, mask_of

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST

Deal = tuple[int, int, int, int]


def card(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> list[Card]:
    """Cards from space-separated codes: ``cards("AH 2H 2S KH")``."""
    return [Card.parse(word) for word in text.split()]


def plays(text: str) -> tuple[Play, ...]:
    return tuple(Play(c) for c in cards(text))


def mask(text: str) -> int:
    """A card mask from space-separated card codes: ``mask("AS KS 2C")``."""
    return mask_of(Card.parse(word) for word in text.split())


def deal(south: str, west: str, north: str, east: str) -> Deal:
    hands = (mask(south), mask(west), mask(north), mask(east))
    assert [h.bit_count() for h in hands] == [13, 13, 13, 13]
    assert hands[0] | hands[1] | hands[2] | hands[3] == (1 << 52) - 1
    return hands


# --- seeds/000's worked example, as a real hand -------------------------------------------------
# East deals, so South bids and leads first. Bids: S 4, W 2, N 3, E 3.
# Every seat holds three clubs, three diamonds and three hearts that it plays in turn, so the first
# nine tricks are all "follow suit"; the last four are spades (plus the three jacks). South ends
# with 5 tricks, West 2, North 3, East 3: North–South contract 7, 8 taken → +70 and 1 bag = +71;
# East–West contract 5, 5 taken → +50.
SEED_000_DEAL: Deal = deal(
    "AC 2C 3C 4D 6D 9D 3H 5H 8H AS KS QS JS",
    "KC QC 4C JC 2D 7D TD 4H 6H 9H TS 9S 8S",
    "5C 7C 9C AD KD QD JD 2H 7H TH 7S 6S 5S",
    "6C 8C TC 3D 5D 8D AH KH QH JH 4S 3S 2S",
)
SEED_000_BIDS = (4, 2, 3, 3)
"""In bidding order: South, West, North, East."""
SEED_000_TRICKS: tuple[tuple[Seat, str, Seat], ...] = (
    # (leader, the four cards in play order, winner)
    (S, "AC 4C 5C 6C", S),
    (S, "2C KC 7C 8C", W),
    (W, "QC 9C TC 3C", W),
    (W, "2D AD 3D 4D", N),
    (N, "KD 5D 6D 7D", N),
    (N, "QD 8D 9D TD", N),
    (N, "2H AH 3H 4H", E),
    (E, "KH 5H 6H 7H", E),
    (E, "QH 8H 9H TH", E),
    (E, "JH AS JC JD", S),  # East may not lead a spade yet; South trumps and breaks spades.
    (S, "KS TS 7S 4S", S),
    (S, "QS 9S 6S 3S", S),
    (S, "JS 8S 5S 2S", S),
)
SEED_000_PLAYS: tuple[Card, ...] = tuple(
    Card.parse(code) for _, cards, _ in SEED_000_TRICKS for code in cards.split()
)


def bid_all(game: GameState, bids: Sequence[int]) -> GameState:
    for tricks in bids:
        game = game.apply(Bid(tricks))
    return game


def play_all(game: GameState, cards: Sequence[Card]) -> GameState:
    for c in cards:
        game = game.apply(Play(c))
    return game


def hand_bid_all(hand: HandState, bids: Sequence[int]) -> HandState:
    for tricks in bids:
        hand = hand.apply(Bid(tricks))
    return hand


def hand_play_all(hand: HandState, cards: Sequence[Card]) -> HandState:
    for c in cards:
        hand = hand.apply(Play(c))
    return hand
