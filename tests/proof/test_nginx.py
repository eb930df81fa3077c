"""deploy/nginx.conf in front of a real ``picas serve``: Debian's nginx, started by the test's
user in the foreground, with its prefix (config, pid, logs, temporary files) in tmp_path, spoken
to over raw sockets.

A game goes through with the server's own headers; nginx's refusals (a bad request line, a URL
or a header line over the limits, a body over the cap, too many heavy requests or connections
from one address, the server down) are the API's JSON with the security headers; a head or a
body trickled past its deadline is closed. The test config differs from deploy/nginx.conf only in
its ports and in the few limits made small enough to reach quickly (``SHORTER``).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from proof_server import HOST, PicasServer, free_port
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

import raw_http
from picas.web.errors import TOO_MANY_REQUESTS_MESSAGE

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "deploy" / "nginx.conf"
NGINX = Path("/usr/sbin/nginx")

pytestmark = pytest.mark.xdist_group("nginx")

SHORTER = {
    "client_header_timeout 10s;": "client_header_timeout 1s;",
    "client_body_timeout 10s;": "client_body_timeout 5s;",  # holds places in the limit_conn test
    "limit_conn picas_conn 32;": "limit_conn picas_conn 2;",
    "limit_conn picas_conn 16;": "limit_conn picas_conn 3;",  # the friends' sockets
}
"""Directive of deploy/nginx.conf → its test value (each must appear exactly once)."""

SECURITY = {
    "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self';"
    " img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


def render(listen: str, app: str, changes: Mapping[str, str] = SHORTER) -> str:
    """The template with its two placeholders filled (as scripts/serve-behind-nginx does) and
    the ``changes`` applied."""
    text = TEMPLATE.read_text(encoding="utf-8")
    text = text.replace("${PICAS_LISTEN}", listen).replace("${PICAS_APP}", app)
    assert "${" not in text, "a placeholder this test does not know"
    for old, new in changes.items():
        assert text.count(old) == 1, f"deploy/nginx.conf no longer has exactly one «{old}»"
        text = text.replace(old, new)
    return text


class Nginx:
    """nginx in the foreground (``daemon off``) with its prefix in ``folder``."""

    def __init__(self, folder: Path, app: str) -> None:
        if not NGINX.exists():
            pytest.fail(
                f"{NGINX} is missing: `scripts/bootstrap --browser` installs Debian's nginx"
            )
        self.folder = folder
        self.port = free_port()
        (folder / "logs").mkdir(parents=True)
        (folder / "tmp").mkdir()
        self.config = folder / "nginx.conf"
        self.config.write_text(render(f"{HOST}:{self.port}", app), encoding="utf-8")
        self.command = [str(NGINX), "-p", f"{folder}/", "-c", str(self.config), "-e", "stderr"]
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Nginx:
        checked = subprocess.run([*self.command, "-t", "-q"], capture_output=True, check=False)
        assert checked.returncode == 0, checked.stderr.decode()
        self.process = subprocess.Popen([*self.command, "-g", "daemon off;"])
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log()
            try:
                socket.create_connection((HOST, self.port), timeout=1).close()
                return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise AssertionError(f"nginx did not listen in 15 s:\n{self.log()}")

    def stop(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGQUIT)  # nginx's graceful stop
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None

    def log(self) -> str:
        path = self.folder / "logs" / "error.log"
        return path.read_text(errors="replace") if path.exists() else ""


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PicasServer]:
    # As scripts/serve-behind-nginx starts it: the client's address from nginx's header.
    with PicasServer(tmp_path_factory.mktemp("app"), options=("--behind-proxy",)) as server:
        yield server


@pytest.fixture(scope="module")
def proxy(app: PicasServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Nginx]:
    nginx = Nginx(tmp_path_factory.mktemp("nginx"), f"{HOST}:{app.port}").start()
    yield nginx
    nginx.stop()


@dataclass
class Answer:
    status: int
    headers: list[tuple[str, str]]
    body: bytes

    def header(self, name: str) -> str:
        values = [v for k, v in self.headers if k == name]
        assert len(values) == 1, f"{name}: {values}"
        return values[0]

    def json(self) -> Any:
        return json.loads(self.body)


def exchange(port: int, data: bytes, *, wait: float = 10) -> tuple[bytes, float]:
    """Send ``data`` to ``port`` on loopback, read until the other side closes."""
    return raw_http.exchange((HOST, port), data, wait=wait)


def parse(raw: bytes) -> Answer:
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = [
        (k.strip().lower(), v.strip()) for k, _, v in (line.partition(":") for line in lines[1:])
    ]
    return Answer(int(lines[0].split()[1]), headers, body)


def request(port: int, method: str, path: str, body: Any = None, extra: bytes = b"") -> Answer:
    content = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: picas.test\r\nConnection: close\r\n".encode()
    if body is not None:
        head += f"Content-Type: application/json\r\nContent-Length: {len(content)}\r\n".encode()
    raw, _ = exchange(port, head + extra + b"\r\n" + content, wait=60)
    return parse(raw)


def assert_security_headers(answer: Answer) -> None:
    for name, value in SECURITY.items():
        assert answer.header(name) == value  # once: nginx adds none where the server set it
    assert answer.header("server") == "nginx"  # server_tokens off: no version


def assert_refusal(answer: Answer, status: int, code: str) -> None:
    assert (answer.status, answer.json()["error"]["code"]) == (status, code)
    assert answer.header("content-type") == "application/json"
    assert answer.header("cache-control") == "no-store"
    assert_security_headers(answer)
    error = answer.json()["error"]
    assert set(answer.json()) == {"error"}
    assert set(error) == {"code", "message"}
    assert isinstance(error["message"], str)
    assert error["message"]


def test_a_game_goes_through_with_the_servers_own_headers(proxy: Nginx) -> None:
    started = request(proxy.port, "POST", "/api/games", {"level": "facil"})
    assert started.status == 200, started.body
    assert_security_headers(started)
    assert started.header("cache-control") == "no-store"
    game = started.json()
    action = game["view"]["legal"][0]
    acted = request(proxy.port, "POST", "/api/games/act", {"save": game["save"], "action": action})
    assert acted.status == 200, acted.body
    assert_security_headers(acted)
    assert len(acted.json()["save"]["record"]["actions"]) > len(game["save"]["record"]["actions"])
    page = request(proxy.port, "GET", "/")
    assert (page.status, page.header("cache-control")) == (200, "no-cache")
    assert_security_headers(page)


def test_the_server_sees_the_clients_address_not_a_forged_one(
    proxy: Nginx, app: PicasServer
) -> None:
    probe = f"/api/probe-{time.monotonic_ns()}"
    forged = b"X-Forwarded-For: 203.0.113.9\r\nX-Real-IP: 203.0.113.9\r\n"
    assert request(proxy.port, "GET", probe, extra=forged).status == 404
    logged = [line for line in app.log_text().splitlines() if probe in line]
    # uvicorn logs the address from X-Forwarded-For with port 0: nginx replaced the forged one.
    assert len(logged) == 1, app.log_text()[-2000:]
    assert f"{HOST}:0 - " in logged[0]
    assert "203.0.113.9" not in logged[0]


def test_the_servers_own_errors_pass_through_unchanged(proxy: Nginx) -> None:
    answer = request(proxy.port, "POST", "/api/games/act", {"save": {}, "action": 1})
    assert answer.status == 400
    assert_security_headers(answer)
    assert answer.json()["error"]["code"] == "bad_request"


@pytest.mark.parametrize(
    ("data", "status", "code"),
    [
        (b"NOT A REQUEST\r\n\r\n", 400, "bad_request"),
        (b"GET / HTTP/1.1\r\n\r\n", 400, "bad_request"),  # no Host
        (b"GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505, "bad_request"),
        (b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501, "bad_request"),
        (b"TRACE / HTTP/1.1\r\nHost: x\r\n\r\n", 405, "method_not_allowed"),
    ],
    ids=["garbage", "no-host", "http2.0", "transfer-encoding", "trace"],
)
def test_a_request_nginx_cannot_take_is_refused_as_json(
    proxy: Nginx, data: bytes, status: int, code: str
) -> None:
    raw, _ = exchange(proxy.port, data)
    assert_refusal(parse(raw), status, code)


def test_a_url_over_the_limit_is_refused_as_json(proxy: Nginx) -> None:
    answer = request(proxy.port, "GET", "/api/" + "a" * 9000)
    assert_refusal(answer, 414, "url_too_long")


def test_a_header_over_the_limit_is_refused_as_json(proxy: Nginx) -> None:
    answer = request(proxy.port, "GET", "/", extra=b"X-Big: " + b"a" * 9000 + b"\r\n")
    assert_refusal(answer, 431, "headers_too_large")


def test_a_head_over_the_limit_in_many_headers_is_refused_as_json(proxy: Nginx) -> None:
    many = b"".join(b"X-H%d: %s\r\n" % (i, b"a" * 1000) for i in range(40))  # 40 KB of lines
    answer = request(proxy.port, "GET", "/", extra=many)
    assert_refusal(answer, 431, "headers_too_large")


def test_a_body_over_the_cap_is_refused_as_json(proxy: Nginx) -> None:
    answer = request(proxy.port, "POST", "/api/games", {"pad": "a" * 300_000})
    assert_refusal(answer, 413, "too_large")


def test_an_unknown_path_under_the_error_pages_is_not_found(proxy: Nginx) -> None:
    assert_refusal(request(proxy.port, "GET", "/_picas_error/bad_request"), 404, "not_found")


@pytest.mark.parametrize(
    ("partial", "deadline"),
    [
        (b"GET / HTTP/1.1\r\nHost: picas.test\r\nX-Slow: a", 1),  # SHORTER's header timeout
        (b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{", 5),  # body
    ],
    ids=["head", "body"],
)
def test_a_trickled_request_is_closed_at_its_deadline(
    proxy: Nginx, partial: bytes, deadline: float
) -> None:
    raw, seconds = exchange(proxy.port, partial, wait=15)
    assert raw == b""  # nginx closes at the deadline without an answer (it never sends a 408)
    assert deadline - 0.1 <= seconds < deadline + 4


def test_heavy_requests_from_one_address_are_limited(proxy: Nginx) -> None:
    answers = [request(proxy.port, "POST", "/api/practice", {}) for _ in range(10)]
    statuses = [answer.status for answer in answers]
    assert statuses[0] == 400, statuses  # the server's own answer to an empty body
    limited = [answer for answer in answers if answer.status == 429]
    assert limited, statuses
    assert_refusal(limited[0], 429, "too_many_requests")
    assert limited[0].header("retry-after") == "5"
    assert request(proxy.port, "POST", "/api/games", {}).status == 200  # play is not limited


def request_from(source: str, port: int, method: str, path: str, body: Any = None) -> Answer:
    """:func:`request` from the client address ``source`` (127.0.0.5… are this machine)."""
    content = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: picas.test\r\nConnection: close\r\n".encode()
    if body is not None:
        head += f"Content-Type: application/json\r\nContent-Length: {len(content)}\r\n".encode()
    raw, _ = raw_http.exchange((HOST, port), head + b"\r\n" + content, wait=60, source=source)
    return parse(raw)


def test_acts_from_one_address_are_limited_and_another_address_is_not(proxy: Nginx) -> None:
    # Difícil acts included: nginx cannot read the level, so every act is limited per address.
    answers = [
        request_from("127.0.0.5", proxy.port, "POST", "/api/games/act", {}) for _ in range(30)
    ]
    statuses = [answer.status for answer in answers]
    assert statuses[0] == 400, statuses  # the server's own answer to an empty act
    limited = [answer for answer in answers if answer.status == 429]
    assert len(limited) >= 10, statuses
    assert_refusal(limited[0], 429, "too_many_requests")
    assert limited[0].header("retry-after") == "5"
    # The same words as the server's own refusal of an address over its share.
    assert limited[0].json()["error"]["message"] == TOO_MANY_REQUESTS_MESSAGE
    assert request_from("127.0.0.6", proxy.port, "POST", "/api/games/act", {}).status == 400


def test_every_api_route_is_limited_per_address(proxy: Nginx) -> None:
    answers = [request_from("127.0.0.7", proxy.port, "POST", "/api/tip", {}) for _ in range(40)]
    statuses = [answer.status for answer in answers]
    assert statuses[0] == 400, statuses
    assert 429 in statuses, statuses
    assert_refusal(answers[statuses.index(429)], 429, "too_many_requests")


def test_api_requests_in_progress_per_address_are_limited(proxy: Nginx) -> None:
    # Eight unfinished bodies under /api/ hold the address's eight places there.
    held = []
    try:
        for _ in range(8):
            sock = socket.create_connection((HOST, proxy.port), 10, ("127.0.0.8", 0))
            sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 999\r\n\r\n{")
            held.append(sock)
        answer = request_from("127.0.0.8", proxy.port, "POST", "/api/games", {})
        deadline = time.monotonic() + 15  # until nginx has read every head (a loaded machine)
        while answer.status == 200 and time.monotonic() < deadline:
            time.sleep(0.05)
            for sock in held:
                sock.sendall(b" ")
            answer = request_from("127.0.0.8", proxy.port, "POST", "/api/games", {})
        other = request_from("127.0.0.9", proxy.port, "POST", "/api/games", {})
    finally:
        for sock in held:
            sock.close()
    assert_refusal(answer, 429, "too_many_requests")
    assert other.status == 200


def test_connections_over_the_per_address_limit_are_refused_as_json(proxy: Nginx) -> None:
    # A request counts while nginx holds it: two bodies left unfinished hold both places. Each
    # gets one more byte a round, so a slow machine's wait never reaches the body timeout (5 s).
    held = []
    try:
        for _ in range(2):
            sock = socket.create_connection((HOST, proxy.port), timeout=10)
            sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 999\r\n\r\n{")
            held.append(sock)
        answer = request(proxy.port, "GET", "/")
        deadline = time.monotonic() + 15  # until nginx has read both heads (a loaded machine)
        while answer.status == 200 and time.monotonic() < deadline:
            time.sleep(0.05)
            for sock in held:
                sock.sendall(b" ")
            answer = request(proxy.port, "GET", "/")
    finally:
        for sock in held:
            sock.close()
    assert_refusal(answer, 503, "too_many_connections")
    assert answer.header("retry-after") == "5"


def test_the_server_down_is_a_json_502(tmp_path: Path) -> None:
    nginx = Nginx(tmp_path, f"{HOST}:{free_port()}").start()  # nothing listens there
    try:
        answer = request(nginx.port, "POST", "/api/games", {})
    finally:
        nginx.stop()
    assert_refusal(answer, 502, "server_down")


def test_the_start_script_runs_both_and_stops_both(tmp_path: Path) -> None:
    if not NGINX.exists():
        pytest.fail(f"{NGINX} is missing: `scripts/bootstrap --browser` installs Debian's nginx")
    nginx_port, app_port = free_port(), free_port()
    env = {k: v for k, v in os.environ.items() if k != "PICAS_SECRET_KEY"}
    env |= {
        "PICAS_KEY_FILE": str(tmp_path / "secret.key"),
        "PICAS_NGINX_PORT": f"{HOST}:{nginx_port}",
        "PICAS_APP_PORT": str(app_port),
        "PICAS_NGINX_DIR": str(tmp_path / "nginx"),
    }
    script = subprocess.Popen(
        [str(ROOT / "scripts" / "serve-behind-nginx")],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        answer = _first_answer(nginx_port, script)
        assert answer.status == 200, answer.body
        assert_security_headers(answer)
        script.send_signal(signal.SIGTERM)
        assert script.wait(timeout=20) == 0
        for port in (nginx_port, app_port):
            with pytest.raises(ConnectionRefusedError):
                socket.create_connection((HOST, port), timeout=1).close()
    finally:
        if script.poll() is None:
            os.killpg(script.pid, signal.SIGKILL)
            script.wait()


def _first_answer(port: int, script: subprocess.Popen[bytes]) -> Answer:
    """The first answer to a new game once nginx and the server both listen."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert script.poll() is None, "serve-behind-nginx stopped"
        try:
            answer = request(port, "POST", "/api/games", {})
        except (OSError, IndexError, ValueError):
            answer = None
        if answer is not None and answer.status != 502:
            return answer
        time.sleep(0.2)
    raise AssertionError("nginx and picas serve did not answer in 60 s")


