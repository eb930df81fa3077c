"""The ``picas`` command. Each subcommand lives in its own module and registers itself here.

Errors print one clear line and exit with status 2: a player or a script never sees a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from picas.shared.errors import PicasError

# (module, name) pairs: the module defines ``add_parser(subparsers)`` which sets ``func``.
COMMANDS = (
    "picas.cli.serve",
    "picas.cli.replay",
    "picas.cli.arena",
    "picas.cli.check",
    "picas.cli.load",
)
BENCHES = (
    "picas.cli.bench_engine",
    "picas.cli.bench_bots",
    "picas.cli.bench_server",
    "picas.cli.bench_lengths",
    "picas.cli.bench_friends",
    "picas.cli.bench_ratings",
    "picas.cli.bench_daily",
    "picas.cli.bench_matcher",
)


class CommandError(PicasError):
    """A command-line problem (missing file, bad option value)."""

    code = "command_error"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="picas", description="Picas: Spades en español contra la CPU."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        _load(name, commands)
    bench = commands.add_parser("bench", help="medir la velocidad (engine, bots, server)")
    benches = bench.add_subparsers(dest="bench", metavar="WHAT", required=True)
    for name in BENCHES:
        _load(name, benches)
    return parser


def _load(name: str, subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name == name:
            return  # not written yet in this checkout
        raise
    module.add_parser(subparsers)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        result: int = args.func(args)
    except PicasError as error:
        print(f"picas: {error.message} [{error.code}]", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"picas: {error.strerror or error}: {error.filename or ''}".rstrip(), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return result


if __name__ == "__main__":
    sys.exit(main())
