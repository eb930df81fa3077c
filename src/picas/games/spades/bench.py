"""Spades' hands for ``picas bench engine`` on the shared loops (:mod:`picas.shared.bench`): random
full hands at the hand level and through whole games. A hand here is what OpenSpiel's ``spades``
plays: a deal, four random bids, thirteen tricks of random legal cards, both sheets scored."""

from __future__ import annotations

import random
from collections.abc import Callable

from picas.games.spades.game import GameState
from picas.games.spades.hand import HandState
from picas.games.spades.rules import Rules
from picas.games.spades.scoring import score_hand
from picas.shared import bench
from picas.shared.deals import deal_for, shuffled_deck
from picas.shared.seats import Seat

BENCH_CODE = "BENCH234"


def random_hands(count: int, seed: int, rules: Rules | None = None) -> int:
    """``count`` independent hands at the hand level: deal from a code, four random bids, thirteen
    random legal tricks, both score sheets (at ``rules``: the standard game by default; at «Dos
    jugadores» the hand starts with its 26 random draws from the code's stock instead of a deal).
    Returns the number of actions applied."""
    rng = random.Random(seed)
    rules = rules or Rules()
    actions = 0
    for number in range(1, count + 1):
        dealer = Seat(number & rules.ring)
        if rules.players == 2:
            hand = HandState.drawing(
                number=number,
                dealer=dealer,
                stock=shuffled_deck(BENCH_CODE, number, rules.deck),
                top=rules.trick_rule.top,
            )
        else:
            hand = HandState.deal(
                number=number,
                dealer=dealer,
                hands=deal_for(BENCH_CODE, number, dealer, rules.deck),
                team_minimum=rules.team_minimum,
                top=rules.trick_rule.top,
            )
        while hand.turn is not None:
            legal = hand.legal_actions()
            hand = hand.apply(legal[int(rng.random() * len(legal))])
            actions += 1
        score_hand(
            rules,
            bids=hand.bids,
            blind=hand.blind,
            tricks=hand.won,
            totals=(0, 0),
            bags=(0, 0),
        )
    return actions


def random_game_hands(count: int, seed: int, rules: Rules | None = None) -> int:
    """``count`` hands through whole games (``GameState``): scores and bags carry over, the deal
    rotates, a finished game is followed by a new one. Returns the number of actions applied."""
    rules = rules or Rules()
    return bench.random_game_hands(lambda: GameState.new(rules, BENCH_CODE), count, seed)


def with_rules(rules_json: object) -> tuple[Callable[[int, int], int], Callable[[int, int], int]]:
    """``picas bench engine --rules``: the two benchmarks at a house variant (the JSON's keys
    over the standard game's rules; anything else is refused by the rules' own reader)."""
    data = {**Rules().to_json(), **rules_json} if isinstance(rules_json, dict) else rules_json
    rules = Rules.from_json(data)
    return (
        lambda count, seed: random_hands(count, seed, rules),
        lambda count, seed: random_game_hands(count, seed, rules),
    )
