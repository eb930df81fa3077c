"""Heavy work is bounded (picas.web.heavy): a limit answered at once with 503, a deadline that
stops the worker process, a departed client's job stopped, pure answers kept by signature, and
a Normal reply that never waits for any of it.

The computer players here think slowly only inside a heavy-work process, so the games that lead
to a practice are played at full speed in the server process. A real uvicorn server runs in a
thread, so a client can really leave. What the players tell the test goes through shared memory
handed to them at the worker's start (the bots travel there pickled, with the settings)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient
from starlette.requests import Request
from web_helpers import KEY, CountingBot, FixedLoader, play_until, serve_in_thread

from picas.games.spades import Bid, BlindNil, Card, LookAtCards
from picas.games.spades.view import PlayerView
from picas.web import Settings, create_app
from picas.web.heavy import LOW_PRIORITY_NICENESS, WORKER_NICENESS, HeavyPool
from picas.web.settings import REPLY_WAITING

Json = dict[str, Any]
SHARED = multiprocessing.get_context("forkserver")
"""Shared memory must come from the heavy-work processes' own kind of context."""
THINKING = SHARED.Value("i", 0)
"""The pid of the heavy-work process a slow player is thinking in (0: none)."""


def _in_worker() -> bool:
    return multiprocessing.current_process().name != "MainProcess"


class SlowInWorkerBot(CountingBot):
    """Thinks for ever in a heavy-work process (until stopped), at once anywhere else."""

    def __init__(self, thinking: Any) -> None:
        self.thinking = thinking

    def think_forever_in_a_worker(self) -> None:
        if _in_worker():
            self.thinking.value = os.getpid()
            while True:
                time.sleep(0.05)

    def play(self, view: PlayerView, rng: random.Random) -> Card:
        self.think_forever_in_a_worker()
        return super().play(view, rng)


class SlowBidderInWorkerBot(SlowInWorkerBot):
    """Slow in a heavy-work process for its bids too (South's first bid makes it think)."""

    def bid(self, view: PlayerView, rng: random.Random) -> Bid | BlindNil | LookAtCards:
        self.think_forever_in_a_worker()
        return super().bid(view, rng)


class CountedBot(CountingBot):
    """Counts the cards it plays in heavy-work processes."""

    def __init__(self, runs: Any) -> None:
        self.runs = runs

    def play(self, view: PlayerView, rng: random.Random) -> Card:
        if _in_worker():
            with self.runs.get_lock():
                self.runs.value += 1
        return super().play(view, rng)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with contextlib.suppress(OSError), open(f"/proc/{pid}/stat") as stat:
        return stat.read().split()[2] != "Z"  # a zombie has stopped
    return True


def _wait_for(condition: Any, seconds: float = 10) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


@contextlib.contextmanager
def _server(**settings: Any) -> Iterator[str]:
    loader = FixedLoader(SlowInWorkerBot(THINKING))
    app = create_app(Settings(key=KEY, bot_loaders={"spades": loader}, **settings))
    with serve_in_thread(app) as (host, port):
        yield f"http://{host}:{port}"


def _finished_hand_save(client: httpx2.Client) -> Json:
    game: Json = client.post("/api/games", json={"code": "K7PMX4QH", "level": "facil"}).json()

    def act(game: Any, action: object) -> Json:
        answer: Json = client.post(
            "/api/games/act", json={"save": game["save"], "action": action}
        ).json()
        return answer

    while game["view"]["hand_number"] == 1:
        game = act(game, game["view"]["legal"][0])
    save: Json = game["save"]
    return save


@pytest.fixture
def thinking() -> Iterator[None]:
    THINKING.value = 0
    yield
    THINKING.value = 0


def _practice(base: str, save: Json) -> httpx2.Response:
    return httpx2.post(base + "/api/practice", json={"save": save, "hand_number": 1}, timeout=30)


def _practice_in_background(base: str, save: Json) -> None:
    """A practice that keeps a worker busy; the test ends (and stops the server) before it is
    answered, so its connection closing is expected, not a failure of the thread."""
    with contextlib.suppress(httpx2.TransportError):
        _practice(base, save)


