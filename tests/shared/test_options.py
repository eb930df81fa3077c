"""A game's options as declared (:mod:`picas.shared.options`): a declaration that contradicts
itself is refused when it is made, a value is read as the option says it, the Spanish refusals
are worded from the values, and an exclusion refuses the pair it names and nothing else."""

from __future__ import annotations

from enum import Enum

import pytest

from picas.shared.errors import InvalidRules
from picas.shared.options import Exclusion, Option, Options, Words, switch

WORDS = Words("label", "label")


class MoonForm(Enum):
    OTHERS = "others"
    SELF = "self"


def _options() -> Options:
    return Options(
        Option("target", (250, 500), 250, WORDS, name_es="El objetivo"),
        switch("blind_nil", Words("blind")),
        switch("minimum", Words("minimum"), house=True),
        Option("players", (4, 2), 4, Words("two"), on=2, value_names_es={2: "Dos jugadores"}),
        Option("moon", ("others", "self"), "others", WORDS),
        exclusions=(
            Exclusion("players", 2, "blind_nil", "a dos no hay Nil ciego"),
            Exclusion("players", 2, "minimum", "a dos no hay mínimo"),
        ),
    )


def test_a_declaration_that_contradicts_itself_is_refused_when_made() -> None:
    with pytest.raises(ValueError, match="default"):
        Option("target", (250, 500), 300, WORDS)
    with pytest.raises(ValueError, match="check"):
        Option("players", (4, 2, 3), 4, WORDS, on=2)
    with pytest.raises(ValueError, match="twice"):
        Option("target", (250, 250), 250, WORDS)
    with pytest.raises(ValueError, match="declared twice"):
        Options(switch("a", WORDS), switch("a", WORDS))
    with pytest.raises(ValueError, match="not a value"):
        Options(switch("a", WORDS), switch("b", WORDS), exclusions=(Exclusion("a", 3, "b", "."),))
    with pytest.raises(ValueError, match="on by default"):
        Options(
            switch("a", WORDS),
            switch("b", WORDS, default=True),
            exclusions=(Exclusion("a", True, "b", "."),),
        )


def test_the_refusal_of_a_value_not_offered_names_the_values() -> None:
    options = _options()
    assert options["target"].hint_es() == "El objetivo debe ser 250 o 500."
    assert options["blind_nil"].hint_es() == "«blind_nil» debe ser true o false."
    assert options["players"].hint_es() == "«players» debe ser 2 («Dos jugadores») o 4."
    assert options["moon"].hint_es() == "«moon» debe ser «others» o «self»."


def test_an_exclusion_refuses_its_pair_as_a_request_or_the_rules_hold_it() -> None:
    options = _options()
    assert options.conflicts({"players": 2}) == []
    assert options.conflicts({"players": 4, "blind_nil": True, "minimum": True}) == []
    assert options.conflicts({"players": 2, "blind_nil": True}) == ["a dos no hay Nil ciego"]
    # The rules hold the minimum as its number: 4 is on, 0 is off.
    assert options.conflicts({"players": 2, "minimum": 4}) == ["a dos no hay mínimo"]
    assert options.conflicts({"players": 2, "minimum": 0}) == []
    # Type and all: True is not the value 2, nor 1 the value True.
    assert options.conflicts({"players": True, "blind_nil": 1}) == []
    with pytest.raises(InvalidRules, match=r"^Reglas incoherentes: a dos no hay Nil ciego; a dos"):
        options.check({"players": 2, "blind_nil": True, "minimum": True})


def test_a_value_is_read_as_the_option_says_it() -> None:
    options = _options()
    assert options["moon"].holds(MoonForm.SELF, "self")
    assert options["minimum"].is_set(4)
    assert not options["minimum"].is_set(0)
    assert options.defaults == {
        "target": 250,
        "blind_nil": False,
        "minimum": False,
        "players": 4,
        "moon": "others",
    }
    assert options.house == ("minimum",)
    assert list(options) == ["target", "blind_nil", "minimum", "players", "moon"]


def test_the_pages_copy_carries_the_values_defaults_words_and_exclusions() -> None:
    copy = _options().to_json()
    players = next(option for option in copy["options"] if option["name"] == "players")
    assert players["values"] == [4, 2]
    assert players["default"] == 4
    assert (players["kind"], players["on"]) == ("check", 2)
    assert players["label"] == players["friendsLabel"] == "two"
    assert copy["exclusions"][0] == {
        "when": "players",
        "value": 2,
        "off": "blind_nil",
        "either": False,
    }
