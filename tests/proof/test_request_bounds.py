"""Refusing before paying, against a real ``picas serve``: the worst bodies ``picas bench server
--refusals`` builds, sent to every POST endpoint, are all answered 4xx, those no request can be
with the codes only the checks on bytes give (so they were refused before any JSON parsing), and
the table still plays. And a server process that stops answering for longer than uvicorn's own
health check allows (as one starting on a machine whose cores are taken) is not killed.

Timings are not asserted here: the figures are in docs/benchmarks.md ("Refusing before paying").
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from proof_server import PicasServer

from picas.cli.bench_refusals import worst_bodies

BEFORE_PARSING = {"save_too_large", "too_deep", "too_many_objects", "bad_number"}
"""The codes of the checks on a body's bytes (picas.web.guard): given before any parsing."""
BEFORE_CANONICAL = {"malformed_signature"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PicasServer]:
    with PicasServer(tmp_path_factory.mktemp("bounds")) as running:
        yield running


def test_the_worst_bodies_are_refused_and_the_table_plays_on(server: PicasServer) -> None:
    with httpx2.Client(base_url=server.base, timeout=30) as client:
        game = client.post("/api/games", json={"level": "normal"}).json()
        save = game["save"]
        answers: dict[tuple[str, str], str] = {}
        for name, path, body in worst_bodies(save, save, "AS"):
            response = client.post(path, content=body, headers={"content-type": "application/json"})
            assert 400 <= response.status_code < 500, (name, path, response.status_code)
            answers[(name, path)] = response.json()["error"]["code"]
        for (name, path), code in answers.items():
            if name.endswith("(issue)") or name in ("nested 30, largest", "largest, lists 5 deep"):
                assert code in BEFORE_PARSING, (name, path, code)
            if name == "largest, malformed sig" and path not in ("/api/games", "/api/games/import"):
                assert code in BEFORE_CANONICAL, (name, path, code)
        # The two bodies, by name: size first.
        assert answers[("nested 30 × 3000 (issue)", "/api/games/resume")] == "save_too_large"
        assert answers[("flat 254 KB (issue)", "/api/games/act")] == "save_too_large"
        assert answers[("nested 30, largest", "/api/games/act")] == "too_deep"
        # Nothing was harmed: the save plays on.
        played = client.post(
            "/api/games/act", json={"save": save, "action": game["view"]["legal"][0]}
        )
        assert played.status_code == 200
    assert "Traceback" not in server.log_text()


def _server_processes(server: PicasServer) -> list[int]:
    """The uvicorn server processes of ``server`` (its supervisor's spawned children)."""
    assert server.process is not None
    supervisor = server.process.pid
    children = Path(f"/proc/{supervisor}/task/{supervisor}/children").read_text().split()
    found = []
    for pid in map(int, children):
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
        if b"spawn_main" in command:
            found.append(pid)
    return found


def _stop_a_while(server: PicasServer, seconds: float) -> int:
    """Freeze one server process for ``seconds`` (as a process the machine gives no core to),
    then let it go on: its pid."""
    deadline = time.monotonic() + 20
    while len(processes := _server_processes(server)) < server.workers:
        assert time.monotonic() < deadline, "the server processes did not start"
        time.sleep(0.1)
    pid = processes[0]
    os.kill(pid, signal.SIGSTOP)
    try:
        time.sleep(seconds)
    finally:
        with contextlib.suppress(ProcessLookupError):  # killed meanwhile: nothing to wake
            os.kill(pid, signal.SIGCONT)
    time.sleep(2)  # the supervisor's next round of health checks
    return pid


def test_a_server_process_that_answers_late_is_not_killed(tmp_path: Path) -> None:
    with PicasServer(tmp_path, workers=2) as server:
        # uvicorn's own health check gave up after 5 s: with it, this process was killed (seen
        # by hand with --worker-healthcheck 2; not a test, since on a loaded machine so short a
        # check also kills processes that are only starting, the very fault).
        pid = _stop_a_while(server, 8)
        assert pid in _server_processes(server), "the supervisor killed a process that was late"
        assert f"Child process [{pid}] died" not in server.log_text()
        assert httpx2.get(server.base + "/api/openapi.json", timeout=10).status_code == 200