def _table_through(proxy: Nginx) -> tuple[str, str]:
    """A friends' table made through nginx: its id and the host's seat token."""
    made = request(
        proxy.port, "POST", "/api/mesas", {"game": "spades", "name": "Ana", "level": "facil"}
    )
    assert made.status == 200, made.body
    return made.json()["table"]["id"], made.json()["token"]


def _socket_through(proxy: Nginx, table_id: str) -> ClientConnection:
    """A friends' socket opened as the page opens it: through nginx, with the page's Origin."""
    origin = f"http://{HOST}:{proxy.port}"
    return connect(
        f"ws://{HOST}:{proxy.port}/api/mesas/{table_id}/ws",
        origin=Origin(origin),
        open_timeout=20,
        max_size=2**22,
    )


def test_a_friends_socket_goes_through_and_is_answered(proxy: Nginx) -> None:
    # The upgrade reaches the server with the client's Host (its Origin check) and address.
    table_id, token = _table_through(proxy)
    with _socket_through(proxy, table_id) as ws:
        ws.send(json.dumps({"type": "hello", "token": token, "last_seq": None}))
        welcome = json.loads(ws.recv(timeout=20))
    assert welcome["type"] == "welcome", welcome
    assert welcome["seat"] == "south"


def test_friends_sockets_count_in_the_per_address_connections(proxy: Nginx) -> None:
    # The test config allows 3 sockets an address (deploy/nginx.conf: 16): the fourth is refused
    # by nginx while the three open ones still answer.
    table_id, token = _table_through(proxy)
    with contextlib.ExitStack() as open_ones:
        held = [open_ones.enter_context(_socket_through(proxy, table_id)) for _ in range(3)]
        with pytest.raises(InvalidStatus) as refused:
            _socket_through(proxy, table_id)
        assert refused.value.response.status_code == 429
        body = json.loads(refused.value.response.body or b"{}")
        assert body["error"]["code"] == "too_many_requests"
        held[0].send(json.dumps({"type": "hello", "token": token, "last_seq": None}))
        assert json.loads(held[0].recv(timeout=20))["type"] == "welcome"
