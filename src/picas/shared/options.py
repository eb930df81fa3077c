"""A game's new-game options, declared once (the model: OpenSpiel's parameter specification, from
which a game's tools, checks and defaults are all derived).

Each option is an :class:`Option`: its values in the order the page shows them, its default, the
wider range the engine takes where it has one, whether it is one of the «Reglas de la casa», the
keys of its words on the page, and how a Spanish refusal names it. A game's options and the pairs
that exclude each other (:class:`Exclusion`) make its :class:`Options`, which its ``GameSpec``
lists. Everything else reads them: the rules' checks and defaults, the API's new-game bodies and
their refusals, the friends' tables, and — through the page's manifest (``/js/games.js``) — the
settings forms, the store, the statistics and the help pages (docs/design.md, «Options declared
once»).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, TypeVar

from picas.shared.errors import InvalidRules

Value = bool | int | str
V = TypeVar("V", bool, int, str)


@dataclass(frozen=True, slots=True)
class Words:
    """The keys of an option's words in the page's tables (``i18n.js``, ``i18n-en.js``):
    ``label`` is a check's text or the legend of a choice's radios, and ``values`` the prefix of
    each value's words (``f"{values}.{value}"``; None for a check)."""

    label: str
    values: str | None = None


@dataclass(frozen=True, slots=True)
class SoloOnly:
    """An option only the solo table plays: a friends' table refuses any value but the default,
    with this code and Spanish message."""

    code: str
    message: str


@dataclass(frozen=True, slots=True)
class Option(Generic[V]):
    """One new-game option. A check (``on`` set) stands for two values: ticked is ``on``, the
    other is the default; any other option is a choice among its ``values``."""

    name: str
    """The API's field, the rules' field and the page's setting."""
    values: tuple[V, ...]
    """What a new game may choose, in the order the settings show them."""
    default: V
    words: Words
    """Its words in the settings dialog."""
    friends_words: Words | None = None
    """Its words in the «Jugar con amigos» form (None: the dialog's)."""
    house: bool = False
    """One of the «Reglas de la casa»: off (the standard game) unless chosen, shown apart."""
    on: V | None = None
    accepts: range | None = None
    """The wider range the engine takes (a game's target may be any in it); None: ``values``."""
    name_es: str | None = None
    """How a Spanish refusal names it (None: «name»)."""
    value_names_es: Mapping[V, str] = field(default_factory=dict)
    """The Spanish names of some values, said after them in a refusal."""
    note: str | None = None
    """The key of a note the dialog shows under it."""
    solo_only: SoloOnly | None = None
    stats: bool = False
    """The statistics keep games apart by it."""
    doc: str = ""
    """What the API's description says of it (English)."""

    def __post_init__(self) -> None:
        if self.default not in self.values:
            raise ValueError(f"{self.name}: the default {self.default!r} is not a value")
        if self.on is not None and (len(self.values) != 2 or self.on not in self.values):
            raise ValueError(f"{self.name}: a check stands for two values, ticked one of them")
        if len(set(self.values)) != len(self.values):
            raise ValueError(f"{self.name}: a value twice")

    @property
    def is_switch(self) -> bool:
        """Its values are true and false (the API takes a strict boolean)."""
        return set(self.values) == {True, False} and all(isinstance(v, bool) for v in self.values)

    def normal(self, value: object) -> object:
        """``value`` as this option says it: a rules' enum by its value, and a switch that the
        rules hold as a number (Spades' team minimum, 4) as whether it is on."""
        if isinstance(value, Enum):
            return value.value
        if self.is_switch and isinstance(value, int) and not isinstance(value, bool):
            return value != 0
        return value

    def holds(self, value: object, wanted: object) -> bool:
        """Whether ``value`` (as a request or the rules hold it) is ``wanted``, type and all."""
        given = self.normal(value)
        return type(given) is type(wanted) and given == wanted

    def is_set(self, value: object) -> bool:
        """Whether ``value`` is not this option's default."""
        return not self.holds(value, self.default)

    def hint_es(self) -> str:
        """The Spanish refusal of a value that is not one of ``values``."""
        subject = self.name_es or f"«{self.name}»"
        if self.is_switch:
            return f"{subject} debe ser true o false."
        shown = sorted(self.values) if all(isinstance(v, int) for v in self.values) else self.values
        said = [
            (f"«{value}»" if isinstance(value, str) else str(value))
            + (f" («{self.value_names_es[value]}»)" if value in self.value_names_es else "")
            for value in shown
        ]
        return f"{subject} debe ser {_alternatives(said)}."

    def to_json(self) -> dict[str, Any]:
        """The page's copy (the manifest): everything but the Spanish refusal's words."""
        friends = self.friends_words or self.words
        return {
            "name": self.name,
            "values": list(self.values),
            "default": self.default,
            "kind": "check" if self.on is not None else "choice",
            "on": self.on,
            "range": None if self.accepts is None else [self.accepts[0], self.accepts[-1]],
            "house": self.house,
            "friends": self.solo_only is None,
            "stats": self.stats,
            "label": self.words.label,
            "valueWords": self.words.values,
            "friendsLabel": friends.label,
            "friendsValueWords": friends.values,
            "note": self.note,
        }


