"""``picas serve`` and ``picas bench server``."""

from __future__ import annotations

import inspect
import json
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from picas.cli import collector, main
from picas.cli.serve import WORKER_HEALTHCHECK


@pytest.fixture
def own_logging() -> Iterator[None]:
    """``picas serve`` configures logging for the process: put the loggers back afterwards."""
    names = ("picas", "uvicorn", "uvicorn.error", "uvicorn.access")
    saved = {name: logging.getLogger(name).__dict__.copy() for name in names}
    yield
    for name, state in saved.items():
        logger = logging.getLogger(name)
        logger.__dict__.clear()
        logger.__dict__.update(state)


def test_serve_runs_the_app_factory_on_uvicorn_and_prints_the_address(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    own_logging: None,
) -> None:
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: calls.append((a, k)))
    monkeypatch.delenv("PICAS_SECRET_KEY", raising=False)
    monkeypatch.setenv("PICAS_KEY_FILE", str(tmp_path / "secret.key"))
    assert main(["serve"]) == 0
    printed = capsys.readouterr()
    assert "http://127.0.0.1:8000" in printed.out
    # The new key file is announced (its path, never the key).
    assert f"Clave de firma nueva creada en {tmp_path / 'secret.key'}" in printed.err
    assert (tmp_path / "secret.key").read_text().strip() not in printed.err
    (target,), options = calls[0]
    assert target == "picas.cli.serve:served_app"
    assert options["factory"] is True
    assert (options["host"], options["port"], options["workers"]) == ("127.0.0.1", 8000, 1)
    assert (tmp_path / "secret.key").is_file()  # made before the workers start

    monkeypatch.setenv("PICAS_STORE", "redis://127.0.0.1:6379/0")  # several workers need Redis
    assert main(["serve", "--host", "0.0.0.0", "--port", "9000", "--workers", "3"]) == 0
    assert "http://0.0.0.0:9000" in capsys.readouterr().out
    _, options = calls[1]
    assert (options["host"], options["port"], options["workers"]) == ("0.0.0.0", 9000, 3)


def test_serve_refuses_nonsense_options(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: pytest.fail("must not start"))
    assert main(["serve", "--workers", "0"]) == 2
    assert main(["serve", "--port", "70000"]) == 2
    assert "picas:" in capsys.readouterr().err


def test_the_factory_builds_the_app_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from fastapi.testclient import TestClient

    from picas.web.app import create_app

    monkeypatch.delenv("PICAS_SECRET_KEY", raising=False)
    monkeypatch.setenv("PICAS_KEY_FILE", str(tmp_path / "secret.key"))
    client = TestClient(create_app())
    assert client.get("/").status_code == 200
    assert (tmp_path / "secret.key").is_file()


def test_bench_server_prints_the_percentiles() -> None:
    # A process of its own: the command runs its own event loop, which must not meet one left
    # running in this test worker by another test (Playwright's sync API keeps one).
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "picas.cli",
            "bench",
            "server",
            "--actions",
            "5",
            "--level",
            "facil",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("server: p50 ")
    assert "p95" in out
    assert "p99" in out
    assert "facil" in out


def test_serve_sets_the_connection_limits_and_the_heavy_pool_from_its_flags(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, own_logging: None
) -> None:
    from picas.web.protocol import ConnectionLimits, GuardedHttpToolsProtocol
    from picas.web.settings import Settings

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: calls.append(k))
    monkeypatch.delenv("PICAS_SECRET_KEY", raising=False)
    monkeypatch.setenv("PICAS_KEY_FILE", str(tmp_path / "secret.key"))
    for name in [*ConnectionLimits().to_env(), "PICAS_HEAVY_WORKERS", "PICAS_BODY_TIMEOUT"]:
        monkeypatch.delenv(name, raising=False)  # put back after the test, whatever serve sets
    monkeypatch.delenv("PICAS_HEAVY_DEADLINE", raising=False)
    monkeypatch.delenv("PICAS_REPLY_WORKERS", raising=False)
    flags = ["--max-head-bytes", "2048", "--max-headers", "10", "--head-timeout", "3"]
    flags += ["--max-connections", "50", "--keep-alive", "2", "--heavy-workers", "3"]
    flags += ["--heavy-deadline", "9", "--body-timeout", "4", "--max-url-bytes", "512"]
    flags += ["--reply-workers", "5"]
    for name in ("PICAS_ADDRESS_JOBS", "PICAS_BEHIND_PROXY"):
        monkeypatch.delenv(name, raising=False)
    assert main(["serve", *flags]) == 0
    options = calls[0]
    assert options["http"] is GuardedHttpToolsProtocol
    assert options["timeout_keep_alive"] == 2
    assert options["proxy_headers"] is False  # a client's X-Forwarded-For is not believed
    # The worker processes build their limits and settings from the environment serve leaves.
    # One address may hold a quarter of the connections unless told otherwise.
    assert ConnectionLimits.from_env() == ConnectionLimits(
        max_head_bytes=2048,
        max_url_bytes=512,
        max_headers=10,
        head_timeout=3,
        max_connections=50,
        max_address_connections=12,
    )
    settings = Settings.from_env()
    assert (settings.heavy_workers, settings.heavy_deadline, settings.body_timeout) == (3, 9, 4)
    assert settings.reply_workers == 5
    assert (settings.address_jobs, settings.behind_proxy) == (2, False)
    assert main(["serve", "--max-headers", "0"]) == 2
    # Behind nginx: the address from its header, no per-address connection cap of the server's.
    more = ["--behind-proxy", "--address-jobs", "3", "--max-address-connections", "40"]
    assert main(["serve", *more]) == 0
    assert calls[-1]["proxy_headers"] is True
    assert ConnectionLimits.from_env().behind_proxy is True
    assert ConnectionLimits.from_env().max_address_connections == 40
    settings = Settings.from_env()
    assert (settings.address_jobs, settings.behind_proxy) == (3, True)
    # An address may never hold every connection.
    assert main(["serve", "--max-connections", "50", "--max-address-connections", "50"]) == 2
    assert main(["serve", "--address-jobs", "0"]) == 2


