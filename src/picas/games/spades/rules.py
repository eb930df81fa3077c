"""The rules object and the named profiles of the three source documents."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar

from picas.games.spades.options import (
    ALL_THIRTEEN,
    BAG_PENALTY,
    BLIND_NIL,
    JOKERS,
    OPTIONS,
    PLAYERS,
    TARGET,
    TEN_FOR_200,
)
from picas.shared.cards import JOKERS_MASK, Suit
from picas.shared.decks import JOKERS_DECK, STANDARD_DECK, Deck, TrickRule
from picas.shared.errors import InvalidRules, excerpt
from picas.shared.seats import Seat

TARGETS = TARGET.values
"""The targets the page offers; the engine accepts any target in ``TARGET_RANGE``."""
MAX_PROFILE = 40
"""The longest profile name (characters, each printable)."""
assert TARGET.accepts is not None
TARGET_RANGE = TARGET.accepts
DRAW_AFTER_RANGE = range(1, 101)
PENALTY_RANGE = range(1001)
NIL_RANGE = range(1, 1001)
DEFICIT_RANGE = range(1001)
MINIMUM_RANGE = range(14)
THIRTEEN_CHOICES = ALL_THIRTEEN.values
"""Premio por 13 bazas: none, a bonus of ``all_thirteen_points``, or the game won outright."""
"""The documented range of every numeric setting (docs/record.md): far beyond any real table, and
small enough that every score stays an exact number in JavaScript."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """Everything that varies between tables. The defaults are seeds/000's table ("casa").

    ``first_dealer=None`` means the first dealer is drawn by lot (derived from the game code).
    ``floor=None`` means a game never ends by falling low; ``draw_after_hand=None`` means equal
    totals play on for ever.
    """

    STANDARD_TRICKS: ClassVar[TrickRule] = TrickRule(trump=Suit.SPADES)
    """♠ is trump, nothing above it."""
    JOKER_TRICKS: ClassVar[TrickRule] = TrickRule(trump=Suit.SPADES, top=JOKERS_MASK)
    """«Comodines»: the two jokers above every spade, the big one above the little one."""

    profile: str = "casa"
    target: int = TARGET.default
    bag_penalty: bool = BAG_PENALTY.default
    blind_nil: bool = BLIND_NIL.default
    blind_nil_deficit: int = 100
    floor: int | None = -200
    draw_after_hand: int | None = 30
    first_dealer: Seat | None = Seat.EAST
    nil_tricks_score: bool = True
    """seeds/000: each trick a Nil bidder takes is a bag worth +1 point; seeds/003: count only."""
    bag_limit: int = 10
    bag_penalty_points: int = 100
    nil_points: int = 100
    blind_nil_points: int = 200
    # --- the house variants («Reglas de la casa»): written in a record only when set, so every
    # record of the standard game reads and writes back exactly as before (docs/record.md).
    team_minimum: int = 0
    """Mínimo por pareja: a team's contract (its non-Nil bids) must be at least this; 0 is none,
    the page offers 4. The partner of a Nil bidder must then bid the whole minimum."""
    all_thirteen: str = ALL_THIRTEEN.default
    """Premio por 13 bazas, for a team whose contract is 13 (one player's bid, or both partners'
    together) and takes all 13: ``"bonus"`` adds ``all_thirteen_points``, ``"win"`` wins the game
    outright. Failing is −10 × the contract, as any contract."""
    all_thirteen_points: int = 200
    ten_for_200: bool = TEN_FOR_200.default
    """10 por 200: a team contract of 10 or more, made, scores 200 (failed: −10 × the contract)."""
    jokers: bool = JOKERS.default
    """Comodines: the big and the little joker are the two highest trumps (big above little
    above ♠A), ♥2 and ♦2 leave the deck; a joker follows, leads and breaks as a spade."""
    players: int = PLAYERS.default
    """Dos jugadores (2): South against West, no partners; each hand starts with the draw from a
    stock instead of a deal (docs/house-rules.md). 4 is the standard game."""

    @property
    def deck(self) -> Deck:
        """The cards dealt: the 52, or «Comodines»' 52 (jokers in, ♥2 and ♦2 out); 13 each."""
        return JOKERS_DECK if self.jokers else STANDARD_DECK

    @property
    def ring(self) -> int:
        """The seats in play are ``0..ring`` and the next seat is ``(seat + 1) & ring``: 3 for the
        four seats, 1 for «Dos jugadores» (South and West)."""
        return self.players - 1

    @property
    def trick_rule(self) -> TrickRule:
        """♠ is trump; with «Comodines» the jokers are above it (``top``)."""
        return Rules.JOKER_TRICKS if self.jokers else Rules.STANDARD_TRICKS

    def __post_init__(self) -> None:
        problems = []
        if self.target not in TARGET_RANGE:
            problems.append(f"el objetivo debe estar entre 50 y 1000 (es {excerpt(self.target)})")
        if self.floor is not None and not -1000 <= self.floor < 0:
            problems.append("el suelo debe ser negativo y no menor que −1000")
        if self.draw_after_hand is not None and self.draw_after_hand not in DRAW_AFTER_RANGE:
            problems.append("las tablas llegan tras una mano de la 1 a la 100")
        if not 1 <= self.bag_limit <= 100:
            problems.append("el límite de sacos debe estar entre 1 y 100")
        if self.bag_penalty_points not in PENALTY_RANGE:
            problems.append("el castigo por sacos debe estar entre 0 y 1000")
        if self.nil_points not in NIL_RANGE or self.blind_nil_points not in NIL_RANGE:
            problems.append("el Nil y el Nil ciego deben valer de 1 a 1000")
        if self.blind_nil and self.blind_nil_points < self.nil_points:
            problems.append("el Nil ciego no puede valer menos que el Nil")
        if self.blind_nil_deficit not in DEFICIT_RANGE:
            problems.append("la desventaja para el Nil ciego debe estar entre 0 y 1000")
        if self.team_minimum not in MINIMUM_RANGE:
            problems.append("el mínimo por pareja debe estar entre 0 y 13")
        if self.all_thirteen not in THIRTEEN_CHOICES:
            problems.append("el premio por 13 bazas es «off», «bonus» o «win»")
        if self.all_thirteen_points not in NIL_RANGE:
            problems.append("el premio por 13 bazas debe valer de 1 a 1000")
        if self.players not in PLAYER_COUNTS:
            problems.append(f"se juega a 2 o a 4 jugadores (no a {excerpt(self.players)})")
        problems.extend(OPTIONS.conflicts(self))
        if not self.profile or len(self.profile) > MAX_PROFILE or not self.profile.isprintable():
            problems.append("el perfil necesita un nombre corto")
        if problems:
            raise InvalidRules("Reglas incoherentes: " + "; ".join(problems) + ".")

    def with_settings(
        self,
        *,
        target: int | None = None,
        bag_penalty: bool | None = None,
        blind_nil: bool | None = None,
        team_minimum: bool | None = None,
        all_thirteen: str | None = None,
        ten_for_200: bool | None = None,
        jokers: bool | None = None,
        players: int | None = None,
    ) -> Rules:
        """The page's settings applied on top of a profile: three of the game, and the house
        variants (``team_minimum`` true is the minimum of 4)."""
        data = self.to_json()
        if target is not None:
            data["target"] = target
        if bag_penalty is not None:
            data["bag_penalty"] = bag_penalty
        if blind_nil is not None:
            data["blind_nil"] = blind_nil
        if team_minimum is not None:
            data["team_minimum"] = PAGE_MINIMUM if team_minimum else 0
        if all_thirteen is not None:
            data["all_thirteen"] = all_thirteen
        if ten_for_200 is not None:
            data["ten_for_200"] = ten_for_200
        if jokers is not None:
            data["jokers"] = jokers
        if players is not None:
            data["players"] = players
        return Rules.from_json(data)

    def to_json(self) -> dict[str, Any]:
        """Every field, except a house variant's at its default: the standard game's record is
        the one written before there were variants, and a variant's record names it."""
        data = asdict(self)
        data["first_dealer"] = None if self.first_dealer is None else self.first_dealer.key
        for key, default in VARIANT_DEFAULTS.items():
            if data[key] == default:
                del data[key]
        return data

    @property
    def variants(self) -> tuple[str, ...]:
        """The house variants in play, named as the page names them (empty: the standard game)."""
        names = []
        if self.team_minimum:
            names.append(f"Mínimo de {self.team_minimum} por pareja")
        if self.all_thirteen == "bonus":
            names.append(f"Premio por 13 bazas (+{self.all_thirteen_points})")
        elif self.all_thirteen == "win":
            names.append("13 bazas: partida ganada")
        if self.ten_for_200:
            names.append("10 por 200")
        if self.jokers:
            names.append("Comodines")
        if self.players == 2:
            names.append("Dos jugadores")
        return tuple(names)

    @classmethod
    def from_json(cls, data: object) -> Rules:
        """Build rules from JSON, refusing unknown keys and wrong types with a clear message."""
        if not isinstance(data, dict):
            raise InvalidRules("Las reglas deben ser un objeto JSON.")
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            shown = ", ".join(excerpt(key) for key in unknown[:3])
            raise InvalidRules(f"Reglas con claves desconocidas: {shown}.")
        values: dict[str, Any] = {}
        for key, value in data.items():
            values[key] = _coerce(key, value)
        return cls(**values)


