"""Every address gets its share of a real ``picas serve`` (picas.web.fair, picas.web.protocol),
with clients on several loopback addresses (127.0.0.2, 127.0.0.3… are all this machine): one
address cannot take every connection, nor every turn of the heavy lane, and a forwarding header
names no new address unless the server is told it is behind a proxy."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from proof_server import HOST, PicasServer

import raw_http

Json = dict[str, Any]
GREEDY, POLITE, OTHER = "127.0.0.2", "127.0.0.3", "127.0.0.4"


def post(
    server: PicasServer, path: str, body: Json, *, source: str, extra: bytes = b""
) -> tuple[int, Json, float]:
    """One request from ``source``: status, JSON answer, and the time it was complete."""
    content = json.dumps(body).encode()
    head = (
        f"POST {path} HTTP/1.1\r\nHost: picas.test\r\nConnection: close\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(content)}\r\n"
    ).encode()
    raw, _ = raw_http.exchange(
        (HOST, server.port), head + extra + b"\r\n" + content, wait=120, source=source
    )
    done = time.monotonic()
    head_text, _, answer = raw.partition(b"\r\n\r\n")
    return int(head_text.split()[1]), json.loads(answer), done


def finished_hand_save(server: PicasServer) -> Json:
    status, game, _ = post(server, "/api/games", {"level": "facil"}, source=POLITE)
    assert status == 200, game
    while game["view"]["hand_number"] == 1:
        body = {"save": game["save"], "action": game["view"]["legal"][0]}
        status, game, _ = post(server, "/api/games/act", body, source=POLITE)
        assert status == 200, game
    save: Json = game["save"]
    return save


@pytest.fixture
def capped(tmp_path: Path) -> Iterator[PicasServer]:
    flags = ["--max-connections", "40", "--max-address-connections", "10", "--head-timeout", "60"]
    with PicasServer(tmp_path, options=tuple(flags)) as server:
        yield server


def test_one_address_cannot_take_every_connection(capped: PicasServer) -> None:
    held: list[socket.socket] = []
    try:
        for _ in range(25):  # idle connections: they send nothing
            held.append(socket.create_connection((HOST, capped.port), 5, (GREEDY, 0)))
        refused, kept = 0, 0
        for sock in held:
            sock.settimeout(0.3)
            try:
                answer = raw_http.read_all(sock)
            except TimeoutError:
                kept += 1  # still open, waiting for its head
                continue
            assert b" 503 " in answer.split(b"\r\n", 1)[0]
            assert b'"too_many_connections"' in answer
            assert b"Retry-After: " in answer
            refused += 1
        assert (kept, refused) == (10, 15)
        # A newcomer from another address is served at once, as the greedy one still holds ten.
        started = time.monotonic()
        status, _, done = post(capped, "/api/games", {"level": "facil"}, source=POLITE)
        assert status == 200
        assert done - started < 5
        # The greedy address is refused however it names itself.
        forged = b"X-Real-IP: 10.1.2.3\r\nX-Forwarded-For: 10.1.2.3\r\n"
        raw, _ = raw_http.exchange(
            (HOST, capped.port),
            b"GET / HTTP/1.1\r\nHost: x\r\n" + forged + b"\r\n",
            wait=10,
            source=GREEDY,
        )
        assert b'"too_many_connections"' in raw
    finally:
        for sock in held:
            sock.close()


def test_the_heavy_lane_goes_round_robin_and_a_header_names_no_new_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # One heavy worker, two jobs per address. The pure Python path makes a practice (a whole
    # hand with Difícil in South's seat) last about a second, so every request below arrives
    # while the first still runs.
    monkeypatch.setenv("PICAS_PURE", "1")
    flags = ["--heavy-workers", "1", "--address-jobs", "2"]
    with PicasServer(tmp_path, options=tuple(flags)) as server:
        saves = distinct_saves(server, 3)  # three signatures: no answer from the cache
        answers: dict[str, tuple[int, Json, float]] = {}

        def ask(name: str, source: str, save: Json, forged: str) -> None:
            extra = f"X-Real-IP: {forged}\r\nX-Forwarded-For: {forged}\r\n".encode()
            body = {"save": save, "hand_number": 1}
            answers[name] = post(server, "/api/practice", body, source=source, extra=extra)

        threads: list[threading.Thread] = []

        def send(name: str, source: str, save: Json, forged: str) -> None:
            thread = threading.Thread(target=ask, args=(name, source, save, forged))
            thread.start()
            threads.append(thread)
            time.sleep(0.05)  # an order of arrival for the test to read, not a wait for a state

        send("greedy-1", GREEDY, saves[0], "10.0.0.1")
        send("greedy-2", GREEDY, saves[1], "10.0.0.2")
        send("polite", POLITE, saves[2], "10.0.0.3")
        # Four more from the greedy address, each naming itself anew: all over its share.
        for n in range(4):
            send(f"greedy-more-{n}", GREEDY, saves[0], f"10.0.1.{n}")
        for thread in threads:
            thread.join(timeout=180)
        assert all(not thread.is_alive() for thread in threads)
    statuses = {name: answer[0] for name, answer in answers.items()}
    assert statuses == {
        "greedy-1": 200,
        "greedy-2": 200,
        "polite": 200,
        **{f"greedy-more-{n}": 429 for n in range(4)},
    }
    refusal = answers["greedy-more-0"][1]["error"]
    assert refusal["code"] == "too_many_requests"
    # The polite address, arrived after greedy's second job, is served before it: turns go to
    # the address with nothing running, not to whoever came first.
    assert answers["polite"][2] < answers["greedy-2"][2]


def distinct_saves(server: PicasServer, count: int) -> list[Json]:
    """``count`` saves of one game, each with hand 1 finished and its own signature."""
    save = finished_hand_save(server)
    saves = [save]
    while len(saves) < count:
        status, game, _ = post(server, "/api/games/resume", {"save": save}, source=POLITE)
        assert status == 200, game
        body = {"save": game["save"], "action": game["view"]["legal"][0]}
        status, game, _ = post(server, "/api/games/act", body, source=POLITE)
        assert status == 200, game
        save = game["save"]
        saves.append(save)
    return saves
