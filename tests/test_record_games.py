"""The record's ``game`` key (docs/record.md): one envelope, each game's rules and actions read by
its codec; a record without ``game`` is Spades, so a save written before there were two games
still opens."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from corazones_games import bots_game
from picas.games.corazones import Pass, PassDirection, Rules
from picas.games.corazones.record import CorazonesRecord
from picas.games.spades import Seat
from picas.games.spades.record import SpadesRecord
from picas.record import MAX_ACTIONS, RecordError, final_state, read_record, replay
from picas.web import Settings, create_app

OLD_SAVE = (
    Path(__file__).resolve().parent / "proof" / "good_saves" / "spades-before-the-game-key.json"
)
OLD_SAVE_KEY = b"picas-proof-corpus-key-0123456789"
"""The fixture was written by the server before this change (commit 16b87a7), signed with this."""


# --- old saves ------------------------------------------------------------------------------------


def test_a_save_from_before_the_game_key_reads_as_spades_and_writes_the_same() -> None:
    save = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    assert "game" not in save["record"]
    record = read_record(save["record"])
    assert isinstance(record, SpadesRecord)
    assert record.game == "spades"
    assert record.to_json() == save["record"]  # a Spades record is written exactly as before
    assert SpadesRecord.from_json(save["record"]) == record


def test_a_save_from_before_the_game_key_opens_and_plays_on() -> None:
    client = TestClient(create_app(Settings(key=OLD_SAVE_KEY)))
    save = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    opened = client.post("/api/games/resume", json={"save": save})
    assert opened.status_code == 200, opened.text
    assert opened.json()["game"] == "spades"
    legal = opened.json()["view"]["legal"]
    played = client.post("/api/games/act", json={"save": save, "action": legal[0]})
    assert played.status_code == 200, played.text
    assert "game" not in played.json()["save"]["record"]


# --- the game key ---------------------------------------------------------------------------------


def test_a_corazones_record_round_trips_with_its_game_key() -> None:
    record = bots_game()
    data = record.to_json()
    assert data["game"] == "corazones"
    assert list(data)[:3] == ["format", "version", "game"]
    assert all(isinstance(action, list) and len(action) == 3 for action in data["actions"][:4])
    assert all(isinstance(action, str) for action in data["actions"][4:56])
    again = read_record(json.loads(record.dumps()))
    assert again == record
    assert CorazonesRecord.loads(record.dumps()) == record
    assert len(replay(record)) == len(record.actions) + 1


def test_explicit_spades_key_is_spades() -> None:
    data = SpadesRecord(rules=SpadesRecord.codec().read_rules({}), code="K7PMX4QH").to_json()
    assert read_record({**data, "game": "spades"}) == read_record(data)


@pytest.mark.parametrize(
    ("game", "code"),
    [("poker", "unknown_game"), (1, "unknown_game"), (None, "unknown_game"), ("", "unknown_game")],
)
def test_an_unknown_game_is_refused(game: object, code: str) -> None:
    data = bots_game(hands=0).to_json()
    with pytest.raises(RecordError) as raised:
        read_record({**data, "game": game})
    assert raised.value.code == code


def test_each_record_class_refuses_the_other_game() -> None:
    hearts = bots_game(hands=0).to_json()
    with pytest.raises(RecordError) as raised:
        SpadesRecord.from_json(hearts)
    assert raised.value.code == "wrong_game"
    assert raised.value.message == "Esta partida es de Corazones, no de Picas."
    spades = json.loads(OLD_SAVE.read_text(encoding="utf-8"))["record"]
    with pytest.raises(RecordError) as raised:
        CorazonesRecord.from_json(spades)
    assert raised.value.code == "wrong_game"


def test_the_other_game_s_rules_are_refused() -> None:
    spades = json.loads(OLD_SAVE.read_text(encoding="utf-8"))["record"]
    with pytest.raises(RecordError) as raised:
        read_record({**spades, "game": "corazones"})
    assert raised.value.code == "invalid_rules"
    hearts = bots_game(hands=0).to_json()
    with pytest.raises(RecordError) as raised:
        read_record({k: v for k, v in hearts.items() if k != "game"})
    assert raised.value.code == "invalid_rules"


# --- replaying Corazones --------------------------------------------------------------------------


def test_the_first_illegal_action_is_named_with_its_index() -> None:
    data = bots_game().to_json()
    actions = list(data["actions"])
    actions[10] = actions[9]  # the same card twice: the seat on turn does not hold it
    with pytest.raises(RecordError) as raised:
        final_state(read_record({**data, "actions": actions}))
    assert raised.value.index == 10
    assert raised.value.code == "card_not_in_hand"
    assert raised.value.message.startswith(f"Acción 11 ({actions[10]}): No tienes esa carta")


def test_a_malformed_pass_is_named_with_its_index() -> None:
    data = bots_game(hands=0).to_json()
    for bad, code in ((["QS"] * 14, "malformed_action"), ({"pass": 3}, "malformed_action")):
        with pytest.raises(RecordError) as raised:
            read_record({**data, "actions": [["2C", "3C", "4C"], bad]})
        assert (raised.value.code, raised.value.index) == (code, 1)
        assert raised.value.message.startswith("Acción 2: ")


def test_a_pass_of_two_is_read_then_refused_by_the_hand() -> None:
    record = bots_game(hands=0)
    hand = record.start().hand.hand_of(Seat.SOUTH)
    short = record.append(Pass(hand[:2]))
    with pytest.raises(RecordError) as raised:
        final_state(short)
    assert (raised.value.code, raised.value.index) == ("pass_three_cards", 0)
    assert raised.value.message.startswith(f"Acción 1 ({hand[0].code} {hand[1].code}): ")


def test_the_limits_are_the_envelope_s() -> None:
    data = bots_game(hands=0).to_json()
    with pytest.raises(RecordError) as raised:
        read_record({**data, "actions": ["2C"] * (MAX_ACTIONS + 1)})
    assert raised.value.code == "record_too_long"
    with pytest.raises(RecordError) as raised:
        read_record({**data, "meta": {"level": "\ud800"}})
    assert raised.value.code == "bad_text"
    with pytest.raises(RecordError) as raised:
        read_record({**data, "actions": [["2C", "3C", "\udfff"]]})
    assert raised.value.code == "bad_text"


def test_explicit_deals_and_the_first_pass_replay() -> None:
    source = bots_game(hands=1)
    dealt = final_state(source).history[0].hand.dealt
    record = CorazonesRecord(
        rules=Rules(first_pass=PassDirection.ACROSS), code="ZZZZZZZZ", deals=(dealt,)
    )
    again = read_record(json.loads(record.dumps()))
    assert again == record
    state = again.start()
    assert state.hand.direction is PassDirection.ACROSS
    assert state.hand.dealt == dealt


def test_random_corazones_games_replay_from_their_json() -> None:
    rng = random.Random(3)
    for _ in range(5):
        code = "".join(rng.choice("23456789ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(8))
        record = bots_game(code, hands=rng.randint(1, 4), jack_of_diamonds=rng.random() < 0.5)
        assert final_state(read_record(json.loads(record.dumps()))) == final_state(record)
