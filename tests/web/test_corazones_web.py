"""Corazones through the API (docs/api.md, "Corazones"): a whole game at Fácil, the events, the
record it leaves, the hint, practice and import, and South's view hiding every other hand."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from corazones_web_helpers import (
    SETTINGS,
    corazones_client,
    corazones_record,
    new_game,
    play_game,
    state_of,
)
from fastapi.testclient import TestClient
from web_helpers import CODE, Json, act, error_of

from picas.games.corazones.bots.hint import render_es
from picas.games.corazones.record import CorazonesRecord
from picas.games.spades import Seat
from picas.record import final_state, read_record
from picas.shared.cards import cards_in
from picas.web import create_app

client = corazones_client()


@pytest.fixture(scope="module")
def game_to_50() -> list[Json]:
    """Every answer of a whole game to 50 at Fácil, South playing its lowest cards."""
    return list(play_game(client, new_game(client, target=50)))


def test_a_new_game_waits_for_south_to_pass() -> None:
    game = new_game(client)
    assert game["game"] == "corazones"
    assert game["code"] == CODE
    assert game["level"] == "facil"
    assert game["events"] == [
        {"type": "deal", "hand_number": 1, "dealer": "east", "direction": "left", "pass_to": "west"}
    ]
    view = game["view"]
    assert view["phase"] == "passing"
    assert view["must_pass"]
    assert view["turn"] == "south"
    assert game["save"]["record"]["game"] == "corazones"
    assert game["save"]["record"]["actions"] == []  # nobody passes before South
    assert game["save"]["record"]["rules"] == {
        "target": 100,
        "passing": True,
        "jack_of_diamonds": False,
        "moon": "others",
        "first_pass": "left",
    }


def test_the_settings_go_into_the_rules() -> None:
    game = new_game(client, target=50, passing=False, jack_of_diamonds=True, moon="self")
    rules = game["view"]["rules"]
    assert (rules["target"], rules["passing"], rules["jack_of_diamonds"], rules["moon"]) == (
        50,
        False,
        True,
        "self",
    )
    # Without a pass the holder of ♣2 leads at once: the computer players play up to South.
    assert game["view"]["phase"] == "playing"
    assert game["view"]["turn"] == "south"
    assert game["events"][0]["pass_to"] is None
    assert all(event["type"] in {"deal", "play", "trick"} for event in game["events"])


def test_south_s_pass_brings_the_exchange_and_the_first_plays() -> None:
    game = new_game(client)
    three = game["view"]["hand"][-3:]
    after = act(client, game, three)
    events = after["events"]
    assert events[0] == {
        "type": "pass",
        "direction": "left",
        "to": "west",
        "gave": sorted(three, key=lambda code: game["view"]["hand"].index(code)),
        "from": "east",
        "received": after["view"]["received"],
    }
    assert after["view"]["passed"] == events[0]["gave"]
    assert not set(three) & set(after["view"]["hand"])
    assert set(after["view"]["received"]) <= set(after["view"]["hand"])
    # Then whoever holds ♣2 leads it, and the others play up to South.
    plays = [event for event in events if event["type"] == "play"]
    if plays:
        assert plays[0]["card"] == "2C"
    assert after["view"]["turn"] == "south"
    # The record holds the four passes in seat order from South, then the plays.
    actions = after["save"]["record"]["actions"]
    assert actions[0] == three
    assert [len(action) for action in actions[:4]] == [3, 3, 3, 3]
    assert all(isinstance(action, str) for action in actions[4:])


def test_a_whole_game_at_facil(game_to_50: list[Json]) -> None:
    last = game_to_50[-1]
    view = last["view"]
    assert view["phase"] == "game_over"
    outcome = view["outcome"]
    totals = outcome["totals"]
    assert max(totals.values()) >= 50
    assert totals[outcome["winner"]] == min(totals.values())
    assert list(totals.values()).count(min(totals.values())) == 1
    # One deal, one exchange (on the hands with a pass), 13 tricks and a sheet a hand.
    events = [event for answer in game_to_50 for event in answer["events"]]
    kinds = Counter(event["type"] for event in events)
    hands = outcome["hands_played"]
    assert kinds["deal"] == hands
    assert kinds["pass"] == sum(1 for n in range(1, hands + 1) if n % 4 != 0)
    assert kinds["trick"] == 13 * hands
    assert kinds["play"] == 52 * hands
    assert kinds["hand_scored"] == hands
    assert kinds["game_over"] == 1
    assert events[-1]["type"] == "game_over"
    # Each trick's points, each hand's sheet and the running totals add up.
    tricks = [event for event in events if event["type"] == "trick"]
    assert sum(event["points"] for event in tricks) == 26 * hands
    sheets = [event["result"] for event in events if event["type"] == "hand_scored"]
    running = dict.fromkeys(totals, 0)
    for sheet in sheets:
        for seat, points in sheet["points"].items():
            running[seat] += points
        assert sheet["totals"] == running
    assert running == totals
    assert view["history"] == sheets


def test_the_record_replays_to_the_same_end(game_to_50: list[Json]) -> None:
    record = read_record(game_to_50[-1]["save"]["record"])
    assert isinstance(record, CorazonesRecord)
    state = final_state(record)
    assert state.outcome is not None
    assert {seat.key: state.totals[seat] for seat in Seat} == game_to_50[-1]["view"]["totals"]


def test_every_answer_shows_south_nothing_of_the_others_hands(game_to_50: list[Json]) -> None:
    """The view (but for finished hands, all face up) and the events name only cards South holds,
    has passed, or has seen played: never another seat's cards or pass in the hand being played."""
    for answer in game_to_50:
        state = state_of(answer["save"]["record"])
        hand = state.hand
        played = {card.code for trick in hand.tricks for card in trick.cards} | {
            card.code for card in hand.trick
        }
        south = {card.code for card in cards_in(hand.dealt[0] | hand.received[0])}
        known = south | played
        view = dict(answer["view"], history=[])
        if state.outcome is None:
            assert _cards_in(view) <= known
            for seat in (1, 2, 3):  # what they hold, but for the cards South gave them
                hidden = {card.code for card in cards_in(hand.hands[seat] & ~hand.passed[0])}
                assert not hidden & _cards_in(view)
        for event in answer["events"]:
            if event["type"] == "pass":
                assert set(event) == {"type", "direction", "to", "gave", "from", "received"}
            assert event["type"] in {"deal", "pass", "play", "trick", "hand_scored", "game_over"}


