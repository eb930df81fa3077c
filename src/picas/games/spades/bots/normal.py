"""Normal: counts cards, infers voids, knows the masters, bids by counting sure tricks."""

from __future__ import annotations

import random

from picas.games.spades import ANY_CARD, Bid, BlindNil, Card, LookAtCards
from picas.games.spades.actions import BIDS, BLIND_NIL, LOOK, Discard, Keep
from picas.games.spades.bots.base import placeholder_draw
from picas.games.spades.bots.evaluate import NORMAL_STYLE, BidStyle, decide_bid, decide_blind_nil
from picas.games.spades.bots.knowledge import dealt_hand, know
from picas.games.spades.bots.policy import choose
from picas.games.spades.view import PlayerView


def bid_from_view(
    view: PlayerView, rng: random.Random, style: BidStyle
) -> Bid | BlindNil | LookAtCards:
    """The bid every level makes, in its own style: Blind Nil or a look first, when offered."""
    if view.hand is None:
        return BLIND_NIL if decide_blind_nil(view, rng) else LOOK
    return BIDS[decide_bid(view, dealt_hand(view), style).bid]


class NormalBot:
    """Plays :func:`picas.games.spades.bots.policy.choose` on what it can infer: the cards a seat
    may still hold are the unseen ones minus the suits it has shown void in."""

    name = "normal"

    def bid(self, view: PlayerView, rng: random.Random) -> Bid | BlindNil | LookAtCards:
        return bid_from_view(view, rng, NORMAL_STYLE)

    def draw(self, view: PlayerView, rng: random.Random) -> Keep | Discard:
        # Placeholder: the bots branch (wt4-twobots) replaces it with this level's own draw.
        return placeholder_draw(view)

    def play(self, view: PlayerView, rng: random.Random) -> Card:
        k = know(view)
        card = choose(
            k.seat, k.mine, k.trick, k.leader, k.possible, k.bids, k.won, k.broken, k.tricks_left
        )
        return ANY_CARD[card]
