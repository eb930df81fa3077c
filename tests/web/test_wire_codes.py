"""Codes on the wire, words on the page: every code the server can send — each refusal's (found in
the source by the same finder that checks docs/api.md) and each reason's (the bots' and the hints'
code registries) — has words in the page's Spanish and English tables, with no placeholder its
parameters do not fill; and the parameters the engines really send are the ones the registry
declares (picas.web.codes)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from test_web_messages import every_code

from picas.games.corazones.bots.base import decide as decide_corazones
from picas.games.corazones.bots.hint import REASONS_ES as CORAZONES_REASONS_ES
from picas.games.corazones.bots.registry import load_bot as load_corazones_bot
from picas.games.corazones.game import GameState as CorazonesGame
from picas.games.corazones.rules import Rules as CorazonesRules
from picas.games.corazones.view import view_for as corazones_view_for
from picas.games.corazones.view import view_to_json as corazones_view_json
from picas.games.spades import GameState, Rules
from picas.games.spades.bots.base import decide
from picas.games.spades.bots.bid_reasons import BID_REASONS_ES, CODES, PARAMS
from picas.games.spades.bots.hint import DISCARDS_ES
from picas.games.spades.bots.hint import REASONS_ES as HINT_REASONS_ES
from picas.games.spades.bots.registry import load_bot
from picas.games.spades.bots.two_draw import DRAW_REASONS_ES
from picas.games.spades.view import view_for, view_to_json
from picas.shared.bots import decision_rng
from picas.shared.deals import code_from_bytes
from picas.web import codes

JS = Path(__file__).resolve().parents[2] / "src" / "picas" / "web" / "static" / "js"
TABLE_FILES = ("i18n.js", "i18n-en.js", "games/corazones/i18n.js")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _tables() -> dict[str, dict[str, str]]:
    """The page's strings by language, from every file that holds them (Corazones' own included:
    its table loads them with its words)."""
    found: dict[str, dict[str, str]] = {"es": {}, "en": {}}
    for name in TABLE_FILES:
        text = (JS / name).read_text(encoding="utf-8")
        parts = re.split(r"^export const (ES|EN)\b", text, flags=re.M)
        for language, body in zip(parts[1::2], parts[2::2], strict=True):
            pairs = re.findall(r'^\s*"([\w.]+)": "((?:[^"\\]|\\.)*)",?$', body, re.M)
            found[language.lower()] |= dict(pairs)
    return found


TABLES = _tables()


def _words(params: frozenset[str]) -> set[str]:
    """The placeholders a sentence may use for these parameters (the page's ``paramWords``)."""
    words = set(params)
    for name in params:
        if name in ("card", "best"):
            words.add(f"{name}_name")
        if name in ("suit", "led"):
            words.add(f"{name}_one")
    if "n" in params:
        words.add("n_word")
    return words


def test_the_registry_lists_every_code_the_source_raises() -> None:
    raised = every_code()
    unlisted = sorted(raised - set(codes.CODES) - set(codes.NEVER_SENT))
    assert not unlisted, f"codes raised in src/ but not in picas.web.codes: {unlisted}"
    # And the finder sees the socket's own refusals, which the page words too.
    assert {"not_your_turn", "team_minimum", "worker_crashed", "client_gone"} <= raised


@pytest.mark.parametrize("language", ["es", "en"])
def test_both_languages_word_every_refusal_and_its_forms(language: str) -> None:
    table = TABLES[language]
    missing: list[str] = []
    for code, declared in codes.CODES.items():
        for key in [f"server.{code}", *(f"server.{code}.{form}" for form in declared.forms)]:
            text = table.get(key)
            if text is None:
                missing.append(key)
                continue
            unfilled = set(PLACEHOLDER.findall(text)) - _words(declared.params)
            assert not unfilled, (key, text, unfilled)
    assert not missing, f"{language}: no words for {missing}"
    assert set(PLACEHOLDER.findall(table["server.atAction"])) == {"n", "text"}


def _reason_tables() -> Iterator[tuple[str, Mapping[str, str]]]:
    """Each reason registry and the prefix of its keys in the page's tables."""
    yield "bid", BID_REASONS_ES
    yield "hint", HINT_REASONS_ES
    yield "hint", DISCARDS_ES
    yield "hint", DRAW_REASONS_ES
    yield "hint.corazones", CORAZONES_REASONS_ES


@pytest.mark.parametrize("language", ["es", "en"])
def test_both_languages_word_every_reason_code(language: str) -> None:
    table = TABLES[language]
    missing = [
        f"{prefix}.{code}"
        for prefix, registry in _reason_tables()
        for code in registry
        if f"{prefix}.{code}" not in table
    ]
    assert not missing, f"{language}: no words for {missing}"


def test_the_pages_spanish_bid_reasons_are_the_servers_and_english_fills_the_same_words() -> None:
    for key, spanish in BID_REASONS_ES.items():
        assert TABLES["es"][f"bid.{key}"] == spanish, key
        code = key.split(".")[0]
        allowed = _words(PARAMS.get(code, frozenset())) | {"suit", "suit_one"}
        for language in ("es", "en"):
            unfilled = set(PLACEHOLDER.findall(TABLES[language][f"bid.{key}"])) - allowed
            assert not unfilled, (language, key, unfilled)
    assert set(PARAMS) <= CODES


def _refusals_of_played_games() -> Iterator[dict[str, Any]]:
    """The refusals the views of bot-played games carry: cards in both games, bids at Spades'
    «Mínimo de 4 por pareja», with and without «Comodines»."""
    spades = load_bot("normal")
    corazones = load_corazones_bot("normal")
    for i in range(1, 7):
        code = code_from_bytes(i.to_bytes(5, "big"))
        rules = Rules(team_minimum=4, jokers=i % 2 == 0)
        game: Any = GameState.new(rules, code)
        for position in range(240):
            seat = game.turn
            if seat is None:
                break
            view = view_for(game, seat)
            yield from view_to_json(view)["refusals"].values()
            game = game.apply(decide(spades, view, decision_rng(code, position, seat)))
        hearts: Any = CorazonesGame.new(CorazonesRules(), code)
        for position in range(120):
            seat = hearts.turn
            if seat is None:
                break
            seen = corazones_view_for(hearts, seat)
            yield from corazones_view_json(seen)["refusals"].values()
            hearts = hearts.apply(
                decide_corazones(corazones, seen, decision_rng(code, position, seat))
            )


def test_the_refusals_the_engines_send_carry_the_declared_parameters() -> None:
    seen: set[str] = set()
    for refusal in _refusals_of_played_games():
        declared = codes.CODES[refusal["code"]]
        params = dict(refusal["params"])
        form = params.pop("form", None)
        assert form is None or form in declared.forms, refusal
        assert set(params) <= declared.params, refusal
        seen.add(refusal["code"])
    assert {"must_follow_suit", "team_minimum", "hearts_not_broken"} <= seen
