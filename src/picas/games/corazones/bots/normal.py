"""Normal: a plan for the pass, card counting for the play.

The pass sheds ♠Q, ♠A and ♠K when too few low spades protect them, then empties the shortest side
suit it can, then gives away high hearts and high cards; low cards stay. In play it counts the
cards that have gone and notes who has shown out of a suit: it ducks under the winning card, takes a
pointless trick with a high card when it plays last, dumps ♠Q on whoever is winning a trick it
cannot follow (never on a trick of its own), keeps off leading spades while it holds ♠Q or a spade
above it, leads low spades to smoke ♠Q out otherwise, and does not lead a suit someone has shown out
of. When one other player has taken every point so far (16 or more), it stops the moon: it takes a
trick with points that player is winning, and gives that player no point. It never tries to shoot
the moon itself.
"""

from __future__ import annotations

import random

from picas.engine.cards import CARDS, Card
from picas.engine.seats import Seat
from picas.games.corazones.bots.cards import (
    AS,
    CLUBS,
    DIAMONDS,
    HEARTS,
    KS,
    QS,
    SPADES,
    Seen,
    in_suit,
    is_point,
    ordered,
    rank,
    suit,
    trick_points,
    trick_winner,
)
from picas.games.corazones.view import PlayerView

COVER = 4
"""Low spades (below ♠Q) needed to keep ♠Q, ♠K or ♠A safely through the hand."""
MOON_ALARM = 16
"""Points taken, all by one other player, from which Normal plays to stop the moon (♠Q and three
hearts, or sixteen hearts' worth)."""


class NormalBot:
    name = "normal"

    def pass_cards(self, view: PlayerView, rng: random.Random) -> tuple[Card, Card, Card]:
        chosen = plan_pass([int(card) for card in view.hand])
        return (CARDS[chosen[0]], CARDS[chosen[1]], CARDS[chosen[2]])

    def play(self, view: PlayerView, rng: random.Random) -> Card:
        legal = [int(play.card) for play in view.legal]
        if len(legal) == 1:
            return CARDS[legal[0]]
        seen = Seen(view)
        if not view.trick:
            return CARDS[lead(legal, seen)]
        shooter = moon_threat(view)
        if shooter is not None and winning_seat(view) == shooter:
            return CARDS[stop_moon(legal, view.trick)]
        if suit(legal[0]) == suit(view.trick[0]):
            return CARDS[follow(legal, view.trick)]
        return CARDS[discard(legal, seen)]


def moon_threat(view: PlayerView) -> Seat | None:
    """Another player who has taken every point so far, and enough of them to be trying."""
    taken = view.points_taken
    for seat in Seat:
        if seat != view.seat and taken[seat] >= MOON_ALARM and taken[seat] == sum(taken):
            return seat
    return None


def winning_seat(view: PlayerView) -> Seat:
    winner = trick_winner(view.trick)
    return Seat((view.leader + view.trick.index(CARDS[winner])) % 4)


def stop_moon(legal: list[int], trick: tuple[Card, ...]) -> int:
    """The would-be shooter is winning this trick: take it if it holds a point (one point for me
    spares 26), and when void give that player no point."""
    if suit(legal[0]) == suit(trick[0]):
        winner = trick_winner(trick)
        over = [c for c in legal if c > winner and c != QS]
        if over and trick_points(trick):
            return min(over)
        return follow(legal, trick)
    safe = [c for c in legal if not is_point(c)]
    return max(safe, key=rank) if safe else min(legal, key=rank)


def plan_pass(hand: list[int]) -> list[int]:
    """Three cards: unprotected top spades, a short side suit to void, then the highest cards."""
    chosen: list[int] = []
    low_spades = [c for c in hand if suit(c) == SPADES and c < QS]
    if len(low_spades) < COVER:
        chosen += [c for c in (QS, AS, KS) if c in hand]
    room = 3 - len(chosen)
    short = sorted(
        (s for s in (CLUBS, DIAMONDS) if 0 < sum(1 for c in hand if suit(c) == s) <= room),
        key=lambda s: (sum(1 for c in hand if suit(c) == s), s),
    )
    if short:
        chosen += ordered((c for c in hand if suit(c) == short[0]), high_first=True)
    protected = len(low_spades) >= COVER
    rest = sorted(
        (c for c in hand if c not in chosen and not (suit(c) == SPADES and (protected or c < QS))),
        key=lambda c: (rank(c), suit(c) == HEARTS, suit(c)),
        reverse=True,
    )
    chosen += rest
    chosen += ordered((c for c in hand if c not in chosen), high_first=True)  # spades kept as cover
    return chosen[:3]


def lead(legal: list[int], seen: Seen) -> int:
    mine = seen.mine
    dangerous_spades = bool(mine >> QS & 1) or (
        seen.queen_out() and bool(mine & (1 << AS | 1 << KS))
    )
    low_spades = [c for c in legal if suit(c) == SPADES and c < QS]
    if not dangerous_spades and seen.queen_out() and low_spades:
        return min(low_spades)  # smoke ♠Q out: its holder must play it or duck under
    best: tuple[bool, int, int, int] | None = None
    choice = ordered(legal)[0]
    for s in range(4):
        cards = [c for c in legal if suit(c) == s]
        if not cards or (s == SPADES and dangerous_spades):
            continue
        low = min(cards)
        below = bin(in_suit(seen.unseen, s) & ((1 << low) - 1)).count("1")
        above = bin(in_suit(seen.unseen, s) >> low).count("1")
        # Not a suit someone has shown out of (they would throw points on it), then the fewest
        # unseen cards that can duck under it, then the most that can take it, then the lowest.
        score = (seen.shown_out(s), below, -above, rank(low))
        if best is None or score < best:
            best, choice = score, low
    return choice


def follow(legal: list[int], trick: tuple[Card, ...]) -> int:
    winner = trick_winner(trick)
    last = len(trick) == 3
    if suit(trick[0]) == SPADES and QS in legal and winner > QS:
        return QS  # a higher spade is winning: give it ♠Q
    under = [c for c in legal if c < winner]
    over = [c for c in legal if c > winner and c != QS]
    if under:
        if last and over and trick_points(trick) == 0:
            return max(over)  # a trick without points: shed a high card on it
        return max(under)  # duck as high as is safe
    if last:
        return max(over) if over else QS
    return min(over) if over else QS  # must win for now: as low as possible


def discard(legal: list[int], seen: Seen) -> int:
    if QS in legal:
        return QS
    if seen.queen_out():
        for card in (AS, KS):
            if card in legal:
                return card
    hearts = [c for c in legal if suit(c) == HEARTS]
    if hearts:
        return max(hearts)
    shortest = {s: sum(1 for c in legal if suit(c) == s) for s in range(4)}
    return max(legal, key=lambda c: (rank(c), -shortest[suit(c)], -suit(c)))
