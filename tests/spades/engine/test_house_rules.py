"""The house variants of Spades («Reglas de la casa»): «Mínimo de 4 por pareja», «Premio por 13
bazas» and «10 por 200» — the rules objects, the bidding they allow, their scoring against an
oracle written from the rule text (docs/house-rules.md), and whole games at them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from picas.games.spades import (
    Bid,
    BlindNil,
    GameState,
    InvalidRules,
    LookAtCards,
    Rules,
    Seat,
    find_profile,
    score_hand,
)
from picas.games.spades.actions import BIDS, BLIND_NIL, LOOK
from picas.games.spades.record import SpadesRecord
from picas.games.spades.view import view_for, view_to_json
from picas.record import read_record
from picas.shared.deals import code_from_bytes

CASA = find_profile("casa")
MINIMUM = CASA.with_settings(team_minimum=True)
BONUS = CASA.with_settings(all_thirteen="bonus")
WIN = CASA.with_settings(all_thirteen="win")
TEN = CASA.with_settings(ten_for_200=True)
ALL = CASA.with_settings(team_minimum=True, all_thirteen="bonus", ten_for_200=True)
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "saved_games"
CODE = "M4RT9QZX"


# --- the rules object ----------------------------------------------------------------------------


def test_the_standard_game_writes_no_variant_key() -> None:
    assert set(CASA.to_json()) == set(
        json.loads((FIXTURES / "spades-download-finished.json").read_text())["rules"]
    )
    assert CASA.variants == ()


def test_a_variant_is_named_in_the_rules_and_read_back() -> None:
    data = ALL.to_json()
    assert data["team_minimum"] == 4
    assert data["all_thirteen"] == "bonus"
    assert data["ten_for_200"]
    assert "all_thirteen_points" not in data  # 200, the default
    assert Rules.from_json(data) == ALL
    assert ALL.variants == ("Mínimo de 4 por pareja", "Premio por 13 bazas (+200)", "10 por 200")
    assert WIN.variants == ("13 bazas: partida ganada",)


@pytest.mark.parametrize(
    "change",
    [
        {"team_minimum": 14},
        {"team_minimum": -1},
        {"team_minimum": True},
        {"all_thirteen": "sí"},
        {"all_thirteen": 200},
        {"all_thirteen_points": 0},
        {"ten_for_200": 1},
    ],
)
def test_a_bad_variant_value_is_refused_clearly(change: dict[str, object]) -> None:
    with pytest.raises(InvalidRules):
        Rules.from_json({**CASA.to_json(), **change})


# --- «Mínimo de 4 por pareja»: the bidding -------------------------------------------------------


def _bid(game: GameState, *bids: int) -> GameState:
    for bid in bids:
        game = game.apply(BIDS[bid])
    return game


def test_the_second_partner_brings_the_team_to_four() -> None:
    game = GameState.new(MINIMUM, CODE)
    first = game.hand.turn
    assert first is not None
    game = _bid(game, 1)  # the first bidder may bid anything
    game = _bid(game, 2)  # the next seat's partner has not bid: anything too
    assert game.hand.turn == first.partner
    assert game.legal_actions() == BIDS[3:]
    refusal = game.check(BIDS[2])
    assert refusal is not None
    assert refusal.code == "team_minimum"
    assert refusal.message == (
        "Mínimo de 4 por pareja: tu compañero ha cantado 1, así que tú cantas 3 o más."
    )
    assert game.check(BIDS[0]) == refusal  # a Nil would leave the contract at 1
    assert game.can(BIDS[3])


def test_the_partner_of_a_nil_bids_four_or_more_and_two_nils_are_refused() -> None:
    game = _bid(GameState.new(MINIMUM, CODE), 0, 3)
    assert game.legal_actions() == BIDS[4:]
    refusal = game.check(BIDS[0])
    assert refusal is not None
    assert "ha cantado Nil" in refusal.message
    assert "cantas 4 o más" in refusal.message
    game = _bid(game, 4)
    assert game.legal_actions() == BIDS[1:]  # its partner bid 3: any trick bid, but no Nil


def test_a_partner_at_four_leaves_any_bid_nil_too() -> None:
    game = _bid(GameState.new(MINIMUM, CODE), 5, 2)
    assert game.legal_actions() == BIDS
    assert game.can(BIDS[0])


def test_blind_nil_is_refused_when_the_minimum_needs_the_seat() -> None:
    rules = CASA.with_settings(team_minimum=True, blind_nil=True)
    rules = Rules.from_json({**rules.to_json(), "blind_nil_deficit": 0})
    game = GameState.new(rules, CODE)  # 0–0 with no deficit needed: every seat is offered
    game = game.apply(LOOK).apply(BIDS[2]).apply(LOOK).apply(BIDS[3])
    seat = game.hand.turn
    assert seat is not None
    assert game.legal_actions() == (LookAtCards(),)
    refusal = game.check(BlindNil())
    assert refusal is not None
    assert refusal.code == "team_minimum"
    assert not view_for(game, seat).blind_nil_offered
    game = game.apply(LOOK)
    assert game.legal_actions() == BIDS[2:]
    assert BLIND_NIL not in game.legal_actions()


def test_the_view_gives_each_refused_bid_its_reason_keyed_by_the_bid() -> None:
    game = _bid(GameState.new(MINIMUM, CODE), 1, 2)
    seat = game.hand.turn
    assert seat is not None
    view = view_to_json(view_for(game, seat))
    assert set(view["refusals"]) == {"0", "1", "2"}
    assert view["refusals"]["2"]["code"] == "team_minimum"
    assert view["legal"] == list(range(3, 14))
    other = view_to_json(view_for(game, seat.partner))  # not its turn: nothing to dim
    assert other["refusals"] == {}


# --- scoring: the oracle, written from the rule text ---------------------------------------------


def oracle_team(
    rules: Rules, bids: tuple[int, int], tricks: tuple[int, int]
) -> tuple[int, int, int]:
    """(line 1, line 2, line 3) of one team with no bags carried and no Nil bid: a contract of
    10 or more made is 200 at «10 por 200» (else 10 a trick), a made 13 adds the premio at
    «Premio por 13 bazas»; a failed contract is −10 a trick of it; overtricks are +1 each."""
    contract = bids[0] + bids[1]
    taken = tricks[0] + tricks[1]
    if taken < contract:
        return (-10 * contract, 0, 0)
    line = 10 * contract
    if rules.ten_for_200 and contract >= 10:
        line = 200
    if rules.all_thirteen == "bonus" and contract == 13:
        line += rules.all_thirteen_points
    return (line, taken - contract, 0)


@pytest.mark.parametrize(
    ("rules", "bids", "tricks", "lines"),
    [
        (TEN, (6, 4), (7, 4), (200, 1, 0)),  # 10 bid, 11 made: 200 and a bag, not 100
        (TEN, (5, 4), (7, 4), (90, 2, 0)),  # 9 is not 10
        (TEN, (6, 5), (6, 4), (-110, 0, 0)),  # failed: −10 × 11, as any contract
        (BONUS, (7, 6), (8, 5), (330, 0, 0)),  # 13 of 13: 130 + 200
        (BONUS, (7, 6), (8, 4), (-130, 0, 0)),  # 12 of 13
        (CASA, (7, 6), (8, 5), (130, 0, 0)),  # the standard game has no premio
        (ALL, (7, 6), (8, 5), (400, 0, 0)),  # 200 for 10+ and the premio on top
    ],
)
def test_worked_variant_scores(
    rules: Rules, bids: tuple[int, int], tricks: tuple[int, int], lines: tuple[int, int, int]
) -> None:
    ns, _ = score_hand(
        rules,
        bids=(bids[0], 1, bids[1], 1),
        blind=(False, False, False, False),
        tricks=(tricks[0], 13 - sum(tricks), tricks[1], 0),
        totals=(0, 0),
        bags=(0, 0),
    )
    assert ns.lines[:3] == lines
    assert ns.lines[:3] == oracle_team(rules, bids, tricks)


RULES = st.sampled_from([CASA, MINIMUM, BONUS, WIN, TEN, ALL])


@settings(max_examples=300, deadline=None)
@given(
    rules=RULES,
    bids=st.tuples(*[st.integers(1, 13)] * 4),
    cut=st.lists(st.integers(0, 13), min_size=3, max_size=3),
)
def test_scoring_agrees_with_the_oracle(
    rules: Rules, bids: tuple[int, int, int, int], cut: list[int]
) -> None:
    points = sorted(cut)
    tricks = (points[0], points[1] - points[0], points[2] - points[1], 13 - points[2])
    sheets = score_hand(
        rules,
        bids=bids,
        blind=(False, False, False, False),
        tricks=tricks,
        totals=(0, 0),
        bags=(0, 0),
    )
    for team, sheet in enumerate(sheets):
        expected = oracle_team(
            rules, (bids[team], bids[team + 2]), (tricks[team], tricks[team + 2])
        )
        assert (sheet.contract_points, sheet.bag_points, sheet.nil_points) == expected
        assert sheet.hand_total == sum(sheet.lines[:4])


def test_a_nil_partner_and_a_13_bid_take_the_premio_if_the_nil_holds() -> None:
    made, _ = score_hand(
        BONUS,
        bids=(13, 1, 0, 1),
        blind=(False, False, False, False),
        tricks=(13, 0, 0, 0),
        totals=(0, 0),
        bags=(0, 0),
    )
    assert (made.contract_points, made.bonus, made.nil_points) == (330, 200, 100)
    assert made.took_all_thirteen


# --- whole games ---------------------------------------------------------------------------------


def _all_thirteen_deal() -> tuple[int, int, int, int]:
    """South holds the 13 spades (and so takes every trick); the others a suit each."""
    spades = sum(1 << (39 + r) for r in range(13))
    west, north, east = (sum(1 << (13 * suit + r) for r in range(13)) for suit in range(3))
    return (spades, west, north, east)


def _play_out(game: GameState) -> GameState:
    number = game.hand.number
    while game.outcome is None and game.hand.number == number:
        game = game.apply(game.legal_actions()[0])
    return game


def test_thirteen_wins_the_game_outright_at_win() -> None:
    rules = Rules.from_json({**WIN.to_json(), "first_dealer": "east"})
    game = GameState.new(rules, CODE, deals=(_all_thirteen_deal(),))
    game = _bid(game, 13, 1, 0, 1)  # South 13, West 1, North Nil, East 1
    game = _play_out(game)
    assert game.outcome is not None
    assert (game.outcome.reason, game.outcome.winner, game.outcome.hands_played) == (
        "thirteen",
        Seat.SOUTH.team,
        1,
    )
    assert game.history[0].sheets[0].lines[0] == 130  # the contract as ever: the game is the prize


def test_thirteen_scores_the_bonus_at_bonus_and_play_goes_on() -> None:
    rules = Rules.from_json({**BONUS.to_json(), "first_dealer": "east", "target": 500})
    game = _play_out(_bid(GameState.new(rules, CODE, deals=(_all_thirteen_deal(),)), 13, 1, 0, 1))
    assert game.outcome is None  # 430 of 500: the premio is points, not the game
    sheet = game.history[0].sheets[0]
    assert sheet.lines[:3] == (330, 0, 100)
    assert game.totals[0] == 430


@settings(max_examples=25, deadline=None)
@given(rules=RULES, seed=st.binary(min_size=5, max_size=5), picks=st.randoms())
def test_random_games_keep_every_variant(rules: Rules, seed: bytes, picks: random.Random) -> None:
    game = GameState.new(rules, code_from_bytes(seed))
    record = SpadesRecord(rules, game.code)
    actions = []
    for _ in range(3 * 57):
        if game.outcome is not None:
            break
        legal = game.legal_actions()
        assert legal
        action = picks.choice(legal)
        actions.append(action)
        game = game.apply(action)
    for result in game.history:
        for sheet in result.sheets:
            if rules.team_minimum:
                assert sheet.contract is not None
                assert sheet.contract >= rules.team_minimum
            assert sheet.hand_total == sum(sheet.lines[:4])
    replayed = read_record(record.append(*actions).to_json())
    assert replayed.rules == rules


def oracle_allowed(minimum: int, partner_bid: int | None) -> set[int]:
    """The bids the rule text allows a seat: all when its partner has not bid or bid the minimum
    or more; otherwise the trick bids that bring the two to the minimum (no Nil)."""
    if partner_bid is None or partner_bid >= minimum:
        return set(range(14))
    return {bid for bid in range(1, 14) if partner_bid + bid >= minimum}


@settings(max_examples=200, deadline=None)
@given(
    minimum=st.integers(0, 13),
    opening=st.lists(st.integers(0, 13), min_size=0, max_size=3),
    seed=st.binary(min_size=5, max_size=5),
)
def test_the_bids_allowed_are_the_rule_texts(minimum: int, opening: list[int], seed: bytes) -> None:
    rules = Rules.from_json({**CASA.to_json(), "team_minimum": minimum})
    game = GameState.new(rules, code_from_bytes(seed))
    for bid in opening:
        if not game.can(BIDS[bid]):
            return  # the opening itself broke the rule: covered when it is the seat on turn
        game = game.apply(BIDS[bid])
    seat = game.hand.turn
    assert seat is not None
    allowed = oracle_allowed(minimum, game.hand.bids[seat.partner])
    assert {action.tricks for action in game.legal_actions() if isinstance(action, Bid)} == allowed
    assert all(isinstance(action, Bid) for action in game.legal_actions())
    assert {bid for bid in range(14) if game.can(BIDS[bid])} == allowed
