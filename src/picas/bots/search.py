"""Monte Carlo search for Difícil: sample the hidden hands, play each candidate card out.

Everything runs on the private integer representation of :mod:`picas.bots.knowledge`, fed only from
the seat's view. A sample deals the unseen cards to the other seats respecting their hand sizes and
the voids they have shown; each candidate card is then played out to the end of the hand by the
shared heuristic policy, and the finished hand is priced with the real scoring rules (contract made
or set, Nil ±100, bags) plus a cost for the bags carried towards the next penalty. The work is
fixed (a number of samples that depends only on the position), never a time budget, so the same
position always gives the same move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from picas.bots.knowledge import BELOW, SUIT_MASK, Knowledge
from picas.bots.policy import choose, legal_mask, winner_position
from picas.engine import Rules


@dataclass(frozen=True, slots=True)
class SearchSettings:
    budget: int = 24_000
    """Card plays per decision (samples × candidates × cards left), the fixed amount of work."""
    min_samples: int = 12
    max_samples: int = 120


def bag_cost(bags: int) -> float:
    """The future cost of holding ``bags`` bags towards the next penalty of 100 at 10.

    A bag is nearly free when the count is low (about 1–2 points) and worth about 10 when the
    count is near the limit; the penalty itself is counted by the score when it happens.
    """
    return _BAG_POTENTIAL[min(bags, 9)]


_MARGINAL = (1.0, 1.0, 1.5, 1.5, 2.0, 3.0, 4.0, 6.0, 9.0, 10.0)
_BAG_POTENTIAL = tuple(sum(_MARGINAL[:b]) for b in range(10))


class Pricer:
    """Prices a finished hand for one team, with the table's rules, bids and bags."""

    __slots__ = ("bag_limit", "bag_points", "bags", "bids", "blind", "nil_score", "penalty", "team")

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
                points += 10 * contract
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


def sample_hands(k: Knowledge, rng: random.Random) -> list[int] | None:
    """Deal the unseen cards to the other seats: exact hand sizes, no card in a known void.

    Cards of the most constrained suits go first; each goes to an allowed seat with probability
    proportional to the room left in its hand, which is close to uniform over consistent deals.
    """
    me = k.seat
    seats = [s for s in range(4) if s != me]
    for _attempt in range(60):
        hands = [0, 0, 0, 0]
        hands[me] = k.mine
        room = list(k.sizes)
        room[me] = 0
        order = []
        for suit in range(4):
            allowed = [s for s in seats if not k.voids[s] >> suit & 1]
            order.append((len(allowed), suit, allowed))
        order.sort()
        ok = True
        for _count, suit, allowed in order:
            cards = k.unseen & SUIT_MASK[suit]
            while cards:
                bit = cards & -cards
                cards ^= bit
                total = 0
                for s in allowed:
                    total += room[s]
                if not total:
                    ok = False
                    break
                pick = rng.randrange(total)
                for s in allowed:
                    if pick < room[s]:
                        hands[s] |= bit
                        room[s] -= 1
                        break
                    pick -= room[s]
            if not ok:
                break
        if ok:
            return hands
    return None


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


def playout(
    hands: list[int],
    trick: list[int],
    leader: int,
    won: list[int],
    broken: bool,
    bids: Sequence[int],
    tricks_left: int,
) -> list[int]:
    """Play the hand to its end with the heuristic for every seat (mutates its arguments)."""
    turn = (leader + len(trick)) & 3
    while True:
        card = choose(turn, hands[turn], trick, leader, hands, bids, won, broken, tricks_left)
        hands[turn] ^= 1 << card
        if card >= 39 and trick and trick[0] < 39:
            broken = True
        trick.append(card)
        if len(trick) == 4:
            winner = (leader + winner_position(trick)) & 3
            won[winner] += 1
            tricks_left -= 1
            if not tricks_left:
                return won
            leader = turn = winner
            trick = []
        else:
            turn = (turn + 1) & 3


def search_play(
    k: Knowledge,
    rules: Rules,
    blind: Sequence[bool],
    bags: Sequence[int],
    rng: random.Random,
    settings: SearchSettings,
) -> tuple[int, int]:
    """The best card for ``k.seat`` by Monte Carlo, and the number of playouts run."""
    legal = legal_mask(k.mine, k.trick, k.broken)
    options = candidates(k, legal)
    if len(options) == 1:
        return options[0], 0
    me = k.seat
    pricer = Pricer(rules, me & 1, k.bids, blind, bags)
    cards_left = 4 * k.tricks_left - len(k.trick)
    samples = settings.budget // (len(options) * cards_left)
    samples = max(settings.min_samples, min(settings.max_samples, samples))
    totals = [0.0] * len(options)
    runs = 0
    trick0 = list(k.trick)
    for _ in range(samples):
        hands = sample_hands(k, rng)
        if hands is None:
            break
        for index, card in enumerate(options):
            h = hands.copy()
            h[me] ^= 1 << card
            trick = [*trick0, card]
            won = list(k.won)
            broken = k.broken or (card >= 39 and trick[0] < 39)
            leader = k.leader
            left = k.tricks_left
            if len(trick) == 4:
                winner = (leader + winner_position(trick)) & 3
                won[winner] += 1
                left -= 1
                leader = winner
                trick = []
            if left:
                playout(h, trick, leader, won, broken, k.bids, left)
            totals[index] += pricer.value(won)
            runs += 1
    best = 0
    for index in range(1, len(options)):
        if totals[index] > totals[best] + 1e-9:
            best = index
    return options[best], runs
