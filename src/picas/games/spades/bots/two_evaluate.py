"""The hand evaluator of «Dos jugadores»: how many of the 13 tricks a hand takes against one
opponent, with no partner and 26 cards out of play.

At two players the trick count of a hand is not the four-seat one: there are 13 tricks between two
hands, so an average hand takes 6.5, a low card often wins a trick (the opponent cannot follow and
has no spade, or has to overtake the lead), and a spade is worth about three quarters of a trick
whatever its rank. The weights below are a least-squares fit of the tricks each hand took when
the two-seat heuristic (:mod:`.two_policy`) played both hands of draw-and-pick deals out to the
end, both seats wanting every trick (``scripts/two_players_fit.py`` refits them; its output is in
docs/bots.md). A :class:`~picas.games.spades.bots.evaluate.HandEvaluation` lists the features with
their share of the count, so the tip and «¿Por qué?» name what was counted, as at four.

The same count values a hand in the draw (:mod:`.two_draw`): it is defined on any set of cards,
and a partial hand's shape counts only as far as the hand is full.
"""

from __future__ import annotations

from typing import Final

from picas.games.spades.bots.evaluate import (
    ACE,
    KING,
    QUEEN,
    Feature,
    HandEvaluation,
    nil_danger,
)
from picas.games.spades.bots.knowledge import SUIT_MASK

COUNTS: Final = (
    "base",
    "side_ace",
    "side_king_with_ace",
    "side_king_guarded",
    "side_king_single",
    "side_queen_with_honour",
    "side_queen_guarded",
    "side_queen_other",
    "side_jack",
    "trump_1",
    "trump_2",
    "trump_3",
    "trump_4",
    "trump_5",
    "spade",
    "spade_beyond_four",
    "void",
    "singleton",
    "side_beyond_four",
)
"""What the count counts, in the order of :func:`counts` and :data:`WEIGHTS`: the base (1), side
aces, side kings beside their ace, guarded by a smaller card or alone, side queens beside a higher
honour, guarded by two or alone, side jacks; the five highest trumps held by rank from the top
(♠A ♠K ♠Q ♠J ♠10, or at «Comodines» the big joker, the little joker, ♠A, ♠K, ♠Q); every spade
(trump); each spade beyond the fourth; side voids and singletons beside a spade (ruffs); each card
of a side suit beyond its fourth."""

WEIGHTS: Final[tuple[float, ...]] = (
    -0.62,
    0.822,
    0.485,
    0.687,
    0.097,
    0.21,
    0.496,
    0.209,
    0.153,
    0.837,
    0.901,
    0.906,
    0.66,
    0.274,
    0.625,
    0.184,
    0.859,
    0.25,
    -0.274,
)
"""The value of each of :data:`COUNTS` in tricks: ``scripts/two_players_fit.py 12000 2026`` (24,000
hands, tricks spread 2.06, residual 1.24)."""

_AS_FINISHED = {"side_king_single": "side_king_guarded", "void": "", "singleton": ""}
FILLING: Final[tuple[float, ...]] = tuple(
    (WEIGHTS[COUNTS.index(_AS_FINISHED[name])] if _AS_FINISHED[name] else 0.0)
    if name in _AS_FINISHED
    else weight
    for name, weight in zip(COUNTS, WEIGHTS, strict=True)
)
"""The count of a hand still filling, for the draw: its shape is not yet its shape, so no void
or singleton counts (a void of a three-card hand is no void at 13), and a king counts as it will
most likely be by then, guarded (a lone ♥K drawn early is not a lone king at 13). A queen keeps
its own count: counted as guarded too, Normal's draw kept lone queens and lost 1.9 points a deal
to a draw that keeps only spades, kings and aces (docs/benchmarks.md)."""

_VOID = COUNTS.index("void")
_TRUMP_1 = COUNTS.index("trump_1")