def _cards_in(node: Any) -> set[str]:
    """Every card code in a JSON value (keys of ``refusals`` too)."""
    found: set[str] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            found |= _cards_in(key) | _cards_in(value)
    elif isinstance(node, list):
        for value in node:
            found |= _cards_in(value)
    elif (
        isinstance(node, str)
        and len(node) == 2
        and node[1] in "CDHS"
        and node[0] in "23456789TJQKA"
    ):
        found.add(node)
    return found


def test_the_others_passes_stay_hidden_until_the_hand_is_over() -> None:
    game = new_game(client)
    after = act(client, game, game["view"]["hand"][:3])
    state = state_of(after["save"]["record"])
    others_passed = {card.code for seat in (1, 2, 3) for card in cards_in(state.hand.passed[seat])}
    received = set(after["view"]["received"])
    # East passed to South (those cards are South's now); West's and North's passes are not.
    unseen = others_passed - received - _cards_in(after["events"])
    assert unseen
    assert not unseen & _cards_in(dict(after["view"], history=[]))


# --- the hint -------------------------------------------------------------------------------------


def test_the_hint_suggests_a_pass_with_a_reason_for_each_card() -> None:
    game = new_game(client)
    response = client.post("/api/hint", json={"save": game["save"]})
    assert response.status_code == 200, response.text
    hint = response.json()
    assert hint["game"] == "corazones"
    assert hint["kind"] == "pass"
    assert hint["card"] is None
    assert len(set(hint["cards"])) == 3
    assert set(hint["cards"]) <= set(game["view"]["hand"])
    assert [detail["card"] for detail in hint["details"]] == hint["cards"]
    for detail in hint["details"]:
        assert detail["reason"] == render_es(detail["reason_code"], detail["reason_params"])
    assert hint["reasons"] == [detail["reason"] for detail in hint["details"]]
    assert hint["reason"] == "; ".join(hint["reasons"])
    # The suggestion is a pass the table accepts.
    act(client, game, hint["cards"])


