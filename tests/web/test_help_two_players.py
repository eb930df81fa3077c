"""«Dos jugadores» on the rules pages (ES and EN): the worked example's two scores are the ones
the engine's scoring gives those bids and tricks at two players, not copied."""

from __future__ import annotations

import re

import pytest
from web_helpers import help_page

from picas.games.spades import find_profile, score_hand

PAGES = {"es": "reglas.html", "en": "en/rules.html"}
TWO = find_profile("casa").with_settings(players=2)


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_two_players_example_is_the_engines(language: str) -> None:
    page = help_page(PAGES[language])
    hand = re.search(r'data-dos-mano="(\d+) (\d+) (\d+) (\d+)"', page)
    assert hand is not None
    south_bid, west_bid, south_took, west_took = (int(n) for n in hand.groups())
    assert south_took + west_took == 13  # the example is a whole hand
    shown = {
        key: int(value.replace("−", "-"))
        for key, value in re.findall(r'data-dos="([a-z]+)">([−\d]+)<', page)
    }
    assert set(shown) == {"tu", "oeste"}
    south, west = score_hand(
        TWO,
        bids=(south_bid, west_bid, None, None),
        blind=(False,) * 4,
        tricks=(south_took, west_took, 0, 0),
        totals=(0, 0),
        bags=(0, 0),
    )
    assert (south.hand_total, west.hand_total) == (shown["tu"], shown["oeste"])
    assert 'data-si="two_players"' in page
