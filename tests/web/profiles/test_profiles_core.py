"""A guest profile: made with a name, read back with its token; a token acts only for its own
profile, and a request without one is refused with ``no_profile``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from picas.web import Settings, create_app

KEY = b"profiles-tests-key-0123456789abcdef"


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("PICAS_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("PICAS_STORE", raising=False)
    with TestClient(create_app(Settings(key=KEY))) as test_client:
        yield test_client


def test_a_guest_profile_is_read_back_with_its_token(client: TestClient) -> None:
    made = client.post("/api/perfil", json={"name": "  Ana   María "})
    assert made.status_code == 201
    body = made.json()
    assert body["profile"]["name"] == "Ana María"
    read = client.get("/api/perfil", headers={"Authorization": f"Bearer {body['token']}"})
    assert read.status_code == 200
    assert read.json()["id"] == body["profile"]["id"]


def test_each_token_acts_for_its_own_profile_only(client: TestClient) -> None:
    first = client.post("/api/perfil", json={"name": "Ana"}).json()
    second = client.post("/api/perfil", json={"name": "Bea"}).json()
    assert first["profile"]["id"] != second["profile"]["id"]
    for made in (first, second):
        read = client.get("/api/perfil", headers={"Authorization": f"Bearer {made['token']}"})
        assert read.json()["name"] == made["profile"]["name"]


@pytest.mark.parametrize(
    "header",
    [
        None,
        "Bearer",
        "Bearer nope",
        "Basic abc",
        "Bearer " + "x" * 5000,
        "Bearer \udcff",
        "Bearer t\udcc3",
    ],
)
def test_no_token_or_a_wrong_one_is_no_profile(client: TestClient, header: str | None) -> None:
    headers: dict[bytes, bytes] = {}
    if header is not None:
        # A byte that is not UTF-8, as a client may put it on the wire.
        headers[b"Authorization"] = header.encode("utf-8", "surrogateescape")
    answer = client.get("/api/perfil", headers=headers)
    assert answer.status_code == 401
    assert answer.json()["error"]["code"] == "no_profile"


@pytest.mark.parametrize("name", ["", " ", "x" * 21, "\x00"])
def test_a_name_the_friends_rules_refuse_makes_no_profile(client: TestClient, name: str) -> None:
    answer = client.post("/api/perfil", json={"name": name})
    assert answer.status_code in (400, 422)
    assert answer.json()["error"]["code"] in ("bad_name", "bad_request")
