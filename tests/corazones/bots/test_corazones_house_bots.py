"""The computer players at a table with house rules (issue 21): they play them well, not only
legally. Normal takes the bonus card (♦10 in Omnibus, ♦J) and never gives it away, passes 3 or 4
cards by their danger, and Difícil's playouts price the variant; the hint says so in its words."""

from __future__ import annotations

import dataclasses
import random

import pytest

from corazones_helpers import mask
from picas.games.corazones import GameState, Rules, view_for
from picas.games.corazones.bots import LEVELS, DificilBot, NormalBot, play_bots
from picas.games.corazones.bots.cards import table_of
from picas.games.corazones.bots.hint import render_es, suggest
from picas.games.corazones.bots.normal import plan_pass
from picas.games.corazones.bots.policy import Table, choose
from picas.games.corazones.bots.search import SearchSettings, hand_points, playout
from picas.shared.arena import code_for
from picas.shared.cards import CARDS, Card
from picas.shared.seats import Seat
from picas.shared.tricks import Play

TD = int(Card.parse("TD"))
JD = int(Card.parse("JD"))


def _table(trick: str = "", *, leader: int = 0, played: str = "", bonus: int = TD) -> Table:
    cards = [int(Card.parse(c)) for c in trick.split()]
    return Table(
        trick=cards,
        leader=leader,
        played=mask(f"{played} {trick}".strip()) if (played or trick) else 0,
        voids=[0, 0, 0, 0],
        points=[0, 0, 0, 0],
        tricks_done=3,
        broken=False,
        bonus=bonus,
    )


def _code(card: int) -> str:
    return CARDS[card].code


# --- Normal's play with a bonus card -------------------------------------------------------------


def test_it_leads_the_ten_when_no_unseen_diamond_can_beat_it() -> None:
    mine = mask("TD 4C 9S")
    played = "AD KD QD JD 2C 3C 5C 6C 7C 8C 9C TC"
    assert _code(choose(0, mine, _table(played=played))) == "TD"
    assert _code(choose(0, mine, _table(played=played, bonus=-1))) != "TD"  # no bonus: just a ten
    assert _code(choose(0, mine, _table(played="2C 3C 5C 6C 7C"))) != "TD"  # ♦A, ♦K… are out


def test_last_to_play_it_wins_the_trick_with_the_ten() -> None:
    mine = mask("TD 3D 5S")
    table = _table("4D 9D 2H", leader=1)  # a heart in it: without Omnibus, a duck
    assert _code(choose(0, mine, table)) == "TD"
    assert _code(choose(0, mine, _table("4D 9D 2H", leader=1, bonus=-1))) == "3D"


def test_it_never_ducks_with_the_bonus_card() -> None:
    mine = mask("TD 3D 5S")
    table = _table("QD", leader=3)
    assert _code(choose(0, mine, table)) == "3D"
    assert _code(choose(0, mine, _table("QD", leader=3, bonus=-1))) == "TD"  # ducks high


def test_it_takes_a_trick_the_ten_is_in() -> None:
    mine = mask("AD 3D 5S")
    table = _table("9D TD", leader=2)
    assert _code(choose(0, mine, table)) == "AD"
    assert _code(choose(0, mine, _table("9D TD", leader=2, bonus=-1))) == "3D"


def test_void_it_keeps_the_ten_rather_than_throw_it_away() -> None:
    mine = mask("TD 2D 5S")
    table = _table("4C 9C", leader=2)
    assert _code(choose(0, mine, table)) != "TD"
    assert _code(choose(0, mask("TD 2D"), _table("4C 9C", leader=2))) == "2D"


def test_the_jack_setting_is_the_same_play_with_the_jack() -> None:
    mine = mask("JD 3D 5S")
    assert _code(choose(0, mine, _table("4D 9D 2H", leader=1, bonus=JD))) == "JD"
    assert _code(choose(0, mine, _table("4D 9D 2H", leader=1, bonus=TD))) == "3D"


# --- the pass ------------------------------------------------------------------------------------


def _hand(text: str) -> list[int]:
    return [int(Card.parse(c)) for c in text.split()]


HAND = "2C 5C 9C KC AC 2D 3D 7D TD QD AH 5S 8S"
"""No side suit short enough to empty, two low spades: Normal passes its highest cards."""


def test_a_pass_of_four_is_the_pass_of_three_and_the_next_most_dangerous_card() -> None:
    hand = _hand(HAND)
    three = [_code(c) for c in plan_pass(hand, 3)]
    four = [_code(c) for c in plan_pass(hand, 4)]
    assert len(three) == 3
    assert len(four) == 4
    assert three == ["AH", "AC", "KC"]
    assert four == ["AH", "AC", "KC", "QD"]


def test_a_pass_of_four_can_empty_a_suit_of_four() -> None:
    hand = _hand("2C 9C KC AC 3D 5D 7D 9D JD QD 4H 5S 8S")
    four = [_code(c) for c in plan_pass(hand, 4)]
    assert set(four) == {"AC", "KC", "9C", "2C"}
    assert not {"AC", "KC", "9C", "2C"} <= {_code(c) for c in plan_pass(hand, 3)}


