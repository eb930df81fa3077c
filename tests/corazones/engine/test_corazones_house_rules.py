"""Corazones' house rules (issue 21): Omnibus (♦10 −10, not with ♦J), a pass of 3 or 4 cards, and
whether ♠Q breaks hearts. Their validation, the record that names them, the engine that plays
them, their scoring, random games under them (Hypothesis) and the command line."""

from __future__ import annotations

import json
import random
import re
from math import comb
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corazones_games import bots_game
from corazones_helpers import BLOCKS, E, S, W, card, mask, position
from picas.cli import main
from picas.games.corazones import (
    GameState,
    HandState,
    MoonForm,
    Pass,
    PassDirection,
    Rules,
    invariants,
)
from picas.games.corazones.invariants import check_hand_result, check_position
from picas.games.corazones.record import CorazonesRecord
from picas.games.corazones.scoring import score_hand
from picas.record import final_state, read_record
from picas.shared.deals import CODE_ALPHABET, CODE_LENGTH
from picas.shared.errors import InvalidRules
from picas.shared.seats import Seat
from picas.shared.tricks import Play

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "saved_games"


# --- the rules -----------------------------------------------------------------------------------


def test_the_standard_game_is_the_default_and_names_no_house_rule() -> None:
    rules = Rules()
    assert (rules.omnibus, rules.pass_size, rules.queen_breaks_hearts) == (False, 3, True)
    assert rules.house_rules == {}
    assert set(rules.to_json()) == {"target", "passing", "jack_of_diamonds", "moon", "first_pass"}
    assert rules.bonus_card is None


def test_a_house_rule_is_named_in_the_rules_json_and_read_back() -> None:
    rules = Rules(omnibus=True, pass_size=4, queen_breaks_hearts=False)
    data = rules.to_json()
    assert (data["omnibus"], data["pass_size"], data["queen_breaks_hearts"]) == (True, 4, False)
    assert Rules.from_json(data) == rules
    assert Rules.from_json(Rules(pass_size=4).to_json()).house_rules == {"pass_size": 4}
    assert rules.bonus_card == card("TD")
    assert Rules(jack_of_diamonds=True).bonus_card == card("JD")


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"omnibus": True, "jack_of_diamonds": True}, "con el ♦J o con el ♦10"),
        ({"pass_size": 5}, "se pasan 3 o 4 cartas (no 5)"),
        ({"pass_size": "4"}, "se pasan 3 o 4 cartas"),
        ({"pass_size": True}, "se pasan 3 o 4 cartas"),
        ({"omnibus": "sí"}, "«omnibus» debe ser verdadero o falso"),
        ({"queen_breaks_hearts": 0}, "«queen_breaks_hearts» debe ser verdadero o falso"),
    ],
)
def test_bad_house_rules_are_refused_with_the_reason(data: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidRules, match=re.escape(words)):
        Rules.from_json(data)


def test_with_settings_sets_the_house_rules_for_the_next_game() -> None:
    rules = Rules().with_settings(omnibus=True, pass_size=4, queen_breaks_hearts=False)
    assert rules == Rules(omnibus=True, pass_size=4, queen_breaks_hearts=False)
    with pytest.raises(InvalidRules):
        Rules(jack_of_diamonds=True).with_settings(omnibus=True)


# --- the record ----------------------------------------------------------------------------------


def test_an_older_record_opens_as_the_standard_game() -> None:
    data = json.loads((FIXTURES / "corazones-download-mid-game.json").read_text(encoding="utf-8"))
    assert not {"omnibus", "pass_size", "queen_breaks_hearts"} & set(data["rules"])
    record = read_record(data)
    assert isinstance(record, CorazonesRecord)
    assert record.rules.house_rules == {}
    final_state(record)  # every action still legal


def test_a_record_names_its_variant_and_replays_the_same_game() -> None:
    record = bots_game(code="CASA2345", hands=2, omnibus=True, pass_size=4)
    data = json.loads(record.dumps())
    assert data["rules"]["omnibus"] is True
    assert data["rules"]["pass_size"] == 4
    again = read_record(data)
    assert again.rules == Rules(omnibus=True, pass_size=4)
    assert final_state(again) == final_state(record)
    assert bots_game(code="CASA2345", hands=2, omnibus=True, pass_size=4) == record
    first = final_state(record).history[0].hand
    assert all(first.passed[seat].bit_count() == 4 for seat in range(4))


