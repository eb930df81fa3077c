"""``picas serve``: the web table on uvicorn, at http://127.0.0.1:8000 by default."""

from __future__ import annotations

import argparse
import copy
import logging.config
import os
from typing import Any

from picas.cli import CommandError
from picas.web.signing import load_key

APP_FACTORY = "picas.web.app:create_app"


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("serve", help="abrir la mesa web (http://127.0.0.1:8000)")
    parser.add_argument("--host", default="127.0.0.1", help="dirección (127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="puerto (8000)")
    parser.add_argument(
        "--workers", type=int, default=1, help="procesos que atienden peticiones (1)"
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
    # Read (or create) the signing key once here: a problem is reported as one clear line, and
    # the workers started below all find the same key file. Logging is set up first, so the line
    # saying a new key file was made is not lost.
    logging.config.dictConfig(log_config())
    load_key(os.environ)
    print(f"Picas: abre {address(args.host, args.port)} en el navegador (Ctrl+C para salir).")
    uvicorn.run(
        APP_FACTORY,
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        log_level="info",
        log_config=log_config(),
    )
    return 0


def log_config() -> dict[str, Any]:
    """uvicorn's own logging, plus the app's logger (``picas.web``: server faults with their
    traceback) on the same handler. Applied again in every worker process."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["picas"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config
