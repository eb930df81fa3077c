"""A block's body that is not one — malformed JSON, the wrong shape, a huge or non-UTF-8 body, an
id no profile has — is refused with a code, and the profile's blocks stay as they were."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from picas.web import Settings, create_app

KEY = b"quick-blocks-tests-key-0123456789abc"


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("PICAS_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("PICAS_STORE", raising=False)
    with TestClient(create_app(Settings(key=KEY))) as test_client:
        yield test_client


def _made(client: TestClient, name: str) -> tuple[str, dict[str, str]]:
    body = client.post("/api/perfil", json={"name": name}).json()
    return body["profile"]["id"], {"Authorization": f"Bearer {body['token']}"}


BAD_BODIES: list[tuple[bytes, set[int]]] = [
    (b"", {400}),
    (b"{", {400}),
    (b"[]", {400}),
    (b'{"id": 3}', {400}),
    (b'{"id": null}', {400}),
    (b'{"id": "x", "and": 1}', {400}),
    (b'{"other": "x"}', {400}),
    (b'{"id": "\xff\xfe"}', {400}),
    (b'{"id": "\\ud800"}', {400, 404}),
    (b'{"id": "' + b"a" * 5000 + b'"}', {400, 404}),
    (b'{"id": "' + b"a" * 300_000 + b'"}', {400, 413}),
    (b'{"id": "nadie-tiene-este-id"}', {404}),
]


@pytest.mark.parametrize(("body", "statuses"), BAD_BODIES)
def test_a_block_that_is_not_one_is_refused_with_a_code(
    client: TestClient, body: bytes, statuses: set[int]
) -> None:
    _, auth = _made(client, "Ana")
    other, _ = _made(client, "Luis")
    assert client.post("/api/ya/bloqueos", json={"id": other}, headers=auth).status_code == 200
    answer = client.post(
        "/api/ya/bloqueos",
        content=body,
        headers={**auth, "Content-Type": "application/json"},
    )
    assert answer.status_code in statuses
    assert answer.json()["error"]["code"]
    kept = client.get("/api/ya/bloqueos", headers=auth).json()
    assert kept == {"bloqueos": [{"id": other, "name": "Luis"}]}