def test_the_same_code_with_another_variant_is_another_game() -> None:
    standard = final_state(bots_game(code="CASA2345", hands=1))
    four = final_state(bots_game(code="CASA2345", hands=1, pass_size=4))
    assert standard.history[0].hand.dealt == four.history[0].hand.dealt  # the same cards dealt
    assert standard.history[0].hand.received != four.history[0].hand.received


# --- the pass of four ----------------------------------------------------------------------------


def _deal(rules: Rules, direction: PassDirection = PassDirection.LEFT) -> HandState:
    return HandState.deal(number=1, dealer=E, hands=BLOCKS, direction=direction, rules=rules)


def test_a_pass_of_four_takes_four_cards_and_refuses_three() -> None:
    hand = _deal(Rules(pass_size=4))
    three = Pass((card("2C"), card("3C"), card("4C")))
    refusal = hand.check(three, S)
    assert refusal is not None
    assert refusal.code == "pass_three_cards"
    assert "cuatro" in refusal.message
    four = Pass((card("AC"), card("KC"), card("QC"), card("JC")))
    assert hand.check(four, S) is None
    assert len(hand.legal_actions()) == comb(13, 4)
    for seat, codes in zip(
        (S, W, Seat.NORTH, E),
        ("AC KC QC JC", "AD KD QD JD", "AS KS QS JS", "AH KH QH JH"),
        strict=True,
    ):
        hand = hand.apply(Pass(tuple(card(c) for c in codes.split())), seat)
    assert hand.hands[W] & mask("AC KC QC JC") == mask("AC KC QC JC")  # South's four went left
    assert hand.hands[S] & mask("AH KH QH JH") == mask("AH KH QH JH")  # East's came to South
    assert all(h.bit_count() == 13 for h in hand.hands)


def test_the_standard_pass_is_still_three() -> None:
    hand = _deal(Rules())
    refusal = hand.check(Pass((card("AC"), card("KC"), card("QC"), card("JC"))), S)
    assert refusal is not None
    assert refusal.message == "Hay que pasar exactamente tres cartas."


# --- the queen and hearts ------------------------------------------------------------------------


@pytest.mark.parametrize("breaks", [True, False])
def test_the_queen_breaks_hearts_only_when_the_rule_says(breaks: bool) -> None:
    rules = Rules(queen_breaks_hearts=breaks)
    hand = position(("3D 2H", "4D 5D", "QS 3H", "6D 7D"), turn=S)
    hand = hand._replace(breakers=rules.breakers)
    for code in ("3D", "4D", "QS", "6D"):  # North shows out of diamonds and throws ♠Q
        hand = hand.apply(Play(card(code)))
    assert hand.hearts_broken is breaks
    assert hand.turn is E  # the ♦7 wins; East leads
    hand = position(("2H 8C", "4H", "3H", "9C"), turn=S, broken=hand.hearts_broken)
    refusal = hand.check(Play(card("2H")))
    assert (refusal is None) is breaks
    if not breaks:
        assert refusal is not None
        assert refusal.code == "hearts_not_broken"


# --- Omnibus' scoring ----------------------------------------------------------------------------


def _taken(*texts: str) -> tuple[int, int, int, int]:
    return (mask(texts[0]), mask(texts[1]), mask(texts[2]), mask(texts[3]))


def test_omnibus_scores_the_ten_of_diamonds_not_the_jack() -> None:
    taken = _taken("TD 2H 3H", "JD QS", "4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2C")
    omnibus = score_hand(Rules(omnibus=True), taken, (0, 0, 0, 0))
    assert omnibus.points == (-8, 13, 11, 0)
    assert omnibus.jack is S
    jack = score_hand(Rules(jack_of_diamonds=True), taken, (0, 0, 0, 0))
    assert jack.points == (2, 3, 11, 0)
    assert score_hand(Rules(), taken, (0, 0, 0, 0)).points == (2, 13, 11, 0)


