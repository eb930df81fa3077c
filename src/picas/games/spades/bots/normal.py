"""Normal: counts cards, infers voids, knows the masters, bids by counting sure tricks."""

from __future__ import annotations

import random

from picas.games.spades import ANY_CARD, Bid, BlindNil, Card, Discard, Keep, LookAtCards
from picas.games.spades.actions import BIDS, BLIND_NIL, DISCARD, KEEP, LOOK
from picas.games.spades.bots.evaluate import (
    FACIL_STYLE,
    NORMAL_STYLE,
    BidStyle,
    decide_bid,
    decide_blind_nil,
)
from picas.games.spades.bots.knowledge import dealt_hand, know
from picas.games.spades.bots.policy import choose
from picas.games.spades.bots.two_bid import decide_two_bid
from picas.games.spades.bots.two_draw import DrawChoice, draw_choice
from picas.games.spades.bots.two_knowledge import know_two
from picas.games.spades.bots.two_search import heuristic_two
from picas.games.spades.view import PlayerView


def bid_from_view(
    view: PlayerView, rng: random.Random, style: BidStyle
) -> Bid | BlindNil | LookAtCards:
    """The bid every level makes, in its own style: Blind Nil or a look first, when offered; at
    «Dos jugadores» the two-player bid (Fácil's the bolder one)."""
    if view.hand is None:
        return BLIND_NIL if decide_blind_nil(view, rng) else LOOK
    if view.rules.players == 2:
        return BIDS[decide_two_bid(view, bold=style is FACIL_STYLE).bid]
    return BIDS[decide_bid(view, dealt_hand(view), style).bid]


def draw_action(choice: DrawChoice) -> Keep | Discard:
    """The engine's action for a draw choice."""
    return KEEP if choice.keep else DISCARD


class NormalBot:
    """Plays :func:`picas.games.spades.bots.policy.choose` on what it can infer: the cards a seat
    may still hold are the unseen ones minus the suits it has shown void in."""

    name = "normal"

    def bid(self, view: PlayerView, rng: random.Random) -> Bid | BlindNil | LookAtCards:
        return bid_from_view(view, rng, NORMAL_STYLE)

    def draw(self, view: PlayerView, rng: random.Random) -> Keep | Discard:
        """«Dos jugadores»: the top card against the average unseen one, in the hand so far."""
        return draw_action(draw_choice(view, self.name, rng))

    def play(self, view: PlayerView, rng: random.Random) -> Card:
        if view.rules.players == 2:
            return ANY_CARD[heuristic_two(know_two(view))]
        k = know(view)
        card = choose(
            k.seat, k.mine, k.trick, k.leader, k.possible, k.bids, k.won, k.broken, k.tricks_left
        )
        return ANY_CARD[card]
