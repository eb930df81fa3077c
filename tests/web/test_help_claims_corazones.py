"""The Corazones strategy pages say what the computer players do: the numbers they quote (the low
spades that keep ♠Q/♠K/♠A, Fácil's slips, the points that alarm Normal about a moon) are worked out
here from the bots, not from a second copy."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from web_helpers import NUMBER_WORDS, help_page

from picas.games.corazones.bots import DEFAULT_LEVEL
from picas.games.corazones.bots.facil import SLIP
from picas.games.corazones.bots.normal import plan_pass
from picas.games.corazones.bots.policy import MOON_ALARM
from picas.shared.cards import Card

PAGES = {
    "es": "corazones/estrategia.html",
    "en": "en/hearts/strategy.html",
}
COVER_WORDS = {"es": "menos de {} picas bajas", "en": "fewer than {} low spades"}
SLIP_WORDS = {"es": "Una de cada {} veces", "en": "One time in {}"}
ALARM_WORDS = {"es": "({} o más)", "en": "{} or more"}
DEFAULT_WORDS = {"es": "(de fábrica, Fácil)", "en": "(Easy by default)"}
TOP_SPADES = {int(Card.parse(code)) for code in ("QS", "KS", "AS")}
FILLER = [f"{rank}{suit}" for suit in "CDH" for rank in "23456789"]


def _text(language: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", help_page(PAGES[language])).split())


def _hand(low_spades: int) -> list[int]:
    """♠A ♠K ♠Q with ``low_spades`` spades below them, filled with low clubs, diamonds, hearts."""
    codes = ["AS", "KS", "QS", *(f"{rank}S" for rank in "23456789TJ"[:low_spades])]
    codes += FILLER[: 13 - len(codes)]
    return [int(Card.parse(code)) for code in codes]


def _cover() -> int:
    """The fewest low spades with which Normal keeps ♠Q, ♠K and ♠A (and below it, passes them)."""
    keeps = [n for n in range(8) if not TOP_SPADES & set(plan_pass(_hand(n)))]
    sheds = [n for n in range(8) if set(plan_pass(_hand(n))) >= TOP_SPADES]
    assert keeps
    assert sheds
    assert sheds == list(range(keeps[0])), "one threshold: below it all three go, from it none"
    return keeps[0]


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_strategy_pages_quote_the_low_spades_normal_keeps_its_top_spades_with(
    language: str,
) -> None:
    words = NUMBER_WORDS[language]
    text = _text(language)
    assert text.count(COVER_WORDS[language].format(words[_cover()])) == 2  # the advice, Normal


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_strategy_pages_quote_facils_slips_normals_moon_alarm_and_the_default_level(
    language: str,
) -> None:
    text = _text(language)
    slip = Fraction(SLIP).limit_denominator(100)
    assert slip.numerator == 1
    assert SLIP_WORDS[language].format(NUMBER_WORDS[language][slip.denominator]) in text
    assert ALARM_WORDS[language].format(MOON_ALARM) in text
    assert DEFAULT_LEVEL == "facil"
    assert DEFAULT_WORDS[language] in text
