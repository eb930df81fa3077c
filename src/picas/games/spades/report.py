"""A Spades game in full, as ``picas replay`` shows it: each hand's bids and six-line sheets, the
bags, then the result; in words or as JSON."""

from __future__ import annotations

from typing import Any

from picas.games.spades.game import GameState
from picas.games.spades.record import KEY
from picas.games.spades.view import outcome_to_json, result_to_json
from picas.shared.seats import Seat, Team
from picas.shared.views import replay_json as shared_replay_json

LINE_NAMES = ("Contrato", "Sacos", "Nil", "Castigo por sacos", "Total de la mano", "Acumulado")


def replay_json(game: GameState) -> dict[str, Any]:
    return shared_replay_json(
        KEY,
        game,
        result_to_json,
        totals={"north_south": game.totals[0], "east_west": game.totals[1]},
        bags={"north_south": game.bags[0], "east_west": game.bags[1]},
        outcome=outcome_to_json(game.outcome),
    )


def replay_text(game: GameState) -> str:
    # At «Dos jugadores» each side is one player: South (North–South's sheet) and West.
    two = game.rules.players == 2
    seats = (Seat.SOUTH, Seat.WEST) if two else tuple(Seat)
    names = ("Sur", "Oeste") if two else (Team.NORTH_SOUTH.name_es, Team.EAST_WEST.name_es)
    lines = [f"Partida {game.code} — objetivo {game.rules.target} ({game.rules.profile})"]
    if game.rules.variants:
        lines.append("Reglas de la casa: " + ", ".join(game.rules.variants))
    for result in game.history:
        hand = result.hand
        bids = ", ".join(
            f"{seat.name_es} {_bid_text(hand.bids[seat], blind=hand.blind[seat])}"
            f" ({hand.won[seat]})"
            for seat in seats
        )
        lines.append("")
        lines.append(f"Mano {hand.number} — reparte {hand.dealer.name_es}. Cantos (bazas): {bids}")
        ns, ew = result.sheets
        lines.append(f"  {'':20}{names[0]:>12}{names[1]:>12}")
        for name, left, right in zip(LINE_NAMES, ns.lines, ew.lines, strict=True):
            lines.append(f"  {name:20}{left:>12}{right:>12}")
        lines.append(f"  {'Sacos acumulados':20}{ns.bags_after:>12}{ew.bags_after:>12}")
        for sheet in result.sheets:
            if sheet.bonus:
                lines.append(f"  {names[sheet.team]}: premio por 13 bazas +{sheet.bonus}")
    lines.append("")
    outcome = game.outcome
    if outcome is None:
        lines.append(f"Partida en curso: {game.totals[0]} a {game.totals[1]}.")
    elif outcome.reason == "thirteen" and outcome.winner is not None:
        lines.append(
            f"Gana {names[outcome.winner]} con las 13 bazas: {outcome.totals[0]} a"
            f" {outcome.totals[1]} en {outcome.hands_played} manos."
        )
    elif outcome.winner is None:
        lines.append(f"Tablas a {outcome.totals[0]} tras {outcome.hands_played} manos.")
    else:
        lines.append(
            f"Gana {names[outcome.winner]}: {outcome.totals[0]} a {outcome.totals[1]}"
            f" en {outcome.hands_played} manos."
        )
    return "\n".join(lines)


def _bid_text(bid: int | None, *, blind: bool) -> str:
    if bid is None:
        return "—"
    if bid == 0:
        return "Nil ciego" if blind else "Nil"
    return str(bid)
