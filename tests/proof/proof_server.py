"""A real ``picas serve`` in a subprocess on a free loopback port, for the fault and e2e tests."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import TracebackType

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


class PicasServer:
    """``picas serve --workers N`` in its own process group (so a kill reaches the workers too),
    with its key in ``key_file`` and its output in ``log``."""

    def __init__(
        self,
        folder: Path,
        *,
        port: int | None = None,
        workers: int = 1,
        options: tuple[str, ...] = (),
    ) -> None:
        self.folder = folder
        self.key_file = folder / "secret.key"
        self.log = folder / "server.log"
        self.port = port or free_port()
        self.workers = workers
        self.options = options
        """More ``picas serve`` flags."""
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self, timeout: float = 30) -> PicasServer:
        env = {k: v for k, v in os.environ.items() if k != "PICAS_SECRET_KEY"}
        env["PICAS_KEY_FILE"] = str(self.key_file)
        command = [sys.executable, "-m", "picas.cli", "serve", "--host", HOST]
        command += ["--port", str(self.port), "--workers", str(self.workers), *self.options]
        if self.workers > 1 and "--store" not in self.options:
            command += ["--store", "none"]  # these proofs are of the solo table's processes
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                command, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped at start:\n{self.log_text()}")
            try:
                with urllib.request.urlopen(self.base + "/api/openapi.json", timeout=2) as answer:
                    if answer.status == 200:
                        return self
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"the server did not answer in {timeout} s:\n{self.log_text()}")

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Send ``sig`` to the whole process group (the main process and its workers)."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, sig)
        self.process.wait(timeout=15)
        self.process = None

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()
        else:  # the workers, had any outlived the main process
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
        self.process = None

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""

    def __enter__(self) -> PicasServer:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()
