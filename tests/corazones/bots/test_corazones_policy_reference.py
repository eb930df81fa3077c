"""Normal's policy on masks (the one Difícil's playouts play, rewritten for speed in issue 18)
chooses exactly the card the list-based reference chooses (:mod:`corazones_policy_reference`),
in every position of random and Normal games, and with the points of the table set so that every
rule is reached: a moon tried at 0, 10 and 18 points, a moon to stop, none."""

from __future__ import annotations

import random

import corazones_policy_reference as reference
import pytest

from picas.games.corazones.bench import random_pass
from picas.games.corazones.bots import NormalBot, decide
from picas.games.corazones.bots.cards import mask, table_of
from picas.games.corazones.bots.policy import choose, legal_mask, losers, trick_winner
from picas.games.corazones.game import GameState
from picas.games.corazones.rules import Rules
from picas.games.corazones.view import view_for
from picas.shared.arena import code_for
from picas.shared.bots import decision_rng
from picas.shared.position import Phase
from picas.shared.tricks import Play

POINTS = [
    None,  # the table's own
    (0, 0, 0, 0),
    (10, 0, 0, 0),
    (18, 0, 0, 0),
    (0, 16, 0, 0),
    (0, 0, 20, 0),
    (0, 0, 0, 25),
    (3, 16, 0, 0),
]
"""Points by seat tried at every position (``None``: as played)."""


def _positions(code: str, *, normal: bool, rng: random.Random) -> list[GameState]:
    """Every playing position of one hand of ``code``, played at random or by Normal."""
    game = GameState.new(Rules(), code)
    out = []
    bot = NormalBot()
    index = 0
    while not game.history:
        hand = game.hand
        if hand.phase is Phase.PASSING:
            passer = hand.still_to_pass()[0]
            game = game.apply(random_pass(hand, passer, rng), passer)
            continue
        seat = hand.turn
        assert seat is not None
        out.append(game)
        if normal:
            action = decide(bot, view_for(game, seat), decision_rng(code, index, seat))
        else:
            action = rng.choice([a for a in hand.legal_actions() if isinstance(a, Play)])
        game = game.apply(action, seat)
        index += 1
    return out


@pytest.mark.parametrize("normal", [False, True])
def test_the_mask_policy_chooses_the_references_card(normal: bool) -> None:
    rng = random.Random(18)
    compared = 0
    for index in range(40):
        for game in _positions(code_for(f"policy-reference/{index}"), normal=normal, rng=rng):
            seat = game.hand.turn
            assert seat is not None
            view = view_for(game, seat)
            me, mine, table = int(seat), mask(view.hand), table_of(view)
            for points in POINTS:
                tried = table if points is None else table._replace(points=points)
                expected = reference.choose(me, mine, tried)
                assert choose(me, mine, tried) == expected, (view, points)
                compared += 1
            assert legal_mask(mine, table.trick, table.tricks_done, table.broken) == (
                reference.legal_mask(mine, table.trick, table.tricks_done, table.broken)
            )
            unseen = ((1 << 52) - 1) & ~table.played & ~mine
            assert losers(mine, unseen) == reference.losers(mine, unseen)
            if table.trick:
                assert trick_winner(table.trick) == reference.trick_winner(table.trick)
    assert compared > 40 * 40 * len(POINTS)