def counts(mask: int, *, jokers: bool = False) -> list[float]:
    """How many of each of :data:`COUNTS` ``mask`` (any number of cards) holds."""
    out = [0.0] * len(COUNTS)
    out[0] = 1.0
    spades = mask >> 39 & 0x7FFF  # ♠2 … ♠A, then the jokers of «Comodines»
    n_sp = spades.bit_count()
    top_rank = 14 if jokers else ACE
    for step in range(5):
        if spades >> (top_rank - step) & 1:
            out[_TRUMP_1 + step] = 1.0
    out[14] = n_sp
    out[15] = max(0, n_sp - 4)
    for suit in range(3):
        bits = mask >> 13 * suit & 0x1FFF
        n = bits.bit_count()
        ace = bits >> ACE & 1
        king = bits >> KING & 1
        out[1] += ace
        if king:
            out[2 if ace else 3 if n >= 2 else 4] += 1
        if bits >> QUEEN & 1:
            out[5 if ace or king else 6 if n >= 3 else 7] += 1
        out[8] += bits >> 9 & 1
        out[18] += max(0, n - 4)
        if n_sp and n <= 1:
            out[_VOID + n] += 1
    return out


def tricks_two(mask: int, *, jokers: bool = False, weights: tuple[float, ...] = WEIGHTS) -> float:
    """The expected tricks of ``mask`` at two players (of a 13-card hand; a partial hand's is
    what its cards count so far)."""
    total = 0.0
    for count, weight in zip(counts(mask, jokers=jokers), weights, strict=True):
        total += count * weight
    return total


def features_two(mask: int, *, jokers: bool = False) -> list[Feature]:
    """The count of ``mask`` feature by feature (the base apart), for the reasons: the same
    values as :func:`tricks_two`."""
    w = dict(zip(COUNTS, WEIGHTS, strict=True))
    out: list[Feature] = []
    spades = mask >> 39 & 0x7FFF
    n_sp = spades.bit_count()
    top_rank = 14 if jokers else ACE
    for step in range(5):
        rank = top_rank - step
        if spades >> rank & 1:
            kind = "sure" if step == 0 else "honour"
            out.append(Feature(kind, 3, (39 + rank,), w[f"trump_{step + 1}"]))
    if n_sp:
        kind = "long_spades" if n_sp >= 4 else "spades"
        value = w["spade"] * n_sp + w["spade_beyond_four"] * max(0, n_sp - 4)
        out.append(Feature(kind, 3, (), value))
    for suit in range(3):
        bits = mask >> 13 * suit & 0x1FFF
        n = bits.bit_count()
        base = 13 * suit
        ace = bits >> ACE & 1
        king = bits >> KING & 1
        if ace:
            out.append(Feature("sure", suit, (base + ACE,), w["side_ace"]))
        if king:
            if ace:
                out.append(Feature("sure", suit, (base + KING,), w["side_king_with_ace"]))
            elif n >= 2:
                out.append(Feature("guarded_king", suit, (base + KING,), w["side_king_guarded"]))
            else:
                out.append(Feature("honour", suit, (base + KING,), w["side_king_single"]))
        if bits >> QUEEN & 1:
            if ace or king:
                value = w["side_queen_with_honour"]
            elif n >= 3:
                value = w["side_queen_guarded"]
            else:
                value = w["side_queen_other"]
            out.append(Feature("honour", suit, (base + QUEEN,), value))
        if bits >> 9 & 1:
            out.append(Feature("honour", suit, (base + 9,), w["side_jack"]))
        if n > 4:
            out.append(Feature("long_side", suit, (), w["side_beyond_four"] * (n - 4)))
        if n_sp and n == 0:
            out.append(Feature("void", suit, (), w["void"]))
        elif n_sp and n == 1:
            out.append(Feature("singleton", suit, (), w["singleton"]))
    return out


def evaluate_two(mask: int, *, jokers: bool = False) -> HandEvaluation:
    """:func:`~picas.games.spades.bots.evaluate.evaluate_hand` at two players."""
    features = features_two(mask, jokers=jokers)
    lengths = tuple((mask & SUIT_MASK[s]).bit_count() for s in range(4))
    return HandEvaluation(
        tricks=WEIGHTS[0] + sum(f.tricks for f in features),
        features=tuple(features),
        nil_danger=nil_danger(mask),
        lengths=(lengths[0], lengths[1], lengths[2], lengths[3]),
    )
