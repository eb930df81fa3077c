"""The strategy pages and docs/bots.md say what the code does: the values and counts they quote are
worked out here from the engine's scoring and the bots' evaluator, not from a second copy."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from web_helpers import NUMBER_WORDS, help_page

from picas.games.spades import Bid, Card, GameState, Rules, Seat, find_profile, mask_of
from picas.games.spades.bots.base import decide
from picas.games.spades.bots.bid_reasons import render_es, texts
from picas.games.spades.bots.evaluate import evaluate_hand, feature_reasons
from picas.games.spades.bots.knowledge import dealt_hand
from picas.games.spades.bots.registry import load_bot
from picas.games.spades.game import _outcome_after
from picas.games.spades.scoring import score_hand
from picas.games.spades.view import view_for
from picas.shared.arena import code_for
from picas.shared.bots import decision_rng

ROOT = Path(__file__).resolve().parents[2]
PAGES = {"es": "estrategia.html", "en": "en/strategy.html"}
RANGE = {"es": "{} a {}", "en": "{} to {}"}
OPPONENT_NIL = {"es": "Cuando un rival canta Nil", "en": "When an opponent bids Nil"}
ONCE = {"es": "una sola vez", "en": "once"}
BAGS = {"es": "sacos", "en": "bags"}
FILLER = [f"{rank}{suit}" for suit in "CD" for rank in "23456789TJQKA"]


def _king_with(others: int) -> int:
    """A hand with the king of hearts and ``others`` low hearts, filled up with clubs, diamonds."""
    hearts = ["KH", *(f"{rank}H" for rank in "23456789TJ"[:others])]
    return mask_of(Card.parse(code) for code in hearts + FILLER[: 13 - len(hearts)])


def _guarded(others: int) -> bool:
    """Whether the evaluator (the bots', the Tip's) counts that king as guarded."""
    evaluation = evaluate_hand(_king_with(others))
    return any(f.kind == "guarded_king" and f.suit == 2 for f in evaluation.features)


def _guard_range() -> tuple[int, int]:
    counted = [others for others in range(8) if _guarded(others)]
    low, high = counted[0], counted[-1]
    assert counted == list(range(low, high + 1)), "the guards that count are one stretch"
    return low, high


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_strategy_page_quotes_the_kings_guard_the_evaluator_counts(language: str) -> None:
    low, high = _guard_range()
    words = NUMBER_WORDS[language]
    page = help_page(PAGES[language])
    quoted = re.findall(r'<span data-cuenta="rey-protegido">([^<]*)</span>', page)
    assert quoted == [RANGE[language].format(words[low], words[high])]


def test_the_reasons_and_docs_call_guarded_the_kings_the_evaluator_counts() -> None:
    low, high = _guard_range()
    for others in (low, high):
        assert "♥K protegido" in texts(feature_reasons(evaluate_hand(_king_with(others))))
    for others in (low - 1, high + 1):
        said = texts(feature_reasons(evaluate_hand(_king_with(others))))
        assert not any("♥K" in r for r in said)
    bots = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    words = NUMBER_WORDS["en"]
    assert f"guarded by {words[low]} to {words[high]} other cards" in " ".join(bots.split())


def _east_nil(tricks: int) -> tuple[int, int]:
    """East bids Nil and takes ``tricks``: East–West's Nil points and bags added that hand."""
    rules = find_profile("casa")
    bids = (4, 3, 4, 0)  # S W N E
    won = [0, 0, 0, 0]
    won[Seat.EAST] = tricks
    won[Seat.SOUTH] = 13 - tricks - 3
    won[Seat.WEST] = 3
    sheet = score_hand(
        rules,
        bids=bids,
        blind=(False,) * 4,
        tricks=(won[0], won[1], won[2], won[3]),
        totals=(0, 0),
        bags=(0, 0),
    )[1]
    return sheet.nil_points, sheet.bags_added


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_strategy_page_prices_an_opponents_broken_nil_as_the_scoring_does(
    language: str,
) -> None:
    one_points, one_bags = _east_nil(1)
    three_points, three_bags = _east_nil(3)
    page = help_page(PAGES[language])
    section = page.split(OPPONENT_NIL[language], 1)[1].split("<h2", 1)[0]
    assert f'<span data-regla="nil_points">{-one_points}</span>' in section
    assert one_points < 0
    if three_points == one_points:  # the Nil costs once, not once a trick
        assert ONCE[language] in section
    if three_bags - one_bags == 2:  # the later tricks are bags
        assert BAGS[language] in section


