"""A corpus of «Comodines» decisions and games that the compiled and the pure Python paths must
agree on (the standard game's corpus, :mod:`identity_corpus`, is left as it was: the variant's
decisions are their own corpus). Not a test module: :mod:`test_jokers_compiled_identity` computes
:func:`corpus` in its own process and in a subprocess forced to pure Python, and compares."""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from identity_corpus import _play, corpus_of

from picas.games.spades import GameState, HandState, Seat, deal_for, find_profile
from picas.games.spades.bots.knowledge import know
from picas.games.spades.bots.policy import legal_mask
from picas.games.spades.bots.search import (
    Pricer,
    SearchSettings,
    candidates,
    draw_sample,
    sample_hands,
    search_play,
)
from picas.games.spades.view import view_for

JOKERS = find_profile("casa").with_settings(jokers=True)


def _games() -> dict[str, list[str]]:
    return {
        "facil": _play(GameState.new(JOKERS, "KDQ7VXM3"), "facil", 20),
        "normal": _play(GameState.new(JOKERS, "KDQ7VXM3"), "normal", 20),
        "dificil": _play(GameState.new(JOKERS, "93222222"), "dificil", 1),
    }


def _search() -> dict[str, Any]:
    out: dict[str, Any] = {}
    game = GameState.new(JOKERS, "SRCH7KQ2")
    for bid in (3, 4, 2, 2):
        game = game.apply(game.legal_actions()[bid])
    settings = SearchSettings(playouts=300)
    for step in range(0, 40, 7):
        seat = game.turn
        assert seat is not None
        view = view_for(game, seat)
        k = know(view)
        rng = random.Random(step)
        deals = [sample_hands(k, rng) for _ in range(5)]
        weighed = [draw_sample(k, rng) for _ in range(3)]
        pricer = Pricer(view.rules, int(seat) & 1, k.bids, view.blind, (3, 8))
        card, runs = search_play(
            k, view.rules, view.blind, view.bags, random.Random(step), settings
        )
        out[f"step {step}"] = {
            "deals": deals,
            "weighed": weighed,
            "candidates": candidates(k, legal_mask(k.mine, k.trick, k.broken)),
            "prices": [pricer.value(won) for won in ([4, 3, 0, 6], [0, 0, 13, 0])],
            "search": [card, runs],
        }
        for _ in range(7):
            game = game.apply(game.legal_actions()[0])
    return out


def _engine() -> dict[str, Any]:
    rng = random.Random(21)
    hands = []
    for number in range(1, 41):
        dealer = Seat(number % 4)
        hand = HandState.deal(
            number=number,
            dealer=dealer,
            hands=deal_for("NGJN3K42", number, dealer, JOKERS.deck),
            top=JOKERS.trick_rule.top,
        )
        while hand.turn is not None:
            legal = hand.legal_actions()
            hand = hand.apply(legal[int(rng.random() * len(legal))])
        hands.append([hand.won, [int(t.winner) for t in hand.tricks], hand.spades_broken])
    return {"hands": hands}


def corpus() -> dict[str, Any]:
    return corpus_of(games=_games(), search=_search(), engine=_engine())


if __name__ == "__main__":
    json.dump(corpus(), sys.stdout)