def test_the_bonus_card_is_never_passed_and_its_suit_not_emptied() -> None:
    hand = _hand("TD 2D 4C 5C 9C JC QC KC AC 2S 3S 4S 5S")
    standard = [_code(c) for c in plan_pass(hand, 3)]
    assert "TD" in standard  # without Omnibus it is a high diamond of a short suit to empty
    omnibus = [_code(c) for c in plan_pass(hand, 3, TD)]
    assert "TD" not in omnibus
    assert "2D" not in omnibus  # voiding diamonds would mean passing the ten
    assert "TD" not in [_code(c) for c in plan_pass(hand, 4, TD)]


def test_with_the_ten_out_it_keeps_the_diamonds_that_can_take_it() -> None:
    hand = _hand("AD KD 3D 5D 4C 5C 9C JC 2H 3H 2S 3S 4S")
    assert {"AD", "KD"} & {_code(c) for c in plan_pass(hand, 3)}
    assert not {"AD", "KD"} & {_code(c) for c in plan_pass(hand, 3, TD)}


# --- Difícil prices the variant ------------------------------------------------------------------


def test_the_search_scores_the_bonus_card_as_the_rules_do() -> None:
    assert hand_points(Rules(omnibus=True), [6, 20, 0, 0], 2) == [6, 20, -10, 0]
    assert hand_points(Rules(), [6, 20, 0, 0], 2) == [6, 20, 0, 0]


@pytest.mark.parametrize(
    "rules",
    [Rules(queen_breaks_hearts=False), Rules(omnibus=True), Rules(jack_of_diamonds=True)],
    ids=["queen", "omnibus", "jack"],
)
def test_a_playout_is_the_hand_normal_plays_at_the_table(rules: Rules) -> None:
    """Difícil's playout plays the policy at every seat on masks; the engine with four Normal
    players is the same play, so both give the same points, hand after hand: the playout knows
    when hearts are broken and what the bonus card is worth exactly as the table's rules say."""
    rules = dataclasses.replace(rules, passing=False)
    bots = dict.fromkeys(Seat, NormalBot())
    for index in range(20):
        game = GameState.new(rules, code_for(f"playout/{index}"))
        seat = game.hand.turn
        assert seat is not None
        table = table_of(view_for(game, seat))
        expected = playout(rules, list(game.hand.hands), table, int(Card.parse("2C")))
        played, _ = play_bots(game, bots, position=0, stop=lambda g: bool(g.history))
        assert list(played.history[0].score.points) == expected


# --- whole games, and the hint -------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [Rules(target=50, omnibus=True, pass_size=4), Rules(target=50, queen_breaks_hearts=False)],
    ids=["omnibus-4", "queen"],
)
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_house_rule_games_legally(rules: Rules, level: str) -> None:
    bot = DificilBot(SearchSettings(playouts=16)) if level == "dificil" else LEVELS[level]()
    game, _ = play_bots(GameState.new(rules, "CASA2345"), dict.fromkeys(Seat, bot), position=0)
    assert game.is_over
    for result in game.history:
        if result.hand.passed[0]:
            assert {m.bit_count() for m in result.hand.passed} == {rules.pass_size}


def test_normal_takes_the_ten_more_often_than_a_normal_blind_to_omnibus() -> None:
    """Over seeded Omnibus hands, Normal's seats take ♦10 more often against players who ignore
    it (the same policy with the rule hidden from them) than those players take it."""

    class Blind(NormalBot):
        def play(self, view, rng):  # type: ignore[no-untyped-def]
            return super().play(dataclasses.replace(view, rules=Rules()), rng)

        def pass_cards(self, view, rng):  # type: ignore[no-untyped-def]
            hidden = Rules(pass_size=view.rules.pass_size)
            return super().pass_cards(dataclasses.replace(view, rules=hidden), rng)

    rules = Rules(omnibus=True, target=500)
    mine = theirs = 0
    for index in range(40):
        code = code_for(f"omnibus/{index}")
        for smart in ((Seat.SOUTH, Seat.NORTH), (Seat.WEST, Seat.EAST)):
            bots = {seat: NormalBot() if seat in smart else Blind() for seat in Seat}
            game, _ = play_bots(
                GameState.new(rules, code), bots, position=0, stop=lambda g: bool(g.history)
            )
            taker = game.history[0].score.jack
            if taker is not None:
                mine += taker in smart
                theirs += taker not in smart
    assert mine > theirs * 1.5


def test_the_hint_speaks_of_omnibus() -> None:
    rng = random.Random(5)
    rules = Rules(omnibus=True, passing=False)
    texts: set[str] = set()
    for index in range(30):
        game = GameState.new(rules, code_for(f"hint/{index}"))
        while not game.history:
            seat = game.hand.turn
            assert seat is not None
            view = view_for(game, seat)
            if seat is Seat.SOUTH:
                texts |= {reason.text for reason in suggest(view).reasons}
            game = game.apply(Play(NormalBot().play(view, rng)))
    assert any("el ♦10 vale −10 en Omnibus" in text for text in texts), sorted(texts)[:5]
    assert render_es("take_bonus_omnibus", {"card": "TD"}).startswith("♦10 se lleva la baza")
