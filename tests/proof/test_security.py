"""Security: the headers on every kind of response, the body cap, errors that tell nothing, and the
signing key that is never logged nor sent."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from picas.web import Settings, create_app
from picas.web.help_pages import rendered
from picas.web.settings import MAX_BODY_BYTES, STATIC_DIR
from picas.web.signing import load_key

KEY = b"security-test-key-5f3c9a1e7b2d4068"
JSON = {"content-type": "application/json"}


def _client(app: FastAPI | None = None) -> TestClient:
    return TestClient(app or create_app(Settings(key=KEY)), raise_server_exceptions=False)


def _csp(response: httpx2.Response) -> dict[str, list[str]]:
    header = response.headers.get("content-security-policy")
    assert header, f"no CSP on {response.request.method} {response.request.url}"
    directives: dict[str, list[str]] = {}
    for part in header.split(";"):
        name, *values = part.split()
        assert name not in directives, f"{name} twice"
        directives[name] = values
    return directives


def assert_strict_headers(response: httpx2.Response) -> None:
    where = f"{response.request.method} {response.request.url.path} → {response.status_code}"
    csp = _csp(response)
    everything = " ".join(v for values in csp.values() for v in values)
    assert "'unsafe-inline'" not in everything, where
    assert "'unsafe-eval'" not in everything, where
    assert "*" not in everything, where
    assert csp["default-src"] == ["'self'"], where
    assert csp["script-src"] == ["'self'"], where
    assert csp["frame-ancestors"] == ["'none'"], where
    assert csp["base-uri"] == ["'none'"], where
    assert csp["form-action"] == ["'self'"], where
    assert response.headers.get("x-content-type-options") == "nosniff", where
    assert response.headers.get("referrer-policy") == "no-referrer", where
    if response.request.url.path.startswith("/api/"):
        assert response.headers.get("cache-control") == "no-store", where


def _every_page_and_file() -> list[str]:
    """The page's files and the help pages (rendered from templates), as URL paths."""
    files = [
        "/" + str(path.relative_to(STATIC_DIR))
        for path in STATIC_DIR.rglob("*")
        if path.is_file() and not path.name.startswith(".")
    ]
    return sorted([*files, *("/" + path for path in rendered())])


def _every_page() -> Iterator[tuple[str, str]]:
    """(name, HTML) of the table's page and of every help page as the server sends it."""
    for file in STATIC_DIR.rglob("*.html"):
        yield file.name, file.read_text(encoding="utf-8")
    for path, page in rendered().items():
        yield path, page.body.decode("utf-8")


def _every_kind_of_response(client: TestClient) -> Iterator[httpx2.Response]:
    yield client.get("/")
    for path in _every_page_and_file():  # the page, its scripts, styles, help pages, icon
        yield client.get(path)
    game = client.post("/api/games", json={"level": "facil"})
    yield game
    save = game.json()["save"]
    yield client.post("/api/games/resume", json={"save": save})
    yield client.post("/api/tip", json={"save": save})
    yield client.post("/api/games/act", json={"save": save, "action": 3})
    yield client.post("/api/games/act", json={"save": save, "action": "AS"})  # 409
    yield client.post("/api/games/act", json={"save": save, "action": 14})  # 422
    yield client.post("/api/games/act", json={"save": {**save, "sig": "0" * 64}, "action": 3})
    yield client.post("/api/games", content="{", headers=JSON)  # 400
    yield client.get("/api/openapi.json")
    yield client.get("/no-such-page.html")  # 404 from the files
    yield client.get("/api/no-such-thing")  # 404 from the API
    yield client.get("/api/games")  # 405
    yield client.put("/api/games/act", json={})  # 405
    yield client.request("OPTIONS", "/api/games")
    yield client.head("/")
    yield client.post("/api/games", content=b"x" * (MAX_BODY_BYTES + 1), headers=JSON)  # 413


def test_every_response_carries_the_strict_security_headers() -> None:
    client = _client()
    statuses = set()
    for response in _every_kind_of_response(client):
        assert_strict_headers(response)
        statuses.add(response.status_code)
    assert statuses >= {200, 400, 404, 405, 409, 413, 422}
    assert len(_every_page_and_file()) >= 5  # html, js, css really were among them


def test_the_pages_need_nothing_inline_that_the_policy_forbids() -> None:
    """No inline script, style attribute or event handler: the CSP would block them."""
    pages = list(_every_page())
    for name, html in pages:
        for tag in re.findall(r"<script\b[^>]*>", html, re.I):
            assert "src=" in tag, f"{name}: inline script {tag}"
        assert not re.search(r"<style\b", html, re.I), name
        assert not re.search(r"\sstyle\s*=", html, re.I), name
        assert not re.search(r"\son[a-z]+\s*=", html, re.I), name
        assert "javascript:" not in html.lower(), name
    assert len(pages) >= 21  # the table and its 20 help pages


