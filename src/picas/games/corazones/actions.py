"""Corazones' two kinds of action and their JSON notation.

A play is the shared :class:`~picas.shared.tricks.Play` (JSON: the card's code, "QS"); a pass is
three cards chosen together (JSON: a list of three codes, ``["QS", "AS", "KS"]``). A pass is built
from whatever was sent; its count and its cards are judged by the hand, which gives the reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from picas.shared.cards import Card, mask_of
from picas.shared.errors import InvalidAction, excerpt
from picas.shared.tricks import PLAYS, Play

PASS_SIZE = 3


@dataclass(frozen=True, slots=True)
class Pass:
    """The cards a player gives away before the hand, in the order they were chosen."""

    cards: tuple[Card, ...]

    @property
    def mask(self) -> int:
        return mask_of(self.cards)


Action = Pass | Play


def action_to_json(action: Action) -> str | list[str]:
    if isinstance(action, Pass):
        return [card.code for card in action.cards]
    return action.card.code


def parse_action(value: object) -> Action:
    """Read an action from its JSON notation, refusing anything malformed."""
    if isinstance(value, str):
        return PLAYS[Card.parse(value)]
    if isinstance(value, list):
        if len(value) > 13:
            raise InvalidAction(
                "Un pase son tres cartas.", code="pass_three_cards", params={"form": "any"}
            )
        return Pass(tuple(Card.parse(item) for item in value))
    raise InvalidAction(f"Acción ilegible: {excerpt(value)}.", code="bad_action")
