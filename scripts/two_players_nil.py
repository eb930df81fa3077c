"""How often a Nil is made at «Dos jugadores», by the hand's Nil danger: random deals (13 cards
each from the 52), the Nil hand played as a Nil and the other bidding Normal's two-player bid, both
played out by the two-seat heuristic with full knowledge. Usage:
PYTHONPATH=src python scripts/two_players_nil.py [deals] [seed]
"""

from __future__ import annotations

import random
import sys

from picas.games.spades.bots.evaluate import nil_danger
from picas.games.spades.bots.two_bid import two_bid_for_hand
from picas.games.spades.bots.two_search import playout_two


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 60000
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 3)
    buckets: dict[float, list[int]] = {}
    for index in range(deals):
        cards = list(range(52))
        rng.shuffle(cards)
        nil = sum(1 << c for c in cards[:13])
        other = sum(1 << c for c in cards[13:26])
        danger = nil_danger(nil)
        if danger > 6:
            continue
        bid = two_bid_for_hand(other, None, use_score=False).bid
        won = playout_two(
            [nil, other, 0, 0], [], index & 1, [0, 0, 0, 0], False, [0, bid, -1, -1], 13
        )
        tally = buckets.setdefault(min(int(danger * 2) / 2, 6.0), [0, 0])
        tally[0] += 1
        tally[1] += won[0] == 0
    for danger in sorted(buckets):
        hands, made = buckets[danger]
        print(f"danger {danger:3.1f}–: {hands:5} hands, Nil made {100 * made / hands:4.1f}%")


if __name__ == "__main__":
    main()
