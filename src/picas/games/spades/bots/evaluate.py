"""Hand evaluation for bidding: count sure tricks, judge a Nil, adjust to the score.

One evaluator serves every level and the bid tip, so the tip explains exactly what the computer
players do: a :class:`HandEvaluation` lists the features it counted (aces, guarded kings, long
spades, ruffs…) with their value, and :func:`decide_bid` turns it into a bid and its reasons
(codes and parameters, :mod:`picas.games.spades.bots.bid_reasons`; their Spanish words for the API).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from picas.games.spades.bots.bid_reasons import (
    BidReason,
    cards_param,
    reason,
    suits_param,
    texts,
)
from picas.games.spades.bots.knowledge import SUIT_MASK
from picas.games.spades.rules import Rules
from picas.games.spades.view import PlayerView

ACE, KING, QUEEN, JACK, TEN = 12, 11, 10, 9, 8


LITTLE_JOKER_RANK, BIG_JOKER_RANK = 13, 14
LONG_FROM_JOKERS = 4
"""At «Comodines», the spades beyond this many win as long trumps (3 in the standard game)."""
"""The jokers of «Comodines» as spade ranks above the ace (cards 52 and 53 = 39 + rank)."""


@dataclass(frozen=True, slots=True)
class Feature:
    """One thing the evaluator counted, worth ``tricks`` (possibly a fraction)."""

    kind: str
    """``sure`` (an ace or a solid spade honour), ``guarded_king``, ``honour`` (a partial
    honour), ``long_spades``, ``void``, ``singleton``, ``doubleton``."""
    suit: int
    cards: tuple[int, ...]
    tricks: float


@dataclass(frozen=True, slots=True)
class HandEvaluation:
    tricks: float
    """Expected tricks: the sum of the features' values."""
    features: tuple[Feature, ...]
    nil_danger: float
    """How likely the hand is to be forced to win a trick: 0 is a perfect Nil."""
    lengths: tuple[int, int, int, int]


def _ranks(mask: int, suit: int) -> list[int]:
    """Ranks (0 = two … 12 = ace) held in ``suit``, highest first; the spades' may hold the
    jokers of «Comodines» above the ace (13, 14)."""
    bits = (mask & SUIT_MASK[suit]) >> (13 * suit)
    return [r for r in range(14 if suit == 3 else 12, -1, -1) if bits >> r & 1]


