"""Every command the README and docs/deploy.md show to start Picas starts it as shown, from this
checkout: it serves the page and a friends' table can be made. Only what cannot be the same on a
test machine is changed: the ports become free ones, the Redis named is a real one the test starts,
the key and the tables go to a temporary folder."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from pathlib import Path

import httpx2 as httpx
import pytest
from proof_server import HOST, free_port

from friends_redis import RedisServer, redis_server

ROOT = Path(__file__).resolve().parents[2]
DOCS = (ROOT / "README.md", ROOT / "docs" / "deploy.md")
STARTS = re.compile(r"(make play|picas serve|serve-behind-nginx)")

pytestmark = pytest.mark.xdist_group("readme-commands")
__all__ = ["redis_server"]


def shown_commands() -> list[tuple[str, str]]:
    """(document, command) for each line of a ```sh block that starts the server."""
    found = []
    for doc in DOCS:
        blocks = re.findall(r"```sh\n(.*?)```", doc.read_text(encoding="utf-8"), flags=re.DOTALL)
        for block in blocks:
            for line in block.splitlines():
                command = line.split("#", 1)[0].strip()
                if STARTS.search(command):
                    found.append((doc.name, command))
    return found


def test_the_documents_show_the_ways_to_start() -> None:
    commands = [command for _, command in shown_commands()]
    assert "make play" in commands
    assert any("serve-behind-nginx" in command for command in commands)
    assert any("--workers 2" in command for command in commands)


def _adapted(command: str, redis_url: str) -> tuple[str, int, dict[str, str]]:
    """The command with free ports and the test's Redis: the command, the port to ask, the env."""
    env: dict[str, str] = {}
    if command == "make play":
        return command, 8000, env  # its port is fixed: the README's «127.0.0.1:8000»
    command = command.replace("redis://127.0.0.1:6379/0", redis_url)
    command = command.replace(".venv/bin/picas", str(ROOT / ".venv" / "bin" / "picas"))
    if command.startswith("picas "):
        command = str(ROOT / ".venv" / "bin" / "picas") + command[len("picas") :]
    nginx = re.search(r"PICAS_NGINX_PORT=(\d+)", command)
    if nginx is not None:
        port = free_port()
        command = command.replace(nginx.group(0), f"PICAS_NGINX_PORT={HOST}:{port}")
        env["PICAS_APP_PORT"] = str(free_port())
        return command, port, env
    port = free_port()
    shown = re.search(r"--port (\d+)", command)
    if shown is not None:
        command = command.replace(shown.group(0), f"--port {port}")
    else:
        command += f" --port {port}"
    return command, port, env


@pytest.mark.parametrize(("doc", "command"), shown_commands())
def test_a_shown_command_serves_the_game_and_the_friends_tables(
    doc: str, command: str, tmp_path: Path, redis_server: RedisServer
) -> None:
    folder = tmp_path
    adapted, port, extra = _adapted(command, redis_server.url)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PICAS_")}
    env |= {
        "PICAS_KEY_FILE": str(folder / "secret.key"),
        "PICAS_DATA_DIR": str(folder),
        "PICAS_NGINX_DIR": str(folder / "nginx"),
        **extra,
    }
    log = folder / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            ["bash", "-c", adapted],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        base = f"http://{HOST}:{port}"
        page = _first_page(base, process, log)
        table = httpx.post(
            base + "/api/mesas",
            json={"game": "spades", "name": "Ana", "level": "facil"},
            timeout=20,
        )
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert page.status_code == 200, (doc, command)
    assert "Picas" in page.text
    assert table.status_code == 200, (doc, command, table.text)
    assert table.json()["seat"] == "south"


def _first_page(base: str, process: subprocess.Popen[bytes], log: Path) -> httpx.Response:
    deadline = time.monotonic() + 120  # make play may build the compiled path first
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the command stopped:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            answer = httpx.get(base + "/", timeout=5)
        except httpx.HTTPError:
            answer = None
        if answer is not None and answer.status_code != 502:
            return answer
        time.sleep(0.3)
    pytest.fail(f"nothing answered at {base}:\n{log.read_text(errors='replace')[-3000:]}")
