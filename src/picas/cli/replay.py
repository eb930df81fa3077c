"""``picas replay FILE``: every hand's sheets and the result, for any game (the record's ``game``;
each game's report is its ``replay`` in the games' registry)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from picas.games import find_game
from picas.record import AnyRecord, RecordError, final_state, list_excerpt, load_json, read_record

MAX_FILE_BYTES = 5_000_000


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("replay", help="reproducir una partida guardada (JSON)")
    parser.add_argument(
        "file",
        type=Path,
        help="la partida: un registro (docs/record.md) o la descargada de la página",
    )
    parser.add_argument("--json", action="store_true", help="salida en JSON para máquinas")
    parser.set_defaults(func=run)


def read_file(path: Path) -> AnyRecord:
    """A record file (docs/record.md) or a downloaded save (``{"record": …, "sig": …}``)."""
    # Read with a cap rather than trust the size the file system gives: a device such as /dev/zero
    # or a pipe says 0 and never ends.
    with path.open("rb") as file:
        data = file.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise RecordError(
            "El archivo es demasiado grande para ser una partida"
            f" (más de {MAX_FILE_BYTES // 1_000_000} MB).",
            code="too_large",
        )
    return record_from_file(data)


def record_from_file(text: str | bytes) -> AnyRecord:
    """The record of a file, of either game: a plain record, or the record of a save (the page's
    download).

    Replaying needs no computer player, so a save's signature is not checked here (only the server
    that made it holds the key).
    """
    data = load_json(text)
    if isinstance(data, dict) and "format" not in data and "record" in data:
        unknown = sorted(set(data) - {"record", "sig"})
        if unknown:
            raise RecordError(
                f"Claves desconocidas en la partida guardada: {list_excerpt(unknown)}.",
                code="bad_format",
            )
        data = data["record"]
    return read_record(data)


def run(args: argparse.Namespace) -> int:
    record = read_file(args.file)
    spec = find_game(record.game)
    game = final_state(record)
    if args.json:
        print(json.dumps(spec.replay.json(game), ensure_ascii=False, indent=2))
    else:
        print(spec.replay.text(game))
    return 0
