"""The shared dealing of unseen cards: every sample is consistent with what the seat knows."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from picas.shared.cards import SUIT_MASKS
from picas.shared.sampling import NOTHING_KNOWN, clearly_better, deal_hands, deal_plan


@st.composite
def situations(draw: st.DrawFn) -> tuple[int, list[int], list[int], list[int]]:
    """A real deal partly played: the viewer, what each seat still holds, a void mask for each
    seat that the real hands respect, and cards known to be in the hands (a subset of them)."""
    order = draw(st.permutations(range(52)))
    played = draw(st.integers(0, 12))
    held = [sum(1 << c for c in order[13 * s + played : 13 * s + 13]) for s in range(4)]
    me = draw(st.integers(0, 3))
    voids = []
    for s in range(4):
        shown_out = [suit for suit in range(4) if not held[s] & SUIT_MASKS[suit]]
        chosen = draw(st.sets(st.sampled_from(shown_out))) if shown_out else set()
        voids.append(sum(1 << suit for suit in chosen))
    known = [0, 0, 0, 0]
    for s in range(4):
        if s != me:
            known[s] = (
                held[s] & draw(st.integers(0, (1 << 52) - 1)) & draw(st.integers(0, (1 << 52) - 1))
            )
    return me, held, voids, known


@given(situations(), st.integers(0, 2**32))
def test_a_sample_keeps_sizes_voids_and_known_cards(
    situation: tuple[int, list[int], list[int], list[int]], seed: int
) -> None:
    me, held, voids, known = situation
    unseen = 0
    for s in range(4):
        if s != me:
            unseen |= held[s] & ~known[s]
    sizes = [hand.bit_count() for hand in held]
    plan = deal_plan(me, unseen, voids)
    hands = deal_hands(plan, me, held[me], sizes, known, random.Random(seed), 200)
    if hands is None:  # possible in principle under tight voids; never when nothing is void
        assert any(voids[s] for s in range(4) if s != me)
        return
    assert hands[me] == held[me]
    union = 0
    for s in range(4):
        assert hands[s].bit_count() == sizes[s]
        assert not union & hands[s]
        union |= hands[s]
        assert hands[s] & known[s] == known[s]
        for suit in range(4):
            if voids[s] >> suit & 1 and s != me:
                assert not hands[s] & SUIT_MASKS[suit]
    assert union == held[0] | held[1] | held[2] | held[3]


def test_no_room_gives_none() -> None:
    """Three hearts to deal and the only seats with room have shown out of hearts."""
    hearts = SUIT_MASKS[2] & 0b111 << 26
    plan = deal_plan(0, hearts, [0, 1 << 2, 1 << 2, 1 << 2])
    assert deal_hands(plan, 0, 0, [0, 1, 1, 1], NOTHING_KNOWN, random.Random(1), 5) is None


def test_a_card_is_clearly_better_only_beyond_margin_and_noise() -> None:
    assert clearly_better([3.0, 3.0, 3.0], margin=2.0, confidence=1.0)
    assert not clearly_better([1.5, 1.5, 1.5], margin=2.0, confidence=1.0)  # under the margin
    # The same mean gain of 3, too noisy: its standard error (about 5.8) swamps it.
    assert not clearly_better([-7.0, 13.0, -7.0, 13.0], margin=2.0, confidence=1.0)
    assert clearly_better([-7.0, 13.0, -7.0, 13.0], margin=2.0, confidence=0.0)