def test_serve_raises_its_open_files_limit_or_lowers_its_caps_to_fit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import resource

    from picas.cli import serve
    from picas.web.protocol import ConnectionLimits

    limits = ConnectionLimits(max_connections=1000, max_address_connections=250)
    asked: list[tuple[int, int]] = []
    monkeypatch.setattr(resource, "getrlimit", lambda _: (1024, 4096))
    monkeypatch.setattr(resource, "setrlimit", lambda _, pair: asked.append(pair))
    assert serve.fit_file_limit(limits) == limits  # 1000 + the margin fit under 4096
    assert asked == [(1000 + serve.FILE_MARGIN, 4096)]
    monkeypatch.setattr(resource, "getrlimit", lambda _: (512, 600))
    fitted = serve.fit_file_limit(limits)
    assert fitted.max_connections == 600 - serve.FILE_MARGIN
    assert fitted.max_address_connections == (600 - serve.FILE_MARGIN) // 4


def test_serve_reads_previous_keys_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    own_logging: None,
) -> None:
    from picas.web.settings import Settings

    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: None)
    monkeypatch.delenv("PICAS_SECRET_KEY", raising=False)
    key_file = tmp_path / "secret.key"
    key_file.write_text("new-key-0123456789abcdef\nold-key-0123456789abcdef\n")
    key_file.chmod(0o600)
    monkeypatch.setenv("PICAS_KEY_FILE", str(key_file))
    monkeypatch.setenv("PICAS_OLD_KEYS", "older-key-0123456789abcdef")
    assert main(["serve"]) == 0
    err = capsys.readouterr().err
    assert "2 clave(s) anterior(es)" in err
    assert "old-key" not in err
    settings = Settings.from_env()
    assert settings.key == b"new-key-0123456789abcdef"
    assert settings.old_keys == (b"old-key-0123456789abcdef", b"older-key-0123456789abcdef")


def test_serve_gives_a_slow_starting_process_time_before_its_health_check_kills_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, own_logging: None
) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: calls.append(k))
    monkeypatch.delenv("PICAS_SECRET_KEY", raising=False)
    monkeypatch.setenv("PICAS_KEY_FILE", str(tmp_path / "secret.key"))
    assert main(["serve", "--workers", "2"]) == 2  # friends' tables: two owners without Redis
    monkeypatch.setenv("PICAS_STORE", "redis://127.0.0.1:6379/0")
    assert main(["serve", "--workers", "2"]) == 0
    assert main(["serve", "--workers", "2", "--worker-healthcheck", "90"]) == 0
    assert [call["timeout_worker_healthcheck"] for call in calls] == [WORKER_HEALTHCHECK, 90]
    assert WORKER_HEALTHCHECK > 5  # uvicorn's own default killed a process starting under load
    # The installed uvicorn takes the option (and its supervisor reads it).
    assert "timeout_worker_healthcheck" in inspect.signature(uvicorn.Config).parameters
    assert main(["serve", "--worker-healthcheck", "0"]) == 2


def test_bench_server_refusals_sends_the_worst_bodies_and_every_one_is_a_4xx() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "picas.cli", "bench", "server", "--refusals", "--repeats", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    rows = [line for line in lines if " /api/" in line and not line.startswith("worst")]
    assert len(rows) >= 7 * 10  # every POST endpoint, ten bodies each, and the signed ones
    assert all(f" {status} " not in line for line in rows for status in range(500, 600))
    assert any("save_too_large" in line for line in rows)
    assert any("too_deep" in line for line in rows)
    summary = lines[-1]
    total = summary.split(" of ")[1].split()[0]
    assert summary.startswith(f"({total} of {total} bodies answered 4xx"), summary


def test_a_served_process_sets_its_collector_for_many_sockets(tmp_path: Path) -> None:
    """The app ``picas serve`` runs, in a process of its own (the collector is process-wide)."""
    env = {**os.environ, "PICAS_SECRET_KEY": "k" * 40, "PICAS_DATA_DIR": str(tmp_path)}
    script = (
        "import gc, json; from picas.cli.serve import served_app; app = served_app();"
        " print(json.dumps([gc.get_threshold(), gc.get_freeze_count(), type(app).__name__]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env=env,
    )
    thresholds, frozen, kind = json.loads(done.stdout)
    assert tuple(thresholds) == collector.THRESHOLDS
    assert frozen > 10_000  # the modules and the app, out of every full collection's sight
    assert kind == "FastAPI"
