"""A Corazones player of one's own, for the arena's ``module:attr`` seats (tests/cli): it passes its
three highest cards and plays its lowest legal card, and notes every decision it makes."""

from __future__ import annotations

import random

from picas.games.corazones.view import PlayerView
from picas.shared.cards import Card

DECISIONS: list[tuple[int, int]] = []
"""(seat, hand number) of every decision of a :class:`LowestBot` in this process."""


class LowestBot:
    def pass_cards(self, view: PlayerView, rng: random.Random) -> tuple[Card, Card, Card]:
        DECISIONS.append((int(view.seat), view.hand_number))
        high = sorted(view.hand, key=lambda card: (card % 13, card // 13))[-3:]
        return (high[0], high[1], high[2])

    def play(self, view: PlayerView, rng: random.Random) -> Card:
        DECISIONS.append((int(view.seat), view.hand_number))
        return min((play.card for play in view.legal), key=lambda card: (card % 13, card // 13))


NOT_A_BOT = object()
"""Something importable that cannot take a seat."""
