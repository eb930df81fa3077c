"""``--store none``: several solo processes without Redis. No process could own a table, so the
server says it has none (503 ``unavailable``, in Spanish; the socket closed with 1013) while the
solo table works as always; and without ``none`` or Redis, ``--workers 2`` is refused."""

from __future__ import annotations

import pytest
import uvicorn
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from picas.cli import main
from picas.web.app import create_app
from picas.web.settings import Settings


@pytest.fixture
def client(monkeypatch: pytest.MonkeyPatch) -> TestClient:
    monkeypatch.setenv("PICAS_STORE", "none")
    return TestClient(create_app(Settings(key=b"k" * 32)))


def test_a_server_without_tables_says_so_and_still_deals_solo(client: TestClient) -> None:
    with client:
        for method, path in (
            ("post", "/api/mesas"),
            ("get", "/api/mesas/abc"),
            ("post", "/api/mesas/abc/seats"),
        ):
            answer = getattr(client, method)(path, **({"json": {}} if method == "post" else {}))
            assert answer.status_code == 503
            error = answer.json()["error"]
            assert error["code"] == "unavailable"
            assert "mesas con amigos" in error["message"]
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            client.websocket_connect("/api/mesas/abc/ws") as socket,
        ):
            socket.receive_json()
        assert closed.value.code == 1013
        assert client.post("/api/games", json={"level": "normal"}).status_code == 200


def test_several_processes_need_redis_or_none(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    started: list[int] = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: started.append(k["workers"]))
    # serve writes the store to the environment for its workers: undone after the test.
    monkeypatch.setenv("PICAS_STORE", "")
    assert main(["serve", "--workers", "2"]) == 2
    assert "--store none" in capsys.readouterr().err
    assert started == []
    assert main(["serve", "--workers", "2", "--store", "none"]) == 0
    assert started == [2]