HOW_TO = {"es": "como-se-juega.html", "en": "en/how-to-play.html"}
GAME_END = {"es": "La partida termina", "en": "The game ends"}
TIE_PLAYS_ON = {"es": "con empate se juega otra mano", "en": "on a tie another hand is played"}
DRAW_AFTER = {"es": "tras la mano {}", "en": "after hand {}"}


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_how_to_pages_game_end_says_a_tie_plays_on_until_the_rules_draw(
    language: str,
) -> None:
    rules = find_profile("casa")
    last = rules.draw_after_hand
    assert last is not None
    tied = (rules.target + 10, rules.target + 10)
    assert _outcome_after(rules, tied, 5) is None  # a tie past the target plays on
    outcome = _outcome_after(rules, tied, last)
    assert outcome is not None
    assert outcome.reason == "draw"
    page = help_page(HOW_TO[language])
    sentence = page.split(GAME_END[language], 1)[1].split("</p>", 1)[0]
    assert TIE_PLAYS_ON[language] in sentence
    assert DRAW_AFTER[language].format(last) in sentence


I18N_EN = ROOT / "src/picas/web/static/js/i18n-en.js"
ACES_KINGS = sum(1 << (13 * suit + rank) for suit in range(4) for rank in (11, 12))


def _risky_nil(language: str) -> str:
    """The page's words for a Nil with one high card, as «¿Por qué?» says them."""
    if language == "es":
        return "«{}»".format(render_es("nil_high_cards", {"n": 1}))
    found = re.search(r'"bid\.nil_high_cards\.one": "([^"]*)"', I18N_EN.read_text("utf-8"))
    assert found is not None
    return f'"{found[1]}"'


def _first_bids(codes: int) -> list[tuple[int, Bid, Bid, Bid]]:
    """Each seat's bid in the first hand of seeded games, as Difícil, Normal and Fácil would bid
    it there (the game goes on with Difícil's): its dealt hand and the three bids."""
    levels = [load_bot(name) for name in ("dificil", "normal", "facil")]
    bids: list[tuple[int, Bid, Bid, Bid]] = []
    for index in range(codes):
        game = GameState.new(Rules(), code_for(f"picas/test/nil-claim/{index}"))
        for step in range(4):
            seat = game.hand.turn
            assert seat is not None
            view = view_for(game, seat)
            said = [decide(bot, view, decision_rng(game.code, step, seat)) for bot in levels]
            ours, normal, facil = (bid for bid in said if isinstance(bid, Bid))
            bids.append((dealt_hand(view), ours, normal, facil))
            game = game.apply(ours)
    return bids


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_strategy_page_says_dificil_may_nil_with_an_ace_or_a_king(language: str) -> None:
    page = help_page(PAGES[language])
    claim = page.split('data-claim="dificil-nil">', 1)[1].split("</p>", 1)[0]
    assert _risky_nil(language) in claim
    bids = _first_bids(20)
    dificil = [hand for hand, ours, _, _ in bids if ours == Bid(0)]
    normal = sum(1 for _, _, bid, _ in bids if bid == Bid(0))
    facil = sum(1 for _, _, _, bid in bids if bid == Bid(0))
    assert len(dificil) > max(normal, facil)  # "más a menudo que Fácil y Normal"
    assert any(hand & ACES_KINGS for hand in dificil)  # "con un as o un rey"
