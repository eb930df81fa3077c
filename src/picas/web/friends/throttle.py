"""How often one person, or one client address, may say ``hello`` at a friends' table.

Each ``hello`` of a seated person is a stored change of their table (their socket is theirs now),
so a page reloading in a loop would cost the store, and every process with a socket at that
table, one change each time. A comeback is never refused: past the bound the ``hello`` waits
its turn (the socket sleeps :meth:`Throttle.delay`'s answer), so a real person who lost their
connection a few times gets in at once, and a loop gets in at the bound's pace.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

KEYS_KEPT = 20_000
"""Buckets remembered (the least recently used are forgotten: a forgotten key starts full)."""


class Throttle:
    """Token buckets by key: ``burst`` at once, then ``rate`` a second."""

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst = rate, burst
        self._clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        """key → (level, when): the level may go below zero (turns reserved by waiters)."""

    def delay(self, key: str) -> float:
        """Take one turn for ``key``: the seconds to wait before using it (0: now)."""
        now = self._clock()
        level, when = self._buckets.pop(key, (self.burst, now))
        level = min(self.burst, level + (now - when) * self.rate) - 1
        self._buckets[key] = (level, now)
        while len(self._buckets) > KEYS_KEPT:
            self._buckets.popitem(last=False)
        return 0.0 if level >= 0 else -level / self.rate