def test_the_hint_suggests_a_playable_card(game_to_50: list[Json]) -> None:
    playing = next(a for a in game_to_50 if a["view"]["phase"] == "playing" and a["view"]["trick"])
    hint = client.post("/api/hint", json={"save": playing["save"]}).json()
    assert hint["kind"] == "play"
    assert hint["cards"] is None
    assert hint["card"] in playing["view"]["playable"]
    assert len(hint["details"]) == 1
    assert hint["reason"] == render_es(hint["reason_code"], hint["reason_params"])


def test_no_hint_and_no_tip_when_there_is_nothing_to_suggest(game_to_50: list[Json]) -> None:
    over = client.post("/api/hint", json={"save": game_to_50[-1]["save"]})
    assert error_of(over)[:2] == (409, "no_hint")
    tip = client.post("/api/tip", json={"save": game_to_50[0]["save"]})
    assert error_of(tip)[:2] == (409, "no_tip")


def test_a_finished_game_refuses_more_actions(game_to_50: list[Json]) -> None:
    response = client.post("/api/games/act", json={"save": game_to_50[-1]["save"], "action": "2C"})
    assert error_of(response)[:2] == (409, "game_over")


def test_resume_gives_the_same_view(game_to_50: list[Json]) -> None:
    middle = game_to_50[len(game_to_50) // 2]
    response = client.post("/api/games/resume", json={"save": middle["save"]})
    assert response.status_code == 200
    assert response.json()["view"] == middle["view"]
    assert response.json()["events"] == []


# --- practice and import --------------------------------------------------------------------------


def test_practice_replays_a_hand_with_its_pass_direction(game_to_50: list[Json]) -> None:
    last = game_to_50[-1]
    response = client.post("/api/practice", json={"save": last["save"], "hand_number": 2})
    assert response.status_code == 200, response.text
    practice = response.json()
    hand = last["view"]["history"][1]
    assert practice["game"] == "corazones"
    assert practice["view"]["direction"] == hand["direction"] == "right"
    assert practice["view"]["hand"] == hand["dealt"]["south"]
    assert practice["view"]["totals"] == dict.fromkeys(hand["totals"], 0)
    assert practice["save"]["record"]["meta"] == {"level": "facil", "practice": "2"}
    original, dificil = practice["compare"]["original"], practice["compare"]["dificil"]
    assert original["passed"] == hand["passed"]["south"]
    assert original["points"] == hand["points"]
    for line in (original, dificil):
        assert len(line["tricks"]) == 13
        assert sum(trick["points"] for trick in line["tricks"]) == 26
        assert line["direction"] == "right"


def test_a_plain_record_of_a_real_game_imports(game_to_50: list[Json]) -> None:
    record = game_to_50[-1]["save"]["record"]
    response = client.post("/api/games/import", json={"record": record})
    assert response.status_code == 200, response.text
    opened = response.json()
    assert opened["view"] == game_to_50[-1]["view"]
    assert opened["reasons"] == {}


def test_an_import_with_a_computer_action_changed_is_not_reproducible(
    game_to_50: list[Json],
) -> None:
    record = game_to_50[1]["save"]["record"]  # after South's first pass
    actions = list(record["actions"])
    west = actions[1]
    other = next(code for code in _west_hand(record) if code not in west)
    actions[1] = [west[0], west[1], other]
    response = client.post("/api/games/import", json={"record": {**record, "actions": actions}})
    status, code, message = error_of(response)
    assert (status, code) == (422, "not_reproducible")
    assert message.startswith("Acción 2: Oeste hizo «")


def _west_hand(record: Json) -> list[str]:
    state = corazones_record({**record, "actions": []}).start()
    return [card.code for card in cards_in(state.hand.hands[1])]


# --- Difícil's replies ----------------------------------------------------------------------------


@pytest.mark.parametrize(("level", "in_lane"), [("normal", False), ("dificil", True)])
def test_dificil_replies_think_in_the_replies_lane(level: str, in_lane: bool) -> None:
    """A Difícil reply (three searched decisions, about 70 ms of one core at the median and 240 ms
    at p95: docs/benchmarks.md) goes to a worker process of the replies' lane, as Spades' does;
    Fácil and Normal replies stay in the server process."""
    app = create_app(SETTINGS)
    with TestClient(app) as fresh:
        game = new_game(fresh, level=level)
        after = act(fresh, game, game["view"]["hand"][:3])
        assert after["level"] == level
        assert after["events"][0]["type"] == "pass"
        assert (app.state.replies._pool is not None) is in_lane
