"""The computer players at the house variants: they bid within «Mínimo de 4 por pareja», go for
the 13 of «Premio por 13 bazas» only when the team's count really reaches it, bid to the 10 of
«10 por 200», and say so in the tip and in «¿Por qué?»."""

from __future__ import annotations

import pytest
from bot_helpers import ALL_LEVELS, S, act, ask, ask_bid, table
from hypothesis import given, settings
from hypothesis import strategies as st

from picas.games.spades import Bid, GameState, Rules, Seat, find_profile
from picas.games.spades.actions import LOOK
from picas.games.spades.bots import base
from picas.games.spades.bots.dificil import DificilBot
from picas.games.spades.bots.evaluate import NORMAL_STYLE, bid_for_hand, evaluate_hand
from picas.games.spades.bots.registry import load_bot
from picas.games.spades.bots.search import Pricer, SearchSettings
from picas.games.spades.bots.tip import explain_bid, suggest_bid
from picas.games.spades.view import view_for
from picas.shared.cards import Card, mask_of

CASA = find_profile("casa")
MINIMUM = CASA.with_settings(team_minimum=True)
BONUS = CASA.with_settings(all_thirteen="bonus")
TEN = CASA.with_settings(ten_for_200=True)
ALL = CASA.with_settings(team_minimum=True, all_thirteen="bonus", ten_for_200=True)

WEAK = "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 6H"
"""No trick at all: the evaluator's own bid is 1 (and a Nil)."""
STRONG_6 = "AS KS QS JS TS 9S AH KH AD KD 2C 3C 4C"
"""Six solid spades and four side honours: about ten tricks by the count."""


def hand(text: str) -> int:
    return mask_of(Card.parse(word) for word in text.split())


def test_the_partner_of_a_one_brings_the_team_to_four_and_says_so() -> None:
    decision = bid_for_hand(hand(WEAK), 1, None, NORMAL_STYLE, rules=MINIMUM)
    assert decision.bid == 3
    assert "mínimo de 4 por pareja: al menos 3" in decision.reasons
    standard = bid_for_hand(hand(WEAK), 1, None, NORMAL_STYLE)
    assert standard.bid in (0, 1)  # without the variant the same hand bids Nil or 1


def test_the_partner_of_a_nil_never_bids_nil_and_bids_four() -> None:
    decision = bid_for_hand(hand(WEAK), 0, None, NORMAL_STYLE, rules=MINIMUM)
    assert decision.bid == 4


def test_thirteen_only_when_the_team_count_reaches_it() -> None:
    count = evaluate_hand(hand(STRONG_6)).tricks
    strong_partner = 13 - int(count)  # with this partner's bid the team's count is 13 or more
    going = bid_for_hand(hand(STRONG_6), strong_partner, None, NORMAL_STYLE, rules=BONUS)
    assert going.bid == 13 - strong_partner
    assert any("13 bazas" in reason for reason in going.reasons)
    short = bid_for_hand(hand(STRONG_6), 1, None, NORMAL_STYLE, rules=BONUS)
    assert 1 + short.bid < 13  # a partner of 1: no 13, the count is nowhere near
    assert bid_for_hand(hand(STRONG_6), strong_partner, None, NORMAL_STYLE).bid == (
        bid_for_hand(hand(STRONG_6), strong_partner, None, NORMAL_STYLE, rules=CASA).bid
    )


GOOD_8 = "AS KS QS JS 5S AH KH AD 2D 2C 3C 4C 5C"
"""About eight tricks by the count; the evaluator bids 6."""


def test_ten_for_200_bids_up_to_ten_when_the_count_is_near() -> None:
    assert evaluate_hand(hand(GOOD_8)).tricks + 2 >= 9.7
    plain = bid_for_hand(hand(GOOD_8), 2, None, NORMAL_STYLE)
    assert 2 + plain.bid < 10
    bid = bid_for_hand(hand(GOOD_8), 2, None, NORMAL_STYLE, rules=TEN)
    assert 2 + bid.bid == 10
    assert "10 por 200: entre los dos llegamos a 10" in bid.reasons


def test_ten_for_200_bids_no_more_than_ten() -> None:
    plain = bid_for_hand(hand(STRONG_6), 4, None, NORMAL_STYLE)
    assert 4 + plain.bid > 10  # 11 or 12 made would score no more than 10 made
    bid = bid_for_hand(hand(STRONG_6), 4, None, NORMAL_STYLE, rules=TEN)
    assert (4 + bid.bid, bid.reasons[-1]) == (10, "10 por 200: con 10 basta")