PLAYER_COUNTS = tuple(sorted(PLAYERS.values))
"""«Dos jugadores» (2) or the standard game (4)."""
PAGE_MINIMUM = 4
"""The minimum per team the page offers (the common rule)."""
VARIANT_DEFAULTS: dict[str, object] = {
    f.name: f.default
    for f in fields(Rules)
    if f.name in OPTIONS.house or f.name == "all_thirteen_points"
}
"""The house variants' fields and their standard values (left out of a record at these)."""
_BOOL_KEYS = {"bag_penalty", "blind_nil", "nil_tricks_score", "ten_for_200", "jokers"}
_OPTIONAL_INT_KEYS = {"floor", "draw_after_hand"}


def _coerce(key: str, value: object) -> object:
    if key == "profile":
        if not isinstance(value, str):
            raise InvalidRules("El perfil de reglas debe ser un texto.")
        return value
    if key == "all_thirteen":
        if not isinstance(value, str) or value not in THIRTEEN_CHOICES:
            raise InvalidRules(f"Premio por 13 bazas desconocido: {excerpt(value)}.")
        return value
    if key == "first_dealer":
        if value is None:
            return None
        if isinstance(value, str) and value.upper() in Seat.__members__:
            return Seat.from_key(value)
        raise InvalidRules(f"Repartidor inicial desconocido: {excerpt(value)}.")
    if key in _BOOL_KEYS:
        if not isinstance(value, bool):
            raise InvalidRules(f"«{key}» debe ser verdadero o falso.")
        return value
    if value is None and key in _OPTIONAL_INT_KEYS:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidRules(f"«{key}» debe ser un número entero.")
    return value


PROFILES: dict[str, Rules] = {
    # seeds/000: the product page. East deals first, 250, bag penalty, Blind Nil off, draw after 30.
    "casa": Rules(),
    # seeds/003: dealer by lot, 500, no Blind Nil, no floor, a failed Nil's tricks are bags without
    # points, equal totals play on with no cap.
    "clasica": Rules(
        profile="clasica",
        target=500,
        blind_nil=False,
        floor=None,
        draw_after_hand=None,
        first_dealer=None,
        nil_tricks_score=False,
    ),
    # seeds/004: 500, ends also at −200, Blind ("Double") Nil ±200, a Nil bidder's trick adds a bag
    # to the count; equal totals play on.
    "doble-nil": Rules(
        profile="doble-nil",
        target=500,
        blind_nil=True,
        floor=-200,
        draw_after_hand=None,
        nil_tricks_score=False,
    ),
}


def find_profile(name: str) -> Rules:
    try:
        return PROFILES[name]
    except KeyError:
        known = ", ".join(sorted(PROFILES))
        raise InvalidRules(
            f"Perfil de reglas desconocido: {excerpt(name)} (hay: {known})."
        ) from None
