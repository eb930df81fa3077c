"""The draw of «Dos jugadores»: keep the stock's top card, or put it out and take the next unseen.

The choice is between a known card and a random one: the next card is one of the cards this
player has not seen (its hand, its seen discards and the top card excepted), each as likely. So
the top card is kept when the hand is worth more with it than, on average, with the unseen card
instead. What a hand is worth is the two-player trick count (:mod:`.two_evaluate`): spades (every
one about three quarters of a trick, the top ones more), aces, guarded kings, and once the hand is
nearly full the short suits that let its spades ruff.

- Fácil weighs the card alone against the average card: a high card or a spade is kept, a low
  side card goes.
- Normal weighs it in the hand so far (a king beside its ace, a fifth card of a long side suit
  that adds nothing), against the exact average over the unseen cards.
- Difícil weighs the finished hands: it completes the hand many times from the unseen cards, the
  same completions for both choices (so the comparison is paired and only the one card differs),
  and prices each finished hand by the count with its shape (voids and singletons beside the
  spades), or as a Nil when that is worth more. A fixed number of completions, drawn from the
  decision's own generator.

Every level answers with a :class:`DrawChoice`: the choice and the reason's code
(:data:`DRAW_REASONS_ES`), which the hint shows on the page.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from picas.games.spades.bots.evaluate import nil_danger
from picas.games.spades.bots.two_evaluate import FILLING, WEIGHTS, tricks_two
from picas.games.spades.bots.two_knowledge import draw_position
from picas.games.spades.view import PlayerView
from picas.shared.cards import indices_in

COMPLETIONS: Final = 48
"""Difícil's finished hands per draw decision (each priced twice, with and without the card)."""


NIL_CHANCE: Final = ((0.5, 0.05), (1.0, 0.04), (2.0, 0.02))
"""How often a Nil is made at two players by the hand's Nil danger (at most the first figure):
measured by playing random hands out as Nils against the two-seat heuristic that knows them
(docs/bots.md). A Nil is almost never right at two players: the opponent holds 13 cards to duck
under and keeps the lead."""

DRAW_REASONS_ES: Final[dict[str, str]] = {
    "draw_keep_top_spade": "Quédatela: una pica alta es una baza segura",
    "draw_keep_joker": "Quédatela: un comodín es la baza más segura",
    "draw_keep_spade": "Quédatela: las picas ganan bazas y fallan los palos que te falten",
    "draw_keep_ace": "Quédatela: un as es casi una baza segura",
    "draw_keep_honour": "Quédatela: una carta alta vale más que la carta que venga a ciegas",
    "draw_keep_shape": "Quédatela: vale más en tu mano que la carta que venga a ciegas",
    "draw_discard_low": "Descártala: la siguiente puede servir más",
    "draw_discard_long": "Descártala: alargaría un palo ya largo; la siguiente puede servir más",
    "draw_discard_shape": "Descártala: en tu mano vale menos que la carta que venga a ciegas",
}
"""The draw's reasons: every code a :class:`DrawChoice` may carry, and its Spanish words."""


@dataclass(frozen=True, slots=True)
class DrawChoice:
    keep: bool
    reason: str
    """A key of :data:`DRAW_REASONS_ES`."""
    gain: float
    """What keeping is worth over discarding, in tricks (positive: keep)."""

    def text_es(self) -> str:
        return DRAW_REASONS_ES[self.reason]


def card_alone(card: int, *, jokers: bool = False) -> float:
    """A card's value by itself at two players (Fácil's measure): a spade's and its rank's, an
    ace's, a side honour's."""
    return tricks_two(1 << card, jokers=jokers, weights=FILLING) - WEIGHTS[0]


def facil_draw(top: int, unseen: int, *, jokers: bool = False) -> DrawChoice:
    """Keep the card when it is worth more alone than the average unseen card alone."""
    cards = indices_in(unseen)
    average = sum(card_alone(c, jokers=jokers) for c in cards) / len(cards) if cards else 0.0
    gain = card_alone(top, jokers=jokers) - average
    return DrawChoice(gain > 0, _reason(top, gain, 0, jokers=jokers), gain)


