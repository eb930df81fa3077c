"""Put together Corazones arena runs split with ``--start`` and printed with ``--log``.

    python scripts/corazones_arena_join.py part0.txt part1.txt

Reads the ``deal <index> <code> <hand> <saved>`` lines (``picas arena --game corazones … --log``),
refuses a deal seen twice, and prints the points saved a hand with the 95% interval over all deals,
as the arena would have for one run. (``--jobs`` now runs one match on every core; this joins runs
made on several machines.)
"""

from __future__ import annotations

import sys

from picas.shared.arena import mean_interval


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
    mean, half = mean_interval(list(saved.values()))
    print(f"{len(saved)} deals: saves {mean:+.2f} ± {half:.2f} points a hand")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
