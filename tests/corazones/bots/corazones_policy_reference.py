"""The Normal policy as it was written before issue 18 (lists of cards, ``min``/``max`` with key
functions), kept as the reference that :mod:`picas.games.corazones.bots.policy` — now on masks and
plain ints, for speed — must agree with card for card (``test_corazones_policy_reference.py``).
Not a test module, and not to be optimised: it is the readable statement of the rules' order and
of every tie-break.
"""

from __future__ import annotations

from collections.abc import Sequence

from picas.games.corazones.bots.policy import (
    AS,
    HEART_MASK,
    HEARTS,
    KS,
    MOON_ALARM,
    MOON_RISK,
    POINT_MASK,
    QS,
    SPADES,
    SPADES_BELOW_QUEEN,
    Table,
)
from picas.shared.cards import FULL_DECK_MASK, SUIT_MASKS, cards_in


def legal_mask(mine: int, trick: Sequence[int], tricks_done: int, broken: bool) -> int:
    if trick:
        follow = mine & SUIT_MASKS[trick[0] // 13]
        if follow:
            return follow
        return mine if tricks_done else mine & ~POINT_MASK or mine
    if not tricks_done:
        return 1  # ♣2
    return mine if broken else mine & ~HEART_MASK or mine


def cards(mask: int) -> list[int]:
    """The cards of a mask, lowest index first."""
    return list(cards_in(mask))


def rank(card: int) -> int:
    return card % 13


def by_rank(card: int) -> tuple[int, int]:
    """Rank first, then suit (clubs first): every choice is the same on every run."""
    return (card % 13, card // 13)


def trick_winner(trick: Sequence[int]) -> int:
    """The card winning the trick so far (the highest of the led suit)."""
    led = trick[0] // 13
    return max(c for c in trick if c // 13 == led)


def trick_points(trick: Sequence[int]) -> int:
    return sum(13 if c == QS else 1 for c in trick if (1 << c) & POINT_MASK)


def losers(mine: int, unseen: int) -> int:
    """How many of ``mine`` might lose a trick: in each suit, the cards below the highest card
    someone else may hold, unless the suit's masters outnumber those cards (then they are drawn
    before the low cards are played, even if one player holds them all)."""
    count = 0
    for suit_mask in SUIT_MASKS:
        held = mine & suit_mask
        if not held:
            continue
        others = unseen & suit_mask
        if not others:
            continue
        masters = (held >> others.bit_length()).bit_count()
        if others.bit_count() > masters:
            count += held.bit_count() - masters
    return count


def shooting(me: int, mine: int, table: Table) -> bool:
    """Whether the seat plays for the moon now: no one else has a point, and few cards can lose."""
    points = table.points
    taken = points[me]
    if sum(points) != taken:
        return False
    allowed = next(risk for floor, risk in MOON_RISK if taken >= floor)
    return losers(mine, FULL_DECK_MASK & ~table.played & ~mine) <= allowed


def choose(me: int, mine: int, table: Table) -> int:
    """Normal's card for seat ``me`` holding ``mine``."""
    trick = table.trick
    legal_bits = legal_mask(mine, trick, table.tricks_done, table.broken)
    if not legal_bits & (legal_bits - 1):
        return legal_bits.bit_length() - 1
    legal = cards(legal_bits)
    unseen = FULL_DECK_MASK & ~table.played & ~mine
    if shooting(me, mine, table):
        return shoot(legal, trick, unseen)
    if not trick:
        others_void = 0
        for seat, voids in enumerate(table.voids):
            if seat != me:
                others_void |= voids
        return lead(legal, mine, unseen, others_void)
    shooter = moon_threat(me, table.points)
    if shooter is not None and winning_seat(trick, table.leader) == shooter:
        return stop_moon(legal, trick)
    if legal[0] // 13 == trick[0] // 13:
        return follow(legal, trick)
    return discard(legal, unseen)


def moon_threat(me: int, points: Sequence[int]) -> int | None:
    """Another player who has taken every point so far, and enough of them to be trying."""
    total = sum(points)
    for seat in range(4):
        if seat != me and points[seat] >= MOON_ALARM and points[seat] == total:
            return seat
    return None


def winning_seat(trick: Sequence[int], leader: int) -> int:
    return (leader + list(trick).index(trick_winner(trick))) % 4


def stop_moon(legal: list[int], trick: Sequence[int]) -> int:
    """The would-be shooter is winning this trick: take it if it holds a point (one point for me
    spares 26), and when void give that player no point."""
    if legal[0] // 13 == trick[0] // 13:
        winner = trick_winner(trick)
        over = [c for c in legal if c > winner and c != QS]
        if over and trick_points(trick):
            return min(over)
        return follow(legal, trick)
    safe = [c for c in legal if not (1 << c) & POINT_MASK]
    return max(safe, key=rank) if safe else min(legal, key=rank)


def lead(legal: list[int], mine: int, unseen: int, others_void: int) -> int:
    queen_out = bool(unseen >> QS & 1)
    dangerous_spades = bool(mine >> QS & 1) or (queen_out and bool(mine & (1 << AS | 1 << KS)))
    low_spades = [c for c in legal if 1 << c & SPADES_BELOW_QUEEN]
    if not dangerous_spades and queen_out and low_spades:
        return low_spades[0]  # smoke ♠Q out: its holder must play it or duck under
    best: tuple[bool, int, int, int] | None = None
    choice = min(legal, key=by_rank)
    for s in range(4):
        if s == SPADES and dangerous_spades:
            continue
        in_suit = [c for c in legal if c // 13 == s]
        if not in_suit:
            continue
        low = in_suit[0]
        others = unseen & SUIT_MASKS[s]
        below = (others & ((1 << low) - 1)).bit_count()
        above = (others >> low).bit_count()
        # Not a suit someone has shown out of (they would throw points on it), then the fewest
        # unseen cards that can duck under it, then the most that can take it, then the lowest.
        score = (bool(others_void >> s & 1), below, -above, rank(low))
        if best is None or score < best:
            best, choice = score, low
    return choice


def follow(legal: list[int], trick: Sequence[int]) -> int:
    winner = trick_winner(trick)
    last = len(trick) == 3
    if trick[0] // 13 == SPADES and QS in legal and winner > QS:
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


def discard(legal: list[int], unseen: int) -> int:
    if QS in legal:
        return QS
    if unseen >> QS & 1:
        for card in (AS, KS):
            if card in legal:
                return card
    hearts = [c for c in legal if c // 13 == HEARTS]
    if hearts:
        return hearts[-1]
    shortest = [0, 0, 0, 0]
    for c in legal:
        shortest[c // 13] += 1
    return max(legal, key=lambda c: (rank(c), -shortest[c // 13], -(c // 13)))


def master_order(card: int, unseen: int) -> tuple[bool, bool, int]:
    return (card // 13 == HEARTS, bool(unseen & SUIT_MASKS[card // 13]), card)


def shoot(legal: list[int], trick: Sequence[int], unseen: int) -> int:
    """Play for all 26: win every trick that might hold a point, and give no point away."""
    if not trick:
        masters = [c for c in legal if not (unseen & SUIT_MASKS[c // 13]) >> c]
        if masters:
            # Hearts first (they draw the others' hearts), then suits where others still hold
            # cards, the highest master of the suit.
            return max(masters, key=lambda c: master_order(c, unseen))
        return max(legal, key=by_rank)
    if legal[0] // 13 == trick[0] // 13:
        winner = trick_winner(trick)
        over = [c for c in legal if c > winner]
        if not over:
            return legal[0]
        if len(trick) == 3:
            return over[0]  # last to play: the lowest card that wins is enough
        return over[-1]
    safe = [c for c in legal if not (1 << c) & POINT_MASK]
    return min(safe, key=by_rank) if safe else discard(legal, unseen)
