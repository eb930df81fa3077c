"""Refit the «Dos jugadores» trick count (games/spades/bots/two_evaluate.py's WEIGHTS).

Deals by the draw-and-pick procedure, both seats drawing as Normal does, then both hands played
out to the end by the two-seat heuristic with full knowledge, both wanting every trick; the
weights are the least-squares fit of each hand's tricks on its counts (two_evaluate.COUNTS).
Deterministic for a seed. Usage: PYTHONPATH=src python scripts/two_players_fit.py [deals] [seed]
"""

from __future__ import annotations

import random
import sys

from picas.games.spades.bots.two_draw import normal_draw
from picas.games.spades.bots.two_evaluate import COUNTS, counts
from picas.games.spades.bots.two_search import playout_two

FULL = (1 << 52) - 1


def draw_deal(rng: random.Random, first: int) -> list[int]:
    """Two hands by the draw: a shuffled stock, each turn the top card kept (the next out
    unseen) or put out (the next kept), as Normal chooses."""
    stock = list(range(52))
    rng.shuffle(stock)
    hands = [0, 0]
    seen = [0, 0]
    turn = first
    for _ in range(26):
        top = stock.pop()
        following = stock.pop()
        unseen = FULL & ~hands[turn] & ~seen[turn] & ~(1 << top)
        if normal_draw(hands[turn], top, unseen).keep:
            hands[turn] |= 1 << top
        else:
            hands[turn] |= 1 << following
            seen[turn] |= 1 << top
        turn ^= 1
    return hands


def least_squares(rows: list[list[float]], targets: list[float]) -> list[float]:
    """The normal equations, solved by Gauss-Jordan elimination with partial pivoting."""
    n = len(rows[0])
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for row, target in zip(rows, targets, strict=True):
        for i in range(n):
            if row[i]:
                b[i] += row[i] * target
                for j in range(n):
                    a[i][j] += row[i] * row[j]
    for i in range(n):
        a[i][i] += 1e-6  # a count that never occurs keeps its weight at 0
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(n):
            if r != col and a[r][col]:
                m = a[r][col] / a[col][col]
                for j in range(col, n):
                    a[r][j] -= m * a[col][j]
                b[r] -= m * b[col]
    return [b[i] / a[i][i] for i in range(n)]


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 11)
    rows: list[list[float]] = []
    targets: list[float] = []
    for index in range(deals):
        south, west = draw_deal(rng, index & 1)
        won = playout_two(
            [south, west, 0, 0], [], index & 1, [0, 0, 0, 0], False, [13, 13, -1, -1], 13
        )
        for hand, tricks in ((south, won[0]), (west, won[1])):
            rows.append(counts(hand))
            targets.append(tricks)
    weights = least_squares(rows, targets)
    fitted = [sum(c * w for c, w in zip(row, weights, strict=True)) for row in rows]
    mean = sum(targets) / len(targets)
    error = (sum((f - t) ** 2 for f, t in zip(fitted, targets, strict=True)) / len(targets)) ** 0.5
    spread = (sum((t - mean) ** 2 for t in targets) / len(targets)) ** 0.5
    for name, weight in zip(COUNTS, weights, strict=True):
        print(f"{name:24} {weight:+.3f}")
    print(f"hands {len(targets)}, tricks sd {spread:.3f}, residual rms {error:.3f}")


if __name__ == "__main__":
    main()