def evaluate_hand(mask: int, *, jokers: bool = False) -> HandEvaluation:
    """Count the tricks a 13-card hand should take, feature by feature.

    Aces are sure. A king counts when guarded by one to four other cards (a suit of 2–5 cards); a
    queen only with a higher honour or a long guard. Spades: solid honours are sure, and every spade
    beyond the third wins as trump. Short side suits give ruffs, as many as the spare spades allow.
    With ``jokers`` («Comodines») the two jokers are the top trumps: the big one is sure, the
    little one is sure under it, and ♠A is the third trump (valued as ♠Q is without jokers).
    """
    features: list[Feature] = []
    lengths = tuple(len(_ranks(mask, s)) for s in range(4))
    # --- spades ----------------------------------------------------------------------------
    spade_ranks = _ranks(mask, 3)
    n_sp = len(spade_ranks)
    counted_spades = 0
    sure: list[int] = []
    partial: list[tuple[int, float]] = []
    top = BIG_JOKER_RANK if jokers else ACE
    ten, queen = top - (ACE - TEN), top - (ACE - QUEEN)
    for position, rank in enumerate(spade_ranks):
        # Spades above this one held by others (``position`` of ours are above it).
        missing_above = (top - rank) - position
        card = 39 + rank
        if missing_above == 0:
            sure.append(card)
        elif rank >= ten and n_sp - position > missing_above:
            # Enough spades below it to wait out the missing honours.
            if missing_above == 1:
                value = 0.85 if n_sp >= 3 else 0.65
            elif missing_above == 2:
                value = 0.6 if n_sp >= 4 else 0.35
            else:
                value = 0.4 if n_sp >= 5 else 0.2
            partial.append((card, value))
        elif rank >= queen and n_sp >= 2:
            partial.append((card, 0.35))
        if missing_above > 0 and rank < ten:
            break
    counted_spades = len(sure) + len(partial)
    for card in sure:
        features.append(Feature("sure", 3, (card,), 1.0))
    for card, value in partial:
        features.append(Feature("honour", 3, (card,), value))
    # Every spade beyond the third wins as trump; with the jokers there are 15 trumps (3.75 a hand
    # on average, not 3.25), so beyond the fourth: at three, four Normals bid 11.4 a table and were
    # set on 14% of their contracts, against 10.0 and 4% in the standard game (docs/benchmarks.md).
    long_tricks = max(0, n_sp - max(LONG_FROM_JOKERS if jokers else 3, counted_spades))
    if long_tricks:
        features.append(Feature("long_spades", 3, (), 0.9 * long_tricks))
        counted_spades += long_tricks
    spare_spades = max(0, n_sp - counted_spades)
    # --- side suits --------------------------------------------------------------------------
    for suit in range(3):
        ranks = _ranks(mask, suit)
        n = len(ranks)
        base = 13 * suit
        if ACE in ranks:
            features.append(Feature("sure", suit, (base + ACE,), 1.0 if n <= 5 else 0.75))
        if KING in ranks:
            if ACE in ranks and 2 <= n <= 5:
                features.append(Feature("sure", suit, (base + KING,), 0.9))
            elif 2 <= n <= 5:
                features.append(
                    Feature("guarded_king", suit, (base + KING,), 0.8 if n >= 3 else 0.65)
                )
            elif n >= 6:
                features.append(Feature("honour", suit, (base + KING,), 0.4))
        if QUEEN in ranks and 3 <= n <= 5:
            above = (ACE in ranks) + (KING in ranks)
            value = (0.6, 0.5, 0.7)[above] if above else 0.25
            if above == 0 and n < 4:
                value = 0.15
            features.append(Feature("honour", suit, (base + QUEEN,), value))
    # --- ruffs: voids and short suits, with the spades not already counted -------------------
    if spare_spades:
        short = sorted((lengths[s], s) for s in range(3) if lengths[s] <= 2)
        for n, suit in short:
            if not spare_spades:
                break
            chances = (2, 1, 1)[n]
            value_each = (0.85, 0.7, 0.3)[n]
            used = min(chances, spare_spades)
            spare_spades -= used
            kind = ("void", "singleton", "doubleton")[n]
            features.append(Feature(kind, suit, (), value_each * used))
    tricks = sum(f.tricks for f in features)
    return HandEvaluation(
        tricks=tricks,
        features=tuple(features),
        nil_danger=nil_danger(mask),
        lengths=(lengths[0], lengths[1], lengths[2], lengths[3]),
    )


def nil_danger(mask: int) -> float:
    """How exposed the hand is as a Nil: each high card that little cards don't cover.

    An ace or king is fatal-ish; a queen or jack is a danger unless the suit has low cards to
    duck with (or is short enough to discard early); spades are the worst, they cannot be
    discarded and win every ruff.
    """
    danger = 0.0
    spades = _ranks(mask, 3)
    if len(spades) >= 4:
        danger += 1.5 * (len(spades) - 3)
    for rank in spades:
        if rank >= QUEEN:
            danger += 3.0
        elif rank >= JACK:
            danger += 1.2
        elif rank >= 7:  # 9, 10
            danger += 0.4
    for suit in range(3):
        ranks = _ranks(mask, suit)
        n = len(ranks)
        lows = sum(1 for r in ranks if r <= 4)  # 2-6
        for position, rank in enumerate(ranks):
            if rank == ACE:
                danger += 3.0
            elif rank == KING:
                danger += 1.6 if lows >= 3 else 2.5
            elif rank == QUEEN:
                danger += 0.5 if lows >= 2 else 1.2
            elif rank == JACK:
                danger += 0.2 if lows >= 2 else 0.6
            elif rank >= 7 and position == n - 1:
                danger += 0.3  # the lowest card of the suit is a 9 or more
        if n >= 1 and lows == 0 and ranks[-1] >= 6:
            danger += 0.3
    return danger


