"""``picas replay FILE``: every hand's sheets and the result, for either game (the record's
``game``): Spades' six-line sheets here, Corazones' points in
:mod:`picas.cli.replay_corazones`."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from picas.cli import replay_corazones
from picas.games.spades import Seat, Team
from picas.games.spades.game import GameState
from picas.games.spades.view import outcome_to_json, result_to_json
from picas.record import (
    AnyRecord,
    CorazonesRecord,
    RecordError,
    final_state,
    list_excerpt,
    load_json,
    read_record,
)

LINE_NAMES = ("Contrato", "Sacos", "Nil", "Castigo por sacos", "Total de la mano", "Acumulado")
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
    if isinstance(record, CorazonesRecord):
        hearts = final_state(record)
        data = replay_corazones.replay_json(hearts)
        text = replay_corazones.replay_text(hearts)
    else:
        game = final_state(record)
        data, text = replay_json(game), replay_text(game)
    print(json.dumps(data, ensure_ascii=False, indent=2) if args.json else text)
    return 0


def replay_json(game: GameState) -> dict[str, Any]:
    return {
        "game": "spades",
        "code": game.code,
        "rules": game.rules.to_json(),
        "hands": [result_to_json(result) for result in game.history],
        "totals": {"north_south": game.totals[0], "east_west": game.totals[1]},
        "bags": {"north_south": game.bags[0], "east_west": game.bags[1]},
        "outcome": outcome_to_json(game.outcome),
    }


def replay_text(game: GameState) -> str:
    lines = [f"Partida {game.code} — objetivo {game.rules.target} ({game.rules.profile})"]
    for result in game.history:
        hand = result.hand
        bids = ", ".join(
            f"{seat.name_es} {_bid_text(hand.bids[seat], blind=hand.blind[seat])}"
            f" ({hand.won[seat]})"
            for seat in Seat
        )
        lines.append("")
        lines.append(f"Mano {hand.number} — reparte {hand.dealer.name_es}. Cantos (bazas): {bids}")
        ns, ew = result.sheets
        lines.append(f"  {'':20}{Team.NORTH_SOUTH.name_es:>12}{Team.EAST_WEST.name_es:>12}")
        for name, left, right in zip(LINE_NAMES, ns.lines, ew.lines, strict=True):
            lines.append(f"  {name:20}{left:>12}{right:>12}")
        lines.append(f"  {'Sacos acumulados':20}{ns.bags_after:>12}{ew.bags_after:>12}")
    lines.append("")
    outcome = game.outcome
    if outcome is None:
        lines.append(f"Partida en curso: {game.totals[0]} a {game.totals[1]}.")
    elif outcome.winner is None:
        lines.append(f"Tablas a {outcome.totals[0]} tras {outcome.hands_played} manos.")
    else:
        lines.append(
            f"Gana {outcome.winner.name_es}: {outcome.totals[0]} a {outcome.totals[1]}"
            f" en {outcome.hands_played} manos."
        )
    return "\n".join(lines)


def _bid_text(bid: int | None, *, blind: bool) -> str:
    if bid is None:
        return "—"
    if bid == 0:
        return "Nil ciego" if blind else "Nil"
    return str(bid)
