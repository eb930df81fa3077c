"""Where a help page states an option — its values, its default, how many «Reglas de la casa» the
settings offer — it says what the game's declaration says (``games/<key>/options.py``). The page
as the server sends it, before ``js/ayuda.js`` fills in the player's rules, describes the
defaults: each ``data-regla`` of an option shows its default, and each passage that holds only
with an option on (``data-si``) or off (``data-si-no``) is shown or hidden as the default is."""

from __future__ import annotations

import re
from typing import Any

import pytest
from web_helpers import NUMBER_WORDS, help_page

from picas import games
from picas.web.games import page_for

FLAGS: dict[str, tuple[str, Any]] = {
    "all_thirteen_win": ("all_thirteen", "win"),
    "two_players": ("players", 2),
    "moon_self": ("moon", "self"),
    "pass_four": ("pass_size", 4),
    "queen_no_break": ("queen_breaks_hearts", False),
}
"""The help pages' flags that stand for one value of an option (``js/ayuda.js``, each game's
``ayuda.js``); a flag named as an option is that option on (a check ticked, a choice not at its
first value)."""
PASSAGE = re.compile(r'<\w+\b([^>]*)\bdata-si(-no)?="(\w+)"([^>]*)>')
RULE = re.compile(r'data-regla="(\w+)"[^>]*>([^<]*)<')
BY_TARGET = re.compile(r'<span data-objetivo="(\d+)"( hidden)?>(.*?)</span>', flags=re.S)
"""A passage for one target (Corazones' quick game), shown when the game is played to it."""
RULES_PAGES = {
    "spades": {"es": "reglas.html", "en": "en/rules.html"},
    "corazones": {"es": "corazones/reglas.html", "en": "en/hearts/rules.html"},
}
TARGET_TERM = {"es": "<dt>Objetivo</dt>", "en": "<dt>Target</dt>"}
HOUSE_COUNT = {"es": r"(\w+) de ellas se pueden elegir aquí", "en": r"(\w+) of them can be chosen"}


def _pages(key: str) -> list[str]:
    page = page_for(key)
    assert page is not None
    return [path for help_set in page.help for path in help_set.pages]


def _flag_at_default(key: str, flag: str) -> bool | None:
    """Whether ``flag`` holds in the game's default settings (None: not one of its options)."""
    options = games.find_game(key).options
    name, value = FLAGS.get(flag, (flag, None))
    option = options.get(name)
    if option is None:
        return None
    if value is not None:
        return bool(option.default == value)
    return bool(option.default) if option.is_switch else False


@pytest.mark.parametrize("key", games.KEYS)
def test_each_rule_of_an_option_shows_its_declared_default(key: str) -> None:
    options = games.find_game(key).options
    seen = 0
    target = options["target"]
    for path in _pages(key):
        page = help_page(path)
        for value, hidden, passage in BY_TARGET.findall(page):
            assert bool(hidden) is (int(value) != target.default), (path, value)
            assert int(value) in target.values, (path, value)
            assert RULE.findall(passage) == [("target", value)], (path, value)
        for name, shown in RULE.findall(BY_TARGET.sub("", page)):
            if name in options:
                assert shown == str(options[name].default), (path, name)
                seen += 1
    assert seen > 0


@pytest.mark.parametrize("key", games.KEYS)
def test_each_passage_of_an_option_is_shown_as_its_default_says(key: str) -> None:
    seen = 0
    for path in _pages(key):
        for before, negated, flag, after in PASSAGE.findall(help_page(path)):
            holds = _flag_at_default(key, flag)
            if holds is None:
                continue
            shown = holds if not negated else not holds
            hidden = re.search(r"\bhidden\b", before + after) is not None
            assert hidden is not shown, (path, flag, negated)
            seen += 1
    assert seen > 0


@pytest.mark.parametrize("key", games.KEYS)
@pytest.mark.parametrize("language", ["es", "en"])
def test_the_rules_page_states_the_declared_targets_default_first(key: str, language: str) -> None:
    target = games.find_game(key).options["target"]
    page = help_page(RULES_PAGES[key][language])
    stated = page.split(TARGET_TERM[language], 1)[1].split("</dd>", 1)[0]
    values = [int(n) for n in re.findall(r"\b(\d+) \(", stated)]
    assert values == list(target.values)
    assert values[0] == target.default


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_rules_page_counts_the_house_rules_the_settings_offer(language: str) -> None:
    house = games.find_game("spades").options.house
    found = re.search(HOUSE_COUNT[language], help_page(RULES_PAGES["spades"][language]))
    assert found is not None
    words = [word.capitalize() for word in NUMBER_WORDS[language]]
    if len(house) >= len(words):  # the pages write small numbers in words
        pytest.fail(f"{len(house)} house rules: more than the pages have a word for")
    assert found.group(1) == words[len(house)]