# --- the bid ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BidStyle:
    """How a level turns an evaluation into a bid."""

    scale: float = 1.0
    shift: float = 0.0
    nil_max_danger: float = 1.6
    nil_max_tricks: float = 1.8
    use_score: bool = True


FACIL_STYLE = BidStyle(
    scale=0.8, shift=0.0, nil_max_danger=0.9, nil_max_tricks=1.2, use_score=False
)
# Normal counts a little short of the evaluator's full count: at × 0.85 four Normals were set on
# 9% of their contracts and their games to 250 lasted 4.9 hands; at × 0.8, 6% and 5.1 hands, still
# bidding 10.3 a table (docs/benchmarks.md). Difícil starts its search from the bolder count: the
# search itself then prices the bids around it.
NORMAL_STYLE = BidStyle(scale=0.8)
DIFICIL_STYLE = BidStyle(scale=0.85)


@dataclass(frozen=True, slots=True)
class BidDecision:
    bid: int
    why: tuple[BidReason, ...]
    """The reasons, most important first, as codes and parameters."""
    evaluation: HandEvaluation

    @property
    def reasons(self) -> tuple[str, ...]:
        """The reasons in Spanish."""
        return texts(self.why)


@dataclass(frozen=True, slots=True)
class ScoreSituation:
    """The score seen from one seat's team."""

    ours: int
    theirs: int
    our_bags: int
    target: int
    bag_limit: int
    bag_penalty: bool

    @property
    def lead(self) -> int:
        return self.ours - self.theirs

    @property
    def far_behind(self) -> bool:
        return self.lead <= -150 or (self.theirs >= self.target - 60 and self.lead <= -60)

    @property
    def far_ahead(self) -> bool:
        return self.lead >= 150

    @property
    def bags_near_limit(self) -> bool:
        return self.bag_penalty and self.our_bags >= self.bag_limit - 3


def situation(view: PlayerView) -> ScoreSituation:
    team = view.seat.team
    return ScoreSituation(
        ours=view.totals[team],
        theirs=view.totals[1 - team],
        our_bags=view.bags[team],
        target=view.rules.target,
        bag_limit=view.rules.bag_limit,
        bag_penalty=view.rules.bag_penalty,
    )


def decide_bid(view: PlayerView, mask: int, style: BidStyle = NORMAL_STYLE) -> BidDecision:
    """The bid for ``mask`` (the seat's 13 cards) at this table, with the reasons in Spanish."""
    return bid_for_hand(
        mask, view.bids[view.seat.partner], situation(view), style, rules=view.rules
    )


def bid_for_hand(
    mask: int,
    partner_bid: int | None,
    score: ScoreSituation | None,
    style: BidStyle,
    *,
    rules: Rules | None = None,
) -> BidDecision:
    """The bid for a 13-card hand given the partner's bid (``None``: not yet) and the score
    (``None``: ignore it, as the search does for the seats it imagines), within the house
    variants of ``rules`` (``None``: the standard game)."""
    evaluation = evaluate_hand(mask, jokers=rules is not None and rules.jokers)
    reasons = feature_reasons(evaluation)
    tricks = evaluation.tricks * style.scale + style.shift
    nil_max_danger = style.nil_max_danger
    nil_max_tricks = style.nil_max_tricks
    if style.use_score and score is not None:
        if score.far_behind:
            tricks += 0.3
            nil_max_danger += 0.6
            nil_max_tricks += 0.4
            reasons.append(reason("far_behind"))
        elif score.far_ahead:
            tricks -= 0.3
            nil_max_danger -= 0.4
            reasons.append(reason("far_ahead"))
        if score.bags_near_limit:
            tricks += 0.4
            reasons.append(reason("bags_near_limit"))
    lowest = lowest_bid(rules, partner_bid)
    nil_allowed = partner_bid != 0 and not lowest
    if (
        nil_allowed
        and evaluation.nil_danger <= nil_max_danger
        and evaluation.tricks <= nil_max_tricks
    ):
        nil_reasons = nil_reason_list(evaluation, mask)
        return BidDecision(0, tuple(nil_reasons), evaluation)
    if partner_bid == 0:
        reasons.append(reason("partner_nil"))
    bid = max(1, min(13, int(tricks + 0.5)))
    if rules is not None and partner_bid is not None:
        bid = house_bid(rules, bid, partner_bid, evaluation.tricks, reasons)
    if not reasons:
        reasons.append(reason("few_high_cards"))
    return BidDecision(bid, tuple(reasons), evaluation)


