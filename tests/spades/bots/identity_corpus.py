"""A corpus of decisions and games that the compiled and the pure Python paths must agree on.

Not a test module: :mod:`test_compiled_identity` computes :func:`corpus` in its own process (the
compiled path when a fresh build exists) and again in a subprocess forced to pure Python
(``PICAS_PURE=1``, ``python tests/spades/bots/identity_corpus.py``), and compares the two. Nothing
is stored, so nothing can go stale: both sides are recomputed from the current sources every run.

It covers every level's bids and cards through seeded games, Difícil's playout counts decision by
decision, Nil and Blind Nil hands, the search's building blocks (sampling, candidates, pricing)
and random hands and games through the engine.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from bot_helpers import E, W, act, table

from picas import compiled
from picas.games.spades import (
    Action,
    GameState,
    HandState,
    Rules,
    Seat,
    deal_for,
    score_hand,
)
from picas.games.spades.bots.base import Bot, play_bots
from picas.games.spades.bots.dificil import DificilBot
from picas.games.spades.bots.knowledge import know
from picas.games.spades.bots.policy import legal_mask
from picas.games.spades.bots.registry import load_bot
from picas.games.spades.bots.search import (
    Pricer,
    SearchSettings,
    candidates,
    sample_hands,
    search_play,
)
from picas.games.spades.view import view_for

NIL_HAND = "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 2S 3S"


def _play(game: GameState, level: str, hands: int) -> list[str]:
    """The actions four bots of ``level`` take for ``hands`` hands, each with the playouts
    Difícil had run when it took it."""
    bot: Bot = load_bot(level)
    out: list[str] = []
    last = game.hand.number + hands - 1

    def record(before: GameState, seat: Seat, action: Action, after: GameState) -> None:
        runs = bot.playouts if isinstance(bot, DificilBot) else 0
        out.append(f"{seat.key}:{action!r}:{runs}")

    play_bots(
        game,
        dict.fromkeys(Seat, bot),
        position=0,
        stop=lambda g: g.hand.number > last,
        on_action=record,
    )
    return out


def _blind_nil_game() -> GameState:
    """North–South 250 behind with Blind Nil on: South and North are offered it."""
    rules = Rules(blind_nil=True)
    game = table(NIL_HAND, dealer=E, rules=rules, code="BLNDNJL2")
    hand = HandState.deal(
        number=1,
        dealer=game.hand.dealer,
        hands=game.hand.hands,
        blind_offered=(True, False, True, False),
    )
    return game._replace(totals=(-150, 100), hand=hand)


def _games() -> dict[str, list[str]]:
    return {
        "facil": _play(GameState.new(Rules(), "KDQ7VXM3"), "facil", 99),
        "normal": _play(GameState.new(Rules(), "KDQ7VXM3"), "normal", 99),
        "normal, blind nil on": _play(
            GameState.new(Rules(blind_nil=True), "PJR2QZ8W"), "normal", 99
        ),
        "dificil": _play(GameState.new(Rules(), "KDQ7VXM3"), "dificil", 1),
        "dificil, nil": _play(table(NIL_HAND, dealer=W, code="NJLH4ND2"), "dificil", 1),
        "dificil, blind nil": _play(_blind_nil_game(), "dificil", 1),
    }


def _search() -> dict[str, Any]:
    """The search's parts on positions of a seeded game at several points of the hand."""
    out: dict[str, Any] = {}
    game = act(GameState.new(Rules(), "SRCH7KQ2"), 3, 4, 0, 2)
    settings = SearchSettings(playouts=300)
    for step in range(0, 40, 7):
        seat = game.turn
        assert seat is not None
        view = view_for(game, seat)
        k = know(view)
        rng = random.Random(step)
        deals = [sample_hands(k, rng) for _ in range(5)]
        pricer = Pricer(view.rules, int(seat) & 1, k.bids, view.blind, (3, 8))
        prices = [pricer.value(won) for won in ([4, 3, 0, 6], [2, 5, 1, 5], [0, 0, 13, 0])]
        card, runs = search_play(
            k, view.rules, view.blind, view.bags, random.Random(step), settings
        )
        out[f"step {step}"] = {
            "deals": deals,
            "candidates": candidates(k, legal_mask(k.mine, k.trick, k.broken)),
            "prices": prices,
            "search": [card, runs],
        }
        for _ in range(7):
            game = game.apply(game.legal_actions()[0])
    return out


def _engine() -> dict[str, Any]:
    """Random hands at the hand level, then random whole games."""
    rng = random.Random(12)
    rules = Rules(blind_nil=True)
    hands = []
    for number in range(1, 61):
        dealer = Seat(number % 4)
        hand = HandState.deal(
            number=number, dealer=dealer, hands=deal_for("NGJN3K42", number, dealer)
        )
        while hand.turn is not None:
            legal = hand.legal_actions()
            hand = hand.apply(legal[int(rng.random() * len(legal))])
        sheets = score_hand(
            rules,
            bids=hand.bids,
            blind=hand.blind,
            tricks=hand.won,
            totals=(0, 0),
            bags=(0, 0),
        )
        hands.append(
            [hand.won, [int(t.winner) for t in hand.tricks], [s.hand_total for s in sheets]]
        )
    games = []
    for index in range(4):
        game = GameState.new(rules, f"GAMES{index + 2}K2")
        while not game.is_over:
            legal = game.legal_actions()
            game = game.apply(legal[int(rng.random() * len(legal))])
        games.append([game.totals, game.bags, len(game.history)])
    return {"hands": hands, "games": games}


def corpus_of(**parts: Any) -> dict[str, Any]:
    """A corpus's ``parts`` with the path that computed them (the variants' corpora use it too)."""
    result = {"path": compiled.path_in_use(), "compiled": compiled.is_compiled(), **parts}
    # Through JSON, so both sides compare as the same plain types.
    loaded: dict[str, Any] = json.loads(json.dumps(result))
    return loaded


def corpus() -> dict[str, Any]:
    return corpus_of(games=_games(), search=_search(), engine=_engine())


if __name__ == "__main__":
    json.dump(corpus(), sys.stdout)
