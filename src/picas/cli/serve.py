"""``picas serve``: the web table on uvicorn, at http://127.0.0.1:8000 by default."""

from __future__ import annotations

import argparse
import copy
import logging.config
import os
from dataclasses import astuple
from typing import Any

from picas.cli import CommandError
from picas.web.protocol import ConnectionLimits, GuardedHttpToolsProtocol
from picas.web.settings import (
    BODY_TIMEOUT,
    BODY_TIMEOUT_ENV,
    HEAVY_DEADLINE,
    HEAVY_DEADLINE_ENV,
    HEAVY_WORKERS,
    HEAVY_WORKERS_ENV,
    REPLY_WORKERS,
    REPLY_WORKERS_ENV,
)
from picas.web.signing import load_keys

APP_FACTORY = "picas.web.app:create_app"
KEEP_ALIVE = 5.0
WORKER_HEALTHCHECK = 60
"""Seconds uvicorn's supervisor waits for a server process to answer its health check before it
kills it (uvicorn's ``timeout_worker_healthcheck``, 5 by default). The check is a ping on a pipe
every half second, answered by a thread of the process, from the moment it starts: on a machine
whose cores are taken, a process still importing and building its app once missed 5 s and was
killed and restarted, which only added to the load. A process that really hangs is still
replaced, a minute later."""
log = logging.getLogger("picas.web")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("serve", help="abrir la mesa web (http://127.0.0.1:8000)")
    parser.add_argument("--host", default="127.0.0.1", help="dirección (127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="puerto (8000)")
    parser.add_argument(
        "--workers", type=int, default=1, help="procesos que atienden peticiones (1)"
    )
    limits = ConnectionLimits()
    group = parser.add_argument_group("límites (docs/api.md, «Server limits»)")
    flags: list[tuple[str, int | float, str]] = [
        ("--heavy-workers", HEAVY_WORKERS, "procesos para el trabajo pesado, por proceso"),
        ("--reply-workers", REPLY_WORKERS, "procesos para las respuestas de Difícil, por proceso"),
        ("--heavy-deadline", HEAVY_DEADLINE, "segundos que puede durar un trabajo pesado"),
        ("--max-head-bytes", limits.max_head_bytes, "bytes de la línea de petición y cabeceras"),
        ("--max-url-bytes", limits.max_url_bytes, "bytes de la dirección"),
        ("--max-headers", limits.max_headers, "cabeceras por petición"),
        ("--head-timeout", limits.head_timeout, "segundos para recibir línea y cabeceras"),
        ("--body-timeout", BODY_TIMEOUT, "segundos para recibir el cuerpo"),
        ("--keep-alive", KEEP_ALIVE, "segundos que una conexión espera otra petición"),
        ("--max-connections", limits.max_connections, "conexiones abiertas por proceso"),
        (
            "--worker-healthcheck",
            WORKER_HEALTHCHECK,
            "segundos sin responder tras los que se reinicia un proceso",
        ),
    ]
    for flag, default, meaning in flags:
        group.add_argument(
            flag, type=type(default), default=default, help=f"{meaning} ({default:g})"
        )
    parser.set_defaults(func=run)


def address(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def run(args: argparse.Namespace) -> int:
    import uvicorn  # only this command needs the server

    if not 0 <= args.port <= 65535:
        raise CommandError(f"Puerto fuera de rango: {args.port}.")
    if args.workers < 1:
        raise CommandError("Hace falta al menos un proceso (--workers 1).")
    limits = ConnectionLimits(
        max_head_bytes=args.max_head_bytes,
        max_url_bytes=args.max_url_bytes,
        max_headers=args.max_headers,
        head_timeout=args.head_timeout,
        max_connections=args.max_connections,
    )
    numbers = (
        args.heavy_workers,
        args.reply_workers,
        args.heavy_deadline,
        *astuple(limits),
        args.body_timeout,
    )
    if min(numbers) <= 0 or args.keep_alive <= 0 or args.worker_healthcheck <= 0:
        raise CommandError("Los límites del servidor deben ser positivos.")
    # The app is built in each worker process from the environment: the limits travel there.
    os.environ.update(limits.to_env())
    os.environ[HEAVY_WORKERS_ENV] = str(args.heavy_workers)
    os.environ[HEAVY_DEADLINE_ENV] = str(args.heavy_deadline)
    os.environ[REPLY_WORKERS_ENV] = str(args.reply_workers)
    os.environ[BODY_TIMEOUT_ENV] = str(args.body_timeout)
    # Read (or create) the signing key once here: a problem is reported as one clear line, and
    # the workers started below all find the same key file. Logging is set up first, so the line
    # saying a new key file was made is not lost.
    logging.config.dictConfig(log_config())
    keys = load_keys(os.environ)
    log.info(
        "Firma con la clave más nueva; %s",
        f"acepta además {len(keys) - 1} clave(s) anterior(es)."
        if len(keys) > 1
        else "sin claves anteriores (PICAS_OLD_KEYS o más líneas en el archivo de clave).",
    )
    print(f"Picas: abre {address(args.host, args.port)} en el navegador (Ctrl+C para salir).")
    uvicorn.run(
        APP_FACTORY,
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        log_level="info",
        log_config=log_config(),
        http=GuardedHttpToolsProtocol,
        timeout_keep_alive=args.keep_alive,
        timeout_worker_healthcheck=args.worker_healthcheck,
        server_header=False,
    )
    return 0


def log_config() -> dict[str, Any]:
    """uvicorn's own logging, plus the app's logger (``picas.web``: server faults with their
    traceback) on the same handler. Applied again in every worker process."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["picas"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config
