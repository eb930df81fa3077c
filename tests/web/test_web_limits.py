"""The connection limits of ``picas serve`` (picas.web.protocol and the body deadline): oversized
or trickled heads, idle connections and too many connections are refused or closed, every refusal
of the server's own is the API's JSON with the security headers, and a normal request still
works. A real uvicorn server in a thread, spoken to over raw sockets."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
from web_helpers import KEY, CountingBot, FixedLoader, serve_in_thread

from picas.web import Settings, create_app
from picas.web.protocol import ConnectionLimits, GuardedHttpToolsProtocol
from raw_http import exchange, read_all

LIMITS = ConnectionLimits(
    max_head_bytes=4096, max_url_bytes=1024, max_headers=20, head_timeout=1.0, max_connections=8
)


class SmallLimits(GuardedHttpToolsProtocol):
    fixed_limits: ClassVar[ConnectionLimits | None] = LIMITS


@pytest.fixture(scope="module")
def address() -> Iterator[tuple[str, int]]:
    app = create_app(
        Settings(key=KEY, body_timeout=1.0, bot_loaders={"spades": FixedLoader(CountingBot())})
    )
    with serve_in_thread(app, http=SmallLimits) as where:
        yield where


def _exchange(address: tuple[str, int], data: bytes, *, wait: float = 5) -> tuple[bytes, float]:
    return exchange(address, data, wait=wait)


def _refusal(answer: bytes) -> tuple[int, dict[str, str], Any]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return status, headers, json.loads(body)


def _assert_json_refusal(answer: bytes, status: int, code: str) -> dict[str, str]:
    got, headers, body = _refusal(answer)
    assert (got, body["error"]["code"]) == (status, code)
    assert body["error"]["message"]
    assert headers["content-type"] == "application/json"
    assert "content-security-policy" in headers
    assert headers["x-content-type-options"] == "nosniff"
    return headers


def _get(path: bytes = b"/api/openapi.json", extra: bytes = b"") -> bytes:
    return b"GET " + path + b" HTTP/1.1\r\nHost: x\r\n" + extra + b"Connection: close\r\n\r\n"


def test_a_normal_request_is_answered(address: tuple[str, int]) -> None:
    answer, _ = _exchange(address, _get())
    assert answer.startswith(b"HTTP/1.1 200")


def test_a_one_megabyte_header_is_refused_with_431(address: tuple[str, int]) -> None:
    header = b"X-Big: " + b"a" * 1_000_000 + b"\r\n"
    answer, _ = _exchange(address, _get(extra=header))
    _assert_json_refusal(answer, 431, "headers_too_large")


def test_too_many_headers_are_refused_with_431(address: tuple[str, int]) -> None:
    headers = b"".join(b"X-N%d: 1\r\n" % n for n in range(LIMITS.max_headers + 1))
    answer, _ = _exchange(address, _get(extra=headers))
    _assert_json_refusal(answer, 431, "headers_too_large")


def test_a_long_url_is_refused_with_414(address: tuple[str, int]) -> None:
    answer, _ = _exchange(address, _get(path=b"/" + b"a" * 70_000))
    _assert_json_refusal(answer, 414, "url_too_long")


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"GARBAGE\r\n\r\n",
        b"FROB / HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /ñandú HTTP/1.1\r\nHost: x\r\n\r\n".encode(),
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    ],
    ids=["bad request line", "unknown method", "non-ASCII path", "CL and TE"],
)
def test_the_servers_own_refusals_are_json_with_security_headers(
    address: tuple[str, int], request_bytes: bytes
) -> None:
    answer, _ = _exchange(address, request_bytes)
    _assert_json_refusal(answer, 400, "bad_request")


def test_a_connection_that_sends_nothing_is_closed_at_the_head_deadline(
    address: tuple[str, int],
) -> None:
    answer, took = _exchange(address, b"")
    _assert_json_refusal(answer, 408, "request_timeout")
    assert took < LIMITS.head_timeout + 2


def test_a_head_trickled_in_is_closed_at_the_deadline(address: tuple[str, int]) -> None:
    started = time.monotonic()
    with socket.create_connection(address, timeout=5) as sock:
        closed = False
        for byte in _get():
            try:
                sock.sendall(bytes([byte]))
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            time.sleep(0.2)
            if time.monotonic() - started > LIMITS.head_timeout + 0.5:
                break
        answer = read_all(sock)
    assert closed or answer
    if answer:
        _assert_json_refusal(answer, 408, "request_timeout")
    assert time.monotonic() - started < LIMITS.head_timeout + 3


def test_a_body_trickled_in_is_refused_at_the_body_deadline(address: tuple[str, int]) -> None:
    head = (
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\nConnection: close\r\n\r\n{"
    )
    answer, took = _exchange(address, head)
    got, _, body = _refusal(answer)
    assert (got, body["error"]["code"]) == (408, "request_timeout")
    assert took < 4


def test_one_connection_over_the_limit_is_refused_at_once(address: tuple[str, int]) -> None:
    idle = [socket.create_connection(address) for _ in range(LIMITS.max_connections)]
    try:
        time.sleep(0.2)
        answer, took = _exchange(address, b"")
        headers = _assert_json_refusal(answer, 503, "too_many_connections")
        assert headers["retry-after"].isdigit()
        assert took < LIMITS.head_timeout
    finally:
        for sock in idle:
            sock.close()
    time.sleep(0.3)
    answer, _ = _exchange(address, _get())
    assert answer.startswith(b"HTTP/1.1 200")