def _practice_from(base: str, save: Json, address: str) -> httpx2.Response:
    """A practice sent from ``address`` (127.0.0.2… are this machine too)."""
    transport = httpx2.HTTPTransport(local_address=address)
    with httpx2.Client(base_url=base, transport=transport, timeout=30) as client:
        return client.post("/api/practice", json={"save": save, "hand_number": 1})


def _practice_in_background_from(base: str, save: Json, address: str) -> None:
    with contextlib.suppress(httpx2.TransportError):
        _practice_from(base, save, address)


@pytest.mark.usefixtures("thinking")
def test_over_its_share_an_address_gets_429_and_a_full_queue_503_at_once() -> None:
    loader = FixedLoader(SlowInWorkerBot(THINKING))
    settings = Settings(
        key=KEY, bot_loaders={"spades": loader}, heavy_workers=1, heavy_deadline=30, address_jobs=2
    )
    app = create_app(settings)
    heavy = app.state.heavy
    with serve_in_thread(app) as (host, port), httpx2.Client(base_url=f"http://{host}:{port}") as c:
        base = f"http://{host}:{port}"
        save = _finished_hand_save(c)
        # 127.0.0.1's first practice runs (and thinks until the end), its second waits.
        for _ in range(2):
            threading.Thread(
                target=_practice_in_background_from, args=(base, save, "127.0.0.1"), daemon=True
            ).start()
        # (The worker process starts at the first job: on a loaded machine that takes a while.)
        assert _wait_for(lambda: THINKING.value != 0 and heavy.admitted == 2, seconds=60)
        started = time.monotonic()
        response = _practice_from(base, save, "127.0.0.1")
        waited = time.monotonic() - started
        assert response.status_code == 429
        assert response.headers["retry-after"].isdigit()
        assert response.json()["error"]["code"] == "too_many_requests"
        assert "Tu partida sigue guardada" in response.json()["error"]["message"]
        assert waited < 5, "refused at once, not queued"
        # An import is in the same lane: over the same share.
        imported = c.post("/api/games/import", json={"record": save["record"]})
        assert imported.status_code == 429
        # Other addresses still wait their turn, until the queue (4 per worker) is full.
        for address in ("127.0.0.2", "127.0.0.2", "127.0.0.3"):
            threading.Thread(
                target=_practice_in_background_from, args=(base, save, address), daemon=True
            ).start()
        assert _wait_for(lambda: heavy.admitted == 5)
        full = _practice_from(base, save, "127.0.0.4")
        assert full.status_code == 503
        assert full.json()["error"]["code"] == "busy"
        assert "muy ocupada" in full.json()["error"]["message"]
        assert full.headers["retry-after"].isdigit()
        # Meanwhile a Normal-speed reply is answered, in the server process.
        game = c.post("/api/games", json={"level": "facil"}).json()
        answer = c.post("/api/games/act", json={"save": game["save"], "action": 3})
        assert answer.status_code == 200
        # The save sent with the refused request is untouched: it still opens.
        assert c.post("/api/games/resume", json={"save": save}).status_code == 200


@pytest.mark.usefixtures("thinking")
def test_a_job_past_its_deadline_is_stopped_with_its_process() -> None:
    with _server(heavy_workers=1, heavy_deadline=1) as base, httpx2.Client(base_url=base) as c:
        save = _finished_hand_save(c)
        response = _practice(base, save)
        assert response.status_code == 503
        assert response.json()["error"]["code"] == "too_slow"
        pid = THINKING.value
        assert pid != 0
        assert _wait_for(lambda: not _alive(pid)), "the worker runs on after the answer"


