"""Faults against a real server: requests cut off halfway, and the server killed mid-game.

The server keeps nothing between requests (the browser holds the signed save), so a request that
never arrives whole changes nothing, and a server killed with SIGKILL and started again with the
same key file takes every save it signed before.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from proof_server import HOST, PicasServer

Json = dict[str, Any]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PicasServer]:
    with PicasServer(tmp_path_factory.mktemp("faults")) as running:
        yield running


def _post(base: str, path: str, body: Json) -> httpx2.Response:
    return httpx2.post(base + path, json=body, timeout=30)


def _send_raw(port: int, data: bytes, *, wait_answer: float = 0.0) -> bytes:
    """Send ``data`` on a fresh connection and close it (after reading for ``wait_answer`` s)."""
    with socket.create_connection((HOST, port), timeout=5) as sock:
        sock.sendall(data)
        answer = b""
        if wait_answer:
            sock.settimeout(wait_answer)
            try:
                while chunk := sock.recv(65536):
                    answer += chunk
            except TimeoutError:
                pass
        return answer


def _request_head(path: str, length: int | None, *, chunked: bool = False) -> bytes:
    lines = [f"POST {path} HTTP/1.1", f"Host: {HOST}", "Content-Type: application/json"]
    if chunked:
        lines.append("Transfer-Encoding: chunked")
    elif length is not None:
        lines.append(f"Content-Length: {length}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def test_a_request_cut_off_halfway_changes_nothing_and_the_server_keeps_serving(
    server: PicasServer,
) -> None:
    game = _post(server.base, "/api/games", {"code": "K7PMX4QH", "level": "normal"}).json()
    act = {"save": game["save"], "action": game["view"]["legal"][0]}
    expected = _post(server.base, "/api/games/act", act)
    assert expected.status_code == 200
    body = json.dumps(act).encode()
    head = _request_head("/api/games/act", len(body))
    cuts = [
        head + body[: len(body) // 2],  # half the body, then the client goes
        head + body[:-1],  # all but the last byte
        head[: len(head) // 2],  # half the headers
        _request_head("/api/games/act", None, chunked=True)
        + f"{len(body):x}\r\n".encode()
        + body[: len(body) // 3],  # a chunked body cut inside its first chunk
        _request_head("/api/games", 10**6) + b"{" * 1000,  # promises more than the cap, then goes
    ]
    for _ in range(3):
        for data in cuts:
            _send_raw(server.port, data)
    # Many at once, while normal requests are being answered.
    threads = [threading.Thread(target=_send_raw, args=(server.port, cut)) for cut in cuts * 4]
    for thread in threads:
        thread.start()
    during = _post(server.base, "/api/games/act", act)
    for thread in threads:
        thread.join()
    after = _post(server.base, "/api/games/act", act)
    # The same action on the same save answers exactly as before: nothing was changed.
    assert during.json() == after.json() == expected.json()
    again = _post(server.base, "/api/games/resume", {"save": game["save"]})
    assert again.status_code == 200
    assert again.json()["view"] == game["view"]
    log = server.log_text()
    assert "Traceback" not in log
    assert "Error interno" not in log


def test_a_body_over_the_cap_is_refused_by_the_real_server(server: PicasServer) -> None:
    head = _request_head("/api/games", 10**6)
    answer = _send_raw(server.port, head + b"{" * 4096, wait_answer=2)
    status_line = answer.split(b"\r\n", 1)[0]
    assert b" 413 " in status_line
    assert b'"too_large"' in answer
    assert b"content-security-policy:" in answer.lower()
    assert _post(server.base, "/api/games", {}).status_code == 200


def _play(base: str, save: Json, action: object) -> Json:
    response = _post(base, "/api/games/act", {"save": save, "action": action})
    assert response.status_code == 200, response.text
    data: Json = response.json()
    return data


def test_a_server_killed_mid_game_resumes_every_save_after_a_restart(tmp_path: Path) -> None:
    """SIGKILL to ``picas serve --workers 2`` (main process and workers) between actions and
    during one; started again with the same key file, on the same port, the client's last save
    opens exactly where it was and the game plays on to its end."""
    server = PicasServer(tmp_path, workers=2).start()
    try:
        key = server.key_file.read_bytes()
        game = _post(server.base, "/api/games", {"code": "M3RT8WQZ", "level": "normal"}).json()
        for _ in range(12):
            game = _play(server.base, game["save"], game["view"]["legal"][0])
        server.kill()  # between two actions
        with pytest.raises(httpx2.TransportError):
            _post(server.base, "/api/games/resume", {"save": game["save"]})

        server.start()
        assert server.key_file.read_bytes() == key  # the same key, not a new one
        resumed = _post(server.base, "/api/games/resume", {"save": game["save"]}).json()
        assert resumed["view"] == game["view"]
        assert resumed["code"] == game["code"] == "M3RT8WQZ"
        assert resumed["save"] == game["save"]

        # Killed while an action is on its way: the client keeps the save it had (or the answer,
        # if it came first), and the same action on it gives the same game as it would have.
        action = resumed["view"]["legal"][0]
        expected = _play(server.base, resumed["save"], action)
        answers: list[Json] = []

        def send() -> None:
            with contextlib.suppress(httpx2.TransportError):
                answers.append(_play(server.base, resumed["save"], action))

        sender = threading.Thread(target=send)
        sender.start()
        time.sleep(0.002)
        server.kill()
        sender.join()
        server.start()
        game = answers[0] if answers else _play(server.base, resumed["save"], action)
        assert game == expected

        for _ in range(20):  # and the game plays on
            game = _play(server.base, game["save"], game["view"]["legal"][0])
        assert len(game["save"]["record"]["actions"]) > len(resumed["save"]["record"]["actions"])
    finally:
        server.stop()
    log = server.log_text()
    assert "Traceback" not in log
    assert key.strip().decode() not in log  # the key file was made by this server: never shown
