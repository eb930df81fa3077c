"""The card-play heuristic shared by Normal (on what it can infer) and Difícil's playouts.

:func:`choose` works on plain integers. ``possible[s]`` is what seat ``s`` may hold: for Normal the
unseen cards minus the known voids (so "nobody can beat this" means "nobody who might hold a higher
card"); in a Difícil playout the same for the opponents, worked out on one sampled deal, and that
deal's exact cards for Difícil's own team. The same rules then read as card counting, and as a
fast model of how the other seats play.

The manners it keeps: never overtake a partner who is winning for sure; protect a partner's Nil by
playing over the cards that could force it; attack an opponent's Nil by leading and playing low;
once the contract is safe, duck and unload high cards instead of collecting bags.
"""

from __future__ import annotations

from collections.abc import Sequence

from picas.games.spades.bots.knowledge import (
    ABOVE,
    BELOW,
    FIRST_SPADE,
    NON_SPADES,
    SPADES,
    SUIT_COUNT,
    SUIT_MASK,
)
from picas.shared.cards import JOKERS_MASK, Suit
from picas.shared.trick_winner import trick_winner_index

_TOP = JOKERS_MASK
"""The jokers of «Comodines» above every spade (never held in the standard game)."""


def legal_mask(hand: int, trick: Sequence[int], broken: bool) -> int:
    if trick:
        follow = hand & SUIT_MASK[trick[0] // 13]
        return follow or hand
    if broken:
        return hand
    return hand & NON_SPADES or hand


def winner_position(trick: list[int]) -> int:
    """Position (0 = leader) of the card winning a trick so far: the engine's rule
    (:func:`~picas.games.spades.hand.trick_winner_index`) on a list, typed so the compiled playouts
    read it natively (tests/spades/bots/test_policy_lists.py checks the two agree on every kind of
    trick)."""
    led = trick[0] // 13
    best = 0
    best_card = trick[0]
    for position in range(1, len(trick)):
        card = trick[position]
        if (card // 13 == led or card >= FIRST_SPADE) and card > best_card:
            best, best_card = position, card
    return best


def beaters(mask: int, winning: int) -> int:
    """The cards of ``mask`` that would beat ``winning`` (the trick's current best card)."""
    if winning >= FIRST_SPADE:
        return mask & ABOVE[winning]
    return mask & (ABOVE[winning] | SPADES)


def can_beat(held: int, card: int, led: int) -> bool:
    """Whether a seat that may hold ``held`` could beat ``card`` on a trick led in ``led``.

    A seat able to follow suit is taken to follow (so it cannot ruff); a void seat ruffs if it may
    hold a spade.
    """
    if held & SUIT_MASK[led]:
        # A spade lead (led 3, or 4: a joker) is followed by spades and jokers alike.
        return (card // 13 == led or (led >= 3 and card >= FIRST_SPADE)) and bool(
            held & ABOVE[card]
        )
    if card >= FIRST_SPADE:
        return bool(held & ABOVE[card])
    return bool(held & SPADES)


def min_rank(mask: int) -> int:
    """The lowest-ranked card of a non-empty mask; on equal rank, the side suit before spades."""
    best = -1
    best_rank = 99
    for suit in range(4):  # shifts, not a table of suit masks: native arithmetic when compiled
        # The spades' part has the jokers above ♠A (ranks 13 and 14).
        part = mask >> (13 * suit) & (0x7FFF if suit == 3 else 0x1FFF)
        if part:
            rank = (part & -part).bit_length() - 1
            if rank < best_rank:
                best, best_rank = 13 * suit + rank, rank
    return best


def max_rank(mask: int, spades_first: bool = False) -> int:
    """The highest-ranked card of a non-empty mask; on equal rank, side suits before spades (a
    high spade is kept, it is also the card that protects), or spades first if asked."""
    best = -1
    best_rank = -1
    for step in range(4):
        suit = (step + 3) & 3 if spades_first else step
        part = mask >> (13 * suit) & (0x7FFF if suit == 3 else 0x1FFF)
        if part:
            rank = part.bit_length() - 1
            if rank > best_rank:
                best, best_rank = 13 * suit + rank, rank
    return best


def rank_of(card: int) -> int:
    """A card's rank, 0 (two) … 12 (ace), and 13, 14 for the little and the big joker."""
    return card - 39 if card >= 52 else card % 13


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def choose(
    me: int,
    hand: int,
    trick: Sequence[int],
    leader: int,
    possible: Sequence[int],
    bids: Sequence[int],
    won: Sequence[int],
    broken: bool,
    tricks_left: int,
) -> int:
    """The card ``me`` plays. ``bids`` has 0 for Nil; ``tricks_left`` counts the current trick."""
    return heuristic_card(
        me, hand, list(trick), leader, list(possible), list(bids), list(won), broken, tricks_left
    )


def heuristic_card(
    me: int,
    hand: int,
    trick: list[int],
    leader: int,
    possible: list[int],
    bids: list[int],
    won: list[int],
    broken: bool,
    tricks_left: int,
) -> int:
    """:func:`choose` on lists: the playouts' entry (the compiled path indexes lists natively)."""
    n = len(trick)
    if n:
        led = trick[0] // 13
        legal = hand & SUIT_MASK[led] or hand
    else:
        led = -1
        legal = hand if broken else (hand & NON_SPADES or hand)
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    partner = (me + 2) & 3
    lho = (me + 1) & 3
    rho = (me + 3) & 3
    my_bid = bids[me]
    p_bid = bids[partner]
    if my_bid == 0:
        return _nil_play(me, legal, trick, leader, possible, led)
    partner_nil = p_bid == 0 and won[partner] == 0
    if bids[lho] == 0 and won[lho] == 0:
        opp_nil = lho
    elif bids[rho] == 0 and won[rho] == 0:
        opp_nil = rho
    else:
        opp_nil = -1
    contract = my_bid + (p_bid if p_bid > 0 else 0)
    counted = won[me] + (won[partner] if p_bid > 0 else 0)
    need = contract - counted
    o1, o2 = bids[lho], bids[rho]
    opp_contract = (o1 if o1 > 0 else 0) + (o2 if o2 > 0 else 0)
    opp_need = opp_contract - (won[lho] if o1 > 0 else 0) - (won[rho] if o2 > 0 else 0)
    want = need > 0
    if not want and opp_need > 0 and opp_contract > 0:
        # Setting them is worth 10 a trick of their contract; chase it when it is within reach.
        to_set = tricks_left - opp_need + 1
        want = to_set <= 4

    if n == 0:
        others = possible[lho] | possible[partner] | possible[rho]
        if partner_nil:
            return _lead_protect(legal, possible[partner], others)
        if opp_nil >= 0:
            card = _lead_attack(legal, possible[opp_nil])
            if card >= 0:
                return card
        if want:
            return _lead_win(legal, hand, possible, lho, partner, rho, others)
        return _lead_duck(legal, others)

    wpos = winner_position(trick) if n > 1 else 0
    wcard = trick[wpos]
    wseat = (leader + wpos) & 3
    beat = beaters(legal, wcard)
    lose = legal & ~beat
    # Who is still to play after me: second hand has the left opponent and the partner after it,
    # third hand the left opponent, fourth hand nobody.
    partner_after = n == 1
    lho_after = lho if n < 3 else -1  # the only opponent still to play, if any

    if partner_nil:
        if partner_after:
            # Play over whatever could force the partner: our highest, or a ruff.
            if not can_beat(possible[partner], wcard, led) and wseat != me:
                pass  # the partner can already duck under the best card: play our own game
            elif beat:
                if legal & SUIT_MASK[led]:
                    return _high(beat)
                return _low(beat)
        elif wseat == partner:
            if beat:
                sure = _sure(beat, lho_after, possible, led)
                return _low(sure) if sure else _high(beat)
            return max_rank(legal)  # cannot help; at least unload

    if opp_nil >= 0:
        nil_after = opp_nil == lho_after
        if wseat == opp_nil:
            # The Nil is taking this trick: never overtake it.
            if lose:
                return max_rank(lose)
        elif nil_after:
            # Keep the trick low so the Nil cannot duck under it.
            if lose:
                return min_rank(lose)
            return _low(beat)

    partner_sure = wseat == partner and not (
        lho_after >= 0 and can_beat(possible[lho_after], wcard, led)
    )
    if partner_sure:
        if lose:
            return min_rank(lose) if want else max_rank(lose)
        return _low(beat)  # must take it: as cheaply as possible

    if want:
        if not beat:
            return min_rank(legal)
        if n == 3:
            return _low(beat)
        sure = _sure(beat, lho_after, possible, led)
        if sure:
            return _low(sure)
        if wseat == partner:
            return min_rank(lose) if lose else _low(beat)
        following = bool(legal & SUIT_MASK[led])
        if partner_after and following and lose:
            return min_rank(lose)  # second hand low: the partner is still to play
        if following:
            return _high(beat)  # third hand high
        return _low(beat)  # ruff as cheaply as possible
    # The contract is safe: duck, and unload the high cards that would win bags later.
    if lose:
        return max_rank(lose)
    if n == 3 or wseat == partner:
        return _high(beat)
    return _low(beat)


def spare_partner(
    me: int,
    legal: int,
    trick: Sequence[int],
    leader: int,
    possible: Sequence[int],
    bids: Sequence[int],
    won: Sequence[int],
) -> int:
    """``legal`` without the cards that would overtake a partner already winning the trick for
    sure, when a card that does not is left: the manner :func:`choose` keeps, for a search that
    looks beyond it to keep too. A partner's live Nil is the exception: that one is overtaken."""
    n = len(trick)
    if not n:
        return legal
    partner = (me + 2) & 3
    if bids[partner] == 0 and won[partner] == 0:
        return legal
    wpos = trick_winner_index(trick, Suit.SPADES, _TOP)
    if (leader + wpos) & 3 != partner:
        return legal
    wcard = trick[wpos]
    if n < 3 and can_beat(possible[(me + 1) & 3], wcard, trick[0] // 13):
        return legal
    lose = legal & ~beaters(legal, wcard)
    return lose or legal


def _sure(cards: int, lho_after: int, possible: list[int], led: int) -> int:
    """The cards of ``cards`` that the opponent still to play (``lho_after``, -1 for none) could
    not beat."""
    if lho_after < 0:
        return cards
    held = possible[lho_after]
    out = 0
    while cards:
        bit = cards & -cards
        card = bit.bit_length() - 1
        cards ^= bit
        if not can_beat(held, card, led):
            out |= bit
    return out


def _nil_play(
    me: int, legal: int, trick: list[int], leader: int, possible: list[int], led: int
) -> int:
    """Play to take no trick: duck with the highest card that still loses."""
    if not trick:
        others = possible[(me + 1) & 3] | possible[(me + 2) & 3] | possible[(me + 3) & 3]
        # Lead the card most certain to be beaten: one with many higher cards outstanding.
        best = -1
        best_key = 9999
        rest = legal
        while rest:
            bit = rest & -rest
            card = bit.bit_length() - 1
            rest ^= bit
            higher = SUIT_COUNT[(others & ABOVE[card]) >> 13 * (card // 13)]
            # (a card nobody can beat last, then rank minus higher cards) as one int: no tuple
            key = (0 if higher else 100) + rank_of(card) - higher
            if key < best_key:
                best, best_key = card, key
        return best
    wcard = trick[winner_position(trick)]
    beat = beaters(legal, wcard)
    safe = legal & ~beat
    if safe:
        if legal & SUIT_MASK[led]:
            return _high(safe)
        # Discarding: shed the most dangerous card, spades first on equal rank.
        return max_rank(safe, spades_first=True)
    if len(trick) == 3:
        return _high(beat)  # lost anyway: shed the highest
    return _low(beat)  # leave room for someone after to go over


def _lead_protect(legal: int, partner_may: int, others: int) -> int:
    """Partner bid Nil: lead high, ideally in a suit the partner is out of."""
    best = -1
    best_key = -999
    for suit in range(4):
        part = legal & SUIT_MASK[suit]
        if not part:
            continue
        top = part.bit_length() - 1
        key = rank_of(top)
        if not others & ABOVE[top]:
            key += 20  # a master: it wins, the partner ducks under
        if not partner_may & SUIT_MASK[suit]:
            key += 40  # the partner discards
        elif not partner_may & BELOW[top]:
            key -= 30  # every card the partner may hold there is higher
        if key > best_key:
            best, best_key = top, key
    return best


def _lead_attack(legal: int, nil_may: int) -> int:
    """An opponent bid Nil: lead low in a suit where the Nil may have to follow."""
    best = -1
    best_key = 99
    for suit in range(4):
        part = legal & SUIT_MASK[suit]
        if not part or not nil_may & SUIT_MASK[suit]:
            continue
        low = part & -part
        card = low.bit_length() - 1
        # The Nil escapes if it holds a lower card: count them.
        key = SUIT_COUNT[(nil_may & BELOW[card]) >> 13 * (card // 13)] * 3 + rank_of(card)
        if key < best_key:
            best, best_key = card, key
    return best


def _lead_win(
    legal: int,
    hand: int,
    possible: list[int],
    lho: int,
    partner: int,
    rho: int,
    others: int,
) -> int:
    """Need tricks: cash safe masters, draw trumps with the top spade, let the partner ruff, or
    lead low from the longest side suit."""
    left_may = possible[lho]
    right_may = possible[rho]
    best = -1
    best_key = -1
    for suit in range(3):
        part = legal & SUIT_MASK[suit]
        if not part:
            continue
        top = part.bit_length() - 1
        if others & ABOVE[top]:
            continue
        out = SUIT_COUNT[others >> 13 * suit & 0x1FFF]
        mask = SUIT_MASK[suit]
        ruff_risk = bool(
            (not left_may & mask and left_may & SPADES)
            or (not right_may & mask and right_may & SPADES)
        )
        key = out - (20 if ruff_risk else 0)
        if key > best_key:
            best, best_key = top, key
    if best >= 0 and best_key >= 0:
        return best
    spades = legal & SPADES
    if spades:
        top = spades.bit_length() - 1
        if not others & ABOVE[top]:
            return top
    # The partner is out of a suit the opponents still hold: lead it for a ruff.
    partner_may = possible[partner]
    if partner_may & SPADES:
        for suit in range(3):
            part = legal & SUIT_MASK[suit]
            mask = SUIT_MASK[suit]
            if part and not partner_may & mask and left_may & mask and right_may & mask:
                return _low(part)
    if best >= 0:
        return best
    # Lead low from the longest side suit (a singleton first when we hold spades to ruff with).
    side = legal & NON_SPADES
    if not side:
        return _low(legal)
    if hand & SPADES:
        for suit in range(3):
            part = side & SUIT_MASK[suit]
            if part and not part & (part - 1) and others & ABOVE[part.bit_length() - 1]:
                return part.bit_length() - 1
    longest = -1
    length = 0
    for suit in range(3):
        count = SUIT_COUNT[side >> 13 * suit & 0x1FFF]
        if count > length:
            longest, length = suit, count
    return _low(side & SUIT_MASK[longest])


def _lead_duck(legal: int, others: int) -> int:
    """Contract safe: lead the low card most likely to be beaten."""
    best = -1
    best_key = 9999
    rest = legal
    while rest:
        bit = rest & -rest
        card = bit.bit_length() - 1
        rest ^= bit
        higher = SUIT_COUNT[(others & ABOVE[card]) >> 13 * (card // 13)]
        # (a card nobody can beat last, then rank minus twice the higher cards) as one int
        key = (0 if higher else 100) + rank_of(card) - 2 * higher
        if key < best_key:
            best, best_key = card, key
    return best
