"""Put together Corazones arena runs split with ``--start`` and printed with ``--log``.

    python scripts/corazones_arena_join.py part0.txt part1.txt

Reads the ``deal <index> <code> <hand> <saved>`` lines, refuses a deal seen twice, and prints the
points saved a hand with the 95% interval over all deals, as the arena would have for one run.
"""

from __future__ import annotations

import math
import statistics
import sys


def main(paths: list[str]) -> int:
    saved: dict[int, float] = {}
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                words = line.split()
                if len(words) == 5 and words[0] == "deal":
                    index = int(words[1])
                    if index in saved:
                        raise SystemExit(f"deal {index} appears twice ({path})")
                    saved[index] = float(words[4])
    if len(saved) < 2:
        raise SystemExit("fewer than two deals")
    values = list(saved.values())
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    print(f"{len(values)} deals: saves {statistics.fmean(values):+.2f} ± {half:.2f} points a hand")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