def lowest_bid(rules: Rules | None, partner_bid: int | None) -> int:
    """The lowest bid the team minimum allows once the partner has bid (0: any, Nil too), as the
    engine's :meth:`~picas.games.spades.hand.HandState.lowest_bid` says."""
    if rules is None or not rules.team_minimum or partner_bid is None:
        return 0
    return max(0, rules.team_minimum - partner_bid)


def house_bid(
    rules: Rules, bid: int, partner_bid: int, tricks: float, reasons: list[BidReason]
) -> int:
    """The second partner's trick bid under the house variants, from the evaluator's bid and
    full count (``tricks``, unscaled): raised to the team minimum; to 13 when the partner's bid
    and this hand's count together really reach 13, at «Premio por 13 bazas»; to a team 10, or
    down to it, at «10 por 200» (11 or 12 made score no more than 10 made)."""
    lowest = lowest_bid(rules, partner_bid)
    if bid < lowest:
        bid = lowest
        reasons.append(reason("team_minimum", min=rules.team_minimum, lowest=lowest))
    team = partner_bid + bid
    if rules.all_thirteen != "off" and team < 13 and partner_bid + tricks >= ALL_THIRTEEN_COUNT:
        reasons.append(all_thirteen_reason(rules))
        return 13 - partner_bid
    if rules.ten_for_200 and team < 13:
        if 8 <= team < 10 and partner_bid + tricks >= TEN_COUNT:
            reasons.append(reason("ten_reach"))
            return 10 - partner_bid
        if team > 10 and 10 - partner_bid >= max(1, lowest):
            reasons.append(reason("ten_enough"))
            return 10 - partner_bid
    return bid


ALL_THIRTEEN_COUNT = 12.5
"""The partner's bid plus this hand's full count that makes 13 a real try: the partner's bid is
already a cautious count (about 0.8 of its tricks), so this is near-certain, never a hope."""
TEN_COUNT = 9.7
"""The same for a team 10 at «10 por 200»: 200 against 80 or 90 is worth a little risk."""


def all_thirteen_reason(rules: Rules) -> BidReason:
    """Going for the 13 tricks' prize: the game, or its points."""
    if rules.all_thirteen == "win":
        return reason("all_thirteen_win")
    return reason("all_thirteen_bonus", points=rules.all_thirteen_points)


