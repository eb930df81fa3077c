"""Actions from JSON: plays and passes read back, anything else refused with a stable code."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from corazones_helpers import BLOCKS, S, card
from picas.games.corazones import (
    Action,
    GameState,
    HandState,
    Pass,
    PassDirection,
    Rules,
    action_to_json,
    parse_action,
)
from picas.shared.errors import InvalidAction, InvalidRules
from picas.shared.tricks import Play


def test_plays_and_passes_round_trip() -> None:
    assert parse_action("QS") == Play(card("QS"))
    assert action_to_json(Play(card("QS"))) == "QS"
    three = Pass((card("AS"), card("KS"), card("QS")))
    assert action_to_json(three) == ["AS", "KS", "QS"]
    assert parse_action(["AS", "KS", "QS"]) == three


@pytest.mark.parametrize(
    ("value", "code"),
    [
        ("ZZ", "bad_card"),
        (7, "bad_action"),
        (None, "bad_action"),
        ({"pass": ["QS"]}, "bad_action"),
        (["QS", 5, "AS"], "bad_card"),
        (["2C"] * 14, "pass_three_cards"),
    ],
)
def test_malformed_actions_are_refused(value: object, code: str) -> None:
    with pytest.raises(InvalidAction) as raised:
        parse_action(value)
    assert raised.value.code == code


def test_a_pass_of_the_wrong_size_is_read_and_then_refused_by_the_hand() -> None:
    hand = HandState.deal(number=1, dealer=S, hands=BLOCKS, direction=PassDirection.LEFT)
    refusal = hand.check(parse_action(["2C", "3C"]), S)
    assert refusal is not None
    assert refusal.code == "pass_three_cards"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=10,
)


def _read(value: object) -> Action | InvalidAction:
    try:
        return parse_action(value)
    except InvalidAction as error:
        return error


def _rules(value: object) -> Rules | InvalidRules:
    try:
        return Rules.from_json(value)
    except InvalidRules as error:
        return error


@given(value=json_values)
def test_any_json_is_an_action_or_a_clear_refusal(value: object) -> None:
    """Anything else (a TypeError, a KeyError) would escape and fail the test."""
    action = _read(value)
    if isinstance(action, InvalidAction):
        assert action.code in {"bad_action", "bad_card", "pass_three_cards"}
        return
    refusal = GameState.new(Rules(), "JSXN2345").check(action, S)
    assert refusal is None or refusal.message


@given(
    value=st.dictionaries(
        st.sampled_from(["target", "passing", "jack_of_diamonds", "moon", "other"]), json_values
    )
    | json_values
)
def test_any_json_is_rules_or_a_clear_refusal(value: object) -> None:
    rules = _rules(value)
    if isinstance(rules, InvalidRules):
        assert rules.code == "invalid_rules"
        assert rules.message.startswith(("Reglas", "Las reglas", "Forma"))
    else:
        assert Rules.from_json(rules.to_json()) == rules
