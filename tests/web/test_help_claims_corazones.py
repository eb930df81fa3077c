"""The Corazones strategy pages say what the computer players do: the numbers they quote (the low
spades that keep ♠Q/♠K/♠A, Fácil's slips, the points that alarm Normal about a moon) are worked out
here from the bots, not from a second copy."""

from __future__ import annotations

import json
import random
import re
from dataclasses import fields
from fractions import Fraction
from pathlib import Path

import pytest
from web_helpers import NUMBER_WORDS, help_page

from picas.games.corazones.bots import DEFAULT_LEVEL
from picas.games.corazones.bots.facil import SLIP
from picas.games.corazones.bots.normal import plan_pass
from picas.games.corazones.bots.policy import MOON_ALARM
from picas.games.corazones.bots.search import SearchSettings
from picas.shared.bots import decision_rng
from picas.shared.cards import Card
from picas.shared.seats import Seat

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


# --- chance: seeded, never the clock --------------------------------------------------------------

CHANCE_PAGES = {
    "es": ("corazones/estrategia.html", "corazones/preguntas.html"),
    "en": ("en/hearts/strategy.html", "en/hearts/faq.html"),
}
# What the pages say the draws come from: the three inputs of decision_rng.
SEED_WORDS = {
    "es": "el sorteo sale del código de la partida, del número de la jugada y del asiento",
    "en": "the draw comes from the game's code, the number of the move and the seat",
}
NOT_RANDOM = {
    "es": r"no deciden al azar|tampoco deciden al azar",
    "en": r"(don't|do not|nor do they) decide at random",
}


def _page_text(path: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", help_page(path)).split())


def _stream(rng: random.Random) -> list[float]:
    return [rng.random() for _ in range(4)]


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_pages_say_the_cpus_draws_are_seeded_by_code_move_and_seat(language: str) -> None:
    """Fácil's slips are draws (so «no deciden al azar» would be false), and each draw's generator
    is decision_rng's: the same code, move and seat give the same draws, any other differs; the
    search has no time setting (so nothing depends on the clock)."""
    for path in CHANCE_PAGES[language]:
        text = _page_text(path)
        assert not re.search(NOT_RANDOM[language], text, re.I), path
        assert SEED_WORDS[language] in text, path
    assert SLIP > 0  # Fácil does draw: the pages must not say the CPU never leaves things to chance
    base = _stream(decision_rng("K7PMX4QH", 5, Seat.WEST))
    assert _stream(decision_rng("K7PMX4QH", 5, Seat.WEST)) == base
    for other in (
        decision_rng("K7PMX4QJ", 5, Seat.WEST),
        decision_rng("K7PMX4QH", 6, Seat.WEST),
        decision_rng("K7PMX4QH", 5, Seat.EAST),
    ):
        assert _stream(other) != base
    timed = [
        f.name
        for f in fields(SearchSettings)
        if re.search(r"time|second|ms$|deadline|budget", f.name)
    ]
    assert timed == []


# --- the table's menus and sheets, named as the table names them ----------------------------------

JS = Path(__file__).resolve().parents[2] / "src" / "picas" / "web" / "static" / "js"
HOW_TO = {"es": "corazones/como-se-juega.html", "en": "en/hearts/how-to-play.html"}
FEATURES = (
    "menu.lastTrick",
    "menu.score",
    "cz.sheet.tricks",
    "practice.replayHand",
    "menu.more",
    "menu.stats",
    "menu.share",
)


def _table_word(key: str, language: str) -> str:
    """A string of the table's (js/i18n*.js) in ``language``."""
    modules = ["i18n.js" if language == "es" else "i18n-en.js", "i18n-corazones.js"]
    table = "ES" if language == "es" else "EN"
    for module in modules:
        text = (JS / module).read_text(encoding="utf-8")
        if f"export const {table} = {{" in text:
            text = text[text.index(f"export const {table} = {{") :]
        match = re.search(rf'^\s*"{re.escape(key)}": "([^"]*)",', text, re.M)
        if match:
            return str(json.loads(f'"{match.group(1)}"'))
    raise AssertionError(f"no {key} in the {language} tables")


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_how_to_page_names_the_tables_menus_and_the_sheets_tools(language: str) -> None:
    html = help_page(HOW_TO[language])
    for key in FEATURES:
        assert f"<strong>{_table_word(key, language)}</strong>" in html, key
