"""The daily lane gives way to this process's players (picas.web.daily.lane): its worker is
stopped while the process answers anyone, and runs again as soon as it is idle. Checked on real
processes through the kernel's own account of their state (``/proc/<pid>/stat``)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocket

from picas.web.daily.lane import DailyLane, Yielding, YieldingMiddleware
from picas.web.settings import Settings

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


def state(pid: int) -> str:
    """The kernel's one-letter state of ``pid``: ``T`` stopped, ``S``/``R`` not."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return stat[stat.rindex(")") + 2]


def wait_for(pid: int, letters: str, seconds: float = 5.0) -> str:
    deadline = time.monotonic() + seconds
    while (now := state(pid)) not in letters and time.monotonic() < deadline:
        time.sleep(0.005)
    return now


@pytest.fixture
def worker() -> Iterator[int]:
    """A process that sleeps in short steps, as a stand-in for the lane's worker."""
    child = subprocess.Popen([sys.executable, "-c", "import time\nwhile True: time.sleep(0.01)"])
    try:
        yield child.pid
    finally:
        child.kill()
        child.wait()


def test_the_worker_stops_while_the_process_is_busy_and_goes_on_when_idle(worker: int) -> None:
    async def scenario() -> None:
        yielding = Yielding(lambda: worker)
        with yielding.giving_way():
            yielding.enter()
            assert wait_for(worker, "T") == "T"
            yielding.enter()  # a second answer at once
            yielding.leave()
            assert state(worker) == "T"  # one answer still running
            yielding.leave()
            assert wait_for(worker, "SR") in "SR"
            yielding.enter()
            assert wait_for(worker, "T") == "T"
        # The job over: never left stopped, even mid-answer.
        assert wait_for(worker, "SR") in "SR"
        assert not yielding.stopped
        yielding.leave()

    asyncio.run(scenario())


def test_only_a_job_giving_way_is_stopped(worker: int) -> None:
    async def scenario() -> None:
        yielding = Yielding(lambda: worker)
        yielding.enter()
        await asyncio.sleep(0.05)
        assert state(worker) in "SR"  # no job of the worker's: nothing to stop
        with yielding.giving_way():  # a job starts while the process is answering
            assert wait_for(worker, "T") == "T"
        yielding.leave()
        assert wait_for(worker, "SR") in "SR"

    asyncio.run(scenario())


def test_a_process_that_is_never_idle_still_lets_the_worker_breathe(worker: int) -> None:
    async def scenario() -> None:
        yielding = Yielding(lambda: worker, hold=0.2, breath=0.1)
        with yielding.giving_way():
            yielding.enter()
            seen = set()
            started = time.monotonic()
            while time.monotonic() - started < 1.0:
                seen.add(state(worker))
                await asyncio.sleep(0.01)
            assert "T" in seen
            assert seen & set("SR"), "stopped the whole second"
            # Stopped again after each breath.
            assert yielding.stopped or wait_for(worker, "T", 1.0) == "T"
            yielding.leave()
        assert wait_for(worker, "SR") in "SR"

    asyncio.run(scenario())


def test_the_middleware_counts_a_request_and_a_socket_message_as_busy(worker: int) -> None:
    yielding = Yielding(lambda: worker)
    seen: list[str] = []

    async def page(request: Request) -> PlainTextResponse:
        seen.append(wait_for(worker, "T", 1.0))  # a signal's delivery takes a moment
        return PlainTextResponse("ok")

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        while True:
            text = await websocket.receive_text()
            seen.append(wait_for(worker, "T", 1.0))
            await websocket.send_text(text)
            if text == "bye":
                break
        await websocket.close()

    app = Starlette(routes=[Route("/", page), WebSocketRoute("/ws", socket)])
    gate = YieldingMiddleware(app, yielding)
    with TestClient(gate) as client, yielding.giving_way():
        assert client.get("/").text == "ok"
        assert wait_for(worker, "SR") in "SR"  # idle again
        with client.websocket_connect("/ws") as ws:
            ws.send_text("hola")
            assert ws.receive_text() == "hola"
            time.sleep(0.05)  # the socket waits for its next message: not busy
            assert state(worker) in "SR"
            assert yielding.busy == 0
            ws.send_text("bye")
            assert ws.receive_text() == "bye"
    assert seen == ["T", "T", "T"]
    assert yielding.busy == 0
    assert wait_for(worker, "SR") in "SR"


def test_the_lane_knows_its_worker(tmp_path: Path) -> None:
    lane = DailyLane(Settings(key=b"k" * 32))

    async def scenario() -> int:
        return await lane.run_job("reto", os.getpid)

    try:
        assert lane.worker == 0  # not started yet
        pid = asyncio.run(scenario())
        assert pid != os.getpid()
        assert lane.worker == pid
    finally:
        lane.close()
