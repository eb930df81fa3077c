"""Games played through the API: to the end, deterministically, with refusals and Blind Nil."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import (
    CODE,
    OTHER_KEY,
    CountingBot,
    Json,
    OneBot,
    act,
    error_of,
    make_client,
    play_until,
    start,
)

from picas.games.spades import Seat, action_to_json
from picas.games.spades.bots.base import decide, decision_rng
from picas.games.spades.bots.bid_reasons import render_es
from picas.games.spades.record import SpadesRecord
from picas.games.spades.view import outcome_to_json, result_to_json, view_for
from picas.record import final_state, iter_states


def _actions_from_events(events: list[Json]) -> list[Any]:
    """The record notation of every action the events show, in order."""
    out: list[Any] = []
    for event in events:
        if event["type"] == "bid":
            out.append("blind_nil" if event["blind"] else event["bid"])
        elif event["type"] == "look":
            out.append("look")
        elif event["type"] == "play":
            out.append(event["card"])
    return out


def _whole_game(client: TestClient) -> tuple[Json, list[Json]]:
    game = start(client)
    events = list(game["events"])
    while game["view"]["phase"] != "game_over":
        game = act(client, game, game["view"]["legal"][0])
        events.extend(game["events"])
    return game, events


def test_a_whole_game_to_its_end_matches_the_replayed_record() -> None:
    client = make_client()
    game, events = _whole_game(client)
    record = SpadesRecord.from_json(game["save"]["record"])
    state = final_state(record)
    view = game["view"]
    assert state.outcome is not None
    assert view["totals"] == {"north_south": state.totals[0], "east_west": state.totals[1]}
    assert view["bags"] == {"north_south": state.bags[0], "east_west": state.bags[1]}
    assert view["outcome"] == outcome_to_json(state.outcome)
    assert view["history"] == [result_to_json(result) for result in state.history]
    assert view["legal"] == []
    # The events tell the whole story: every action of the record, each hand's sheet, one end.
    assert _actions_from_events(events) == [action_to_json(a) for a in record.actions]
    scored = [e["result"] for e in events if e["type"] == "hand_scored"]
    assert scored == view["history"]
    assert [e["type"] for e in events].count("game_over") == 1
    assert events[-1] == {"type": "game_over", "outcome": view["outcome"]}
    deals = [e for e in events if e["type"] == "deal"]
    assert [d["hand_number"] for d in deals] == list(range(1, len(state.history) + 1))
    tricks = [e for e in events if e["type"] == "trick"]
    assert len(tricks) == 13 * len(state.history)
    # A finished game refuses any further action.
    response = client.post("/api/games/act", json={"save": game["save"], "action": 3})
    assert error_of(response)[:2] == (409, "game_over")


def test_each_computer_decision_is_seeded_with_its_index_in_the_record() -> None:
    client = make_client()
    game = play_until(client, start(client), lambda g: g["view"]["hand_number"] >= 2)
    record = SpadesRecord.from_json(game["save"]["record"])
    bot = CountingBot()
    checked = 0
    for index, state in enumerate(iter_states(record)):
        if index == len(record.actions):
            break
        seat = state.turn
        assert seat is not None
        if seat is Seat.SOUTH:
            continue
        rng = decision_rng(record.code, index, seat)
        assert decide(bot, view_for(state, seat), rng) == record.actions[index]
        checked += 1
    assert checked > 30


def test_same_code_and_same_play_give_the_same_game_twice() -> None:
    def run(client: TestClient) -> tuple[list[Json], list[Json]]:
        game = start(client, code="k7pm-x4qh")
        trail = [game["events"]]
        for _ in range(60):
            legal = game["view"]["legal"]
            if not legal:
                break
            game = act(client, game, legal[len(legal) // 3])
            trail.append(game["events"])
        return [game["save"]["record"], game["view"]], trail

    first = run(make_client())
    again = run(make_client())
    elsewhere = run(make_client(key=OTHER_KEY))
    assert first == again == elsewhere
    assert len(first[1]) > 30
    assert first[0][0]["code"] == CODE


def test_a_new_game_answers_with_souths_view_and_the_deal() -> None:
    client = make_client()
    game = start(client, target=500, level="normal", bag_penalty=False)
    assert game["code"] == CODE
    assert game["level"] == "normal"
    assert game["save"]["record"]["meta"] == {"level": "normal"}
    view = game["view"]
    assert view["seat"] == "south"
    assert view["rules"]["target"] == 500
    assert view["rules"]["bag_penalty"] is False
    assert view["rules"]["profile"] == "casa"
    assert view["turn"] == "south"  # East deals the first hand: South bids first
    assert len(view["hand"]) == 13
    assert game["events"] == [{"type": "deal", "hand_number": 1, "dealer": "east"}]
    # Only South's cards travel: the other hands are counted, never shown.
    assert view["hand_sizes"] == {"south": 13, "west": 13, "north": 13, "east": 13}
    assert "hands" not in view


def test_without_a_code_the_server_draws_a_fresh_one() -> None:
    client = make_client()
    codes = {start(client, code=None)["code"] for _ in range(3)}
    assert len(codes) == 3
    assert all(len(code) == 8 and not set(code) & set("01OI") for code in codes)


def test_the_computer_players_answer_until_south_plays_again() -> None:
    client = make_client()
    game = act(client, start(client), 3)
    events = game["events"]
    assert events[0] == {"type": "bid", "seat": "south", "bid": 3, "blind": False}
    assert [e["seat"] for e in events] == ["south", "west", "north", "east"]
    assert game["view"]["phase"] == "playing"
    assert game["view"]["turn"] == "south"
    assert game["view"]["bids"]["south"] == 3


def _refused_card(game: Json) -> bool:
    refusals = game["view"]["refusals"]
    return any(r["code"] in ("must_follow_suit", "spades_not_broken") for r in refusals.values())


def test_an_illegal_card_is_refused_with_its_reason_and_the_save_still_works() -> None:
    client = make_client()
    game = play_until(client, start(client), _refused_card)
    card, refusal = next(
        (card, r)
        for card, r in game["view"]["refusals"].items()
        if r["code"] in ("must_follow_suit", "spades_not_broken")
    )
    response = client.post("/api/games/act", json={"save": game["save"], "action": card})
    status, code, message = error_of(response)
    assert (status, code) == (409, refusal["code"])
    assert message == refusal["message"]
    assert message.startswith(("Tienes", "Las picas", "No puedes", "Aún"))
    # Nothing was lost: the page's old save plays on.
    playable = game["view"]["playable"][0]
    after = act(client, game, playable)
    assert after["events"][0] == {"type": "play", "seat": "south", "card": playable}


@pytest.mark.parametrize(
    ("action", "status", "code"),
    [
        (14, 422, "bid_out_of_range"),
        (-1, 422, "bid_out_of_range"),
        ("ZZ", 422, "bad_card"),
        ("AS", 409, "bidding_not_over"),
        ("look", 409, "cards_already_seen"),
        ("blind_nil", 409, "blind_nil_not_offered"),
    ],
)
def test_actions_refused_while_south_bids(action: object, status: int, code: str) -> None:
    client = make_client()
    game = start(client)
    response = client.post("/api/games/act", json={"save": game["save"], "action": action})
    got_status, got_code, message = error_of(response)
    assert (got_status, got_code) == (status, code)
    assert message


def test_a_card_south_does_not_hold_and_a_bid_during_play_are_refused() -> None:
    client = make_client()
    game = act(client, start(client), 3)
    mine = set(game["view"]["hand"])
    other = next(c for c in ("AS", "KS", "QS", "JS", "TS", "9S") if c not in mine)
    response = client.post("/api/games/act", json={"save": game["save"], "action": other})
    assert error_of(response)[:2] == (409, "card_not_in_hand")
    response = client.post("/api/games/act", json={"save": game["save"], "action": 4})
    assert error_of(response)[:2] == (409, "bidding_over")


def _behind_game(client: TestClient, *, blind_nil: bool) -> Json:
    """South bids 13 (with North's 1 a contract of 14: surely set) while East–West bid 1 each:
    North–South fall 100+ behind and the second hand starts with South to bid."""
    game = act(client, start(client, blind_nil=blind_nil), 13)
    return play_until(client, game, lambda g: g["view"]["hand_number"] == 2)


def test_blind_nil_is_offered_when_the_team_is_100_behind() -> None:
    client = make_client(bot=OneBot())
    game = _behind_game(client, blind_nil=True)
    view = game["view"]
    assert view["totals"]["east_west"] - view["totals"]["north_south"] >= 100
    assert (view["phase"], view["turn"], view["dealer"]) == ("bidding", "south", "south")
    assert view["blind_nil_offered"] is True
    assert view["hand"] is None  # face down until South decides
    assert view["legal"] == ["blind_nil", "look"]
    assert {"type": "look", "seat": "north"} in game["events"]  # North was offered it too
    response = client.post("/api/games/act", json={"save": game["save"], "action": 2})
    assert error_of(response)[:2] == (409, "decide_blind_nil")

    blind = act(client, game, "blind_nil")
    assert blind["events"][0] == {"type": "bid", "seat": "south", "bid": 0, "blind": True}
    assert blind["view"]["blind"]["south"] is True
    assert blind["save"]["record"]["actions"][-1] != "blind_nil"  # the bots played on
    assert "blind_nil" in blind["save"]["record"]["actions"]

    looked = act(client, game, "look")
    assert looked["events"] == [{"type": "look", "seat": "south"}]
    assert len(looked["view"]["hand"]) == 13
    assert looked["view"]["legal"] == list(range(14))


def test_blind_nil_is_never_offered_when_the_setting_is_off() -> None:
    client = make_client(bot=OneBot())
    game = _behind_game(client, blind_nil=False)
    view = game["view"]
    assert view["totals"]["east_west"] - view["totals"]["north_south"] >= 100
    assert view["blind_nil_offered"] is False
    assert view["hand"] is not None
    assert view["legal"] == list(range(14))
    assert not any(e["type"] == "look" for e in game["events"])
    response = client.post("/api/games/act", json={"save": game["save"], "action": "blind_nil"})
    assert error_of(response)[:2] == (409, "blind_nil_not_offered")


def _tupled(params: dict[str, Any]) -> dict[str, Any]:
    """JSON's lists as the reasons' tuples."""
    return {k: tuple(v) if isinstance(v, list) else v for k, v in params.items()}


def test_the_tip_suggests_a_bid_while_south_bids() -> None:
    client = make_client()
    game = start(client)
    response = client.post("/api/tip", json={"save": game["save"]})
    assert response.status_code == 200, response.text
    tip = response.json()
    assert set(tip) == {"bid", "reasons", "reason_codes"}
    assert 0 <= tip["bid"] <= 13
    assert all(isinstance(reason, str) and reason for reason in tip["reasons"])
    # The same reasons as codes, one a reason, in order: their Spanish words are the texts.
    words = [render_es(why["code"], _tupled(why["params"])) for why in tip["reason_codes"]]
    assert words == tip["reasons"]


def test_no_tip_during_play_or_with_the_cards_face_down() -> None:
    client = make_client(bot=OneBot())
    playing = act(client, start(client), 3)
    response = client.post("/api/tip", json={"save": playing["save"]})
    assert error_of(response)[:2] == (409, "no_tip")
    face_down = _behind_game(client, blind_nil=True)
    response = client.post("/api/tip", json={"save": face_down["save"]})
    assert error_of(response)[:2] == (409, "no_tip")
