"""«Comodines» on the rules pages (ES and EN): the worked example's trick is won where the engine's
trick rule says, and its numbers (the sure tricks the computer counts, the hand's score) are the
ones the code computes, not copied."""

from __future__ import annotations

import re

import pytest
from web_helpers import help_page

from picas.games.spades import Card, find_profile, score_hand
from picas.games.spades.bots.evaluate import evaluate_hand
from picas.games.spades.rules import Rules
from picas.shared.cards import mask_of
from picas.shared.trick_winner import trick_winner_index

PAGES = {"es": "reglas.html", "en": "en/rules.html"}
JOKERS = find_profile("casa").with_settings(jokers=True)
HAND = "BJ LJ AS 3S 4C 5C 6C 7D 8D 9D 4H 5H 6H"
"""The example's hand: both jokers and ♠A, nothing else high."""


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_jokers_example_is_the_engines(language: str) -> None:
    page = help_page(PAGES[language])
    trick = re.search(r'data-comodin-baza="([A-Z ]+)" data-comodin-gana="(\d)"', page)
    assert trick is not None
    cards = [Card.parse(code) for code in trick.group(1).split()]
    top = Rules.JOKER_TRICKS.top
    assert trick_winner_index(cards, Rules.JOKER_TRICKS.trump, top) == int(trick.group(2))
    numbers = {k: int(v) for k, v in re.findall(r'data-comodin="([a-z]+)">(\d+)<', page)}
    assert set(numbers) == {"seguras", "mano"}
    evaluation = evaluate_hand(mask_of(Card.parse(c) for c in HAND.split()), jokers=True)
    assert sum(1 for f in evaluation.features if f.kind == "sure") == numbers["seguras"]
    sheet = score_hand(
        JOKERS,
        bids=(3, 1, 2, 1),
        blind=(False,) * 4,
        tricks=(4, 3, 2, 4),
        totals=(0, 0),
        bags=(0, 0),
    )[0]
    assert sheet.hand_total == numbers["mano"]
    assert 'data-si="jokers"' in page
