"""The real app on a free loopback port and Debian's Chromium, shared by the end-to-end tests.

Chromium must be there: a missing browser fails these tests rather than skipping them (make test
installs it through scripts/bootstrap --browser).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_helpers import SPADES_CHOSEN, Server, watched_page
from playwright.sync_api import Browser, Page


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _wait_until_up(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the server stopped at start:\n{log.read_text(errors='replace')}")
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.1)
    pytest.fail(f"the server did not answer in 30 s:\n{log.read_text(errors='replace')}")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("picas-e2e")
    key_file = folder / "secret.key"
    log = folder / "server.log"
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "PICAS_SECRET_KEY"}
    env["PICAS_KEY_FILE"] = str(key_file)
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        "--factory",
        "picas.web.app:create_app",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--log-level",
        "warning",
    ]
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(base + "/", process, log)
        yield Server(base=base, key=key_file.read_bytes().strip())
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A phone-sized page of a Spades player in a fresh context; any script error fails the test."""
    yield from watched_page(browser, (390, 844), SPADES_CHOSEN, 15_000)
