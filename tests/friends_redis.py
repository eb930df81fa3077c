"""A real redis-server (Debian's) for the tests that need one, on a free port in 9290–9489 (the
fixture `redis_server`, imported by the tests that use it). Several test processes start servers
at once, so a port found free can be taken before the server binds it: the fixture checks that the
server answering is the one it started (its pid), and otherwise tries another port."""

from __future__ import annotations

import random
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis

REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
PORTS = range(9290, 9490)
ATTEMPTS = 20


class PortTakenError(Exception):
    """The server could not listen on its port: another process took it first."""


@dataclass
class RedisServer:
    port: int
    folder: Path
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                REDIS_SERVER,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
                "--dir",
                str(self.folder),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        process = self.process
        client = redis.Redis(port=self.port)
        deadline = time.monotonic() + 10
        try:
            while True:
                if process.poll() is not None:
                    self.process = None
                    raise PortTakenError(self.port)
                try:
                    answering = int(client.info("server")["process_id"])
                except redis.ConnectionError:
                    assert time.monotonic() < deadline, "redis-server did not start"
                    time.sleep(0.05)
                    continue
                if answering != process.pid:  # another test's server holds the port
                    self.stop()
                    raise PortTakenError(self.port)
                break
        finally:
            client.close()

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


def _free_port(rng: random.Random) -> int:
    for port in rng.sample(PORTS, len(PORTS)):
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    pytest.fail("no free port for redis-server in 9290–9489")


def started_server(folder: Path) -> RedisServer:
    """A redis-server of this test's own, on a free port (another, if the one found is taken)."""
    rng = random.Random()  # its own generator: which free port is luck, nothing else is
    for _ in range(ATTEMPTS):
        server = RedisServer(_free_port(rng), folder)
        try:
            server.start()
        except PortTakenError:
            continue
        return server
    pytest.fail(f"redis-server found no port of its own in {ATTEMPTS} tries")


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    if not Path(REDIS_SERVER).exists():
        pytest.fail("redis-server is not installed (scripts/bootstrap --browser installs it)")
    server = started_server(tmp_path)
    try:
        yield server
    finally:
        server.stop()