def test_the_search_prices_the_variants() -> None:
    won = (13, 0, 0, 0)
    blind = (False,) * 4
    assert Pricer(BONUS, 0, (13, 1, 0, 1), blind, (0, 0)).team_points(0, won)[0] == 330 + 100
    assert Pricer(TEN, 0, (6, 1, 4, 1), blind, (0, 0)).team_points(0, (8, 0, 5, 0))[0] == 203
    assert Pricer(CASA, 0, (6, 1, 4, 1), blind, (0, 0)).team_points(0, (8, 0, 5, 0))[0] == 103


def test_the_tip_and_the_reason_speak_of_the_minimum() -> None:
    game = act(table(WEAK, dealer=Seat.WEST, rules=MINIMUM), 1, 1)  # North 1, East 1: South's turn
    assert game.turn == S
    tip = suggest_bid(view_for(game, S))
    assert tip.bid == 3
    assert "mínimo de 4 por pareja: al menos 3" in tip.reasons
    game = game.apply(Bid(3))
    assert "mínimo de 4 por pareja: al menos 3" in explain_bid(view_for(game, S)).reasons


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_every_level_bids_legally_at_the_minimum(level: str) -> None:
    game = act(table(WEAK, dealer=Seat.WEST, rules=MINIMUM), 0, 2)  # North Nil, East 2
    assert game.turn == S
    bid = ask_bid(level, game)
    assert bid >= 4


def test_dificil_bids_within_the_minimum_by_its_search() -> None:
    bot = DificilBot(SearchSettings(bid_samples=12, playouts=40))
    game = act(table(WEAK, dealer=Seat.WEST, rules=MINIMUM), 1)  # North 1
    game = game.apply(Bid(2))  # East 2
    action = ask(bot, game)
    assert isinstance(action, Bid)
    assert action.tricks >= 3


@pytest.mark.parametrize("level", ["facil", "normal"])
def test_whole_games_at_every_variant_stay_legal(level: str) -> None:
    bots = {seat: load_bot(level) for seat in Seat}
    for rules in (ALL, CASA.with_settings(team_minimum=True, all_thirteen="win")):
        game, _ = base.play_bots(GameState.new(rules, "K7PMX4QH"), bots, position=0)
        assert game.outcome is not None
        for result in game.history:
            for sheet in result.sheets:
                assert sheet.contract is not None
                assert sheet.contract >= 4


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_a_bot_under_the_minimum_never_declares_blind_nil(level: str) -> None:
    rules = Rules.from_json(
        {**CASA.with_settings(team_minimum=True, blind_nil=True).to_json(), "blind_nil_deficit": 0}
    )
    game = table(WEAK, dealer=Seat.WEST, rules=rules)  # 0–0, no deficit needed: all offered
    game = game.apply(LOOK).apply(Bid(1)).apply(LOOK).apply(Bid(1))  # North 1, East 1
    assert game.turn == S
    assert ask(level, game) == LOOK  # South's partner bid 1: South must bid 3 or more


@settings(max_examples=200, deadline=None)
@given(
    cards=st.permutations(range(52)),
    partner_bid=st.one_of(st.none(), st.integers(0, 13)),
    rules=st.sampled_from([CASA, MINIMUM, BONUS, TEN, ALL]),
)
def test_the_evaluators_bid_is_always_allowed_and_13_only_when_real(
    cards: list[int], partner_bid: int | None, rules: Rules
) -> None:
    mask = sum(1 << card for card in cards[:13])
    decision = bid_for_hand(mask, partner_bid, None, NORMAL_STYLE, rules=rules)
    if rules.team_minimum and partner_bid is not None and partner_bid < rules.team_minimum:
        assert decision.bid >= rules.team_minimum - partner_bid  # and so never Nil
    if partner_bid is not None and partner_bid + decision.bid == 13 and rules.all_thirteen != "off":
        plain = bid_for_hand(mask, partner_bid, None, NORMAL_STYLE)
        if partner_bid + plain.bid != 13:  # the premio made it 13: the count must reach it
            assert partner_bid + decision.evaluation.tricks >= 12.5
