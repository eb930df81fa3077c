"""Two draws against each other at «Dos jugadores», everything else equal: duplicate deals (the
same stock twice, the draws' seats swapped), both players bidding by Normal's two-player bid and
playing the two-seat heuristic with full knowledge; the points per deal of A's draw over B's
with its 95% interval. Draws: facil, normal, dificil, and "high" (keep a spade, a king or an ace).
Usage: PYTHONPATH=src python scripts/two_players_draws.py A B [deals] [seed]
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

from picas.games.spades.bots.two_bid import two_bid_for_hand
from picas.games.spades.bots.two_draw import dificil_draw, facil_draw, normal_draw
from picas.games.spades.bots.two_search import playout_two

FULL = (1 << 52) - 1
Draw = Callable[[int, int, int], bool]


def drawer(level: str, rng: random.Random) -> Draw:
    if level == "facil":
        return lambda hand, top, unseen: facil_draw(top, unseen).keep
    if level == "normal":
        return lambda hand, top, unseen: normal_draw(hand, top, unseen).keep
    if level == "dificil":
        return lambda hand, top, unseen: dificil_draw(hand, top, unseen, rng).keep
    return lambda hand, top, unseen: top >= 39 or top % 13 >= 11


def points(bid: int, won: int) -> int:
    if bid == 0:
        return 100 if won == 0 else -100
    return 10 * bid + won - bid if won >= bid else -10 * bid


def one_hand(stock: list[int], draws: list[Draw], first: int) -> list[int]:
    cards = list(stock)
    hands = [0, 0]
    seen = [0, 0]
    turn = first
    for _ in range(26):
        top = cards.pop()
        following = cards.pop()
        if draws[turn](hands[turn], top, FULL & ~hands[turn] & ~seen[turn] & ~(1 << top)):
            hands[turn] |= 1 << top
        else:
            hands[turn] |= 1 << following
            seen[turn] |= 1 << top
        turn ^= 1
    bids = [two_bid_for_hand(hands[s], None, use_score=False).bid for s in (0, 1)]
    won = playout_two(
        [hands[0], hands[1], 0, 0], [], first, [0, 0, 0, 0], False, [*bids, -1, -1], 13
    )
    return [points(bids[s], won[s]) for s in (0, 1)]


def main() -> None:
    a, b = sys.argv[1], sys.argv[2]
    deals = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 5)
    gains = []
    for index in range(deals):
        stock = list(range(52))
        rng.shuffle(stock)
        gain = 0.0
        for seat_a in (0, 1):
            draws = [drawer(b, rng), drawer(b, rng)]
            draws[seat_a] = drawer(a, rng)
            scored = one_hand(stock, draws, index & 1)
            gain += (scored[seat_a] - scored[1 - seat_a]) / 2
        gains.append(gain)
    mean = sum(gains) / deals
    spread = (sum((g - mean) ** 2 for g in gains) / (deals - 1)) ** 0.5
    print(
        f"{a} − {b}: {mean:+.2f} points a deal (± {1.96 * spread / deals**0.5:.2f}), {deals} deals"
    )


if __name__ == "__main__":
    main()
