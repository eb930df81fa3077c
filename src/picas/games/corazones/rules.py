"""The Corazones rules object: the settings a table can change, validated on the way in."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, ClassVar

from picas.games.corazones.options import (
    JACK_OF_DIAMONDS as JACK_OPTION,
)
from picas.games.corazones.options import (
    MOON,
    OMNIBUS,
    OPTIONS,
    PASS_SIZE,
    PASSING,
    QUEEN_BREAKS_HEARTS,
    TARGET,
)
from picas.games.corazones.passing import PassDirection
from picas.shared.cards import SUIT_MASKS, Card, Rank, Suit
from picas.shared.decks import STANDARD_DECK, Deck, TrickRule
from picas.shared.errors import InvalidRules, excerpt

TARGETS = tuple(sorted(TARGET.values))
"""The targets the page offers, lowest first (50: the quick game); the engine accepts any in
``TARGET_RANGE``. The page shows them as declared, the standard 100 first."""
assert TARGET.accepts is not None
TARGET_RANGE = TARGET.accepts
PASS_SIZES = PASS_SIZE.values
"""How many cards each player passes («pasar 3 o 4 cartas»): three is the standard game."""
JACK_OF_DIAMONDS = Card.of(Rank.JACK, Suit.DIAMONDS)
TEN_OF_DIAMONDS = Card.of(Rank.TEN, Suit.DIAMONDS)
_HEARTS = SUIT_MASKS[Suit.HEARTS]
_QUEEN_OF_SPADES_BIT = Card.of(Rank.QUEEN, Suit.SPADES).bit
HOUSE_RULES = OPTIONS.house
"""The house rules of issue 21 («Las reglas de la casa»). A record or a view names one only when it
is not the standard game's, so everything written before them reads (and shows) the same."""


class MoonForm(Enum):
    """What taking all 26 points («tirarse a la luna») does."""

    OTHERS = "others"
    """Each of the other three players gets 26 and the shooter nothing (the default)."""
    SELF = "self"
    """The shooter takes 26 off their own total and the others get nothing."""

    @property
    def name_es(self) -> str:
        return "26 a cada rival" if self is MoonForm.OTHERS else "−26 para quien la hace"


