"""The card-play heuristic of «Dos jugadores»: two seats, two-card tricks, no partner.

At two players the opponent holds only 13 of the cards a seat has not seen: the other 26 went out
of play in the draw. So "the opponent may hold a higher card" is not "he holds it": the heuristic
weighs each unseen card as held with probability ``size / may`` (his cards over the cards he may
hold). For Normal ``may`` is the unseen cards minus the suits he has shown out of (about a third
of them are his); in Difícil's playouts it is his exact hand of one sampled deal, and the same
arithmetic reads as certainty (probability 1). The four-player policy
(:mod:`picas.games.spades.bots.policy`) is left as it is.

The seats are the engine's: South (0) and West (1), so the opponent of ``me`` is ``me ^ 1``.
"""

from __future__ import annotations

from picas.games.spades.bots.knowledge import ABOVE, NON_SPADES, SPADES, SUIT_COUNT, SUIT_MASK
from picas.games.spades.bots.policy import _lead_attack, _lead_duck, beaters, max_rank, min_rank

SURE_ENOUGH = 0.7
"""A lead this likely to win is cashed when the seat wants tricks."""


def opponent(me: int) -> int:
    """South's opponent is West and West's is South (seats 0 and 1)."""
    return me ^ 1


def hold_chance(size: int, may: int) -> float:
    """The chance the opponent holds any one card he may hold: his ``size`` cards among the
    ``may`` mask (1 when the mask is his exact hand)."""
    count = may.bit_count()
    if count <= size:
        return 1.0
    return size / count


def win_chance(card: int, may: int, chance: float) -> float:
    """How likely ``card``, led, wins the trick: the opponent holds no higher card of its suit and,
    for a side suit, does not ruff (void in the suit while holding a spade)."""
    suit = card // 13
    miss = 1.0 - chance
    higher = SUIT_COUNT[(may & ABOVE[card]) >> 13 * min(suit, 3)]
    keeps_it = miss**higher
    if suit >= 3:
        return keeps_it
    in_suit = SUIT_COUNT[may >> 13 * suit & 0x1FFF]
    spades = SUIT_COUNT[may >> 39]
    void = miss**in_suit
    ruffs = void * (1.0 - miss**spades)
    # "Holds no higher card" and "is void" overlap: a void seat holds no higher card either.
    return max(0.0, keeps_it - ruffs)


def two_card(
    me: int,
    hand: int,
    trick: list[int],
    may: int,
    size: int,
    bids: list[int],
    won: list[int],
    broken: bool,
    tricks_left: int,
) -> int:
    """The card ``me`` plays: ``trick`` is empty (we lead) or holds the opponent's card; ``may``
    the cards the opponent may hold and ``size`` how many he holds; ``bids`` (0 Nil, -1 not yet)
    and ``won`` by seat; ``tricks_left`` counts this one."""
    if trick:
        led = trick[0] // 13
        legal = hand & SUIT_MASK[led] or hand
    else:
        led = -1
        legal = hand if broken else (hand & NON_SPADES or hand)
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    opp = me ^ 1
    chance = hold_chance(size, may)
    opp_nil = bids[opp] == 0 and won[opp] == 0
    if bids[me] == 0:
        return _nil_card(legal, trick, may, led)
    need = bids[me] - won[me]
    want = need > 0
    if not want and not opp_nil and bids[opp] > 0:
        opp_need = bids[opp] - won[opp]
        # Setting him is worth 10 a trick of his contract: chase it when it is within reach.
        want = opp_need > 0 and tricks_left - opp_need + 1 <= 4
    if not trick:
        if opp_nil:
            card = _lead_attack(legal, may)
            if card >= 0:
                return card
        if want:
            return _lead_win(legal, hand, may, chance)
        return _lead_duck(legal, may)
    wcard = trick[0]
    beat = beaters(legal, wcard)
    lose = legal & ~beat
    following = bool(legal & SUIT_MASK[led])
    if opp_nil:
        # His card is winning: let it.
        if lose:
            return max_rank(lose)
        return min_rank(beat)
    if want:
        if beat:
            return min_rank(beat)  # the cheapest card that takes it (the lowest ruff too)
        if following:
            return min_rank(legal)
        return _discard(legal, hand)
    # Nothing more to gain: stay under and unload the high cards that would win bags later.
    if lose:
        return max_rank(lose)
    return max_rank(beat)


def _nil_card(legal: int, trick: list[int], may: int, led: int) -> int:
    """Play to take no trick: lead the card most surely beaten, follow with the highest card that
    still loses, and when every card wins shed the highest (the trick is lost anyway)."""
    if not trick:
        best = -1
        best_key = 9999
        rest = legal
        while rest:
            bit = rest & -rest
            card = bit.bit_length() - 1
            rest ^= bit
            higher = SUIT_COUNT[(may & ABOVE[card]) >> 13 * min(card // 13, 3)]
            key = (0 if higher else 100) + (card % 13 if card < 52 else 13) - higher
            if key < best_key:
                best, best_key = card, key
        return best
    beat = beaters(legal, trick[0])
    safe = legal & ~beat
    if safe:
        if legal & SUIT_MASK[led]:
            return safe.bit_length() - 1
        return max_rank(safe, spades_first=True)
    return max_rank(beat, spades_first=True)


def _lead_win(legal: int, hand: int, may: int, chance: float) -> int:
    """Want tricks: cash the lead most likely to win if it is likely enough (a side suit's top
    card before a spade when they are as safe: the spades are kept to ruff); otherwise give the
    lead away cheaply, from a short side suit when a void would let the spades ruff, from a suit
    with no honour to protect."""
    best = -1
    best_p = -1.0
    for suit in (0, 1, 2, 3):
        part = legal & SUIT_MASK[suit]
        if part:
            top = part.bit_length() - 1
            p = win_chance(top, may, chance)
            if p > best_p + 1e-9:
                best, best_p = top, p
    if best_p >= SURE_ENOUGH:
        return best
    side = legal & NON_SPADES
    if not side:
        return min_rank(legal)
    pick = -1
    pick_key = 9999
    has_spades = bool(hand & SPADES)
    for suit in (0, 1, 2):
        part = side & SUIT_MASK[suit]
        if not part:
            continue
        count = part.bit_count()
        top_rank = (part.bit_length() - 1) % 13
        # Low tops first (nothing to lose), short suits first when a void would let us ruff.
        key = top_rank * 3 + (count if has_spades else 0)
        if key < pick_key:
            pick, pick_key = suit, key
    part = side & SUIT_MASK[pick]
    return (part & -part).bit_length() - 1


def _discard(legal: int, hand: int) -> int:
    """Cannot follow and cannot (or need not) win: shed the lowest card of the shortest side suit,
    so that a void comes sooner for the spades to ruff."""
    side = legal & NON_SPADES
    if not side:
        return min_rank(legal)
    pick = -1
    pick_key = 9999
    for suit in (0, 1, 2):
        part = side & SUIT_MASK[suit]
        if part:
            key = part.bit_count() * 16 + (part & -part).bit_length() - 1 - 13 * suit
            if key < pick_key:
                pick, pick_key = suit, key
    part = side & SUIT_MASK[pick]
    return (part & -part).bit_length() - 1