def test_the_body_cap_stops_a_big_body_with_or_without_a_length() -> None:
    client = _client()
    declared = client.post("/api/games", content=b" " * (MAX_BODY_BYTES + 1), headers=JSON)
    assert declared.status_code == 413
    assert declared.json()["error"]["code"] == "too_large"

    def stream() -> Iterator[bytes]:
        for _ in range(MAX_BODY_BYTES // 1024 + 2):
            yield b" " * 1024

    chunked = client.post("/api/games/act", content=stream(), headers=JSON)
    assert chunked.status_code == 413
    assert_strict_headers(chunked)
    under = client.post("/api/games", content=b" " * (MAX_BODY_BYTES - 10) + b"{}", headers=JSON)
    assert under.status_code == 200


LEAKS = re.compile(
    r"Traceback|File \"|\.py\b|/work/|/usr/|site-packages|line \d+|"
    r"RuntimeError|KeyError|ValueError|TypeError|Exception|pydantic|starlette|fastapi|"
    r"clave-secreta-de-prueba",
    re.I,
)


def _broken_app() -> FastAPI:
    """The real app plus routes that fail the ways a server bug would."""
    app = create_app(Settings(key=KEY))

    @app.post("/api/boom")
    def boom() -> dict[str, str]:
        raise RuntimeError("clave-secreta-de-prueba at /work/main/src/picas/web/table.py line 3")

    @app.get("/api/keyerror")
    async def keyerror() -> dict[str, str]:
        table: dict[str, dict[str, str]] = {}
        return table["clave-secreta-de-prueba"]

    @app.get("/api/bad-answer")
    async def bad_answer() -> int:
        return "clave-secreta-de-prueba"  # type: ignore[return-value]  # fails response checks

    return app


@pytest.mark.parametrize(
    ("method", "path"),
    [("POST", "/api/boom"), ("GET", "/api/keyerror"), ("GET", "/api/bad-answer")],
)
def test_an_internal_error_tells_nothing(
    method: str, path: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.ERROR, logger="picas.web"):
        response = _client(_broken_app()).request(method, path)
    assert response.status_code == 500
    body = response.json()
    assert set(body) == {"error"}
    assert body["error"]["code"] == "internal_error"
    assert not LEAKS.search(response.text), response.text
    assert not any(LEAKS.search(f"{k}: {v}") for k, v in response.headers.items())
    assert_strict_headers(response)
    assert "clave-secreta-de-prueba" in caplog.text  # the details are for the server's log


def test_no_error_answer_carries_internal_detail() -> None:
    """Every error a client can cause, across the API, reads as a message for a player."""
    client = _client()
    for response in _every_kind_of_response(client):
        if response.status_code >= 400 and response.request.method != "HEAD":
            assert not LEAKS.search(response.text), response.text


# --- the key --------------------------------------------------------------------------------------


def _play_a_whole_game(client: TestClient) -> list[httpx2.Response]:
    responses = [client.post("/api/games", json={"level": "normal", "code": "K7PMX4QH"})]
    game = responses[-1].json()
    while game["view"]["legal"]:
        save = game["save"]
        if game["view"]["phase"] == "bidding":
            responses.append(client.post("/api/tip", json={"save": save}))
        responses.append(client.post("/api/games/resume", json={"save": save}))
        responses.append(
            client.post("/api/games/act", json={"save": save, "action": game["view"]["legal"][0]})
        )
        game = responses[-1].json()
    assert game["view"]["phase"] == "game_over"
    responses.append(client.post("/api/games/act", json={"save": game["save"], "action": 3}))
    return responses


def _forms(key: bytes) -> list[str]:
    """The key as text, in hex, and in pieces a log line might cut it into."""
    text = key.decode("latin-1")
    return [text, key.hex(), text[:16], text[-16:]]


def test_the_key_is_never_logged_nor_sent(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    key_file = tmp_path / "picas" / "secret.key"
    with caplog.at_level(logging.DEBUG):
        key = load_key({"PICAS_KEY_FILE": str(key_file)})  # made now: the creation is logged
        assert key_file.exists()
        assert load_key({"PICAS_KEY_FILE": str(key_file)}) == key
        settings = Settings(key=key)
        client = _client(create_app(settings))
        responses = _play_a_whole_game(client)
        responses += list(_every_kind_of_response(client))
        for bad_key in (b"short",):  # a refused key: no echo of it either
            try:
                Settings(key=bad_key)
            except Exception as error:
                logging.getLogger("picas.web").error("refused: %s", error)
    assert "secret.key" in caplog.text  # the capture did see the key file's creation
    assert len(responses) > 100
    captured = capsys.readouterr()
    seen = caplog.text + captured.out + captured.err + repr(settings)
    for form in _forms(key):
        assert form not in seen
        for response in responses:
            assert form not in response.text
            assert form.encode("latin-1") not in response.content
            for name, value in response.headers.items():
                assert form not in f"{name}: {value}"


def test_the_key_file_is_private(tmp_path: Path) -> None:
    key_file = tmp_path / "dir" / "secret.key"
    load_key({"PICAS_KEY_FILE": str(key_file)})
    assert key_file.stat().st_mode & 0o077 == 0
    assert key_file.parent.stat().st_mode & 0o077 == 0


def test_the_checks_here_can_fail() -> None:
    """The header check refuses a response with a loose policy; the leak pattern finds a trace."""
    request = httpx2.Request("GET", "http://testserver/")
    loose: Any = httpx2.Response(
        200,
        request=request,
        headers={
            "content-security-policy": "default-src 'self'; script-src 'self' 'unsafe-inline'",
            "x-content-type-options": "nosniff",
            "referrer-policy": "no-referrer",
        },
    )
    with pytest.raises(AssertionError):
        assert_strict_headers(loose)
    assert LEAKS.search('Traceback (most recent call last):\n  File "x.py", line 1')