def feature_reasons(evaluation: HandEvaluation, *, name_cards: bool = True) -> list[BidReason]:
    """The reasons for a trick-taking bid, one per kind of feature.

    ``name_cards`` is for the hand's owner (the tip): "♠A ♥A seguras", "sin tréboles". A computer
    player's reason is read by the others at the table, who must not learn its cards: without
    ``name_cards`` it says counts and shapes only ("2 bazas seguras", "sin cartas de un palo").
    """
    reasons: list[BidReason] = []
    sure = [c for f in evaluation.features if f.kind == "sure" for c in f.cards]
    sure.sort(key=lambda c: (-(c // 13), -c))
    if name_cards:
        reasons.extend(joker_reasons(evaluation))
        sure = [c for c in sure if c < 52]
    if sure:
        if name_cards:
            reasons.append(reason("sure_cards", cards=cards_param(sure), n=len(sure)))
        else:
            reasons.append(reason("sure_tricks", n=len(sure)))
    kings = [f.cards[0] for f in evaluation.features if f.kind == "guarded_king"]
    if name_cards:
        reasons.extend(reason("guarded_king", card=cards_param([king])[0]) for king in kings)
    elif kings:
        reasons.append(reason("guarded_kings", n=len(kings)))
    if any(f.kind == "long_spades" for f in evaluation.features):
        reasons.append(reason("long_spades", n=evaluation.lengths[3]))
    for kind in ("void", "singleton", "doubleton"):
        suits = [f.suit for f in evaluation.features if f.kind == kind]
        if suits:
            reasons.append(ruff_reason(kind, suits, name_cards=name_cards))
    return reasons


def joker_reasons(evaluation: HandEvaluation) -> list[BidReason]:
    """The jokers of «Comodines» in the tip, by name: «con el comodín grande, una baza segura»,
    «con los dos comodines, dos bazas seguras», «con el comodín pequeño, casi una baza»."""
    sure = {c for f in evaluation.features if f.kind == "sure" for c in f.cards}
    honours = {c for f in evaluation.features if f.kind == "honour" for c in f.cards}
    if {52, 53} <= sure:
        return [reason("jokers_both")]
    out = []
    if 53 in sure:
        out.append(reason("joker_big"))
    if 52 in honours:
        out.append(reason("joker_little"))
    return out


_SHAPES = {"void": "void", "singleton": "singleton", "doubleton": "doubleton"}


def ruff_reason(kind: str, suits: list[int], *, name_cards: bool) -> BidReason:
    """The short suits that give ruffs, all of one kind in one reason: «sin tréboles ni
    diamantes, puedes fallar», «solo dos diamantes y dos corazones, quizá falles»; without
    ``name_cards``, the count only: «sin cartas de un palo, puedes fallar»."""
    if not name_cards:
        return reason(f"{_SHAPES[kind]}_count", n=len(suits))
    return reason(f"{_SHAPES[kind]}_suits", suits=suits_param(suits))


def nil_high_cards(mask: int) -> int:
    """The high cards a Nil holds: aces and kings, and the spades from the queen up (the jokers
    of «Comodines» too). The evaluator's Nils hold at most a king with low cards of its suit to
    play under it (their Nil danger allows no more); Difícil's search prices a Nil up to a danger
    of 4.0, an ace or a high spade with a little more (:class:`~.search.SearchSettings`)."""
    high = sum(1 for rank in _ranks(mask, 3) if rank >= QUEEN)
    for suit in range(3):
        high += sum(1 for rank in _ranks(mask, suit) if rank >= KING)
    return high


def nil_reason_list(
    evaluation: HandEvaluation, mask: int, *, name_cards: bool = True
) -> list[BidReason]:
    """Why a Nil: no high cards (or how many, for Difícil's searched Nils, which may carry some),
    short low spades, the voids to discard into (``name_cards``: as in :func:`feature_reasons`)."""
    high = nil_high_cards(mask)
    reasons = [reason("nil_high_cards", n=high) if high else reason("nil_hand")]
    spades = _ranks(mask, 3)
    if not spades:
        reasons.append(reason("nil_no_spades"))
    elif len(spades) <= 3 and spades[0] < QUEEN:
        if name_cards:
            top = cards_param([39 + spades[0]])[0]
            reasons.append(reason("nil_short_spades_top", card=top))
        else:
            reasons.append(reason("nil_short_spades"))
    voids = [suit for suit in range(3) if evaluation.lengths[suit] == 0]
    if voids and name_cards:
        reasons.append(reason("nil_voids", suits=suits_param(voids)))
    elif voids:
        reasons.append(reason("nil_void_count", n=len(voids)))
    return reasons


def decide_blind_nil(view: PlayerView, rng: random.Random) -> bool:
    """Whether to declare Blind Nil (only asked while it is on offer).

    Worth ±200, so only when the team is well behind: always from 200 behind or when the
    opponents are close to winning, otherwise one time in four, drawn from the seeded generator.
    Never when the partner has already bid Nil.
    """
    if not view.blind_nil_offered or view.bids[view.seat.partner] == 0:
        return False
    if lowest_bid(view.rules, view.bids[view.seat.partner]):
        return False  # the team minimum leaves this seat the whole contract
    score = situation(view)
    draw = rng.random()  # always drawn, so the decision uses the generator the same way
    if score.lead <= -200 or score.theirs >= score.target - 80:
        return True
    return score.lead <= -100 and draw < 0.25
