"""Monte Carlo search for Corazones: deal the hidden cards as the view allows, play each candidate
card out by the Normal policy, price the finished hand with the real scoring rules.

What a seat knows (:class:`Knowledge`, built from its view only): its own cards, the public table,
how many cards each seat holds, the suits each has shown out of, and the cards it passed this hand
that have not been played yet — those are still in the receiver's hand. A sampled deal respects all
of it. The amount of work is fixed (playouts, not time), so the choice depends only on the view and
the generator.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple

from picas.games.corazones.bots.cards import mask, table_of
from picas.games.corazones.bots.policy import (
    POINT_MASK,
    QS,
    Table,
    choose,
    choose_on,
    legal_mask,
    winner_of,
)
from picas.games.corazones.rules import MoonForm, Rules
from picas.games.corazones.scoring import ALL_POINTS, JACK_POINTS
from picas.games.corazones.view import PlayerView
from picas.shared.cards import FULL_DECK_MASK
from picas.shared.sampling import DealPlan, clearly_better, deal_hands, deal_plan


@dataclass(frozen=True, slots=True)
class SearchSettings:
    playouts: int = 480
    """Playouts per decision, shared among the candidate cards."""
    margin: float = 0.25
    """Points (of the relative score) a card must gain over Normal's choice to replace it..."""
    confidence: float = 1.0
    """...plus this many standard errors of the paired difference."""


class Knowledge(NamedTuple):
    seat: int
    mine: int
    table: Table
    sizes: tuple[int, int, int, int]
    known: tuple[int, int, int, int]
    """Cards known to be in another seat's hand: the viewer's pass, until played."""


def know(view: PlayerView) -> Knowledge:
    table = table_of(view)
    known = [0, 0, 0, 0]
    if view.pass_to is not None and view.received:  # the exchange has happened
        known[view.pass_to] = mask(view.passed) & ~table.played
    return Knowledge(
        seat=int(view.seat),
        mine=mask(view.hand),
        table=table,
        sizes=view.hand_sizes,
        known=(known[0], known[1], known[2], known[3]),
    )


def sample_plan(k: Knowledge) -> DealPlan:
    """How the unseen cards are dealt for ``k`` (the same for every sample of a decision): the
    cards neither played, nor the seat's own, nor known to be in a hand."""
    known_all = k.known[0] | k.known[1] | k.known[2] | k.known[3]
    free = FULL_DECK_MASK & ~k.table.played & ~k.mine & ~known_all
    return deal_plan(k.seat, free, k.table.voids, _DECK.suit_masks, _DECK.seats)


def sample_hands(
    k: Knowledge, rng: random.Random, plan: DealPlan | None = None
) -> list[int] | None:
    """The other seats' hands: the known cards where they are, the rest of the unseen cards dealt
    within each seat's hand size and outside the suits it has shown out of (the shared dealing,
    :mod:`picas.shared.sampling`)."""
    if plan is None:
        plan = sample_plan(k)
    return deal_hands(plan, k.seat, k.mine, k.sizes, k.known, rng, _ATTEMPTS)


_ATTEMPTS = 50
_DECK = Rules.deck
"""The deck the samples are dealt from: the rules'."""
"""Deals tried before a sample is given up."""


def candidates(k: Knowledge, legal: int, rules: Rules) -> list[int]:
    """One card for each group of equivalent legal cards: the same suit, no card anyone else may
    hold in between, and neither is ♠Q (nor the bonus card, ♦J or ♦10, when the table plays one).
    The lowest of each group."""
    special = 1 << QS | rules.bonus_bit
    settled = (k.table.played & ~mask(k.table.trick)) | k.mine
    out: list[int] = []
    rest = legal
    while rest:
        bit = rest & -rest
        rest ^= bit
        card = bit.bit_length() - 1
        if out:
            prev = out[-1]
            between = ((1 << card) - 1) & ~((2 << prev) - 1)
            if (
                prev // 13 == card // 13
                and not between & ~settled
                and not (bit | 1 << prev) & special
            ):
                continue
        out.append(card)
    return out


