"""Stopping a background task for good.

A cancellation can be lost inside redis-py's asyncio client: its timeouts and its bounded pool's
wait catch the ``CancelledError`` in some moments and carry on, so a loop that was cancelled once
(the matcher, the tables' clock, the preparation of a day) may run on, and whoever awaited it waits
for ever (seen as a test suite that never finished). :func:`stop` cancels again until the task has
ended.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

AGAIN_EVERY = 0.5
"""Seconds between two cancellations of a task that has not ended yet."""


async def stop(task: asyncio.Task[Any], *, again_every: float = AGAIN_EVERY) -> None:
    """Cancel ``task`` until it has ended; its own error, if it failed, is raised here."""
    while not task.done():
        task.cancel()
        await asyncio.wait({task}, timeout=again_every)
    with contextlib.suppress(asyncio.CancelledError):
        await task