@pytest.mark.usefixtures("thinking")
def test_a_job_whose_client_has_gone_is_stopped() -> None:
    with _server(heavy_workers=1, heavy_deadline=60) as base, httpx2.Client(base_url=base) as c:
        save = _finished_hand_save(c)
        body = json.dumps({"save": save, "hand_number": 1}).encode()
        port = int(base.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(
                b"POST /api/practice HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + f"Content-Length: {len(body)}\r\n\r\n".encode()
                + body
            )
            assert _wait_for(lambda: THINKING.value != 0)
            pid = THINKING.value
        assert _wait_for(lambda: not _alive(pid)), "the job ran on after its client left"
        # The slot is free again: the next request is not refused as busy.
        THINKING.value = 0
        threading.Thread(target=_practice_in_background, args=(base, save), daemon=True).start()
        assert _wait_for(lambda: THINKING.value != 0)


def test_a_practice_answer_is_kept_by_signature() -> None:
    # Counting bots: the second practice of the same hand of the same save is not played again.
    runs = SHARED.Value("i", 0)
    client = TestClient(
        create_app(Settings(key=KEY, bot_loaders={"spades": FixedLoader(CountedBot(runs))}))
    )
    game = client.post("/api/games", json={"code": "K7PMX4QH"}).json()
    game = play_until(
        client,
        game,
        lambda g: g["view"]["hand_number"] == 2,
    )
    body = {"save": game["save"], "hand_number": 1}
    first = client.post("/api/practice", json=body)
    assert first.status_code == 200
    played = runs.value
    assert played > 0
    second = client.post("/api/practice", json=body)
    assert second.json() == first.json()
    assert runs.value == played


def _act_in_background(base: str, game: Json) -> None:
    """A Difícil reply that thinks until the test ends (see _practice_in_background)."""
    body = {"save": game["save"], "action": game["view"]["legal"][0]}
    with contextlib.suppress(httpx2.TransportError):
        httpx2.post(base + "/api/games/act", json=body, timeout=30)


@pytest.mark.usefixtures("thinking")
def test_difficult_replies_have_their_own_lane_with_a_short_queue() -> None:
    loader = FixedLoader(SlowBidderInWorkerBot(THINKING))
    app = create_app(
        Settings(
            key=KEY,
            bot_loaders={"spades": loader},
            heavy_workers=1,
            reply_workers=1,
            heavy_deadline=60,
            address_jobs=100,  # one address fills the queue here (the shares: test_web_fair)
        )
    )
    replies = app.state.replies
    with serve_in_thread(app) as (host, port), httpx2.Client(base_url=f"http://{host}:{port}") as c:
        base = f"http://{host}:{port}"
        # A practice fills the practice lane...
        threading.Thread(
            target=_practice_in_background, args=(base, _finished_hand_save(c)), daemon=True
        ).start()
        assert _wait_for(lambda: THINKING.value != 0)
        assert app.state.heavy.full
        # ...and a Difícil player is still answered by the replies' lane: its reply thinks in a
        # worker of its own instead of being refused.
        practising = THINKING.value
        game: Json = c.post("/api/games", json={"code": "K7PMX4QH", "level": "dificil"}).json()
        threading.Thread(target=_act_in_background, args=(base, game), daemon=True).start()
        assert _wait_for(lambda: THINKING.value not in (0, practising))
        # One worker and REPLY_WAITING replies waiting for it; the next is refused at once.
        admitted = 1 + REPLY_WAITING
        for _ in range(admitted - 1):
            threading.Thread(target=_act_in_background, args=(base, game), daemon=True).start()
        assert _wait_for(lambda: replies.admitted == admitted)
        started = time.monotonic()
        refused = c.post(
            "/api/games/act", json={"save": game["save"], "action": game["view"]["legal"][0]}
        )
        assert refused.status_code == 503
        assert refused.json()["error"]["code"] == "busy"
        assert refused.headers["retry-after"]
        assert time.monotonic() - started < 2


def test_an_address_refused_for_asking_too_often_runs_at_the_lowest_priority() -> None:
    """A job's worker niceness, as the worker itself reads it: an address the lane refused lately
    (and that asked again too soon) gets the low-priority worker, anyone else the usual ones."""

    async def never_leaves() -> dict[str, Any]:
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    def request(address: str) -> Request:
        return Request({"type": "http", "client": (address, 1), "headers": []}, never_leaves)

    async def niceness_of_jobs() -> tuple[int, int]:
        pool = HeavyPool(Settings(key=KEY), workers=1)
        try:
            pool.lane.repeated.note("127.0.0.2", time.monotonic())
            flagged = await pool.run(request("127.0.0.2"), os.nice, 0)
            polite = await pool.run(request("127.0.0.3"), os.nice, 0)
            return flagged, polite
        finally:
            pool.close()

    flagged, polite = asyncio.run(niceness_of_jobs())
    assert flagged == min(19, os.nice(0) + LOW_PRIORITY_NICENESS)
    assert polite == min(19, os.nice(0) + WORKER_NICENESS)
    assert polite < flagged or os.nice(0) >= 19 - WORKER_NICENESS
