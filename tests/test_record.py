"""The game record: round trips, replay, and the errors a damaged record gets."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from picas.games.spades import Action, Bid, GameState, Play, Rules, find_profile, parse_action
from picas.games.spades.record import SpadesRecord
from picas.record import MAX_ACTIONS, RecordError, final_state, replay
from picas.shared.cards import Card, mask_of


def random_record(seed: int, *, limit: int = 400, rules: Rules | None = None) -> SpadesRecord:
    rng = random.Random(seed)
    record = SpadesRecord(rules or Rules(), "K7PMX4QH")
    game = record.start()
    actions: list[Action] = []
    while not game.is_over and len(actions) < limit:
        action = rng.choice(game.legal_actions())
        actions.append(action)
        game = game.apply(action)
    return record.append(*actions)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_a_record_round_trips_through_json(seed: int) -> None:
    record = random_record(seed)
    again = SpadesRecord.loads(record.dumps())
    assert again == record
    assert again.dumps() == record.dumps()


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_replay_reproduces_every_state(seed: int) -> None:
    rng = random.Random(seed)
    record = SpadesRecord(find_profile("clasica"), "23456789")
    game = record.start()
    states = [game]
    actions: list[Action] = []
    while not game.is_over and len(actions) < 300:
        action = rng.choice(game.legal_actions())
        game = game.apply(action)
        actions.append(action)
        states.append(game)
    replayed = replay(SpadesRecord.loads(record.append(*actions).dumps()))
    assert replayed == tuple(states)


def test_the_first_illegal_action_is_reported_with_its_index() -> None:
    record = random_record(7, limit=40)
    game = final_state(record)
    illegal = next(
        Play(card)
        for card in (Card(i) for i in range(52))
        if not game.can(Play(card)) and game.hand.phase.value == "playing"
    )
    broken = record.append(illegal, Bid(3))
    with pytest.raises(RecordError) as caught:
        replay(broken)
    assert caught.value.index == len(record.actions)
    assert caught.value.code in {"must_follow_suit", "spades_not_broken", "card_not_in_hand"}
    assert f"Acción {len(record.actions) + 1}" in caught.value.message  # counted from 1


def test_an_action_out_of_turn_in_a_record_is_reported() -> None:
    record = SpadesRecord(Rules(), "K7PMX4QH", actions=(Bid(3), Bid(3), Bid(3), Bid(3), Bid(3)))
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert caught.value.index == 4
    assert caught.value.code == "bidding_over"


def _data(record: SpadesRecord) -> dict[str, Any]:
    return record.to_json()


@pytest.mark.parametrize(
    ("damage", "code"),
    [
        (lambda d: d.update(version=2), "unknown_version"),
        (lambda d: d.update(format="chess"), "bad_format"),
        (lambda d: d.update(code="O0O0O0O0"), "invalid_code"),
        (lambda d: d.update(actions="3,4"), "invalid_record"),
        (lambda d: d["actions"].insert(2, "ZZ"), "malformed_action"),
        (lambda d: d["actions"].insert(2, 14), "malformed_action"),
        (lambda d: d["actions"].insert(2, True), "malformed_action"),
        (lambda d: d["rules"].update(target=0), "invalid_rules"),
        (lambda d: d["rules"].update(sorpresa=1), "invalid_rules"),
        (lambda d: d.update(extra=1), "invalid_record"),
        (lambda d: d.update(meta={"level": 3}), "invalid_record"),
        (lambda d: d.update(deals=[{"south": "AS"}]), "invalid_deal"),
        (lambda d: d.update(actions=[3] * (MAX_ACTIONS + 1)), "record_too_long"),
    ],
)
def test_malformed_records_are_refused_with_a_code(damage: Any, code: str) -> None:
    data = _data(random_record(3, limit=30))
    damage(data)
    with pytest.raises(RecordError) as caught:
        final_state(SpadesRecord.from_json(json.loads(json.dumps(data))))
    assert caught.value.code == code
    assert caught.value.message


def test_text_that_is_not_json_is_refused() -> None:
    with pytest.raises(RecordError) as caught:
        SpadesRecord.loads('{"format": "picas.record", "vers')
    assert caught.value.code == "bad_json"


def test_explicit_deals_are_dealt_first_then_the_code() -> None:
    south = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    west = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
    north = "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"
    east = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"
    deal = tuple(
        mask_of(Card.parse(c) for c in hand.split()) for hand in (south, west, north, east)
    )
    record = SpadesRecord(Rules(), "K7PMX4QH", deals=(deal,))  # type: ignore[arg-type]
    again = SpadesRecord.loads(record.dumps())
    assert again.deals == record.deals
    game = again.start()
    assert game.hand.hands == deal
    # Everyone bids; South leads spades (only spades held) and takes all 13 tricks.
    for bid in (13, 1, 1, 1):
        game = game.apply(Bid(bid))
    while game.hand.number == 1:
        game = game.apply(game.legal_actions()[-1])
    assert game.history[0].hand.won == (13, 0, 0, 0)
    assert game.hand.hands != deal  # hand 2 comes from the code


def test_parse_action_reads_the_json_notation() -> None:
    assert parse_action(0) == Bid(0)
    assert parse_action("TS") == Play(Card.parse("10S"))
    assert isinstance(GameState.new(Rules(), "k7pm-x4qh"), GameState)