STANDARD_MOON = MoonForm(MOON.default)


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """Everything that varies between Corazones tables. The defaults are the standard game."""

    deck: ClassVar[Deck] = STANDARD_DECK
    """The 52 cards, 13 each (a class value: no table changes it, so no record writes it)."""
    trick_rule: ClassVar[TrickRule] = TrickRule()
    """No trump: the highest card of the led suit wins."""

    target: int = TARGET.default
    """The game ends after the hand in which someone reaches this total."""
    passing: bool = PASSING.default
    """Pass three cards before each hand (left, right, across, none); off: never pass."""
    jack_of_diamonds: bool = JACK_OPTION.default
    """Whoever takes ♦J scores −10 for the hand."""
    omnibus: bool = OMNIBUS.default
    """Omnibus: whoever takes ♦10 scores −10 for the hand. The ♦J setting's alternative: a table
    plays one bonus card or none, never both."""
    pass_size: int = PASS_SIZE.default
    """Cards each player passes (3 or 4), on the hands that have a pass."""
    queen_breaks_hearts: bool = QUEEN_BREAKS_HEARTS.default
    """Playing ♠Q breaks hearts, like a heart (the standard game); off: only a heart does."""
    moon: MoonForm = STANDARD_MOON
    first_pass: PassDirection = PassDirection.LEFT
    """The direction of hand 1's pass; the cycle goes on from it. Always left at the table; a
    practice game («Rejugar esta mano») starts with the direction of the hand it replays."""

    def __post_init__(self) -> None:
        problems = []
        if isinstance(self.target, bool) or not isinstance(self.target, int):
            problems.append("el objetivo debe ser un número entero")
        elif self.target not in TARGET_RANGE:
            first, last = TARGET_RANGE[0], TARGET_RANGE[-1]
            problems.append(f"el objetivo debe estar entre {first} y {last} (es {self.target})")
        for name in _BOOL_KEYS:
            if not isinstance(getattr(self, name), bool):
                problems.append(f"«{name}» debe ser verdadero o falso")
        problems.extend(OPTIONS.conflicts(self))
        if isinstance(self.pass_size, bool) or self.pass_size not in PASS_SIZES:
            problems.append(f"se pasan 3 o 4 cartas (no {excerpt(self.pass_size)})")
        if not isinstance(self.moon, MoonForm):
            problems.append("la luna se cuenta como «others» o «self»")
        if not isinstance(self.first_pass, PassDirection):
            problems.append("el primer pase es «left», «right», «across» o «none»")
        if problems:
            raise InvalidRules("Reglas incoherentes: " + "; ".join(problems) + ".")

    def with_settings(
        self,
        *,
        target: int | None = None,
        passing: bool | None = None,
        jack_of_diamonds: bool | None = None,
        moon: MoonForm | str | None = None,
        omnibus: bool | None = None,
        pass_size: int | None = None,
        queen_breaks_hearts: bool | None = None,
    ) -> Rules:
        """The page's settings applied on top of these rules (for the next game)."""
        data = self.to_json()
        for key, value in (
            ("target", target),
            ("passing", passing),
            ("jack_of_diamonds", jack_of_diamonds),
            ("moon", moon.value if isinstance(moon, MoonForm) else moon),
            ("omnibus", omnibus),
            ("pass_size", pass_size),
            ("queen_breaks_hearts", queen_breaks_hearts),
        ):
            if value is not None:
                data[key] = value
        return Rules.from_json(data)

    @property
    def bonus_card(self) -> Card | None:
        """The card worth −10 to whoever takes it: ♦J, ♦10 in Omnibus, or none."""
        if self.omnibus:
            return TEN_OF_DIAMONDS
        return JACK_OF_DIAMONDS if self.jack_of_diamonds else None

    @property
    def bonus_bit(self) -> int:
        """:attr:`bonus_card` as a mask (0: none)."""
        card = self.bonus_card
        return 0 if card is None else card.bit

    @property
    def breakers(self) -> int:
        """The cards whose play breaks hearts: the hearts, and ♠Q unless the table says not."""
        return _HEARTS | (_QUEEN_OF_SPADES_BIT if self.queen_breaks_hearts else 0)

    @property
    def house_rules(self) -> dict[str, Any]:
        """The house rules that differ from the standard game's (empty: the standard game)."""
        standard = _STANDARD_HOUSE
        return {
            key: getattr(self, key) for key in HOUSE_RULES if getattr(self, key) != standard[key]
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "passing": self.passing,
            "jack_of_diamonds": self.jack_of_diamonds,
            "moon": self.moon.value,
            "first_pass": self.first_pass.value,
            **self.house_rules,
        }

    @classmethod
    def from_json(cls, data: object) -> Rules:
        """Build rules from JSON, refusing unknown keys and wrong types with a clear message."""
        if not isinstance(data, dict):
            raise InvalidRules("Las reglas deben ser un objeto JSON.")
        known = {f.name for f in fields(cls)}
        unknown = sorted(str(key) for key in set(data) - known)
        if unknown:
            raise InvalidRules(f"Reglas con claves desconocidas: {', '.join(unknown)}.")
        values: dict[str, Any] = dict(data)
        if "moon" in values:
            values["moon"] = _moon(values["moon"])
        if "first_pass" in values:
            values["first_pass"] = _first_pass(values["first_pass"])
        return cls(**values)


_BOOL_KEYS = ("passing", "jack_of_diamonds", "omnibus", "queen_breaks_hearts")
_STANDARD_HOUSE: dict[str, Any] = {
    f.name: f.default for f in fields(Rules) if f.name in HOUSE_RULES
}


def _moon(value: object) -> MoonForm:
    for form in MoonForm:
        if value == form.value:
            return form
    raise InvalidRules(f"Forma de la luna desconocida: {excerpt(value)} (hay: others, self).")


def _first_pass(value: object) -> PassDirection:
    for direction in PassDirection:
        if value == direction.value:
            return direction
    raise InvalidRules(
        f"Dirección del primer pase desconocida: {excerpt(value)} (hay: left, right, across, none)."
    )
