"""The view: own cards, own pass, received cards, public tricks, legal plays with reasons, and
never another seat's hand or pass."""

from __future__ import annotations

import json
import random

from corazones_helpers import BLOCKS, E, N, S, W, card, mask, random_step
from picas.games.corazones import GameState, Pass, Phase, Rules, view_for, view_to_json
from picas.shared.cards import cards_in
from picas.shared.seats import Seat


def _game() -> GameState:
    return GameState.new(Rules(), "ABCD2345", deals=(BLOCKS,))


def _pass(text: str) -> Pass:
    return Pass(tuple(card(word) for word in text.split()))


def test_while_passing_each_sees_only_its_own_cards() -> None:
    view = view_for(_game(), S)
    assert view.phase is Phase.PASSING
    assert view.must_pass
    assert view.hand == cards_in(BLOCKS[S])
    assert view.passed == ()
    assert view.received == ()
    assert view.pass_to is W
    assert view.legal == ()
    assert not view.my_turn


def test_own_pass_is_shown_and_others_are_not() -> None:
    game = _game().apply(_pass("AC KC QC"), S).apply(_pass("AD KD QD"), W)
    south = view_for(game, S)
    assert south.passed == cards_in(mask("QC KC AC"))
    assert not south.must_pass
    north = view_for(game, N)
    assert north.passed == ()
    assert north.must_pass
    assert north.received == ()  # West's pass to North is not seen before the exchange
    text = json.dumps(view_to_json(north))
    assert "AD" not in text
    assert "AC" not in text


def test_received_cards_are_marked_after_the_exchange() -> None:
    game = _game()
    for seat, text in ((S, "AC KC QC"), (W, "AD KD QD"), (N, "AS KS QS"), (E, "AH KH QH")):
        game = game.apply(_pass(text), seat)
    view = view_for(game, N)
    assert view.received == cards_in(mask("AD KD QD"))
    assert set(view.received) <= set(view.hand)
    assert not set(view.passed) & set(view.hand)
    assert view_to_json(view)["received"] == ["QD", "KD", "AD"]


def test_legal_plays_and_reasons_for_the_rest() -> None:
    game = GameState.new(Rules(passing=False), "ABCD2345", deals=(BLOCKS,))
    game = game.apply(game.legal_actions()[0])  # South leads ♣2; West (diamonds) is next
    view = view_for(game, W)
    assert view.my_turn
    assert [play.card.code for play in view.legal] == [c.code for c in cards_in(BLOCKS[W])]
    north = view_for(game.apply(view.legal[0]), N)
    assert [play.card.code for play in north.legal] == [
        "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "KS", "AS"
    ]  # fmt: skip
    assert [(c.code, r.code) for c, r in north.refusals] == [("QS", "no_points_first_trick")]
    assert view_to_json(north)["refusals"] == {
        "QS": {
            "code": "no_points_first_trick",
            "message": "En la primera baza no se pueden jugar puntos.",
            "params": {},  # the words on the page come from the code (nothing to fill here)
        }
    }
    assert view_for(game, S).legal == ()


def test_the_points_taken_are_public() -> None:
    game = GameState.new(Rules(passing=False), "ABCD2345", deals=(BLOCKS,))
    for _ in range(8):  # two tricks: East discards hearts on both
        game = game.apply(game.legal_actions()[0])
    assert view_for(game, W).points_taken == (2, 0, 0, 0)


def _codes_in(value: object) -> set[str]:
    if isinstance(value, str):
        return {value} if len(value) == 2 and value[1] in "CDHS" else set()
    if isinstance(value, dict):
        return set().union(*(_codes_in(key) | _codes_in(item) for key, item in value.items()))
    if isinstance(value, list):
        return set().union(*(_codes_in(item) for item in value))
    return set()


def test_the_json_view_names_only_cards_the_viewer_may_know() -> None:
    rng = random.Random(2)
    game = GameState.new(Rules(target=60), "ABCD2345")
    checked = 0
    while not game.is_over:
        hand = game.hand
        for seat in Seat:
            data = view_to_json(view_for(game, seat))
            data.pop("history")  # finished hands: every card has been seen face up
            public = {c.code for trick in hand.tricks for c in trick.cards}
            public |= {c.code for c in hand.trick}
            own = hand.dealt[seat] | hand.hands[seat] | hand.received[seat]
            allowed = public | {c.code for c in cards_in(own)}
            assert _codes_in(data) <= allowed
            checked += 1
        game = random_step(game, rng)
    assert checked > 1000
