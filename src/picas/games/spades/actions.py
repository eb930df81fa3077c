"""The kinds of action and their JSON notation.

JSON notation (used by the game record): a bid is an integer 0–13 (0 is Nil); ``"blind_nil"``
declares Blind Nil; ``"look"`` turns one's cards face up instead; a card is its two-character
code ("QH"). At «Dos jugadores» the draw: ``"keep"`` keeps the stock's top card (the next goes out
unseen), ``"discard"`` puts it out and keeps the next one.
"""

from __future__ import annotations

from dataclasses import dataclass

from picas.shared.cards import Card
from picas.shared.errors import InvalidAction, excerpt
from picas.shared.tricks import PLAYS, Play


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid of 0–13 tricks; 0 is Nil."""

    tricks: int

    @property
    def is_nil(self) -> bool:
        return self.tricks == 0


@dataclass(frozen=True, slots=True)
class BlindNil:
    """Nil declared before looking at one's cards (only when offered)."""


@dataclass(frozen=True, slots=True)
class LookAtCards:
    """The eligible player declines Blind Nil and turns their cards face up."""


@dataclass(frozen=True, slots=True)
class Keep:
    """«Dos jugadores»' draw: keep the stock's top card; the next one goes out of play unseen."""


@dataclass(frozen=True, slots=True)
class Discard:
    """«Dos jugadores»' draw: put the stock's top card (seen) out of play and keep the next."""


Action = Bid | BlindNil | LookAtCards | Play | Keep | Discard

BIDS: tuple[Bid, ...] = tuple(Bid(n) for n in range(14))
BLIND_NIL = BlindNil()
LOOK = LookAtCards()
KEEP = Keep()
DISCARD = Discard()
DRAWS: tuple[Keep | Discard, ...] = (KEEP, DISCARD)


def action_to_json(action: Action) -> int | str:
    if isinstance(action, Bid):
        return action.tricks
    if isinstance(action, BlindNil):
        return "blind_nil"
    if isinstance(action, LookAtCards):
        return "look"
    if isinstance(action, Keep):
        return "keep"
    if isinstance(action, Discard):
        return "discard"
    return action.card.code


def parse_action(value: object) -> Action:
    """Read an action from its JSON notation, refusing anything malformed."""
    if isinstance(value, bool):
        raise InvalidAction("Una acción no puede ser verdadero o falso.", code="bad_action")
    if isinstance(value, int):
        if 0 <= value <= 13:
            return BIDS[value]
        raise InvalidAction("El canto va de 0 a 13.", code="bid_out_of_range")
    if isinstance(value, str):
        if value == "blind_nil":
            return BLIND_NIL
        if value == "look":
            return LOOK
        if value == "keep":
            return KEEP
        if value == "discard":
            return DISCARD
        return PLAYS[Card.parse(value)]
    raise InvalidAction(f"Acción ilegible: {excerpt(value)}.", code="bad_action")
