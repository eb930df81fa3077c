"""The rules object (§2): profiles, consistency, JSON."""

from __future__ import annotations

from typing import Any

import pytest

from picas.games.spades import PROFILES, InvalidRules, Rules, Seat, find_profile


def test_the_three_profiles_exist() -> None:
    assert set(PROFILES) == {"casa", "clasica", "doble-nil"}
    for name, rules in PROFILES.items():
        assert find_profile(name) is rules
        assert rules.profile == name


def test_casa_is_seed_000s_table() -> None:
    rules = find_profile("casa")
    assert rules == Rules()
    assert rules.target == 250
    assert rules.bag_penalty is True
    assert rules.blind_nil is False  # off by default
    assert rules.blind_nil_deficit == 100
    assert rules.floor == -200
    assert rules.draw_after_hand == 30
    assert rules.first_dealer is Seat.EAST
    assert rules.nil_tricks_score is True  # a Nil bidder's trick is a bag worth +1
    assert (rules.bag_limit, rules.bag_penalty_points) == (10, 100)
    assert (rules.nil_points, rules.blind_nil_points) == (100, 200)


def test_clasica_is_seed_003s_table() -> None:
    rules = find_profile("clasica")
    assert rules.target == 500
    assert rules.first_dealer is None  # drawn by lot
    assert rules.blind_nil is False
    assert rules.floor is None
    assert rules.draw_after_hand is None  # equal totals play on, no cap
    assert rules.nil_tricks_score is False  # failed Nil: bags on the count, no points
    assert rules.bag_penalty is True
    assert (rules.bag_limit, rules.bag_penalty_points, rules.nil_points) == (10, 100, 100)


def test_doble_nil_is_seed_004s_table() -> None:
    rules = find_profile("doble-nil")
    assert rules.target == 500
    assert rules.floor == -200
    assert rules.blind_nil is True
    assert rules.blind_nil_points == 200
    assert rules.draw_after_hand is None
    assert rules.bag_penalty is True


def test_unknown_profile_is_refused() -> None:
    with pytest.raises(InvalidRules) as info:
        find_profile("hearts")
    assert "casa" in info.value.message


@pytest.mark.parametrize(
    "settings",
    [
        {"target": 0},
        {"target": -250},
        {"target": 49},
        {"target": 1001},
        {"floor": 100},
        {"floor": 0},
        {"floor": -1001},
        {"draw_after_hand": 0},
        {"bag_limit": 0},
        {"bag_penalty_points": -100},
        {"nil_points": 0},
        {"blind_nil_points": 0},
        {"blind_nil": True, "nil_points": 200, "blind_nil_points": 100},
        {"blind_nil_deficit": -1},
        {"profile": ""},
    ],
)
def test_inconsistent_rules_are_refused(settings: dict[str, Any]) -> None:
    with pytest.raises(InvalidRules) as info:
        Rules(**settings)
    assert info.value.code == "invalid_rules"
    assert info.value.message.startswith("Reglas incoherentes")


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_from_json_round_trip(name: str) -> None:
    rules = find_profile(name)
    data = rules.to_json()
    assert Rules.from_json(data) == rules
    assert data["first_dealer"] in {None, "south", "west", "north", "east"}


def test_to_json_writes_the_first_dealer_as_a_key() -> None:
    assert Rules().to_json()["first_dealer"] == "east"
    assert find_profile("clasica").to_json()["first_dealer"] is None


def test_from_json_refuses_an_unknown_key() -> None:
    data = Rules().to_json()
    data["comodines"] = True
    with pytest.raises(InvalidRules) as info:
        Rules.from_json(data)
    assert "comodines" in info.value.message


@pytest.mark.parametrize(
    "patch",
    [
        {"target": "250"},
        {"target": True},
        {"target": 2.5},
        {"bag_penalty": 1},
        {"blind_nil": "yes"},
        {"first_dealer": "dealer"},
        {"first_dealer": 3},
        {"profile": 7},
        {"target": None},
        {"target": 0},
    ],
)
def test_from_json_refuses_wrong_types_and_values(patch: dict[str, Any]) -> None:
    data = Rules().to_json()
    data.update(patch)
    with pytest.raises(InvalidRules):
        Rules.from_json(data)


@pytest.mark.parametrize("data", [None, [], "casa", 250])
def test_from_json_refuses_a_non_object(data: object) -> None:
    with pytest.raises(InvalidRules):
        Rules.from_json(data)


def test_from_json_fills_missing_keys_with_defaults_and_accepts_null_options() -> None:
    rules = Rules.from_json({"target": 500, "floor": None, "draw_after_hand": None})
    assert rules.target == 500
    assert rules.floor is None
    assert rules.draw_after_hand is None
    assert rules.first_dealer is Seat.EAST


def test_with_settings_applies_the_three_page_settings() -> None:
    rules = find_profile("casa").with_settings(target=500, bag_penalty=False, blind_nil=True)
    assert (rules.target, rules.bag_penalty, rules.blind_nil) == (500, False, True)
    assert rules.floor == -200
    assert find_profile("casa").target == 250  # profiles are not changed
    with pytest.raises(InvalidRules):
        find_profile("casa").with_settings(target=0)
