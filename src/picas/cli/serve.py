"""``picas serve``: the web table on uvicorn, at http://127.0.0.1:8000 by default."""

from __future__ import annotations

import argparse
import copy
import logging.config
import os
from dataclasses import astuple, replace
from typing import TYPE_CHECKING, Any

from picas.cli import CommandError, collector
from picas.web.friends.limits import FriendsLimits
from picas.web.friends.off import NO_STORE
from picas.web.friends.routes import STORE_ENV
from picas.web.protocol import ConnectionLimits, GuardedHttpToolsProtocol
from picas.web.settings import (
    ADDRESS_JOBS,
    ADDRESS_JOBS_ENV,
    BEHIND_PROXY_ENV,
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
from picas.web.ws_protocol import QuietWebSocketProtocol

if TYPE_CHECKING:
    from fastapi import FastAPI

APP_FACTORY = "picas.cli.serve:served_app"
ADDRESS_SHARE_OF_CONNECTIONS = 4
"""One address may hold a quarter of a process's connections unless told otherwise."""
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
            "--address-jobs",
            ADDRESS_JOBS,
            "trabajos pesados de una misma dirección en cada carril, por proceso",
        ),
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
    group.add_argument(
        "--max-address-connections",
        type=int,
        default=None,
        help="conexiones abiertas desde una misma dirección, por proceso (un cuarto de"
        f" --max-connections: {limits.max_address_connections})",
    )
    group.add_argument(
        "--behind-proxy",
        action="store_true",
        help="detrás de nginx (deploy/nginx.conf): la dirección del cliente es su cabecera"
        " X-Real-IP; sin esto se ignora",
    )
    parser.add_argument(
        "--store",
        default=None,
        help="dónde viven las mesas con amigos: redis://host:puerto/db para varios procesos"
        " (docs/deploy.md); none: sin mesas con amigos; sin esto, SQLite en la carpeta de datos"
        " (un solo proceso)",
    )
    parser.set_defaults(func=run)


def served_app() -> FastAPI:
    """The app as each of ``picas serve``'s processes runs it: built from the environment, then
    the process's garbage collector set for serving many sockets (:mod:`picas.cli.collector`)."""
    from picas.web.app import create_app

    app = create_app()
    collector.tune()
    return app


def address(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def run(args: argparse.Namespace) -> int:
    import uvicorn  # only this command needs the server

    if not 0 <= args.port <= 65535:
        raise CommandError(f"Puerto fuera de rango: {args.port}.")
    if args.workers < 1:
        raise CommandError("Hace falta al menos un proceso (--workers 1).")
    store = args.store or os.environ.get(STORE_ENV, "")
    multi_process_store = store == NO_STORE or store.startswith(
        ("redis://", "rediss://", "unix://")
    )
    if args.workers > 1 and not multi_process_store:
        # Each process would hold its own tables in the same SQLite file: two owners of a table.
        raise CommandError(
            "Con --workers mayor que 1 las mesas con amigos necesitan Redis"
            " (--store redis://127.0.0.1:6379/0, docs/deploy.md): sin él, cada proceso creería"
            " ser el dueño de las mismas mesas. Para servir solo la partida individual en varios"
            " procesos: --store none."
        )
    if store:
        os.environ[STORE_ENV] = store
    limits = ConnectionLimits(
        max_head_bytes=args.max_head_bytes,
        max_url_bytes=args.max_url_bytes,
        max_headers=args.max_headers,
        head_timeout=args.head_timeout,
        max_connections=args.max_connections,
        max_address_connections=(
            max(1, args.max_connections // ADDRESS_SHARE_OF_CONNECTIONS)
            if args.max_address_connections is None
            else args.max_address_connections
        ),
        behind_proxy=args.behind_proxy,
    )
    numbers = (
        args.heavy_workers,
        args.reply_workers,
        args.heavy_deadline,
        *astuple(limits)[:-1],  # the last is behind_proxy, a yes or no
        args.body_timeout,
        args.address_jobs,
    )
    if min(numbers) <= 0 or args.keep_alive <= 0 or args.worker_healthcheck <= 0:
        raise CommandError("Los límites del servidor deben ser positivos.")
    if limits.max_address_connections >= limits.max_connections:
        raise CommandError(
            "--max-address-connections debe ser menor que --max-connections: si no, una sola"
            " dirección podría ocuparlas todas."
        )
    logging.config.dictConfig(log_config())  # first: the lines below may log
    limits = fit_file_limit(limits)
    # The app is built in each worker process from the environment: the limits travel there.
    os.environ.update(limits.to_env())
    os.environ[HEAVY_WORKERS_ENV] = str(args.heavy_workers)
    os.environ[HEAVY_DEADLINE_ENV] = str(args.heavy_deadline)
    os.environ[REPLY_WORKERS_ENV] = str(args.reply_workers)
    os.environ[BODY_TIMEOUT_ENV] = str(args.body_timeout)
    os.environ[ADDRESS_JOBS_ENV] = str(args.address_jobs)
    os.environ[BEHIND_PROXY_ENV] = "1" if args.behind_proxy else "0"
    # Read (or create) the signing key once here: a problem is reported as one clear line, and
    # the workers started below all find the same key file. Logging is set up first (above), so
    # the line saying a new key file was made is not lost.
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
        # Mesa con amigos' sockets (docs/friends.md): a well-kept implementation (uvicorn's on the
        # websockets library, a frame that is not UTF-8 logged in one line), small frames, pings
        # so that a vanished peer is noticed.
        ws=QuietWebSocketProtocol,
        ws_max_size=FriendsLimits.from_env().max_message_bytes,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        # Only behind a proxy does uvicorn take the client's address from X-Forwarded-For (for
        # its log); the app reads X-Real-IP itself then (picas.web.fair.client_address).
        proxy_headers=args.behind_proxy,
    )
    return 0


FILE_MARGIN = 256
"""File descriptors a server process needs beside its connections: the listening socket, the
heavy workers' pipes, the key file, the logs, the thread pool's files."""


def fit_file_limit(limits: ConnectionLimits) -> ConnectionLimits:
    """Raise this process's open-files limit (inherited by the server processes) to what
    ``--max-connections`` needs, up to the hard limit. If even that is too low, the caps are
    lowered to fit, with a warning: past the limit, accepting fails and asyncio stops accepting
    for a whole second, which would shut out a newcomer while the cap never answered."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = limits.max_connections + FILE_MARGIN
    if soft != resource.RLIM_INFINITY and soft < wanted:
        new_soft = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (new_soft, hard))
            soft = new_soft
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return limits
    fitted = max(1, soft - FILE_MARGIN)
    log.warning(
        "Solo se pueden abrir %s archivos (ulimit -n): --max-connections baja a %s.", soft, fitted
    )
    return replace(
        limits,
        max_connections=fitted,
        max_address_connections=min(limits.max_address_connections, max(1, fitted // 4)),
    )


def log_config() -> dict[str, Any]:
    """uvicorn's own logging, plus the app's logger (``picas.web``: server faults with their
    traceback) on the same handler. Applied again in every worker process."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["picas"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config
