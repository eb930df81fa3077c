"""``kill -9`` of one of two server processes mid-hand: the people whose sockets it held
reconnect (to either process: no sticky sessions), the table goes on from Redis, no change lost."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from friends_helpers import host, person, run, table_of

import friends_redis
from friends_redis import RedisServer

redis_server = friends_redis.redis_server  # the fixture, by name


def _children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True, check=False)
    return [int(line) for line in found.stdout.split()]


def _workers(pid: int) -> list[int]:
    """uvicorn's server processes (not multiprocessing's resource tracker)."""
    out = []
    for child in _children(pid):
        with open(f"/proc/{child}/cmdline", "rb") as cmdline:
            if b"spawn_main" in cmdline.read():
                out.append(child)
    return out


def _sockets_held(pid: int, port: int) -> int:
    """How many established TCP connections to ``port`` the process ``pid`` holds: its socket
    descriptors' inodes looked up in the kernel's connection tables."""
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    held = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table, encoding="ascii") as lines:
            next(lines)
            for line in lines:
                fields = line.split()
                local_port = int(fields[1].rsplit(":", 1)[1], 16)
                established = fields[3] == "01"
                if established and local_port == port and fields[9] in inodes:
                    held += 1
    return held


def test_kill_9_of_a_worker_mid_hand_loses_nothing(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {**os.environ, "PICAS_KEY_FILE": str(tmp_path / "key"), "PICAS_DATA_DIR": str(tmp_path)}
    command = [sys.executable, "-m", "picas.cli", "serve", "--port", str(port), "--workers", "2"]
    command += ["--store", redis_server.url]
    server = subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while len(_workers(server.pid)) < 2 or not _up(base):
            assert time.monotonic() < deadline, "picas serve did not start"
            time.sleep(0.2)
        table_id, tokens = table_of(
            base, "corazones", ["south", "west", "north", "east"], settings={"target": 50}
        )
        host(base, table_id, tokens["south"], {"type": "start"})
        people = [person(base, table_id, tokens[seat]) for seat in tokens]

        async def kill_one() -> None:
            while min(one.seq or 0 for one in people) < 30:
                await asyncio.sleep(0.05)
            # The kernel spreads the sockets over the two processes as it likes (all four may
            # land on one): the one killed holds the most, so some socket must come back.
            workers = _workers(server.pid)
            busiest = max(workers, key=lambda pid: _sockets_held(pid, port))
            assert _sockets_held(busiest, port) > 0
            os.kill(busiest, signal.SIGKILL)

        run(*(one.run() for one in people), kill_one(), timeout=240)
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    for one in people:
        assert one.end is not None
        assert one.duplicated == 0
        assert one.errors == []
    # Somebody's socket was on the killed process and came back; nobody's seq has a hole.
    assert sum(one.welcomes for one in people) > len(people)
    assert all(one.lost == 0 for one in people)


def _up(base: str) -> bool:
    try:
        with urllib.request.urlopen(base + "/api/openapi.json", timeout=2):
            return True
    except OSError:
        return False
