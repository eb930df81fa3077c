"""Monte Carlo search for Difícil: sample the hidden hands, play each candidate card out.

Everything runs on the private integer representation of :mod:`picas.games.spades.bots.knowledge`,
fed only from the seat's view. A sample deals the unseen cards to the other seats respecting their
hand sizes and the voids they have shown; each candidate card is then played out to the end of the
hand by the shared heuristic policy (the opponents choosing on what each could know, Normal's play:
:func:`playout_views`), and the finished hand is priced with the real scoring rules
(contract made or set, Nil ±100, bags) plus a cost for the bags carried towards the next penalty.
The work is fixed (a number of samples that depends only on the position, and a stop once the
samples drawn so far settle the choice), never a time budget, so the same position always gives the
same move.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from picas.games.spades import Rules
from picas.games.spades.bots.knowledge import BELOW, NON_SPADES, SUIT_MASK, Knowledge, void_mask
from picas.games.spades.bots.policy import (
    choose,
    heuristic_card,
    legal_mask,
    spare_partner,
    winner_position,
)
from picas.shared.cards import JOKERS_MASK
from picas.shared.sampling import NOTHING_KNOWN, clearly_better, deal_hands, deal_plan


@dataclass(frozen=True, slots=True)
class SearchSettings:
    playouts: int = 2_500
    """Sampled playouts per card decision at most, shared out among the distinct candidate cards
    (every candidate is played out on the same samples); fewer once the choice is settled."""
    margin: float = 1.0
    confidence: float = 0.5
    """Another card replaces the heuristic's only if it prices ``margin`` points better plus
    ``confidence`` standard errors. 1 and a half since the ninth round (2 and one before): +0.81
    points a hand (±0.87) over 3,000 paired deals, above on each of three seeds, for about a
    tenth more CPU (docs/bots.md, «Ninth round», issue 29)."""
    bid_samples: int = 80
    """Sampled deals for a bid (0: bid by the evaluator alone, like Normal)."""
    nil_danger: float = 4.0
    """Hands up to this Nil danger (the evaluator's, :func:`~.evaluate.nil_danger`: an ace or a
    high spade is 3.0) have a Nil priced by the search too. 4.0 since the tenth round, 2.0
    before: the search's price, not the danger, tells a Nil that will be made, and the guard only
    hid Nils from it: +6.4 points a hand (±1.5) over 1,000 paired deals, +24.5 over Normal. With
    no guard it is +14.1, but it bids Nil on three team-hands in ten and a game of four Difícils
    to 250 lasts 4.0 hands instead of 4.6 (5.1 at 2.0): docs/bots.md, «Tenth round» (issue 29)."""
    nil_margin: float = 10.0
    """How many points a hand a Nil must price above the best bid to be chosen."""
    two_bid_samples: int = 320
    """«Dos jugadores»: sampled deals for a bid, every candidate bid played out on each (80, one
    playout priced for every bid, until the eleventh round: docs/bots.md, issue 29)."""
    weigh_bids: bool = True
    """«Dos jugadores»: weigh the sampled deals by how plausible the opponent's bid is with the
    hand each gives him (at four the bids always weigh them). On since the eleventh round, with
    the opponent on his view in the playouts (``views``) and the bid's candidates played out each
    on its own (``two_bid_samples``): +3.3 points a hand (±1.3) over 1,000 paired deals
    (docs/bots.md, «Eleventh round»); alone it was +0.5 (±0.9), for three times the CPU."""
    rescue: float = 0.25
    """The bid's playouts are the heuristic's, which leaves a contract one trick short more often
    than Difícil's searched play does: a sample one trick short of our contract counts this much
    as made (the trick taken from an opponent). 0.5 with the playouts on the sampled deal's every
    card (second round), 0.25 since the opponents play them on their own views (``bid_views``,
    fifth round): measured in docs/bots.md (issue 29)."""
    endgame: int = 0
    """When this many tricks or fewer are left, a card decision's playouts end with the exact
    play of the sampled deal (:func:`solve`: every seat sees every card, each team plays for the
    searched team's price) instead of the heuristic's. 0: the heuristic to the end."""
    bid_endgame: int = 0
    """The same for the bid's playouts (0: the heuristic to the end)."""
    views: int = 10
    """The seats whose cards in a card decision's playouts are the heuristic's on what that seat
    could know (its own cards, the others' as the unseen ones minus the suits each has shown void
    in: Normal's play, :func:`playout_views`) instead of on the sampled deal's every card. Seats
    counted from ours: 1 ours, 2 the left opponent, 4 the partner, 8 the right opponent. 10, the
    opponents: they play as a player who cannot see the cards, which is how they do play (fifth
    round, docs/bots.md: with ``bid_views`` and ``rescue`` 0.25, +2.3 points a hand ±1.9 over
    1,000 paired deals). 0: every seat sees the sampled deal. Not with ``endgame``. At «Dos
    jugadores» the opponent is both 2 and 8 (:func:`~.two_search.view_seats`); on his view he
    may hold any card he has not seen, his own unseen discards too (eleventh round)."""
    bid_views: int = 10
    """The same for the bid's playouts."""
    misplay: float = 1.0
    """Inference from the play: a card decision's sampled deal keeps this share of its weight for
    each card another seat has played this hand that the heuristic, on what that seat could know
    with the sampled deal's cards (Normal's play, :func:`playout_views`), would not have played
    (:class:`PlayFit`). 1, off: the play so far weighs nothing but the voids it showed (0.3 and
    0.1 measured +0.4 ±2.5 and −1.5 ±2.8 points a hand over 300 paired deals, docs/bots.md)."""
    two_misplay: float = 0.3
    """«Dos jugadores»: ``misplay`` for the opponent's cards (:class:`~.two_search.PlayFitTwo`,
    on his view of the sampled deal). 0.3 since the eleventh round: +1.2 points a hand (±0.9)
    over 1,000 paired deals on top of the round's other changes (docs/bots.md)."""
    misplay_tries: int = 8
    """Deals drawn for one sample when ``misplay`` weighs them (the best of them otherwise)."""
    settle: float = 3.0
    """A card decision stops sampling early once it is settled: when no other card could
    plausibly beat the heuristic's by ``margin`` (for each, its mean difference so far plus
    ``settle`` standard errors stays below ``margin``), so the heuristic's card would be kept
    anyway. Looked at every :data:`SETTLE_EVERY` samples after a quarter of them (at least
    :data:`SETTLE_MIN`). 0 samples everything. Strength measured in docs/benchmarks.md."""


SETTLE_MIN: Final = 100
SETTLE_EVERY: Final = 50


def bag_cost(bags: int) -> float:
    """The future cost of holding ``bags`` bags towards the next penalty of 100 at 10.

    A bag is nearly free when the count is low (about 1–2 points) and worth about 10 when the
    count is near the limit; the penalty itself is counted by the score when it happens.
    """
    return _BAG_POTENTIAL[min(bags, 9)]


_MARGINAL = (1.0, 1.0, 1.5, 1.5, 2.0, 3.0, 4.0, 6.0, 9.0, 10.0)
_BAG_POTENTIAL = tuple(sum(_MARGINAL[:b]) for b in range(10))


def thirteen_value(rules: Rules) -> int:
    """What «Premio por 13 bazas» adds to a made 13 for the search: the bonus, or for a game won
    outright the target (a whole game's worth of points)."""
    if rules.all_thirteen == "bonus":
        return rules.all_thirteen_points
    if rules.all_thirteen == "win":
        return rules.target
    return 0


class Pricer:
    """Prices a finished hand for one team, with the table's rules, bids and bags."""

    __slots__ = (
        "bag_limit",
        "bag_points",
        "bags",
        "bids",
        "big_contract",
        "blind",
        "finals",
        "nil_score",
        "penalty",
        "team",
        "thirteen",
    )

    def __init__(
        self,
        rules: Rules,
        team: int,
        bids: Sequence[int],
        blind: Sequence[bool],
        bags: Sequence[int],
    ) -> None:
        self.team = team
        self.bids = tuple(bids)
        self.blind = tuple(blind)
        self.bags = tuple(bags)
        self.penalty = rules.bag_penalty
        self.bag_limit = rules.bag_limit
        self.bag_points = rules.bag_penalty_points
        self.nil_score = (rules.nil_points, rules.blind_nil_points, rules.nil_tricks_score)
        self.big_contract = 10 if rules.ten_for_200 else 14
        """The contract from which a made one scores 200 («10 por 200»; 14: never)."""
        self.thirteen = thirteen_value(rules)
        """What a made 13 adds: the bonus, or a won game priced as a target's worth."""
        self.finals: dict[int, float] = {}
        """:meth:`value` of the tricks won at the end of a hand, packed four bits a seat, as the
        endgame solver (:func:`solve`) has met them: it prices the same few many times."""

    def team_points(self, team: int, won: Sequence[int]) -> tuple[int, int, int]:
        """The team's hand total by the real rules, the bags it adds and its bags after."""
        bids = self.bids
        nil_points, blind_points, nil_tricks_score = self.nil_score
        contract = 0
        counted = 0
        nil_tricks = 0
        points = 0
        for seat in (team, team + 2):
            bid = bids[seat]
            if bid == 0:
                value = blind_points if self.blind[seat] else nil_points
                points += value if won[seat] == 0 else -value
                nil_tricks += won[seat]
            else:
                contract += bid
                counted += won[seat]
        over = 0
        if contract:
            if counted >= contract:
                points += 200 if contract >= self.big_contract else 10 * contract
                if contract == 13:
                    points += self.thirteen
                over = counted - contract
            else:
                points -= 10 * contract
        points += over + (nil_tricks if nil_tricks_score else 0)
        added = over + nil_tricks
        total = self.bags[team] + added
        if self.penalty:
            points -= self.bag_points * (total // self.bag_limit)
            total %= self.bag_limit
        return points, added, total

    def team_value(self, team: int, won: Sequence[int]) -> float:
        """The hand total, less what the bags carried forward will cost."""
        points, added, after = self.team_points(team, won)
        if not added:
            return points
        if not self.penalty:
            return points - 0.5 * added
        return points - bag_cost(after) + bag_cost(self.bags[team])

    def value(self, won: Sequence[int]) -> float:
        """Our team's price minus theirs."""
        return self.team_value(self.team, won) - self.team_value(1 - self.team, won)

    def final_value(self, packed: int, won: Sequence[int]) -> float:
        """:meth:`value` of ``won``, whose counts ``packed`` holds four bits a seat, remembered."""
        value = self.finals.get(packed)
        if value is None:
            value = self.finals[packed] = self.value(won)
        return value


def sample_hands(k: Knowledge, rng: random.Random) -> list[int] | None:
    """Deal the unseen cards to the other seats: exact hand sizes, no card in a known void (the
    shared dealing, :mod:`picas.shared.sampling`)."""
    plan = deal_plan(k.seat, k.unseen, k.voids, k.deck.suit_masks, k.deck.seats)
    return deal_hands(plan, k.seat, k.mine, k.sizes, NOTHING_KNOWN, rng, _ATTEMPTS)


_ATTEMPTS = 60
"""Deals tried before a sample is given up (a seat with little room left can make one fail)."""


def candidates(k: Knowledge, legal: int) -> list[int]:
    """One card for each group of equivalent legal cards (same suit, nothing anyone else could
    hold in between), the lowest of each group."""
    settled = k.played
    for card in k.trick:
        settled &= ~(1 << card)
    out: list[int] = []
    rest = legal
    while rest:
        bit = rest & -rest
        card = bit.bit_length() - 1
        rest ^= bit
        if out:
            prev = out[-1]
            if prev // 13 == card // 13:
                between = BELOW[card] & ~BELOW[prev] & ~(1 << prev)
                if not between & ~(settled | k.mine):
                    continue
        out.append(card)
    return out


_ACES = sum(1 << (13 * s + 12) for s in range(4)) | JOKERS_MASK
"""The aces, and the jokers of «Comodines» (as sure as an ace; none in the standard game)."""
_KINGS = sum(1 << (13 * s + 11) for s in range(4))
_HIGH_SPADES = sum(1 << c for c in range(48, 54))  # ♠J ♠Q ♠K ♠A and the jokers
_SPADE_MASK = SUIT_MASK[3]


def quick_tricks(mask: int) -> float:
    """A rough trick count for a 13-card hand (aces, kings, spade length), fast enough to weigh
    thousands of sampled hands against the bids their holders made."""
    aces = (mask & _ACES).bit_count()
    kings = 0
    rest = mask & _KINGS
    while rest:
        bit = rest & -rest
        rest ^= bit
        if (mask & SUIT_MASK[(bit.bit_length() - 1) // 13]).bit_count() >= 2:
            kings += 1
    spades = (mask & _SPADE_MASK).bit_count()
    return _quick(aces, kings, spades, bool(mask >> 49 & 1) and spades >= 3)  # ♠Q with length


def _quick(aces: int, kings: int, spades: int, queen: bool) -> float:
    """:func:`quick_tricks` from its counts: aces, kings with a guard, spades, a long ♠Q."""
    tricks = float(aces)
    for _ in range(kings):
        tricks += 0.7
    if spades > 3:
        tricks += 0.9 * (spades - 3)
    if queen:
        tricks += 0.4
    return tricks


def bid_likelihood(bid: int, mask: int) -> float:
    """How plausible it is that a seat dealt ``mask`` bid ``bid`` (not normalised)."""
    if bid == 0:
        dangers = (mask & (_ACES | _KINGS | _HIGH_SPADES)).bit_count()
        spades = (mask & _SPADE_MASK).bit_count()
        return 0.3 ** (dangers + max(0, spades - 3))
    return _fit(bid, quick_tricks(mask))


def _fit(bid: int, tricks: float) -> float:
    gap = bid - BID_CENTRE - BID_SLOPE * tricks
    return math.exp(-gap * gap / (2 * BID_SPREAD * BID_SPREAD))


BID_CENTRE: Final = 0.5
BID_SLOPE: Final = 0.85
BID_SPREAD: Final = 0.8
"""A seat that bids ``b`` holds about ``(b − 0.5) / 0.85`` quick tricks, give or take 0.8 of a
bid. Measured (issue 29): over 11,771 hands Normal's bid is 0.39 + 0.906 × quick tricks with a
residual of 0.47, and at the table Difícil's and Normal's bids sit 0.5 above 0.85 × quick tricks
(spread 0.64 and 0.48). The old fit (centred on 0.85 × quick tricks, spread 1.5) gave the other
seats hands too strong for their bids and far too varied: the bid's samples then saw the team
set 13% of the time at the contract it chose, where the heuristic on the true deal is set 6% of
the time and Difícil 3%, and bid low. 0.8 rather than 0.5 leaves room for players who bid
otherwise than the evaluator (docs/bots.md)."""


def sample_weight(k: Knowledge, hands: Sequence[int]) -> float:
    """The weight of a sampled deal: how well each bid matches the hand its seat was dealt."""
    weight = 1.0
    for seat in range(4):
        bid = k.bids[seat]
        if seat != k.seat and bid >= 0:
            weight *= bid_likelihood(bid, hands[seat] | k.seat_played[seat])
    return weight


# The weights again, read from tables: a sampled hand's quick-trick count depends only on how
# many aces, guarded kings and spades it has and on a long ♠Q, so each suit's 13-bit pattern maps
# to its share of a table index, and the four shares add up to the index. The tables hold exactly
# the floats :func:`bid_likelihood` computes (they are built by its own arithmetic), so a search
# weighs every deal as before, at a fraction of the cost (tests/spades/bots/test_sample_weights.py).
_KINDS = 1120
"""Table index: aces + 7 × guarded kings + 35 × spades + 560 × long ♠Q (aces 0–6 and spades
0–15: the jokers of «Comodines» count as aces and as spades)."""


def _suit_share(pattern: int, spades: bool) -> int:
    count = pattern.bit_count()
    share = (pattern >> 12).bit_count()  # the ace, and a spade pattern's jokers above it
    if pattern >> 11 & 1 and count >= 2:
        share += 7
    if spades:
        share += 35 * count
        if pattern >> 10 & 1 and count >= 3:
            share += 560
    return share


def _nil_share(pattern: int, spades: bool) -> int:
    if spades:  # ♠J ♠Q ♠K ♠A, and every spade past three
        return (pattern >> 9).bit_count() + max(0, pattern.bit_count() - 3)
    return (pattern >> 11).bit_count()  # the ace and the king


_SIDE_SHARE: Final[tuple[int, ...]] = tuple(_suit_share(p, False) for p in range(1 << 13))
_SPADE_SHARE: Final[tuple[int, ...]] = tuple(_suit_share(p, True) for p in range(1 << 15))
_SIDE_NIL: Final[tuple[int, ...]] = tuple(_nil_share(p, False) for p in range(1 << 13))
_SPADE_NIL: Final[tuple[int, ...]] = tuple(_nil_share(p, True) for p in range(1 << 15))
"""The spade tables read 15 bits: the spades and, at «Comodines», the jokers above them."""
_FIT: Final[tuple[float, ...]] = tuple(
    _fit(bid, _quick(kind % 7, kind // 7 % 5, kind // 35 % 16, kind >= 560)) if bid else 0.0
    for bid in range(14)
    for kind in range(_KINDS)
)
_NIL_FIT: Final[tuple[float, ...]] = tuple(0.3**dangers for dangers in range(32))


def table_likelihood(bid: int, mask: int) -> float:
    """:func:`bid_likelihood` from the tables (the same float)."""
    if bid == 0:
        return _NIL_FIT[
            _SIDE_NIL[mask & 0x1FFF]
            + _SIDE_NIL[mask >> 13 & 0x1FFF]
            + _SIDE_NIL[mask >> 26 & 0x1FFF]
            + _SPADE_NIL[mask >> 39]
        ]
    return _FIT[
        bid * _KINDS
        + _SIDE_SHARE[mask & 0x1FFF]
        + _SIDE_SHARE[mask >> 13 & 0x1FFF]
        + _SIDE_SHARE[mask >> 26 & 0x1FFF]
        + _SPADE_SHARE[mask >> 39]
    ]


def draw_sample(k: Knowledge, rng: random.Random, tries: int = 8) -> list[int] | None:
    """A sampled deal that fits the bids: each candidate is kept with probability equal to its
    :func:`sample_weight` (the best of ``tries`` otherwise), so every kept sample counts the same
    and a few unlikely deals cannot dominate the average."""
    return _Sampler(k).draw(rng, tries)


Trick = tuple[int, Sequence[int]]
"""A trick of the hand so far: its leader and its cards in order (the one in progress last)."""


class PlayFit:
    """How well a sampled deal fits the cards the other seats have played this hand, if they
    played as the heuristic on what each could know (Normal's play): the public state before
    each of their cards is worked out once; a deal's fit replays only their choices."""

    def __init__(self, k: Knowledge, history: Sequence[Trick], miss: float) -> None:
        self.miss = miss
        self.bids = list(k.bids)
        steps: list[tuple[int, int, list[int], int, list[int], bool, int, list[int], int]] = []
        laters: list[int] = []
        order: list[tuple[int, int]] = []
        unplayed = k.deck.cards
        hidden = [0, 0, 0, 0]
        held = [13, 13, 13, 13]
        won = [0, 0, 0, 0]
        broken = False
        left = 13
        for leader, cards in history:
            trick: list[int] = []
            wpos = 0
            for position, card in enumerate(cards):
                seat = (leader + position) & 3
                if seat != k.seat:
                    # A seat with no card left holds nothing (-1); else it holds none of ``hidden``.
                    excluded = [h if n else -1 for h, n in zip(hidden, held, strict=True)]
                    step = (seat, card, trick.copy(), leader, won.copy(), broken, left, excluded)
                    steps.append((*step, unplayed))
                    laters.append(0)
                    order.append((seat, len(steps) - 1))
                if trick:
                    led_mask = SUIT_MASK[trick[0] // 13]
                    if not led_mask >> card & 1:
                        hidden[seat] |= led_mask
                    if card >= 39 and trick[0] < 39:
                        broken = True
                    if (card // 13 == trick[0] // 13 or card >= 39) and card > trick[wpos]:
                        wpos = len(trick)
                elif card >= 39 and not broken:
                    hidden[seat] |= NON_SPADES
                trick.append(card)
                unplayed &= ~(1 << card)
                held[seat] -= 1
                # The cards each seat plays from each of its steps on (its hand then is the
                # sampled hand plus these).
                for step_seat, index in order:
                    if step_seat == seat:
                        laters[index] |= 1 << card
            if len(trick) == 4:
                winner = (leader + wpos) & 3
                won[winner] += 1
                left -= 1
        self.steps = steps
        self.laters = laters

    def weight(self, hands: Sequence[int], weight: float, floor: float) -> float:
        """``weight`` times ``miss`` for each of the other seats' cards the heuristic would not
        have played with the hand ``hands`` gives it; stops once it is at ``floor`` or below."""
        bids = self.bids
        miss = self.miss
        possible = [0, 0, 0, 0]
        for index in range(len(self.steps)):
            seat, card, trick, leader, won, broken, left, hidden, unplayed = self.steps[index]
            hand = hands[seat] | self.laters[index]
            others = unplayed & ~hand
            for other in range(4):
                h = hidden[other]
                if other == seat:
                    possible[other] = hand
                elif h < 0:
                    possible[other] = 0
                else:
                    possible[other] = others & ~h
            if heuristic_card(seat, hand, trick, leader, possible, bids, won, broken, left) != card:
                weight *= miss
                if weight <= floor:
                    return weight
        return weight


class _Sampler:
    """The sampling of one decision: :func:`sample_hands` and :func:`draw_sample` with everything
    that depends only on the knowledge worked out once (the dealing order, who is weighed), and
    the weights read from the tables. The same draws give the same deals and the same weights.
    With a :class:`PlayFit` a deal is weighed by the play so far too."""

    def __init__(self, k: Knowledge, fit: PlayFit | None = None, tries: int = 8) -> None:
        self.fit = fit
        self.tries = tries
        self.me = k.seat
        self.mine = k.mine
        self.sizes = k.sizes
        self.plan = deal_plan(k.seat, k.unseen, k.voids, k.deck.suit_masks, k.deck.seats)
        self.weighed = [
            (seat, k.bids[seat], k.seat_played[seat])
            for seat in range(4)
            if seat != k.seat and k.bids[seat] >= 0
        ]

    def deal(self, rng: random.Random) -> list[int] | None:
        return deal_hands(self.plan, self.me, self.mine, self.sizes, NOTHING_KNOWN, rng, _ATTEMPTS)

    def draw(self, rng: random.Random, tries: int = 8) -> list[int] | None:
        best: list[int] | None = None
        best_weight = -1.0
        fit = self.fit
        if fit is not None:
            tries = self.tries
        for _ in range(tries):
            hands = self.deal(rng)
            if hands is None:
                return None
            weight = 1.0
            for seat, bid, played in self.weighed:
                weight *= table_likelihood(bid, hands[seat] | played)
            if fit is not None:
                floor = rng.random()
                if floor < weight:
                    weight = fit.weight(hands, weight, floor)
                if floor < weight:
                    return hands
            elif rng.random() < weight:
                return hands
            if weight > best_weight:
                best, best_weight = hands, weight
        return best


def playout(
    hands: list[int],
    trick: list[int],
    leader: int,
    won: list[int],
    broken: bool,
    bids: list[int],
    tricks_left: int,
) -> list[int]:
    """Play the hand to its end with the heuristic for every seat (mutates its arguments)."""
    turn = (leader + len(trick)) & 3
    # The winning position of the trick so far, kept as the cards fall (the rule of
    # ``winner_position``, one comparison a card instead of a pass over the trick at its end).
    wpos = winner_position(trick) if trick else 0
    while True:
        hand = hands[turn]
        card = heuristic_card(turn, hand, trick, leader, hands, bids, won, broken, tricks_left)
        hands[turn] = hand ^ (1 << card)  # not ``^=`` on the item: that is a generic call
        if trick:
            if card >= 39 and trick[0] < 39:
                broken = True
            best = trick[wpos]
            if (card // 13 == trick[0] // 13 or card >= 39) and card > best:
                wpos = len(trick)
        else:
            wpos = 0
        trick.append(card)
        if len(trick) == 4:
            winner = (leader + wpos) & 3
            won[winner] = won[winner] + 1
            tricks_left -= 1
            if not tricks_left:
                return won
            leader = turn = winner
            trick.clear()  # the same list for every trick: fewer objects for the collector
        else:
            turn = (turn + 1) & 3


def seen_seats(views: int, me: int) -> int:
    """The absolute seats of ``views`` (a set counted from ``me``: bit 0 ``me``, bit 1 the left
    opponent, bit 2 the partner, bit 3 the right opponent), as a bit set of seats 0–3."""
    out = 0
    for step in range(4):
        if views >> step & 1:
            out |= 1 << ((me + step) & 3)
    return out


def playout_views(
    hands: list[int],
    trick: list[int],
    leader: int,
    won: list[int],
    broken: bool,
    bids: list[int],
    tricks_left: int,
    hidden: list[int],
    seen: int,
) -> list[int]:
    """:func:`playout`, where the seats in ``seen`` (a bit set of seats) choose their cards on
    what each could know, as Normal does: its own cards, and for every other seat the cards still
    out of its sight minus the suits that seat has shown void in (``hidden[s]``: the cards seat
    ``s`` is known not to hold, kept up to date as it fails to follow). The other seats choose on
    the sampled deal's every card. Mutates its arguments."""
    turn = (leader + len(trick)) & 3
    wpos = winner_position(trick) if trick else 0
    possible = [0, 0, 0, 0]
    while True:
        hand = hands[turn]
        if seen >> turn & 1:
            others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
            for seat in range(4):
                held = hands[seat]
                if seat == turn:
                    possible[seat] = hand
                elif held:
                    possible[seat] = others & ~hidden[seat]
                else:
                    possible[seat] = 0
            card = heuristic_card(
                turn, hand, trick, leader, possible, bids, won, broken, tricks_left
            )
        else:
            card = heuristic_card(turn, hand, trick, leader, hands, bids, won, broken, tricks_left)
        hands[turn] = hand ^ (1 << card)
        if trick:
            led_mask = SUIT_MASK[trick[0] // 13]
            if not led_mask >> card & 1:
                hidden[turn] = hidden[turn] | led_mask  # did not follow: void in the led suit
            if card >= 39 and trick[0] < 39:
                broken = True
            best = trick[wpos]
            if (card // 13 == trick[0] // 13 or card >= 39) and card > best:
                wpos = len(trick)
        else:
            if card >= 39 and not broken:
                hidden[turn] = hidden[turn] | NON_SPADES  # a spade led unbroken: only spades
            wpos = 0
        trick.append(card)
        if len(trick) == 4:
            winner = (leader + wpos) & 3
            won[winner] = won[winner] + 1
            tricks_left -= 1
            if not tricks_left:
                return won
            leader = turn = winner
            trick.clear()
        else:
            turn = (turn + 1) & 3


def start_hidden(k: Knowledge, card: int) -> list[int]:
    """Per seat, the cards the others know it does not hold once ``k.seat`` has played ``card``
    (the suits each has shown void in, :func:`playout_views`)."""
    hidden = [void_mask(v) for v in k.voids]
    me = k.seat
    if k.trick:
        led_mask = SUIT_MASK[k.trick[0] // 13]
        if not led_mask >> card & 1:
            hidden[me] |= led_mask
    elif card >= 39 and not k.broken:
        hidden[me] |= NON_SPADES
    return hidden


def finish(
    hands: list[int],
    trick: list[int],
    leader: int,
    won: list[int],
    broken: bool,
    bids: list[int],
    tricks_left: int,
    pricer: Pricer,
    endgame: int,
) -> list[int]:
    """:func:`playout`, but once ``endgame`` tricks or fewer are left the rest is played exactly
    (:func:`solve`: the tricks the best play for both teams ends with). Mutates its arguments."""
    turn = (leader + len(trick)) & 3
    wpos = winner_position(trick) if trick else 0
    while True:
        if tricks_left <= endgame:
            packed = solve(hands, trick, leader, won, broken, tricks_left, pricer, -INF, INF)[1]
            for seat in range(4):
                won[seat] = packed >> (4 * seat) & 15
            return won
        hand = hands[turn]
        card = heuristic_card(turn, hand, trick, leader, hands, bids, won, broken, tricks_left)
        hands[turn] = hand ^ (1 << card)
        if trick:
            if card >= 39 and trick[0] < 39:
                broken = True
            best = trick[wpos]
            if (card // 13 == trick[0] // 13 or card >= 39) and card > best:
                wpos = len(trick)
        else:
            wpos = 0
        trick.append(card)
        if len(trick) == 4:
            winner = (leader + wpos) & 3
            won[winner] = won[winner] + 1
            tricks_left -= 1
            if not tricks_left:
                return won
            leader = turn = winner
            trick.clear()
        else:
            turn = (turn + 1) & 3


INF: Final = 1e9


def solve(
    hands: list[int],
    trick: list[int],
    leader: int,
    won: list[int],
    broken: bool,
    tricks_left: int,
    pricer: Pricer,
    alpha: float,
    beta: float,
) -> tuple[float, int]:
    """The exact value of the rest of the hand for ``pricer``'s team (its :meth:`Pricer.value`,
    our team's price minus theirs: what one team gains the other loses), every seat seeing every
    card: our team's seats play for the most, the others for the least. Alpha-beta within
    (``alpha``, ``beta``); of equivalent cards (same suit, no card still in play between them)
    only one is tried. Returns the value and the tricks won at the end of the line found, packed
    four bits a seat. ``hands``, ``trick`` and ``won`` are restored on return."""
    turn = (leader + len(trick)) & 3
    hand = hands[turn]
    legal = legal_mask(hand, trick, broken)
    live = hands[0] | hands[1] | hands[2] | hands[3]
    for played in trick:
        live |= 1 << played
    others = live & ~hand
    ours = (turn & 1) == pricer.team
    best = -INF if ours else INF
    best_won = 0
    prev = -1
    rest = legal
    while rest:  # the highest card first: it settles more lines early than the lowest
        card = rest.bit_length() - 1
        bit = 1 << card
        rest ^= bit
        between = others & ((1 << prev) - 1) & ~((bit << 1) - 1) if prev >= 0 else 1
        if not between and min(prev // 13, 3) == min(card // 13, 3):
            prev = card
            continue  # nothing of anyone else's between: the same card as ``prev``
        prev = card
        hands[turn] = hand ^ bit
        now_broken = broken or (len(trick) > 0 and card >= 39 and trick[0] < 39)
        trick.append(card)
        if len(trick) == 4:
            winner = (leader + winner_position(trick)) & 3
            won[winner] = won[winner] + 1
            if tricks_left == 1:
                packed = won[0] | won[1] << 4 | won[2] << 8 | won[3] << 12
                value = pricer.final_value(packed, won)
            else:
                value, packed = solve(
                    hands, [], winner, won, now_broken, tricks_left - 1, pricer, alpha, beta
                )
            won[winner] = won[winner] - 1
        else:
            value, packed = solve(
                hands, trick, leader, won, now_broken, tricks_left, pricer, alpha, beta
            )
        trick.pop()
        hands[turn] = hand
        if ours:
            if value > best:
                best, best_won = value, packed
                if best > alpha:
                    alpha = best
        elif value < best:
            best, best_won = value, packed
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    return best, best_won


def search_play(
    k: Knowledge,
    rules: Rules,
    blind: Sequence[bool],
    bags: Sequence[int],
    rng: random.Random,
    settings: SearchSettings,
    dealt: list[int] | None = None,
    history: Sequence[Trick] = (),
) -> tuple[int, int]:
    """The best card for ``k.seat`` by Monte Carlo, and the number of playouts run.

    ``dealt`` (the clairvoyant bound of ``picas arena`` only, :mod:`picas.games.spades.clairvoyant`)
    is the true deal: then it is the one sample, and the playouts are the same as for any sample.
    ``history``: the hand's tricks so far, for ``settings.misplay`` (:class:`PlayFit`).
    """
    me = k.seat
    # The search looks only among the cards the heuristic's manners allow: it may find a better
    # play, never a ruder one (overtaking a partner who wins the trick anyway).
    legal = spare_partner(
        me, legal_mask(k.mine, k.trick, k.broken), k.trick, k.leader, k.possible, k.bids, k.won
    )
    options = candidates(k, legal)
    if len(options) == 1:
        return options[0], 0
    pricer = Pricer(rules, me & 1, k.bids, blind, bags)
    samples = -(-settings.playouts // len(options)) if dealt is None else 1
    values: list[list[float]] = [[] for _ in options]
    runs = 0
    bids = list(k.bids)
    # What each candidate card leads to does not depend on the sample: the trick after it (or
    # the next one, if it ends the trick), who leads, the tricks won, the tricks left, spades.
    starts: list[tuple[list[int], int, list[int], int, bool]] = []
    for card in options:
        trick = [*k.trick, card]
        won = list(k.won)
        broken = k.broken or (card >= 39 and trick[0] < 39)
        leader = k.leader
        left = k.tricks_left
        if len(trick) == 4:
            winner = (leader + winner_position(trick)) & 3
            won[winner] = won[winner] + 1
            left -= 1
            leader = winner
            trick = []
        starts.append((trick, leader, won, left, broken))
    endgame = settings.endgame
    seen = seen_seats(settings.views, me) if not endgame else 0
    hiddens = [start_hidden(k, card) for card in options] if seen else []
    fit = PlayFit(k, history, settings.misplay) if settings.misplay < 1.0 and history else None
    sampler = _Sampler(k, fit, settings.misplay_tries)
    heuristic = choose(
        me, k.mine, k.trick, k.leader, k.possible, k.bids, k.won, k.broken, k.tricks_left
    )
    own = _group_of(k, options, heuristic)
    z = settings.settle
    first = max(SETTLE_MIN, samples // 4)
    # Running sums of each card's difference to the heuristic's card, sample by sample.
    s1 = [0.0] * len(options)
    s2 = [0.0] * len(options)
    for drawn in range(1, samples + 1):
        hands = sampler.draw(rng) if dealt is None else dealt.copy()
        if hands is None:
            break
        for index in range(len(options)):
            trick, leader, won, left, broken = starts[index]
            won = won.copy()
            if left:
                h = hands.copy()
                h[me] = h[me] ^ (1 << options[index])
                if endgame:
                    finish(h, trick.copy(), leader, won, broken, bids, left, pricer, endgame)
                elif seen:
                    hidden = hiddens[index].copy()
                    playout_views(h, trick.copy(), leader, won, broken, bids, left, hidden, seen)
                else:
                    playout(h, trick.copy(), leader, won, broken, bids, left)
            values[index].append(pricer.value(won))
            runs += 1
        if z > 0:
            base = values[own][-1]
            for index in range(len(options)):
                d = values[index][-1] - base
                s1[index] += d
                s2[index] += d * d
            if (
                drawn >= first
                and drawn % SETTLE_EVERY == 0
                and drawn < samples
                and settled_on_own(s1, s2, drawn, own, z, settings.margin)
            ):
                return heuristic, runs
    return chosen_card(values, options, own, heuristic, settings), runs


def settled_on_own(
    s1: list[float], s2: list[float], drawn: int, own: int, z: float, margin: float
) -> bool:
    """Whether no card can still beat the heuristic's by ``margin``: each one's mean difference
    to it (running sums ``s1``, of squares ``s2``, over ``drawn`` samples) plus ``z`` standard
    errors stays under the margin. Then the search stops early with the heuristic's card."""
    for index in range(len(s1)):
        if index != own:
            mean = s1[index] / drawn
            var = max(0.0, s2[index] / drawn - mean * mean)
            if mean + z * math.sqrt(var / drawn) >= margin:
                return False
    return True


def chosen_card(
    values: list[list[float]],
    options: list[int],
    own: int,
    heuristic: int,
    settings: SearchSettings,
) -> int:
    """The searched card: the one whose samples (``values``, one list per option) sum highest,
    kept only if the search is confident it beats the heuristic's (Normal's choice, with its
    manners, at ``own``): by ``margin`` points plus ``confidence`` standard errors of the paired
    difference (the same samples price every card). Else the heuristic's card."""
    if not values[0]:
        return heuristic
    sums = [sum(v) for v in values]
    best = 0
    for index in range(1, len(options)):
        if sums[index] > sums[best] + 1e-9:
            best = index
    if own == best:
        return heuristic
    gains = [a - b for a, b in zip(values[best], values[own], strict=True)]
    if clearly_better(gains, settings.margin, settings.confidence):
        return options[best]
    return heuristic


def _group_of(k: Knowledge, options: list[int], card: int) -> int:
    """The index of the candidate equivalent to ``card`` (same suit, nothing unseen between)."""
    settled = k.played
    for played in k.trick:
        settled &= ~(1 << played)
    known = settled | k.mine
    for index, option in enumerate(options):
        if option == card:
            return index
        if option // 13 == card // 13:
            low, high = min(option, card), max(option, card)
            between = BELOW[high] & ~BELOW[low] & ~(1 << low)
            if not between & ~known:
                return index
    return 0


def rescued_value(pricer: Pricer, won: list[int], bids: Sequence[int], me: int, q: float) -> float:
    """:meth:`Pricer.value` of a finished playout, where a contract of our team left one trick
    short counts as made with weight ``q``: the trick moves from an opponent (one who did not bid
    Nil, the one with more tricks) to the one of us who bid tricks."""
    value = pricer.value(won)
    if q <= 0.0:
        return value
    partner = (me + 2) & 3
    contract = 0
    taken = 0
    taker = -1
    for seat in (me, partner):
        if bids[seat] > 0:
            contract += bids[seat]
            taken += won[seat]
            if taker < 0:
                taker = seat
    if taker < 0 or taken != contract - 1:
        return value
    giver = -1
    for seat in ((me + 1) & 3, (me + 3) & 3):
        if won[seat] > 0 and bids[seat] != 0 and (giver < 0 or won[seat] > won[giver]):
            giver = seat
    if giver < 0:
        return value
    saved = list(won)
    saved[taker] += 1
    saved[giver] -= 1
    return (1.0 - q) * value + q * pricer.value(saved)


def search_bid(
    k: Knowledge,
    rules: Rules,
    blind: Sequence[bool],
    bags: Sequence[int],
    rng: random.Random,
    *,
    estimate: int,
    try_nil: bool,
    samples: int,
    nil_margin: float = 0.0,
    dealt: list[int] | None = None,
    rescue: float = 0.0,
    endgame: int = 0,
    views: int = 0,
) -> tuple[int, int]:
    """The bid that scores best on average over sampled deals, and the playouts run.

    Each sample deals the other hands (weighted by how well they fit the bids already made), lets
    the seats still to bid bid by the evaluator, and plays the hand out once with our bid at
    ``estimate``; every bid near it is priced on those tricks. With ``try_nil`` a second playout
    per sample prices a Nil, played as a Nil (and covered by the partner). ``dealt``: the true
    deal, the one sample (the clairvoyant bound only). ``rescue``: how much a playout one trick
    short of our contract counts as made (:func:`rescued_value`). ``endgame``: the playouts'
    last tricks, this many or fewer, are played exactly (:func:`finish`). ``views``: the seats
    (counted from ours, :attr:`SearchSettings.views`) whose playout cards are chosen on what
    each could know (:func:`playout_views`); not with ``endgame``.
    """
    from picas.games.spades.bots.evaluate import NORMAL_STYLE, bid_for_hand, lowest_bid

    me = k.seat
    partner = (me + 2) & 3
    team = me & 1
    known_partner = None if k.bids[partner] < 0 else k.bids[partner]
    lowest = max(1, lowest_bid(rules, known_partner))
    estimate = max(estimate, lowest)
    options = list(range(max(lowest, estimate - 2), min(13, estimate + 2) + 1))
    # The premio priced too, when the team is in reach of it.
    reach = known_partner is not None and estimate + known_partner >= 11
    if rules.all_thirteen != "off" and known_partner is not None and reach:
        rest = 13 - known_partner
        if rest > 0 and rest not in options:
            options.append(rest)
    try_nil = try_nil and not lowest_bid(rules, known_partner)
    totals = [0.0] * len(options)
    nil_total = 0.0
    runs = 0
    leader = k.leader
    drawn = 0
    sampler = _Sampler(k)
    seen = seen_seats(views, me) if not endgame else 0
    for _ in range(samples if dealt is None else 1):
        hands = sampler.draw(rng) if dealt is None else dealt.copy()
        if hands is None:
            break
        drawn += 1
        base = list(k.bids)
        # The seats still to bid, in bidding order after us, bid by the evaluator.
        for step in range(1, 4):
            seat = (me + step) & 3
            if base[seat] < 0:
                known = base[(seat + 2) & 3]
                partner_of_seat = None if known < 0 else known
                if seat == partner:
                    partner_of_seat = estimate
                base[seat] = bid_for_hand(
                    hands[seat], partner_of_seat, None, NORMAL_STYLE, rules=rules
                ).bid
        bids = base.copy()
        bids[me] = estimate
        won = _bid_playout(hands, leader, bids, rules, team, blind, bags, endgame, seen)
        runs += 1
        for index, bid in enumerate(options):
            bids[me] = bid
            totals[index] += rescued_value(
                Pricer(rules, team, bids, blind, bags), won, bids, me, rescue
            )
        if try_nil:
            bids = base.copy()
            bids[me] = 0
            if k.bids[partner] < 0 and bids[partner] == 0:
                bids[partner] = max(1, estimate)  # never two Nils: the partner would bid
            if k.bids[partner] < 0 and rules.team_minimum:
                bids[partner] = max(bids[partner], rules.team_minimum)  # covers our Nil alone
            won = _bid_playout(hands, leader, bids, rules, team, blind, bags, endgame, seen)
            runs += 1
            nil_total += rescued_value(
                Pricer(rules, team, bids, blind, bags), won, bids, me, rescue
            )
    best = 0
    for index in range(1, len(options)):
        if totals[index] > totals[best] + 1e-9:
            best = index
    if try_nil and nil_total > totals[best] + nil_margin * drawn:
        return 0, runs
    return options[best], runs


def _bid_playout(
    hands: list[int],
    leader: int,
    bids: list[int],
    rules: Rules,
    team: int,
    blind: Sequence[bool],
    bags: Sequence[int],
    endgame: int,
    seen: int = 0,
) -> list[int]:
    """A bid's playout of a sampled deal from its first card: the heuristic's, its last
    ``endgame`` tricks played exactly for the team's price at ``bids``; the seats in ``seen`` (a
    bit set of seats) choose on what each could know (:func:`playout_views`)."""
    if seen and endgame <= 0:
        return playout_views(
            hands.copy(), [], leader, [0, 0, 0, 0], False, bids, 13, [0, 0, 0, 0], seen
        )
    if endgame <= 0:
        return playout(hands.copy(), [], leader, [0, 0, 0, 0], False, bids, 13)
    pricer = Pricer(rules, team, bids, blind, bags)
    return finish(hands.copy(), [], leader, [0, 0, 0, 0], False, bids, 13, pricer, endgame)
