"""Stopping a background task (picas.web.tasks): a loop that swallows a cancellation, as
redis-py's client does in some moments, is still stopped."""

from __future__ import annotations

import asyncio

import pytest

from picas.web.tasks import stop


def test_a_loop_that_swallows_a_cancellation_is_stopped_all_the_same() -> None:
    swallowed: list[bool] = []

    async def stubborn() -> None:
        while True:
            try:
                await asyncio.sleep(0.01)
            except asyncio.CancelledError:
                if swallowed:
                    raise
                swallowed.append(True)  # lost once, as inside a library's timeout

    async def scenario() -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(stubborn())
        await asyncio.sleep(0.02)
        await asyncio.wait_for(stop(task, again_every=0.05), timeout=5)
        return task

    task = asyncio.run(scenario())
    assert swallowed == [True]
    assert task.cancelled()


def test_a_task_that_failed_raises_its_error_and_one_that_ended_is_left_alone() -> None:
    async def failing() -> None:
        raise ValueError("roto")

    async def ended() -> int:
        return 1

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        broken = loop.create_task(failing())
        await asyncio.sleep(0)
        with pytest.raises(ValueError, match="roto"):
            await stop(broken)
        done = loop.create_task(ended())
        await asyncio.sleep(0)
        await stop(done)
        assert done.result() == 1

    asyncio.run(scenario())