def normal_draw(hand: int, top: int, unseen: int, *, jokers: bool = False) -> DrawChoice:
    """Keep the card when the hand so far is worth more with it than, on average, with any unseen
    card instead (the count without the shape of a hand still filling)."""
    cards = indices_in(unseen)
    if not cards:
        return DrawChoice(True, _reason(top, 1.0, hand, jokers=jokers), 1.0)
    average = sum(tricks_two(hand | 1 << c, jokers=jokers, weights=FILLING) for c in cards) / len(
        cards
    )
    gain = tricks_two(hand | 1 << top, jokers=jokers, weights=FILLING) - average
    return DrawChoice(gain > 0, _reason(top, gain, hand, jokers=jokers), gain)


def hand_value(mask: int, *, jokers: bool = False) -> float:
    """A finished hand's worth in tricks: its count, or a Nil's worth when that is more (a Nil
    made is 100 points against 10 a trick: ±10 tricks by its chance)."""
    tricks = tricks_two(mask, jokers=jokers)
    danger = nil_danger(mask)
    for most, chance in NIL_CHANCE:
        if danger <= most:
            return max(tricks, 10.0 * (2.0 * chance - 1.0) + 10.0)
    return tricks


def dificil_draw(
    hand: int,
    top: int,
    unseen: int,
    rng: random.Random,
    *,
    jokers: bool = False,
    completions: int = COMPLETIONS,
) -> DrawChoice:
    """Keep the card when the finished hands are worth more with it: ``completions`` times, the
    hand is filled up to 13 from the unseen cards in a random order; keeping takes the top card
    and the first cards of that order, discarding the same cards and one more of the order in
    its place."""
    pool = indices_in(unseen)
    room = 13 - hand.bit_count()  # cards still to come, this one included
    if room <= 0 or len(pool) < room:
        return normal_draw(hand, top, unseen, jokers=jokers)
    total = 0.0
    for _ in range(completions):
        # A partial shuffle: only the first ``room`` cards of the order are needed.
        for i in range(room):
            j = i + int(rng.random() * (len(pool) - i))
            pool[i], pool[j] = pool[j], pool[i]
        rest = hand
        for i in range(room - 1):
            rest |= 1 << pool[i]
        kept = hand_value(rest | 1 << top, jokers=jokers)
        put_out = hand_value(rest | 1 << pool[room - 1], jokers=jokers)
        total += kept - put_out
    gain = total / completions
    return DrawChoice(gain > 0, _reason(top, gain, hand, jokers=jokers), gain)


def draw_choice(view: PlayerView, level: str, rng: random.Random) -> DrawChoice:
    """The ``level``'s draw («facil», «normal», «dificil») from the viewer's draw position."""
    hand, top, unseen = draw_position(view)
    jokers = view.rules.jokers
    if level == "facil":
        return facil_draw(top, unseen, jokers=jokers)
    if level == "normal":
        return normal_draw(hand, top, unseen, jokers=jokers)
    return dificil_draw(hand, top, unseen, rng, jokers=jokers)


def _reason(top: int, gain: float, hand: int, *, jokers: bool) -> str:
    """The words for a choice: what the card is, when that says why."""
    suit = min(top // 13, 3)
    if gain > 0:
        if top >= 52:
            return "draw_keep_joker"
        rank = top % 13
        if suit == 3:
            return "draw_keep_top_spade" if rank >= (12 if jokers else 11) else "draw_keep_spade"
        if rank == 12:
            return "draw_keep_ace"
        if rank >= 9:
            return "draw_keep_honour"
        return "draw_keep_shape"
    if suit < 3 and top % 13 < 9:
        if (hand >> 13 * suit & 0x1FFF).bit_count() >= 4:
            return "draw_discard_long"
        return "draw_discard_low"
    return "draw_discard_shape"
