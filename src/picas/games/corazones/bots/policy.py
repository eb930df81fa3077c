"""Normal's play as plain integers: the one policy both Normal and Difícil's playouts use.

Everything it reads is what the seat on turn may know: its own cards, the cards played this hand,
the trick on the table, who has shown out of what and the points each seat has taken (tricks are
face up). :class:`Table` holds that public part; :func:`choose` adds the seat's own cards. Difícil
runs this thousands of times a decision, so it works on card masks (bit ``13 * suit + rank``) and
builds no view.

The rules, in order:

- **Shooting the moon.** When no one else has taken a point and the seat's cards can win every
  trick that matters (:func:`losers`: at most none, one or two cards that might lose, the more
  points it already holds the more it risks), it plays to take everything: masters first (hearts
  first, to draw them), the highest card to win a trick, the lowest to throw away, never a point on
  someone else's trick.
- **Stopping a moon.** When one other player has taken every point so far (16 or more) and is
  winning the trick, take the trick if it holds a point, and give that player no point.
- Otherwise Normal's counting play: lead where nobody can be caught out, duck under the winner,
  ♠Q onto a higher spade, shed a high card on a pointless last trick, dump ♠Q, the top spades and
  high hearts when void.
- **The bonus card** (♦J, or ♦10 in Omnibus: −10 to whoever takes it; ``bonus``, −1 when the
  table plays neither): lead it when no unseen diamond can beat it and nobody has shown out of
  diamonds; win a trick with it, or win a trick it is in, when the trick's points cost less than
  it gives; never duck with it nor throw it away on someone else's trick while another card will
  do.

Written for the compiled build: the legal cards are a mask, suits and ranks come from shifts and
13-bit tables, ties are broken by explicit loops (each says which ``min``/``max`` it stands for),
and :func:`choose_on` takes the table's parts as lists, so a playout builds no :class:`Table`. The
public functions on lists (``lead``, ``follow``…) call their mask versions. The list-based code
this replaced is the tests' reference, which this must agree with card for card
(``tests/corazones/bots/corazones_policy_reference.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from picas.games.corazones.hand import QUEEN_OF_SPADES
from picas.shared.cards import FULL_DECK_MASK, SUIT_MASKS

# ``Final`` constants are C statics in the compiled build (a plain module global is a dictionary
# lookup at every use, thousands of times a playout).
CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3
QS: Final = int(QUEEN_OF_SPADES)
KS: Final = QS + 1
AS: Final = QS + 2
HEART_MASK: Final = SUIT_MASKS[HEARTS]
POINT_MASK: Final = HEART_MASK | 1 << QS
SPADES_BELOW_QUEEN: Final = SUIT_MASKS[SPADES] & ((1 << QS) - 1)
MOON_ALARM: Final = 16
"""Points taken, all by one other player, from which Normal plays to stop the moon (♠Q and three
hearts, or sixteen hearts' worth)."""
MOON_RISK: Final = ((18, 2), (10, 1), (0, 0))
"""(points already taken, losers allowed): a seat that holds every point so far tries the moon with
this many cards that might lose a trick. With nothing taken it needs a hand of sure winners."""
_DECK: Final = FULL_DECK_MASK
_SUIT: Final = 0x1FFF
"""One suit's 13 bits at the bottom: suit ``s`` of a mask is ``mask >> 13 * s & _SUIT``."""
_COUNT: Final[tuple[int, ...]] = tuple(bin(pattern).count("1") for pattern in range(1 << 13))
"""Cards in a suit's 13 bits (``int.bit_count`` is a method call from compiled code)."""
_LENGTH: Final[tuple[int, ...]] = tuple(pattern.bit_length() for pattern in range(1 << 13))
"""``int.bit_length`` of a suit's 13 bits: one more than its highest card's rank."""
_LOW: Final[tuple[int, ...]] = tuple(
    (pattern & -pattern).bit_length() - 1 for pattern in range(1 << 13)
)
"""The lowest rank in a suit's 13 bits (−1 for none)."""


class Table(NamedTuple):
    """The public part of a hand in progress."""

    trick: Sequence[int]
    """Cards of the trick in progress, from the leader."""
    leader: int
    played: int
    """Every card played this hand (the trick in progress too)."""
    voids: Sequence[int]
    """By seat, a bit per suit that seat has failed to follow."""
    points: Sequence[int]
    """By seat, points taken so far this hand (before the moon)."""
    tricks_done: int
    broken: bool
    bonus: int = -1
    """The card worth −10 to whoever takes it (♦J, ♦10 in Omnibus), or −1."""


BONUS_POINTS: Final = 10
"""What the bonus card is worth to whoever takes it (its −10, as a gain)."""


def legal_mask(mine: int, trick: Sequence[int], tricks_done: int, broken: bool) -> int:
    return _legal(mine, trick[0] if trick else -1, tricks_done, broken)


def _legal(mine: int, first: int, tricks_done: int, broken: bool) -> int:
    """The legal cards of ``mine`` when the trick's first card is ``first`` (−1: leading)."""
    if first >= 0:
        follow = mine & _SUIT << 13 * (first // 13)
        if follow:
            return follow
        if tricks_done:
            return mine
        safe = mine & ~POINT_MASK
        return safe if safe else mine
    if not tricks_done:
        return 1  # ♣2
    if broken:
        return mine
    safe = mine & ~HEART_MASK
    return safe if safe else mine


def cards(mask: int) -> list[int]:
    """The cards of a mask, lowest index first."""
    out: list[int] = []
    card = 0
    while mask:
        if mask & 1:
            out.append(card)
        mask >>= 1
        card += 1
    return out


def _lowest(mask: int) -> int:
    """The lowest card of a non-empty mask: its lowest non-empty suit's lowest rank."""
    for suit in range(4):
        bits = mask >> 13 * suit & _SUIT
        if bits:
            return 13 * suit + _LOW[bits]
    return -1


def _highest(mask: int) -> int:
    """The highest card of a non-empty mask."""
    for suit in range(3, -1, -1):
        bits = mask >> 13 * suit & _SUIT
        if bits:
            return 13 * suit + _LENGTH[bits] - 1
    return -1


def rank(card: int) -> int:
    return card % 13


def by_rank(card: int) -> tuple[int, int]:
    """Rank first, then suit (clubs first): every choice is the same on every run."""
    return (card % 13, card // 13)


def trick_winner(trick: Sequence[int]) -> int:
    """The card winning the trick so far (the highest of the led suit)."""
    return winner_of(list(trick))


def winner_of(trick: list[int]) -> int:
    """:func:`trick_winner` of a list."""
    led = trick[0] // 13
    best = trick[0]
    for c in trick:
        if c // 13 == led and c > best:
            best = c
    return best


def trick_points(trick: Sequence[int]) -> int:
    return _trick_points(list(trick))


def _trick_points(trick: list[int]) -> int:
    total = 0
    for c in trick:
        if 1 << c & POINT_MASK:
            total += 13 if c == QS else 1
    return total


def losers(mine: int, unseen: int) -> int:
    """How many of ``mine`` might lose a trick: in each suit, the cards below the highest card
    someone else may hold, unless the suit's masters outnumber those cards (then they are drawn
    before the low cards are played, even if one player holds them all)."""
    count = 0
    for suit in range(4):
        held = mine >> 13 * suit & _SUIT
        if not held:
            continue
        others = unseen >> 13 * suit & _SUIT
        if not others:
            continue
        masters = _COUNT[held >> _LENGTH[others]]
        if _COUNT[others] > masters:
            count += _COUNT[held] - masters
    return count


def shooting(me: int, mine: int, table: Table) -> bool:
    """Whether the seat plays for the moon now: no one else has a point, and few cards can lose."""
    return _shooting(me, mine, table.played, list(table.points))


def _shooting(me: int, mine: int, played: int, points: list[int]) -> bool:
    taken = points[me]
    if points[0] + points[1] + points[2] + points[3] != taken:
        return False
    allowed = 2 if taken >= 18 else 1 if taken >= 10 else 0  # MOON_RISK
    return losers(mine, _DECK & ~played & ~mine) <= allowed


def choose(me: int, mine: int, table: Table) -> int:
    """Normal's card for seat ``me`` holding ``mine``."""
    return choose_on(
        me,
        mine,
        list(table.trick),
        table.leader,
        table.played,
        list(table.voids),
        list(table.points),
        table.tricks_done,
        table.broken,
        table.bonus,
    )


def choose_on(
    me: int,
    mine: int,
    trick: list[int],
    leader: int,
    played: int,
    voids: list[int],
    points: list[int],
    tricks_done: int,
    broken: bool,
    bonus: int = -1,
) -> int:
    """:func:`choose` on the table's parts as lists, which the compiled code indexes natively
    (Difícil's playouts call it for every card without building a :class:`Table`)."""
    first = trick[0] if trick else -1
    legal_bits = _legal(mine, first, tricks_done, broken)
    if not legal_bits & (legal_bits - 1):
        return _lowest(legal_bits)
    unseen = _DECK & ~played & ~mine
    if _shooting(me, mine, played, points):
        return _shoot(legal_bits, trick, unseen, bonus)
    if first < 0:
        others_void = 0
        for seat in range(4):
            if seat != me:
                others_void |= voids[seat]
        if bonus >= 0 and _bonus_lead(legal_bits, unseen, others_void, bonus):
            return bonus
        return _lead(legal_bits, mine, unseen, others_void)
    shooter = _moon_threat(me, points)
    if shooter >= 0 and _winning_seat(trick, leader) == shooter:
        return _stop_moon(legal_bits, trick)
    if legal_bits >> 13 * (first // 13) & _SUIT:
        if bonus >= 0:
            return _follow_bonus(legal_bits, trick, unseen, bonus)
        return _follow(legal_bits, trick)
    return _discard(_keeping(legal_bits, bonus), unseen)


def _keeping(legal: int, bonus: int) -> int:
    """``legal`` without the bonus card, unless it is the only card: it is never given away."""
    if bonus < 0:
        return legal
    rest = legal & ~(1 << bonus)
    return rest if rest else legal


def _bonus_lead(legal: int, unseen: int, others_void: int, bonus: int) -> bool:
    """Lead the bonus card: no unseen diamond above it (it wins) and nobody has shown out of
    diamonds (no one can throw points on it)."""
    if not legal >> bonus & 1 or others_void >> DIAMONDS & 1:
        return False
    return not unseen >> bonus & _SUIT >> bonus % 13 & ~1


def _follow_bonus(legal: int, trick: list[int], unseen: int, bonus: int) -> int:
    """Following diamonds (every legal card is one) at a table with a bonus card: take it when it
    is worth more than the trick's points, never duck with it; otherwise the usual follow."""
    winner = winner_of(trick)
    last = len(trick) == 3
    cost = _trick_points(trick)
    if cost < BONUS_POINTS:
        if legal >> bonus & 1 and bonus > winner:
            above = unseen >> bonus & _SUIT >> bonus % 13 & ~1
            if last or not above:
                return bonus  # it wins the trick, and keeps its −10
        elif bonus in trick:
            over = legal & ~((2 << winner) - 1)
            if over:
                return _lowest(over) if last else _highest(over)  # win it back
    rest = legal & ~(1 << bonus)
    if rest != legal and rest:
        return _follow(rest, trick)  # the bonus card stays: a duck with it would give it away
    return _follow(legal, trick)


def moon_threat(me: int, points: Sequence[int]) -> int | None:
    """Another player who has taken every point so far, and enough of them to be trying."""
    seat = _moon_threat(me, list(points))
    return None if seat < 0 else seat


def _moon_threat(me: int, points: list[int]) -> int:
    total = points[0] + points[1] + points[2] + points[3]
    for seat in range(4):
        if seat != me and points[seat] >= MOON_ALARM and points[seat] == total:
            return seat
    return -1


def winning_seat(trick: Sequence[int], leader: int) -> int:
    return _winning_seat(list(trick), leader)


def _winning_seat(trick: list[int], leader: int) -> int:
    return (leader + trick.index(winner_of(trick))) % 4


def stop_moon(legal: list[int], trick: Sequence[int]) -> int:
    """The would-be shooter is winning this trick: take it if it holds a point (one point for me
    spares 26), and when void give that player no point."""
    return _stop_moon(_mask(legal), list(trick))


def _stop_moon(legal: int, trick: list[int]) -> int:
    if legal >> 13 * (trick[0] // 13) & _SUIT:  # following: every legal card is of the led suit
        winner = winner_of(trick)
        over = legal & ~((2 << winner) - 1) & ~(1 << QS)
        if over and _trick_points(trick):
            return _lowest(over)
        return _follow(legal, trick)
    safe = legal & ~POINT_MASK
    if safe:
        return _by_rank(safe, highest=True)
    return _by_rank(legal, highest=False)


def _by_rank(mask: int, *, highest: bool) -> int:
    """The card of the highest (or lowest) rank, clubs first among equal ranks: ``max`` (or
    ``min``) over the cards in order with the rank as key, which keeps the first of equals."""
    choice = -1
    for card in range(52):
        if not mask >> card & 1:
            continue
        if choice < 0 or (card % 13 > choice % 13 if highest else card % 13 < choice % 13):
            choice = card
    return choice


def _mask(cards: list[int]) -> int:
    out = 0
    for card in cards:
        out |= 1 << card
    return out


def lead(legal: list[int], mine: int, unseen: int, others_void: int) -> int:
    return _lead(_mask(legal), mine, unseen, others_void)


def _lead(legal: int, mine: int, unseen: int, others_void: int) -> int:
    queen_out = bool(unseen >> QS & 1)
    dangerous_spades = bool(mine >> QS & 1) or (queen_out and bool(mine & (1 << AS | 1 << KS)))
    low_spades = legal & SPADES_BELOW_QUEEN
    if not dangerous_spades and queen_out and low_spades:
        return _lowest(low_spades)  # smoke ♠Q out: its holder must play it or duck under
    best = -1
    choice = _lowest_rank(legal)
    for s in range(4):
        if s == SPADES and dangerous_spades:
            continue
        in_suit = legal >> 13 * s & _SUIT
        if not in_suit:
            continue
        low = _LOW[in_suit]  # its rank
        others = unseen >> 13 * s & _SUIT
        below = _COUNT[others & ((1 << low) - 1)]
        above = _COUNT[others >> low]
        # Not a suit someone has shown out of (they would throw points on it), then the fewest
        # unseen cards that can duck under it, then the most that can take it, then the lowest:
        # the four as one number, each part below 16.
        score = (((others_void >> s & 1) * 16 + below) * 16 + 13 - above) * 16 + low
        if best < 0 or score < best:
            best, choice = score, 13 * s + low
    return choice


def _lowest_rank(mask: int) -> int:
    """The card of the lowest rank, clubs first among equal ranks (``min`` by :func:`by_rank`)."""
    for r in range(13):
        for s in range(4):
            if mask >> 13 * s + r & 1:
                return 13 * s + r
    return -1


def _highest_rank(mask: int) -> int:
    """The card of the highest rank, spades first among equal ranks (``max`` by
    :func:`by_rank`)."""
    for r in range(12, -1, -1):
        for s in range(3, -1, -1):
            if mask >> 13 * s + r & 1:
                return 13 * s + r
    return -1


def follow(legal: list[int], trick: Sequence[int]) -> int:
    return _follow(_mask(legal), list(trick))


def _follow(legal: int, trick: list[int]) -> int:
    """Every legal card is of the led suit."""
    winner = winner_of(trick)
    last = len(trick) == 3
    if trick[0] // 13 == SPADES and legal >> QS & 1 and winner > QS:
        return QS  # a higher spade is winning: give it ♠Q
    under = legal & ((1 << winner) - 1)
    over = legal & ~((2 << winner) - 1) & ~(1 << QS)
    if under:
        if last and over and _trick_points(trick) == 0:
            return _highest(over)  # a trick without points: shed a high card on it
        return _highest(under)  # duck as high as is safe
    if last:
        return _highest(over) if over else QS
    return _lowest(over) if over else QS  # must win for now: as low as possible


def discard(legal: list[int], unseen: int) -> int:
    return _discard(_mask(legal), unseen)


def _discard(legal: int, unseen: int) -> int:
    if legal >> QS & 1:
        return QS
    if unseen >> QS & 1:
        if legal >> AS & 1:
            return AS
        if legal >> KS & 1:
            return KS
    hearts = legal & HEART_MASK
    if hearts:
        return _highest(hearts)
    # The highest rank, then the suit with the fewest legal cards, then the lowest suit.
    choice = -1
    best = -1
    rest = legal
    while rest:  # the cards in order, lowest first
        c = _lowest(rest)
        rest &= rest - 1
        s = c // 13
        key = ((c % 13) * 16 + 13 - _COUNT[legal >> 13 * s & _SUIT]) * 4 + 3 - s
        if key > best:
            best, choice = key, c
    return choice


def master_order(card: int, unseen: int) -> tuple[bool, bool, int]:
    return (card // 13 == HEARTS, bool(unseen & SUIT_MASKS[card // 13]), card)


def shoot(legal: list[int], trick: Sequence[int], unseen: int, bonus: int = -1) -> int:
    """Play for all 26: win every trick that might hold a point, and give no point away (nor the
    bonus card)."""
    return _shoot(_mask(legal), list(trick), unseen, bonus)


def _shoot(legal: int, trick: list[int], unseen: int, bonus: int) -> int:
    if not trick:
        # Masters: no unseen card of the suit above. Hearts first (they draw the others'
        # hearts), then suits where others still hold cards, the highest master of the suit.
        choice = -1
        best = -1
        for c in range(52):
            if legal >> c & 1:
                s = c // 13
                if not (unseen >> 13 * s & _SUIT) >> c % 13:
                    key = ((s == HEARTS) * 2 + bool(unseen >> 13 * s & _SUIT)) * 64 + c
                    if key > best:
                        best, choice = key, c
        if choice >= 0:
            return choice
        return _highest_rank(legal)
    first = trick[0]
    if legal >> 13 * (first // 13) & _SUIT:
        winner = winner_of(trick)
        over = legal & ~((2 << winner) - 1)
        if not over:
            return _lowest(legal)
        if len(trick) == 3:
            return _lowest(over)  # last to play: the lowest card that wins is enough
        return _highest(over)
    safe = _keeping(legal & ~POINT_MASK, bonus)
    return _lowest_rank(safe) if safe else _discard(legal, unseen)
