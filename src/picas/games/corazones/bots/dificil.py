"""Difícil: Monte Carlo search over the deals consistent with what it has seen.

For each card it deals the hidden cards as its view allows (hand sizes, shown-out suits, and its
own pass, which it knows is in the receiver's hand until played: see
:mod:`picas.games.corazones.bots.search`), plays every distinct candidate out with the Normal policy
at all four seats, and prices the finished hand with the real scoring rules: its points against
the others' average, so a moon of its own counts as the gain it is and another player's as the
loss. It keeps Normal's card (with its manners) unless the search is confident another is better.
A fixed number of playouts, seeded by the decision's generator: the same view gives the same card.
"""

from __future__ import annotations

import random

from picas.games.corazones.bots.normal import NormalBot
from picas.games.corazones.bots.search import SearchSettings, know, search_play
from picas.games.corazones.view import PlayerView
from picas.shared.cards import CARDS, Card


class DificilBot:
    name = "dificil"

    def __init__(self, settings: SearchSettings | None = None) -> None:
        self.settings = settings or SearchSettings()
        self.playouts = 0
        """Playouts run so far by this object (for the timing benchmark); not used to decide."""

    def pass_cards(self, view: PlayerView, rng: random.Random) -> tuple[Card, ...]:
        return NormalBot().pass_cards(view, rng)

    def play(self, view: PlayerView, rng: random.Random) -> Card:
        card, runs = search_play(know(view), view.rules, rng, self.settings)
        self.playouts += runs
        return CARDS[card]