def hand_points(rules: Rules, points: list[int], jack: int) -> list[int]:
    """The hand's score by seat from the points taken: the moon and the bonus card (♦J, or ♦10
    in Omnibus; ``jack`` is who took it, −1 for no one) as the rules say."""
    score = list(points)
    if ALL_POINTS in points:
        shooter = points.index(ALL_POINTS)
        if rules.moon is MoonForm.OTHERS:
            score = [0 if s == shooter else ALL_POINTS for s in range(4)]
        else:
            score = [-ALL_POINTS if s == shooter else 0 for s in range(4)]
    if rules.bonus_bit and jack >= 0:
        score[jack] += JACK_POINTS
    return score


def playout(
    rules: Rules,
    hands: list[int],
    table: Table,
    card: int,
) -> list[int]:
    """Play ``card`` for the seat on turn, then the rest of the hand by the policy at every seat;
    the hand's score by seat. The rules' house rules play their part: the bonus card (♦J, ♦10 in
    Omnibus) in the policy and the score, and which cards break hearts."""
    bonus = table.bonus
    breakers = rules.breakers
    trick = list(table.trick)
    leader = table.leader
    played = table.played
    voids = list(table.voids)
    points = list(table.points)
    done = table.tricks_done
    broken = table.broken
    jack = -1
    turn = (leader + len(trick)) & 3
    # Item updates are written out: ``x[i] ^= y`` on a list is a generic call in compiled code.
    while True:
        bit = 1 << card
        hands[turn] = hands[turn] ^ bit
        played |= bit
        if trick and card // 13 != trick[0] // 13:
            voids[turn] = voids[turn] | 1 << trick[0] // 13
        if bit & breakers:
            broken = True
        trick.append(card)
        if len(trick) == 4:
            winner = (leader + trick.index(winner_of(trick))) & 3
            for c in trick:
                if 1 << c & POINT_MASK:
                    points[winner] = points[winner] + (13 if c == QS else 1)
                elif c == bonus:
                    jack = winner
            done += 1
            if done == 13:
                return hand_points(rules, points, jack)
            leader = turn = winner
            trick = []
        else:
            turn = (turn + 1) & 3
        card = choose_on(
            turn, hands[turn], trick, leader, played, voids, points, done, broken, bonus
        )


def relative(score: list[int], me: int) -> float:
    """My points against the others' average: lower is better (a moon of mine is −26)."""
    return score[me] - (sum(score) - score[me]) / 3


def search_play(
    k: Knowledge, rules: Rules, rng: random.Random, settings: SearchSettings
) -> tuple[int, int]:
    """The card for ``k.seat`` and the number of playouts run. Normal's card unless the search is
    confident another is better by ``margin`` plus ``confidence`` standard errors of the paired
    difference (the same sampled deals price every candidate)."""
    table = k.table
    me = k.seat
    normal = choose(me, k.mine, table)
    legal = legal_mask(k.mine, table.trick, table.tricks_done, table.broken)
    options = candidates(k, legal, rules)
    if len(options) == 1:
        return normal, 0
    samples = -(-settings.playouts // len(options))
    values: list[list[float]] = [[] for _ in options]
    plan = sample_plan(k)
    for _ in range(samples):
        hands = sample_hands(k, rng, plan)
        if hands is None:
            break
        for index, card in enumerate(options):
            values[index].append(relative(playout(rules, hands.copy(), table, card), me))
    runs = sum(len(v) for v in values)
    if not runs:
        return normal, 0
    own = group_of(options, normal)
    best = min(range(len(options)), key=lambda i: (sum(values[i]), i))
    if best == own:
        return normal, runs
    gains = [a - b for a, b in zip(values[own], values[best], strict=True)]  # lower is better
    if clearly_better(gains, settings.margin, settings.confidence):
        return options[best], runs
    return normal, runs


def group_of(options: list[int], card: int) -> int:
    """The index of the candidate standing for ``card`` (the last candidate at or below it in its
    suit)."""
    return max(i for i, c in enumerate(options) if c <= card and c // 13 == card // 13)