def switch(name: str, words: Words, *, default: bool = False, **more: Any) -> Option[bool]:
    """A true-or-false option shown as a check (ticked is true)."""
    values = (default, not default)
    return Option(name, values, default, words, on=True, **more)


@dataclass(frozen=True, slots=True)
class Exclusion:
    """Two options a game never plays together: while ``when`` is at ``value``, ``off`` must stay
    at its default (an option off by default). ``reason`` is the Spanish refusal. On the page,
    ``either`` pairs are one or the other (ticking either unticks the other); otherwise ``when``
    dims ``off``."""

    when: str
    value: Value
    off: str
    reason: str
    either: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"when": self.when, "value": self.value, "off": self.off, "either": self.either}


@dataclass(frozen=True, slots=True)
class Dialog:
    """The keys of the words the settings dialog puts around a game's options: the note on the
    next game, the «Reglas de la casa» legend and the note under it (None: none)."""

    note: str
    house: str
    house_note: str | None = None


class Options(Mapping[str, Option[Any]]):
    """A game's options, in the order the page shows them, and their exclusions."""

    __slots__ = ("_options", "dialog", "exclusions")

    def __init__(
        self,
        *options: Option[Any],
        exclusions: tuple[Exclusion, ...] = (),
        dialog: Dialog | None = None,
    ) -> None:
        self._options = {option.name: option for option in options}
        if len(self._options) != len(options):
            raise ValueError("an option declared twice")
        for exclusion in exclusions:
            when, off = self._options[exclusion.when], self._options[exclusion.off]
            if exclusion.value not in when.values or off.default not in (False, 0):
                raise ValueError(f"{exclusion}: not a value, or an option on by default")
        self.exclusions = exclusions
        self.dialog = dialog

    def __getitem__(self, name: str) -> Option[Any]:
        return self._options[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._options)

    def __len__(self) -> int:
        return len(self._options)

    def __repr__(self) -> str:
        return f"Options({', '.join(self._options)})"

    @property
    def defaults(self) -> dict[str, Any]:
        return {name: option.default for name, option in self._options.items()}

    @property
    def house(self) -> tuple[str, ...]:
        """The «Reglas de la casa», in order."""
        return tuple(name for name, option in self._options.items() if option.house)

    def conflicts(self, values: object) -> list[str]:
        """The Spanish reasons ``values`` (a mapping, or rules holding the options as fields)
        break an exclusion; a missing option is at its default."""

        def read(name: str) -> object:
            if isinstance(values, Mapping):
                return values.get(name, self._options[name].default)
            return getattr(values, name, self._options[name].default)

        return [
            exclusion.reason
            for exclusion in self.exclusions
            if self._options[exclusion.when].holds(read(exclusion.when), exclusion.value)
            and self._options[exclusion.off].holds(read(exclusion.off), True)
        ]

    def check(self, values: Mapping[str, object]) -> None:
        """Refuse a combination the game never plays (``invalid_rules``)."""
        problems = self.conflicts(values)
        if problems:
            raise InvalidRules("Reglas incoherentes: " + "; ".join(problems) + ".")

    def to_json(self) -> dict[str, Any]:
        """The page's copy of the declaration (the manifest's ``settings``)."""
        dialog = self.dialog
        return {
            "options": [option.to_json() for option in self._options.values()],
            "exclusions": [exclusion.to_json() for exclusion in self.exclusions],
            "note": None if dialog is None else dialog.note,
            "house": None if dialog is None else dialog.house,
            "houseNote": None if dialog is None else dialog.house_note,
        }


def _alternatives(said: list[str]) -> str:
    """«a», «b» o «c»."""
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " o " + said[-1]
