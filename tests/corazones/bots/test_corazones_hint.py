"""The Corazones hint (``picas.games.corazones.bots.hint``): Normal's own pass and card, and reasons
that are true of the position they are given in."""

from __future__ import annotations

import random
import re
import string
from typing import Any

import pytest

from picas.games.corazones import GameState, Phase, Rules, view_for
from picas.games.corazones.bots import LEVELS, NormalBot, decide
from picas.games.corazones.bots.hint import REASONS_ES, Reason, render_es, suggest
from picas.games.corazones.view import PlayerView
from picas.shared.bots import decision_rng
from picas.shared.cards import Card, Suit
from picas.shared.seats import Seat

QS, AS, KS = (Card.parse(code) for code in ("QS", "AS", "KS"))
NORMAL = NormalBot()


def positions(games: int = 12) -> list[PlayerView]:
    """Every position of some Normal games in which some seat must pass or play, seen by it."""
    rng = random.Random(5)
    views = []
    bot = LEVELS["normal"]()
    for _ in range(games):
        code = "".join(rng.choice("23456789ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(8))
        game = GameState.new(Rules(target=50), code)
        position = 0
        while not game.is_over:
            hand = game.hand
            seat = hand.still_to_pass()[0] if hand.phase is Phase.PASSING else hand.turn
            assert seat is not None
            view = view_for(game, seat)
            views.append(view)
            action = decide(bot, view, decision_rng(code, position, seat))
            game = game.apply(action, seat)
            position += 1
    return views


VIEWS = positions()


def test_the_suggestion_is_normal_s_own_choice() -> None:
    for view in VIEWS:
        suggestion = suggest(view)
        if view.must_pass:
            assert suggestion.cards == NORMAL.pass_cards(view, random.Random(0))
        else:
            assert suggestion.cards == (NORMAL.play(view, random.Random(0)),)
        assert tuple(reason.card for reason in suggestion.reasons) == suggestion.cards


def test_every_reason_is_true_of_its_position() -> None:
    seen: set[str] = set()
    for view in VIEWS:
        for reason in suggest(view).reasons:
            seen.add(reason.code)
            _check(view, reason)
    # The games reach most reasons (the rarest, the moon's, need a hand that allows it).
    assert {
        "pass_top_spade",
        "pass_void",
        "pass_high",
        "duck",
        "lead_low",
        "open_two_clubs",
    } <= seen
    assert {"dump_queen", "dump_heart", "only_card", "win_last"} <= seen


def _check(view: PlayerView, reason: Reason) -> None:
    card, code, params = reason.card, reason.code, reason.params
    hand = set(view.hand)
    assert card in hand
    if code.startswith("pass_"):
        assert view.must_pass
    if code == "pass_top_spade":
        low = sum(1 for c in hand if c.suit is Suit.SPADES and c < QS)
        assert card in (QS, AS, KS)
        assert params["n"] == low < 4
    elif code == "pass_void":
        chosen = set(suggest(view).cards)
        assert {c for c in hand if c.suit == card.suit} <= chosen
    trick = view.trick
    if code == "duck":
        best = Card.parse(str(params["best"]))
        assert card.suit == trick[0].suit == best.suit
        assert card < best
    elif code in ("dump_queen", "dump_heart", "discard_high", "dump_top_spade"):
        assert trick
        assert card.suit != trick[0].suit
        assert not any(c.suit == trick[0].suit for c in hand)
    if code == "dump_queen":
        assert card == QS
    elif code == "dump_heart":
        assert card.suit is Suit.HEARTS
    elif code in ("lead_low", "smoke_queen", "moon_lead"):
        assert not trick
    elif code == "only_card":
        assert len(view.legal) == 1
    elif code == "open_two_clubs":
        assert card.code == "2C"
    elif code in ("win_last", "shed_high"):
        assert len(trick) == 3


@pytest.mark.parametrize("code", sorted(REASONS_ES))
def test_every_template_renders_with_its_parameters(code: str) -> None:
    fields = {name for _, name, _, _ in string.Formatter().parse(REASONS_ES[code]) if name}
    sample: dict[str, Any] = {"card": "QS", "best": "KH", "suit": "hearts", "seat": "west", "n": 2}
    text = render_es(code, {name: sample[name] for name in fields})
    assert "{" not in text
    assert "QS" not in text  # cards are shown as labels, suit first
    if "card" in fields:
        assert "♠Q" in text


def test_no_suggestion_when_it_is_not_the_viewer_s_turn() -> None:
    game = GameState.new(Rules(passing=False), "K7PMX4QH")
    waiting = next(seat for seat in Seat if seat is not game.turn)
    with pytest.raises(ValueError, match="not the viewer's turn"):
        suggest(view_for(game, waiting))


CODES = sorted({code.split(".")[0] for code in REASONS_ES})


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("n", [0, 1, 3])
@pytest.mark.parametrize("card", ["QS", "KS", "AS"])
def test_every_reason_reads_plainly_with_any_count_and_card(code: str, n: int, card: str) -> None:
    """No «0 picas» or «1 picas», no bare «(3)», no gender that only fits the queen, no slang."""
    fields = {name for _, name, _, _ in string.Formatter().parse(REASONS_ES[code]) if name}
    sample: dict[str, Any] = {"card": card, "best": "KH", "suit": "hearts", "seat": "west", "n": n}
    text = render_es(code, {name: sample[name] for name in fields})
    assert not re.search(r"\b[01] picas\b|\(\d+\)|agách", text), text
    assert not re.search(r"\bla cubran\b|\bes peligrosa\b", text), text  # «el rey», «el as»
    if "n" in fields:
        assert (f"{n} pica baja," in text) == (n == 1), text
        assert ("no tienes picas bajas" in text) == (n == 0), text
        assert (f"solo tienes {n} picas bajas" in text) == (n > 1), text
