"""Fácil: simple and beatable. It remembers nothing but the trick on the table.

It passes its highest cards (♠Q, ♠K, ♠A first when it is short in spades), follows with the highest
card that still loses the trick, gets rid of its worst card when it cannot follow, and leads its
lowest card. Now and then (one decision in six) it plays any legal card instead.
"""

from __future__ import annotations

import random

from picas.games.corazones.bots.cards import (
    AS,
    HEARTS,
    KS,
    QS,
    SPADES,
    ordered,
    suit,
    trick_winner,
)
from picas.games.corazones.view import PlayerView
from picas.shared.cards import CARDS, Card

SLIP = 1 / 6
"""How often Fácil plays a random legal card instead of its rule."""


class FacilBot:
    name = "facil"

    def pass_cards(self, view: PlayerView, rng: random.Random) -> tuple[Card, ...]:
        hand = [int(card) for card in view.hand]
        spades = sum(1 for c in hand if suit(c) == SPADES)
        first = [c for c in (QS, AS, KS) if c in hand] if spades <= 3 else []
        rest = ordered((c for c in hand if c not in first), high_first=True)
        chosen = (first + rest)[: view.rules.pass_size]
        return tuple(CARDS[card] for card in chosen)

    def play(self, view: PlayerView, rng: random.Random) -> Card:
        legal = [int(play.card) for play in view.legal]
        if len(legal) == 1:
            return CARDS[legal[0]]
        if rng.random() < SLIP:
            return CARDS[legal[rng.randrange(len(legal))]]
        if not view.trick:
            return CARDS[ordered(legal)[0]]
        led = suit(view.trick[0])
        if suit(legal[0]) == led:  # following: all legal cards are of the led suit
            winner = trick_winner(view.trick)
            under = [c for c in legal if c < winner]
            return CARDS[ordered(under)[-1] if under else ordered(legal)[0]]
        return CARDS[discard(legal)]


def discard(legal: list[int]) -> int:
    """The card to throw away when void: ♠Q, the top spades, the highest heart, the highest card."""
    for card in (QS, AS, KS):
        if card in legal:
            return card
    hearts = [c for c in legal if suit(c) == HEARTS]
    if hearts:
        return max(hearts)
    return ordered(legal, high_first=True)[0]
