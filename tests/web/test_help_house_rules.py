"""The «Reglas de la casa» section of the rules pages (ES and EN): each worked example's numbers
are the ones the engine plays and scores (the team minimum's lowest bid, the 13-trick bonus, 10
for 200), computed here by the engine, not copied."""

from __future__ import annotations

import re

import pytest
from web_helpers import help_page

from picas.games.spades import GameState, Rules, find_profile, score_hand
from picas.games.spades.actions import BIDS

PAGES = {"es": "reglas.html", "en": "en/rules.html"}
CASA = find_profile("casa")


def quoted(page: str) -> dict[str, int]:
    found = re.findall(r'data-casa="([a-zñ-]+)">([−\d]+)<', page)
    return {key: int(value.replace("−", "-")) for key, value in found}


def _ns(
    rules: Rules, bids: tuple[int, int, int, int], tricks: tuple[int, int, int, int]
) -> tuple[int, ...]:
    sheet = score_hand(
        rules, bids=bids, blind=(False,) * 4, tricks=tricks, totals=(0, 0), bags=(0, 0)
    )[0]
    return sheet.lines


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_house_rules_examples_are_the_engines(language: str) -> None:
    numbers = quoted(help_page(PAGES[language]))
    assert len(numbers) == 8
    # The minimum: North bids first (West deals), East bids 3, South's lowest bid.
    rules = Rules.from_json(
        {**CASA.with_settings(team_minimum=True).to_json(), "first_dealer": "west"}
    )
    game = GameState.new(rules, "M4RT9QZX").apply(BIDS[numbers["minimo-compañero"]]).apply(BIDS[3])
    assert game.legal_actions()[0] == BIDS[numbers["minimo-canto"]]
    # The 13-trick bonus: South 13, North Nil, South takes all 13 (West and East bid 1).
    bonus = CASA.with_settings(all_thirteen="bonus")
    lines = _ns(bonus, (13, 1, 0, 1), (13, 0, 0, 0))
    assert (lines[0], lines[4]) == (numbers["trece-contrato"], numbers["trece-mano"])
    assert _ns(bonus, (13, 1, 0, 1), (12, 1, 0, 0))[0] == numbers["trece-fallo"]
    # 10 for 200: 6 and 4 bid, 11 made; 9 made.
    ten = CASA.with_settings(ten_for_200=True)
    assert _ns(ten, (6, 1, 4, 1), (7, 1, 4, 1))[4] == numbers["diez-mano"]
    assert _ns(CASA, (6, 1, 4, 1), (7, 1, 4, 1))[4] == numbers["diez-normal"]
    assert _ns(ten, (6, 1, 4, 1), (5, 3, 4, 1))[4] == numbers["diez-fallo"]