@pytest.mark.parametrize("moon", list(MoonForm))
def test_omnibus_ten_counts_on_top_of_a_moon(moon: MoonForm) -> None:
    hearts = " ".join(rank + "H" for rank in "23456789TJQKA")
    taken = _taken(f"{hearts} QS", "TD", "", "2C")
    points = score_hand(Rules(omnibus=True, moon=moon), taken, (5, 5, 5, 5)).points
    assert points == ((0, 16, 26, 26) if moon is MoonForm.OTHERS else (-26, -10, 0, 0))


# --- random games under random house rules (Hypothesis) -----------------------------------------

house = st.builds(
    Rules,
    target=st.sampled_from([20, 50]),
    passing=st.booleans(),
    omnibus=st.booleans(),
    pass_size=st.sampled_from([3, 4]),
    queen_breaks_hearts=st.booleans(),
    moon=st.sampled_from(list(MoonForm)),
)
codes = st.text(alphabet=CODE_ALPHABET, min_size=CODE_LENGTH, max_size=CODE_LENGTH)


def _random_action(game: GameState, rng: random.Random) -> tuple[Pass | Play, Seat | None]:
    hand = game.hand
    if hand.still_to_pass():
        seat = rng.choice(hand.still_to_pass())
        return Pass(tuple(rng.sample(hand.hand_of(seat), game.rules.pass_size))), seat
    return rng.choice(hand.legal_actions()), None


@settings(max_examples=25, deadline=None)
@given(rules=house, code=codes, seed=st.integers(0, 2**32))
def test_random_games_under_house_rules_keep_every_invariant(
    rules: Rules, code: str, seed: int
) -> None:
    rng = random.Random(seed)
    game = GameState.new(rules, code)
    record = CorazonesRecord(rules=rules, code=code)
    actions = []
    while not game.is_over and len(game.history) < 6:
        before = game
        action, seat = _random_action(game, rng)
        game = game.apply(action, seat)
        actions.append(action)
        check_position(game, views=rng.random() < 0.1)
        if len(game.history) > len(before.history):
            check_hand_result(game.history[-1], before.totals, rules=rules)
            hand = game.history[-1].hand
            if hand.direction is not PassDirection.NONE:
                assert all(m.bit_count() == rules.pass_size for m in hand.passed)
            bonus = rules.bonus_card
            score = game.history[-1].score
            assert (score.jack is not None) is (bonus is not None)
    assert read_record(json.loads(record.append(*actions).dumps())).rules == rules


# --- the command line ----------------------------------------------------------------------------


def test_replay_names_the_house_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = bots_game(hands=2, omnibus=True, pass_size=4, queen_breaks_hearts=False)
    path = tmp_path / "casa.json"
    path.write_text(record.dumps(), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Omnibus: ♦10 −10, se pasan 4 cartas, la dama no rompe corazones)" in out.splitlines()[0]
    state = final_state(record)
    tens = [row.split()[1:] for row in out.splitlines() if row.strip().startswith("♦10")]
    assert tens == [
        ["−10" if r.score.jack == seat else "—" for seat in range(4)] for r in state.history
    ]


def test_check_plays_the_house_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """``picas check`` goes round every house rule (its settings, in turn) and checks them."""
    rules = [invariants._rules(index) for index in range(12)]
    assert len({(r.bonus_card, r.pass_size, r.queen_breaks_hearts) for r in rules}) == 12
    args = ["check", "--game", "corazones", "--hands", "24", "--bot-hands", "8", "--jobs", "1"]
    assert main(args) == 0
    assert "no invariant broken" in capsys.readouterr().out


@pytest.mark.parametrize(
    "flags", [["--omnibus"], ["--pase", "4"], ["--dama", "no-rompe"]], ids=lambda f: f[0]
)
def test_arena_plays_a_house_rule(flags: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "normal", "facil", "--game", "corazones", "--deals", "4", "--jobs", "1"]
    assert main([*args, *flags]) == 0
    out = capsys.readouterr().out
    assert "reglas de la casa:" in out
    assert "Repartos: 4 (8 manos jugadas)" in out


def test_arena_refuses_a_house_rule_for_spades(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "normal", "facil", "--game", "spades", "--deals", "1", "--omnibus"]
    assert main(args) == 2
    assert "--omnibus no se aplica a --game spades" in capsys.readouterr().err
