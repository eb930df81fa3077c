"""Corazones against OpenSpiel's ``hearts``: the same hands played by both, and their speeds.

Not a test and not a dependency: OpenSpiel lives in a scratch virtual environment.

    python3 -m venv /work/scratch-hearts && /work/scratch-hearts/bin/pip install open-spiel
    PYTHONPATH=src /work/scratch-hearts/bin/python scripts/corazones_openspiel.py compare
    PYTHONPATH=src /work/scratch-hearts/bin/python scripts/corazones_openspiel.py bench

``compare`` deals each hand from a game code, gives OpenSpiel the same deal and the same passes,
and at every card checks that both engines allow the same cards, then that both score the hand
alike. OpenSpiel's defaults are the standard game, as Corazones' are: ♣2 leads, no points on the
first trick, ♠Q breaks hearts, hearts not led until broken, the moon gives 26 to the others. Its
``jd_bonus`` is Corazones' ♦J setting. It has no running game, so only hands are compared.

``bench`` plays random full hands in both, in this one process, and prints both rates per second
of CPU time (``picas bench engine --game corazones --openspiel PYTHON`` does the same with each side
in its own process, through whole games too).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import pyspiel  # type: ignore[import-not-found]

from picas import compiled
from picas.games.corazones import GameState, HandState, Pass, PassDirection, Phase, Rules
from picas.games.corazones.bench import random_hands
from picas.games.corazones.game import dealer_of
from picas.games.corazones.passing import direction_for
from picas.shared.cards import cards_in
from picas.shared.deals import deal_for
from picas.shared.seats import Seat

# Both number the seats clockwise from 0 and pass "left" to the next one (OpenSpiel: N, E, S, W;
# Corazones: S, W, N, E), so seat i is player i. Cards: OpenSpiel rank * 4 + suit, Corazones
# suit * 13 + rank, suits in the same order (♣ ♦ ♥ ♠).
OPENSPIEL_DIRECTION = {
    PassDirection.NONE: 0,
    PassDirection.LEFT: 1,
    PassDirection.ACROSS: 2,
    PassDirection.RIGHT: 3,
}


def to_openspiel(card: int) -> int:
    return (card % 13) * 4 + card // 13


def from_openspiel(action: int) -> int:
    return (action % 4) * 13 + action // 4


def _openspiel_hand(game: pyspiel.Game, hand: HandState) -> pyspiel.State:
    """OpenSpiel's state after the same pass direction and the same deal (card k goes to k % 4)."""
    state = game.new_initial_state()
    state.apply_action(OPENSPIEL_DIRECTION[hand.direction])
    held = [list(cards_in(hand.dealt[seat])) for seat in Seat]
    for k in range(52):
        state.apply_action(to_openspiel(held[k % 4][k // 4]))
    return state


def compare(hands: int, seed: int) -> int:
    rng = random.Random(seed)
    problems = 0
    for jack in (False, True):
        rules = Rules(jack_of_diamonds=jack, target=500)
        game = pyspiel.load_game("hearts", {"jd_bonus": jack})
        for number in range(1, hands + 1):
            dealer = dealer_of(number)
            code = f"CMP{number % 100000:05d}".replace("0", "2").replace("1", "3")
            ours = GameState.new(rules, code, deals=(deal_for(code, 1, dealer),))._replace(
                hand=HandState.deal(
                    number=number,
                    dealer=dealer,
                    hands=deal_for(code, 1, dealer),
                    direction=direction_for(number, passing=True),
                )
            )
            theirs = _openspiel_hand(game, ours.hand)
            if ours.hand.phase is Phase.PASSING:
                for seat in Seat:  # OpenSpiel passes North (0) first, a card at a time
                    three = rng.sample(ours.hand.hand_of(seat), 3)
                    ours = ours.apply(Pass(tuple(three)), seat)
                    for card in three:
                        theirs.apply_action(to_openspiel(card))
            while not ours.history:  # the hand's last card scores it and deals the next
                mine = {int(card) for card in cards_in(ours.hand.legal_play_mask())}
                other = {from_openspiel(a) for a in theirs.legal_actions()}
                if mine != other or theirs.current_player() != ours.hand.turn:
                    problems += 1
                    print(f"hand {number}: legal {sorted(mine)} vs {sorted(other)}")
                    break
                card = rng.choice(sorted(mine))
                ours = ours.apply(ours.hand.legal_actions()[sorted(mine).index(card)])
                theirs.apply_action(to_openspiel(card))
            if not ours.history:
                continue  # stopped on a difference
            points = ours.history[-1].score.points
            returns = theirs.returns()
            expected = [26 - p for p in points]
            if list(returns) != expected:
                problems += 1
                print(f"hand {number}: points {points}, OpenSpiel returns {returns}")
    print(f"compared {2 * hands} hands (♦J off and on): {problems} differences")
    return 1 if problems else 0


def openspiel_random_hands(count: int, seed: int) -> int:
    """``count`` random hands in OpenSpiel's C++ ``hearts``, driven from Python as a program
    using it would: the pass direction and deal as chance actions, random legal actions."""
    rng = random.Random(seed)
    game = pyspiel.load_game("hearts")
    actions = 0
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            actions += 1
        state.returns()
    return actions


def bench(hands: int, seed: int) -> int:
    print(f"ruta: {compiled.path_in_use()}")
    rates = {}
    for name, play in (("corazones", random_hands), ("openspiel", openspiel_random_hands)):
        play(min(hands, 500), seed)  # warm-up
        # CPU time, as `picas bench engine --game corazones --openspiel …` counts: on a shared
        # machine the clock measures the neighbours too.
        start = time.process_time()
        play(hands, seed)
        rates[name] = hands / (time.process_time() - start)
        print(f"{name:10s} {rates[name]:8,.0f} hands/s (CPU time)")
    print(f"ratio corazones / openspiel: {rates['corazones'] / rates['openspiel']:.2f}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("what", choices=["compare", "bench"])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    run = compare if args.what == "compare" else bench
    return run(args.hands, args.seed)


if __name__ == "__main__":
    sys.exit(main())
