"""The bid at «Dos jugadores»: one player, no partner, 13 tricks between two hands.

The count (:mod:`.two_evaluate`) says how many tricks the hand takes on average; the tricks it
really takes spread around that by about :data:`SPREAD` (the fit's residual). Normal and Difícil's
starting estimate bid the number that scores best on average over that spread, by the real
scoring (made: 10 a trick, or 200 at «10 por 200»; set: −10 a trick; a bag a little less than
nothing); so a hand counted at 6.5 bids 5, not 6 or 7: a set costs the whole bid, a trick bid short
only 10. Fácil bids the best bid of a count half a trick higher: slightly optimistic, as at four.
A Nil is priced the same way, by how often a Nil of that danger is made at two players
(:data:`.two_draw.NIL_CHANCE`): almost never worth it, since the opponent holds 13 cards to duck
under and keeps the lead. The score moves the count as at four (far behind: a braver bid; far
ahead: a more prudent one; bags near the limit: bid up).
"""

from __future__ import annotations

import math
from typing import Final

from picas.games.spades.bots.bid_reasons import BidReason, reason
from picas.games.spades.bots.evaluate import (
    BidDecision,
    HandEvaluation,
    ScoreSituation,
    feature_reasons,
    nil_danger,
    nil_reason_list,
    situation,
)
from picas.games.spades.bots.knowledge import dealt_hand
from picas.games.spades.bots.two_draw import NIL_CHANCE
from picas.games.spades.bots.two_evaluate import evaluate_two, tricks_two
from picas.games.spades.rules import Rules
from picas.games.spades.view import PlayerView

SPREAD: Final = 1.25
"""The spread (standard deviation, tricks) of what a hand takes around its count: the fit's
residual (scripts/two_players_fit.py)."""
BOLD: Final = 0.5
"""How much more Fácil counts (its bid is the best bid of the count plus this): slightly
optimistic, as at four; the count itself, rounded, was set on 35% of its contracts."""
OVERTRICK: Final = -0.5
"""An overtrick's worth for the bid: +1 point now, about 1.5 later in bags toward the penalty."""


def trick_chances(count: float) -> list[float]:
    """The chance of taking 0 … 13 tricks for a hand counted at ``count``: a normal spread of
    :data:`SPREAD` rounded to whole tricks."""
    cdf = [0.5 * (1.0 + math.erf((t + 0.5 - count) / (SPREAD * math.sqrt(2.0)))) for t in range(14)]
    return [cdf[0]] + [cdf[t] - cdf[t - 1] for t in range(1, 13)] + [1.0 - cdf[12]]


def bid_worth(bid: int, count: float, rules: Rules | None = None) -> float:
    """The average points of bidding ``bid`` (1–13) with a hand counted at ``count``."""
    big = 10 if rules is not None and rules.ten_for_200 else 14
    made = 200 if bid >= big else 10 * bid
    worth = 0.0
    for tricks, chance in enumerate(trick_chances(count)):
        worth += chance * (made + OVERTRICK * (tricks - bid) if tricks >= bid else -10 * bid)
    return worth


def nil_worth(danger: float, nil_points: int = 100) -> float:
    """The average points of a Nil of that danger at two players."""
    for most, chance in NIL_CHANCE:
        if danger <= most:
            return nil_points * (2.0 * chance - 1.0)
    return -float(nil_points)


def best_bid(count: float, rules: Rules | None = None) -> int:
    """The trick bid that scores best on average (the lower one on a tie)."""
    best, best_worth = 1, -1e9
    for bid in range(1, 14):
        worth = bid_worth(bid, count, rules)
        if worth > best_worth + 1e-9:
            best, best_worth = bid, worth
    return best


BID_SPREAD: Final = 1.0
"""How far (tricks) an opponent's bid may stray from what Normal would bid with a sampled hand
before the sample counts for little: his bid weighs the deals by exp(−gap² / 2·spread²)."""
NIL_MISS: Final = 0.1
"""The weight of a sampled Nil hand (one Normal would Nil with) for an opponent who bid tricks,
on top of the gap."""
_BEST: dict[tuple[float, bool], int] = {}


def bid_likelihood_two(bid: int, mask: int, rules: Rules) -> float:
    """How plausible it is that an opponent dealt ``mask`` (13 cards) bid ``bid`` at two players:
    Normal's bid for the hand, ignoring the score, against his (not normalised). Difícil weighs
    its sampled deals by it (:class:`~.two_search.TwoSampler`)."""
    # The count alone (not the reasons' features): this runs for every sampled deal.
    count = tricks_two(mask, jokers=rules.jokers)
    key = (count, rules.ten_for_200)
    predicted = _BEST.get(key)
    if predicted is None:
        predicted = _BEST[key] = best_bid(count, rules)
    nil_hand = nil_worth(nil_danger(mask), rules.nil_points) > bid_worth(predicted, count, rules)
    # A Nil from a hand Normal would bid tricks with is the likelier the fewer it would bid.
    gap = predicted if bid == 0 else bid - predicted
    if bid == 0 and nil_hand:
        return 1.0
    weight = math.exp(-gap * gap / (2.0 * BID_SPREAD * BID_SPREAD))
    return weight * NIL_MISS if nil_hand and bid else weight


def two_bid_for_hand(
    mask: int,
    score: ScoreSituation | None,
    *,
    rules: Rules | None = None,
    bold: bool = False,
    use_score: bool = True,
) -> BidDecision:
    """The bid for a 13-card hand at two players, with its reasons (the cards named, for the
    hand's owner; :func:`explain_two` words them for the table). ``bold``: Fácil's bid, the
    best bid of a count :data:`BOLD` higher."""
    evaluation = evaluate_two(mask, jokers=rules is not None and rules.jokers)
    reasons = feature_reasons(evaluation)
    count = evaluation.tricks
    if use_score and score is not None:
        if score.far_behind:
            count += 0.3
            reasons.append(reason("far_behind_alone"))
        elif score.far_ahead:
            count -= 0.3
            reasons.append(reason("far_ahead_alone"))
        if score.bags_near_limit:
            count += 0.4
            reasons.append(reason("bags_near_limit"))
    # Fácil's is slightly optimistic: the best bid of a count half a trick higher.
    bid = best_bid(count + BOLD if bold else count, rules)
    nil_points = 100 if rules is None else rules.nil_points
    if not bold and nil_worth(evaluation.nil_danger, nil_points) > bid_worth(bid, count, rules):
        return BidDecision(0, tuple(nil_reason_list(evaluation, mask)), evaluation)
    if not reasons:
        reasons.append(reason("few_high_cards"))
    return BidDecision(bid, tuple(reasons), evaluation)


def decide_two_bid(view: PlayerView, *, bold: bool = False) -> BidDecision:
    """The viewer's bid at two players, at this score (Normal's; Fácil's with ``bold``)."""
    return two_bid_for_hand(
        dealt_hand(view), situation(view), rules=view.rules, bold=bold, use_score=not bold
    )


def explain_two(evaluation: HandEvaluation, bid: int, mask: int) -> tuple[BidReason, ...]:
    """A computer player's reasons at two players, naming no card and no suit."""
    if bid == 0:
        return tuple(nil_reason_list(evaluation, mask, name_cards=False))
    return tuple(feature_reasons(evaluation, name_cards=False) or [reason("few_high_cards")])
