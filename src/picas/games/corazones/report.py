"""A Corazones game in full, as ``picas replay`` shows it: each hand's points by seat (hearts,
♠Q, ♦J, the moon) and the running totals, then the result; in words or as JSON."""

from __future__ import annotations

from typing import Any

from picas.games.corazones.game import GameState
from picas.games.corazones.record import KEY
from picas.games.corazones.rules import Rules
from picas.games.corazones.view import outcome_to_json, result_to_json
from picas.shared.seats import Seat
from picas.shared.views import replay_json as shared_replay_json

WIDTH = 8


def replay_json(game: GameState) -> dict[str, Any]:
    return shared_replay_json(
        KEY,
        game,
        result_to_json,
        totals=_by_seat(game.totals),
        outcome=outcome_to_json(game.outcome),
    )


def replay_text(game: GameState) -> str:
    rules = game.rules
    lines = [
        f"Partida {game.code} — Corazones a {rules.target}"
        f" (pase: {_yes(rules.passing)}, ♦J −10: {_yes(rules.jack_of_diamonds)},"
        f" luna: {rules.moon.name_es}{house_rules_es(rules)})"
    ]
    for result in game.history:
        hand, score = result.hand, result.score
        lines.append("")
        lines.append(
            f"Mano {hand.number} — reparte {hand.dealer.name_es},"
            f" {hand.direction.label_es.lower()}."
        )
        lines.append(_row("", [seat.name_es for seat in Seat]))
        lines.append(_row("Corazones", [str(n) for n in score.hearts]))
        lines.append(_row("♠Q", [_mark(score.queen is seat) for seat in Seat]))
        bonus = rules.bonus_card
        if bonus is not None:
            name = "♦" + bonus.code[0].replace("T", "10")
            lines.append(_row(name, ["−10" if score.jack is seat else "—" for seat in Seat]))
        lines.append(_row("Puntos", [str(n) for n in score.points]))
        lines.append(_row("Acumulado", [str(n) for n in score.totals]))
        if score.moon is not None:
            lines.append(f"  {score.moon.name_es} se tira a la luna.")
    lines.append("")
    totals = ", ".join(f"{seat.name_es} {game.totals[seat]}" for seat in Seat)
    outcome = game.outcome
    if outcome is None:
        lines.append(f"Partida en curso: {totals}.")
    else:
        lines.append(f"Gana {outcome.winner.name_es} en {outcome.hands_played} manos: {totals}.")
    return "\n".join(lines)


def house_rules_es(rules: Rules) -> str:
    """The house rules of ``rules`` that are not the standard game's, for the replay's title
    (nothing for the standard game, so its text is what it always was)."""
    parts = []
    if rules.omnibus:
        parts.append("Omnibus: ♦10 −10")
    if rules.passing and rules.pass_size != 3:
        parts.append(f"se pasan {rules.pass_size} cartas")
    if not rules.queen_breaks_hearts:
        parts.append("la dama no rompe corazones")
    return "".join(f", {part}" for part in parts)


def _by_seat(values: tuple[int, int, int, int]) -> dict[str, int]:
    return {seat.key: values[seat] for seat in Seat}


def _row(name: str, cells: list[str]) -> str:
    return f"  {name:12}" + "".join(f"{cell:>{WIDTH}}" for cell in cells)


def _mark(took: bool) -> str:
    return "13" if took else "—"


def _yes(flag: bool) -> str:
    return "sí" if flag else "no"
