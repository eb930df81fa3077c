"""A corpus of Corazones hands, games and bot decisions that the compiled and the pure Python
paths must agree on.

Not a test module: :mod:`test_corazones_compiled_identity` computes :func:`corpus` in its own
process (the compiled path when a fresh build exists) and again in a subprocess forced to pure
Python (``PICAS_PURE=1``, ``python tests/corazones/bots/corazones_identity_corpus.py``), and
compares the two. Nothing is stored: both sides are recomputed from the current sources every run.

It covers random hands through the engine (passes, plays, the trick winners, the points, and the
refusal of every illegal card at every eighth position, by ``check`` and by ``apply``), random
whole games under every setting, the value semantics of the states (equality, hashing,
``_replace``, pickling), and seeded games of each level's bots with every decision recorded.
"""

from __future__ import annotations

import json
import pickle
import random
import sys
from typing import Any

from picas import compiled
from picas.games.corazones.actions import Action
from picas.games.corazones.bench import random_pass
from picas.games.corazones.bots import LEVELS, DificilBot, play_bots
from picas.games.corazones.game import GameState, dealer_of
from picas.games.corazones.hand import HandState
from picas.games.corazones.passing import direction_for
from picas.games.corazones.rules import MoonForm, Rules
from picas.games.corazones.scoring import score_hand
from picas.shared.cards import cards_in
from picas.shared.deals import deal_for
from picas.shared.errors import IllegalAction
from picas.shared.position import Phase
from picas.shared.seats import Seat
from picas.shared.tricks import PLAYS

SETTINGS = {
    "default": Rules(),
    "no pass, ♦J, moon on self, to 50": Rules(
        target=50, passing=False, jack_of_diamonds=True, moon=MoonForm.SELF
    ),
    "♦J": Rules(jack_of_diamonds=True),
    # The house rules (issue 21): the bonus card ♦10, a pass of four, ♠Q not breaking hearts.
    "Omnibus, pass of four, ♠Q does not break hearts": Rules(
        omnibus=True, pass_size=4, queen_breaks_hearts=False
    ),
    "Omnibus, to 50": Rules(target=50, omnibus=True),
}


def _refusals(hand: HandState) -> list[str]:
    """The refusal of every card the seat on turn may not play, by ``check`` and by ``apply``."""
    seen = []
    legal = hand.legal_play_mask()
    for card in cards_in(hand.hands[hand.turn] & ~legal) if hand.turn is not None else ():
        refusal = hand.check(PLAYS[card])
        try:
            hand.apply(PLAYS[card])
            applied = "applied"
        except IllegalAction as error:
            applied = error.code
        seen.append(f"{card.code}:{refusal.code if refusal else None}:{applied}")
    return seen


def _hands() -> list[Any]:
    rng = random.Random(13)
    out = []
    for number in range(1, 41):
        dealer = dealer_of(number)
        hand = HandState.deal(
            number=number,
            dealer=dealer,
            hands=deal_for("CRZN7K42", number, dealer),
            direction=direction_for(number, passing=True),
        )
        if hand.phase is Phase.PASSING:
            for seat in reversed(Seat):  # not the usual order: any seat still to pass may
                hand = hand.apply(random_pass(hand, seat, rng), seat)
        refused = []
        step = 0
        while hand.turn is not None:
            if step % 8 == 0:
                refused.append(_refusals(hand))
            legal = hand.legal_actions()
            hand = hand.apply(legal[int(rng.random() * len(legal))])
            step += 1
        score = score_hand(SETTINGS["♦J"], hand.taken, (0, 0, 0, 0))
        out.append(
            [
                hand.received,
                hand.taken,
                [int(trick.winner) for trick in hand.tricks],
                score.points,
                refused,
            ]
        )
    return out


def _games() -> dict[str, Any]:
    rng = random.Random(14)
    out = {}
    for name, rules in SETTINGS.items():
        games = []
        for index in range(3):
            game = GameState.new(rules, f"CRZG{index + 2}M7K")
            while not game.is_over:
                if game.hand.phase is Phase.PASSING:
                    seat = game.hand.still_to_pass()[0]
                    game = game.apply(random_pass(game.hand, seat, rng), seat)
                else:
                    legal = game.legal_actions()
                    game = game.apply(legal[int(rng.random() * len(legal))])
            assert game.outcome is not None
            moons = [r.score.moon for r in game.history if r.score.moon is not None]
            games.append([game.totals, len(game.history), int(game.outcome.winner), moons])
        out[name] = games
    return out


def _values() -> list[bool]:
    """States compare, hash, copy and pickle by their fields on both paths."""
    game = GameState.new(Rules(), "VALV2345")
    again = GameState.new(Rules(), "VALV2345")
    other = game.apply(random_pass(game.hand, Seat.SOUTH, random.Random(1)), Seat.SOUTH)
    return [
        game == again,
        hash(game) == hash(again),
        game != other,
        game.hand == again.hand,
        game.hand._replace(number=7) == game.hand._replace(number=7),
        game.hand._replace(number=7) != game.hand,
        pickle.loads(pickle.dumps(other)) == other,
        repr(game.hand) == repr(again.hand),
    ]


def _bot_game(level: str, hands: int, rules: Rules | None = None) -> list[str]:
    """The actions four bots of ``level`` take for ``hands`` hands of a seeded game, each with the
    playouts Difícil had run when it took it."""
    bot = LEVELS[level]()
    actions: list[str] = []

    def record(before: GameState, seat: Seat, action: Action, after: GameState) -> None:
        runs = bot.playouts if isinstance(bot, DificilBot) else 0
        actions.append(f"{seat.key}:{action!r}:{runs}")

    play_bots(
        GameState.new(rules or Rules(), "BXTS7KQ2"),
        dict.fromkeys(Seat, bot),
        position=0,
        stop=lambda game: len(game.history) >= hands,
        on_action=record,
    )
    return actions


def _bots() -> dict[str, list[str]]:
    return {
        "facil": _bot_game("facil", 99),
        "normal": _bot_game("normal", 99),
        "dificil": _bot_game("dificil", 3),
        "normal, house rules": _bot_game("normal", 40, HOUSE),
        "dificil, house rules": _bot_game("dificil", 2, HOUSE),
        "dificil, ♦J": _bot_game("dificil", 2, SETTINGS["♦J"]),
    }


HOUSE = Rules(omnibus=True, pass_size=4, queen_breaks_hearts=False)


def corpus() -> dict[str, Any]:
    result = {
        "path": compiled.path_in_use(),
        "compiled": compiled.is_compiled(),
        "hands": _hands(),
        "games": _games(),
        "values": _values(),
        "bots": _bots(),
    }
    # Through JSON, so both sides compare as the same plain types.
    loaded: dict[str, Any] = json.loads(json.dumps(result))
    return loaded


if __name__ == "__main__":
    json.dump(corpus(), sys.stdout)
