"""``picas load --spawn``: ``picas serve`` started on a free loopback port for the length of a run,
the CPU its processes use, and the faults its log tells of."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from picas.cli import CommandError

START_WAIT = 60.0
"""Seconds the spawned server has to answer before the run gives up."""


@contextlib.contextmanager
def spawned_server(
    workers: int,
    group: list[int] | None = None,
    *,
    store: str | None = None,
    friends: bool = False,
    max_connections: int = 3000,
) -> Iterator[tuple[str, Path]]:
    """``picas serve`` on a free loopback port with a fresh key and data folder, for the length
    of the run: its address and the file its output goes to (and its process group appended to
    ``group``). ``friends``: tables of people (the friends' or the rated ones) are served, so
    the processes share a store and the per-address table caps are raised (the tables are all
    made from one address; the sockets come from many), with ``max_connections`` sockets a
    process."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with tempfile.TemporaryDirectory(prefix="picas-load-") as folder:
        env = {k: v for k, v in os.environ.items() if k != "PICAS_SECRET_KEY"}
        env["PICAS_KEY_FILE"] = str(Path(folder) / "secret.key")
        log_path = Path(folder) / "server.log"
        command = [sys.executable, "-m", "picas.cli", "serve", "--host", "127.0.0.1"]
        command += ["--port", str(port), "--workers", str(workers)]
        env["PICAS_DATA_DIR"] = folder
        if store is not None:
            command += ["--store", store]
        elif not friends:
            # Solo games need no store: without one there are no friends' tables, and no day's
            # challenge preparing its baseline in a worker beside the measurement (a core for a
            # minute after a fresh start).
            command += ["--store", "none"]
        if friends:
            # With a store the server prepares the day's challenge in a worker of its own after a
            # fresh start (Difícil's baseline: a core for minutes); Fácil's is done in moments,
            # and the day is not what is measured.
            env.setdefault("PICAS_RETO_LEVEL", "facil")
            env["PICAS_FRIENDS_TABLES_PER_ADDRESS"] = "100000"
            env["PICAS_FRIENDS_MAX_TABLES"] = "100000"
            command += ["--max-connections", str(max_connections)]
        with log_path.open("wb") as log:
            process = subprocess.Popen(
                command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_until_up(base, process, log_path)
            if group is not None:
                group.append(process.pid)
            yield base, log_path
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def _wait_until_up(base: str, process: subprocess.Popen[bytes], log: Path) -> None:
    from picas.cli.load_http import is_up  # the HTTP client, only when a server is spawned

    deadline = time.monotonic() + START_WAIT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise CommandError(f"El servidor no arrancó:\n{log.read_text(errors='replace')}")
        if is_up(base):
            return
        time.sleep(0.1)
    raise CommandError("El servidor no responde tras 60 s.")


def server_cpu(group: int) -> dict[str, float]:
    """CPU seconds so far of each process in the server's process group, by pid and kind:
    ``server`` (the main process and uvicorn's) or ``worker`` (the fork server's heavy work)."""
    ticks = os.sysconf("SC_CLK_TCK")
    used: dict[str, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[2]) != group:  # the process group (pgrp)
            continue
        kind = "worker" if b"forkserver" in command else "server"
        used[f"{kind} {entry.name}"] = (int(fields[11]) + int(fields[12])) / ticks
    return used


def count_faults(log: str) -> int:
    """Lines of a server's log that tell of a fault (an error, a traceback)."""
    return sum(
        1 for line in log.splitlines() if line.startswith(("ERROR", "CRITICAL", "Traceback"))
    )
