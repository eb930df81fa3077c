"""The Corazones rules object: defaults, ranges, JSON in and out."""

from __future__ import annotations

import pytest

from picas.games.corazones import TARGETS, MoonForm, PassDirection, Rules, direction_for
from picas.shared.errors import InvalidRules


def test_defaults_are_the_standard_game() -> None:
    rules = Rules()
    assert rules.target == 100
    assert rules.passing is True
    assert rules.jack_of_diamonds is False
    assert rules.moon is MoonForm.OTHERS
    assert TARGETS == (50, 100)


@pytest.mark.parametrize("target", [19, 501, -100, 0])
def test_a_target_out_of_range_is_refused(target: int) -> None:
    with pytest.raises(InvalidRules, match="objetivo"):
        Rules(target=target)


@pytest.mark.parametrize("target", [20, 50, 100, 500])
def test_targets_in_range_are_accepted(target: int) -> None:
    assert Rules(target=target).target == target


def test_round_trip_through_json() -> None:
    rules = Rules(target=50, passing=False, jack_of_diamonds=True, moon=MoonForm.SELF)
    data = rules.to_json()
    assert data == {
        "target": 50,
        "passing": False,
        "jack_of_diamonds": True,
        "moon": "self",
        "first_pass": "left",
    }
    assert Rules.from_json(data) == rules


def test_the_first_pass_round_trips_and_starts_the_cycle() -> None:
    rules = Rules(first_pass=PassDirection.ACROSS)
    assert Rules.from_json(rules.to_json()) == rules
    directions = [
        direction_for(number, passing=True, first=rules.first_pass) for number in range(1, 6)
    ]
    assert [d.value for d in directions] == ["across", "none", "left", "right", "across"]


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "objeto JSON"),
        ({"target": 100, "bags": True}, "claves desconocidas: bags"),
        ({"target": "100"}, "número entero"),
        ({"target": True}, "número entero"),
        ({"passing": 1}, "«passing» debe ser verdadero o falso"),
        ({"jack_of_diamonds": "no"}, "«jack_of_diamonds» debe ser verdadero o falso"),
        ({"moon": "luna"}, "Forma de la luna desconocida"),
        ({"moon": None}, "Forma de la luna desconocida"),
        ({"first_pass": "up"}, "primer pase desconocida"),
        ({"first_pass": "\ud800"}, "primer pase desconocida: «\\\\ud800»"),
    ],
)
def test_bad_json_is_refused_with_a_reason(data: object, words: str) -> None:
    with pytest.raises(InvalidRules, match=words) as raised:
        Rules.from_json(data)
    assert raised.value.code == "invalid_rules"


def test_with_settings_changes_only_what_it_is_given() -> None:
    rules = Rules().with_settings(target=50, moon="self")
    assert rules == Rules(target=50, moon=MoonForm.SELF)
    assert rules.with_settings(passing=False, jack_of_diamonds=True) == Rules(
        target=50, passing=False, jack_of_diamonds=True, moon=MoonForm.SELF
    )


def test_with_settings_validates() -> None:
    with pytest.raises(InvalidRules, match="objetivo"):
        Rules().with_settings(target=5)
