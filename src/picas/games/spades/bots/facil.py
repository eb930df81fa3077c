"""Fácil: simple and beatable, but never an embarrassing partner.

It remembers nothing but the trick on the table: no card counting, no void inference, no attempt
to set the opponents. It still keeps the manners: it does not overtake a partner who is winning,
covers a partner's Nil, leads low against an opponent's Nil and ducks once the contract is made.
"""

from __future__ import annotations

import random

from picas.games.spades import ANY_CARD, Bid, BlindNil, Card, Discard, Keep, LookAtCards, Suit
from picas.games.spades.bots.evaluate import FACIL_STYLE
from picas.games.spades.bots.knowledge import FULL, NON_SPADES, SPADES, SUIT_MASK
from picas.games.spades.bots.normal import bid_from_view, draw_action
from picas.games.spades.bots.policy import (
    _nil_play,
    beaters,
    legal_mask,
    max_rank,
    min_rank,
    rank_of,
)
from picas.games.spades.bots.two_draw import draw_choice
from picas.games.spades.bots.two_policy import two_card
from picas.games.spades.view import PlayerView
from picas.shared.cards import JOKERS_MASK
from picas.shared.trick_winner import trick_winner_index


class FacilBot:
    name = "facil"

    def bid(self, view: PlayerView, rng: random.Random) -> Bid | BlindNil | LookAtCards:
        return bid_from_view(view, rng, FACIL_STYLE)

    def draw(self, view: PlayerView, rng: random.Random) -> Keep | Discard:
        """«Dos jugadores»: the top card alone against the average unseen card alone."""
        return draw_action(draw_choice(view, self.name, rng))

    def play(self, view: PlayerView, rng: random.Random) -> Card:
        hand = 0
        for card in view.hand or ():
            hand |= 1 << card
        if view.rules.players == 2:
            return ANY_CARD[facil_two(view, hand)]
        trick = tuple(int(c) for c in view.trick)
        bids = tuple(-1 if b is None else b for b in view.bids)
        return ANY_CARD[
            facil_choose(
                int(view.seat),
                hand,
                trick,
                int(view.leader),
                bids,
                view.won,
                view.spades_broken,
                view.rules.deck.cards,
            )
        ]


def facil_choose(
    me: int,
    hand: int,
    trick: tuple[int, ...],
    leader: int,
    bids: tuple[int, ...],
    won: tuple[int, ...],
    broken: bool,
    deck: int = FULL,
) -> int:
    """Fácil's card; ``deck`` is the rules' deck (a mask: «Comodines» has the jokers)."""
    legal = legal_mask(hand, trick, broken)
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    partner = (me + 2) & 3
    # Without memory, any card not in hand might be anywhere.
    unknown = deck & ~hand
    for card in trick:
        unknown &= ~(1 << card)
    n = len(trick)
    led = trick[0] // 13 if n else -1
    if bids[me] == 0:
        return _nil_play(me, legal, list(trick), leader, [unknown] * 4, led)
    partner_nil = bids[partner] == 0 and won[partner] == 0
    opp_nil = any(bids[s] == 0 and won[s] == 0 for s in ((me + 1) & 3, (me + 3) & 3))
    p_bid = bids[partner]
    need = bids[me] + max(p_bid, 0) - won[me] - (won[partner] if p_bid > 0 else 0)

    if n == 0:
        if partner_nil:
            return _highest(legal)
        if opp_nil or need <= 0:
            return min_rank(legal)
        aces = [s * 13 + 12 for s in range(3) if legal >> (s * 13 + 12) & 1]
        if aces:
            return aces[0]
        side = legal & NON_SPADES or legal
        longest = max(range(4), key=lambda s: ((side & SUIT_MASK[s]).bit_count(), -s))
        return min_rank(side & SUIT_MASK[longest])

    wpos = trick_winner_index(trick, Suit.SPADES, JOKERS_MASK)
    wcard = trick[wpos]
    wseat = (leader + wpos) & 3
    beat = beaters(legal, wcard)
    lose = legal & ~beat
    partner_played = (partner - leader) & 3 < n
    following = bool(legal & SUIT_MASK[led])
    if partner_nil:
        if not partner_played and beat:
            return _highest(beat) if following else min_rank(beat)
        if wseat == partner and beat:
            return _highest(beat)
    if opp_nil:
        return min_rank(lose) if lose else min_rank(beat)
    if wseat == partner:
        return min_rank(lose) if lose else min_rank(beat)
    if need > 0:
        if not beat:
            return min_rank(legal)
        if n == 3 or not following:
            return min_rank(beat)
        return _highest(beat)
    if lose:
        return max_rank(lose)
    return min_rank(beat)


def facil_two(view: PlayerView, hand: int) -> int:
    """Fácil at «Dos jugadores»: the two-seat heuristic with no memory, every card it does not
    hold or see on the table taken as possibly the opponent's."""
    me = int(view.seat)
    trick = [int(c) for c in view.trick]
    unknown = view.rules.deck.cards & ~hand
    for card in trick:
        unknown &= ~(1 << card)
    bids = [-1 if b is None else b for b in view.bids]
    return two_card(
        me,
        hand,
        trick,
        unknown,
        view.hand_sizes[me ^ 1],
        bids,
        list(view.won),
        view.spades_broken,
        13 - len(view.tricks),
    )


def _highest(mask: int) -> int:
    """The top card of the suit with the highest top card (spades last on equal rank)."""
    side = mask & NON_SPADES
    if side and rank_of(max_rank(side)) >= rank_of(max_rank(mask & SPADES or side)):
        return max_rank(side)
    return max_rank(mask)
