"""Difícil's decision time at «Dos jugadores»: CPU time (time.process_time) of each decision of
two Difícils playing whole games on fixed codes, by phase (draw, bid, play), with the playouts
each searched card ran. Usage: PYTHONPATH=src python scripts/two_players_decisions.py [decisions]
"""

from __future__ import annotations

import statistics
import sys
import time

from picas.compiled import path_in_use
from picas.games.spades import GameState, Phase, Seat, find_profile
from picas.games.spades.bots.base import decide, decision_rng
from picas.games.spades.bots.dificil import DificilBot
from picas.games.spades.view import view_for

CODES = ("K7PMX4QH", "93222222", "M4RT9QZX", "JK2MNPQR")


def main() -> None:
    wanted = int(sys.argv[1]) if len(sys.argv) > 1 else 800
    rules = find_profile("casa").with_settings(players=2)
    times: dict[str, list[float]] = {"draw": [], "bid": [], "play": []}
    playouts: list[int] = []
    count = 0
    for code in CODES:
        game = GameState.new(rules, code)
        bots = {Seat.SOUTH: DificilBot(), Seat.WEST: DificilBot()}
        position = 0
        while game.outcome is None and count < wanted:
            seat = game.turn
            assert seat is not None
            view = view_for(game, seat)
            phase = {Phase.DRAWING: "draw", Phase.BIDDING: "bid"}.get(view.phase, "play")
            bot = bots[seat]
            before = bot.playouts
            start = time.process_time()
            action = decide(bot, view, decision_rng(game.code, position, seat))
            times[phase].append(1000 * (time.process_time() - start))
            if phase == "play":
                playouts.append(bot.playouts - before)
            game = game.apply(action)
            position += 1
            count += 1
        if count >= wanted:
            break
    print(f"ruta: {path_in_use()}; decisiones: {count}")
    every = [t for phase in times.values() for t in phase]
    for name, values in (*times.items(), ("all", every)):
        ordered = sorted(values)
        p95 = ordered[int(0.95 * (len(ordered) - 1))]
        print(
            f"{name:5} n={len(values):4} median {statistics.median(values):6.2f} ms"
            f"  p95 {p95:6.2f} ms  max {max(values):6.2f} ms"
            f"  mean {statistics.mean(values):6.2f} ms"
        )
    searched = [p for p in playouts if p]
    print(f"searched cards {len(searched)}, median playouts {statistics.median(searched):.0f}")


if __name__ == "__main__":
    main()
