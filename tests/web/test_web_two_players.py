"""«Dos jugadores» at the web table: a new game takes ``players: 2`` and its save names it; South
draws through to the first bid with the draw events (his own with the cards he kept and saw go
out, the computer player's with its seat alone) and the view's ``draw``; the hint, the tip,
«¿Por qué?», whole games, an imported record and the practice hand never give a 500; a friends'
table refuses the variant."""

from __future__ import annotations

from typing import Any

import pytest
from web_helpers import act, error_of, make_client, start

from picas.games.spades.bots.registry import load_bot
from picas.shared.errors import PicasError
from picas.web.friends.service import _settings

Json = dict[str, Any]


def _client() -> Any:
    return make_client(loader=load_bot)


def _new(client: Any, **body: Any) -> Json:
    return start(client, level="normal", players=2, **body)


def test_a_new_two_player_game_draws_through_to_the_first_bid() -> None:
    client = _client()
    game = _new(client)
    assert game["save"]["record"]["rules"]["players"] == 2
    view = game["view"]
    assert view["rules"]["players"] == 2
    assert view["phase"] == "drawing"
    assert view["turn"] == "south"  # West deals first: South draws first
    assert view["dealer"] == "west"
    assert view["hand"] == []
    assert view["draw"] == {"stock": 52, "top": view["draw"]["top"], "seen_out": []}
    assert view["draw"]["top"] is not None
    assert view["legal"] == ["keep", "discard"]
    assert view["bids"]["north"] is None
    assert view["hand_sizes"] == {"south": 0, "west": 0, "north": 0, "east": 0}
    events_seen: list[Json] = []
    seen_out: list[str] = []
    turns = 0
    while game["view"]["phase"] == "drawing":
        top = game["view"]["draw"]["top"]
        action = "keep" if turns % 3 else "discard"
        before_hand = set(game["view"]["hand"])
        game = act(client, game, action)
        events = game["events"]
        events_seen.extend(events)
        own = events[0]
        assert own["type"] == "draw"
        assert own["seat"] == "south"
        if action == "keep":
            assert own == {"type": "draw", "seat": "south", "kept": top, "seen_out": None}
        else:
            assert own["seen_out"] == top
            assert own["kept"] != top
            seen_out.append(top)
        assert set(game["view"]["hand"]) == before_hand | {own["kept"]}
        for event in events[1:]:
            if event["type"] == "draw":
                assert event == {"type": "draw", "seat": "west"}  # the opponent's: its seat only
        turns += 1
    assert turns == 13
    view = game["view"]
    assert view["phase"] == "bidding"
    assert view["turn"] == "south"
    assert len(view["hand"]) == 13
    assert view["draw"]["stock"] == 0
    assert view["draw"]["top"] is None
    assert sorted(view["draw"]["seen_out"]) == sorted(seen_out)
    assert view["hand_sizes"] == {"south": 13, "west": 13, "north": 0, "east": 0}
    assert all(isinstance(bid, int) for bid in view["legal"])
    assert "blind_nil" not in view["legal"]


def test_refusals_and_helpers_during_the_draw() -> None:
    client = _client()
    game = _new(client)
    response = client.post("/api/games/act", json={"save": game["save"], "action": 3})
    assert error_of(response)[:2] == (409, "still_drawing")
    # The hint answers in the draw: keep or put out the top card, and why (docs/api.md).
    hint = client.post("/api/hint", json={"save": game["save"]})
    assert hint.status_code == 200, hint.text
    answer = hint.json()
    assert answer["card"] == game["view"]["draw"]["top"]
    assert answer["bid"] is None
    assert answer["reason_code"].startswith(("draw_keep_", "draw_discard_"))
    assert answer["reason_params"] == {"card": answer["card"]}
    assert answer["reasons"] == [answer["reason"]]
    assert answer["reason"].startswith(("Quédatela", "Descártala"))
    tip = client.post("/api/tip", json={"save": game["save"]})
    assert error_of(tip)[:2] == (409, "no_tip")
    standard = start(client, level="normal")
    response = client.post("/api/games/act", json={"save": standard["save"], "action": "keep"})
    assert error_of(response)[:2] == (409, "no_draw")
    response = client.post("/api/games", json={"players": 3})
    assert error_of(response)[:3] == (
        400,
        "bad_request",
        "«players» debe ser 2 («Dos jugadores») o 4.",
    )
    response = client.post("/api/games", json={"players": 2, "blind_nil": True})
    status, code, message = error_of(response)
    assert (status, code) == (422, "invalid_rules")
    assert "a dos jugadores no hay Nil ciego" in message


@pytest.mark.parametrize("level", ["facil", "normal", "dificil"])
def test_a_whole_hand_at_each_level_with_hints_and_reasons(level: str) -> None:
    client = _client()
    game = start(client, level=level, players=2)
    reasons = []

    def hand_over(game: Json) -> bool:
        return bool(game["view"]["history"]) or game["view"]["phase"] == "game_over"

    def choose(game: Json) -> object:
        view = game["view"]
        if view["phase"] in ("bidding", "playing"):
            hint = client.post("/api/hint", json={"save": game["save"]})
            assert hint.status_code == 200, hint.text
        if view["phase"] == "bidding":
            tip = client.post("/api/tip", json={"save": game["save"]})
            assert tip.status_code == 200, tip.text
        return view["legal"][0]

    while not hand_over(game):
        game = act(client, game, choose(game))
        reasons += [e.get("reason") for e in game["events"] if e["type"] == "bid"]
        tricks = [e for e in game["events"] if e["type"] == "trick"]
        for trick in tricks:
            assert len(trick["cards"]) == 2
    assert any(reasons)  # West's «¿Por qué?»
    result = game["view"]["history"][0]
    assert result["dealt"]["north"] == []
    assert len(result["tricks"]) == 13
    # The record opens again (import, checked action by action at the level).
    record = game["save"]["record"]
    response = client.post("/api/games/import", json={"record": record})
    assert response.status_code == 200, response.text
    # A practice hand is refused clearly: a two-player hand is drawn, not dealt.
    response = client.post("/api/practice", json={"save": game["save"], "hand_number": 1})
    assert error_of(response)[:2] == (409, "no_practice_two_players")


def test_a_friends_table_refuses_two_players() -> None:
    with pytest.raises(PicasError) as caught:
        _settings("spades", {"players": 2})
    assert caught.value.code == "two_players_solo_only"
    assert "players" not in _settings("spades", {"jokers": True})


def test_a_whole_game_to_its_end_with_deal_events() -> None:
    client = _client()
    game = start(client, level="facil", players=2, target=250)
    deals = []
    west_draws = 0
    while game["view"]["phase"] != "game_over":
        view = game["view"]
        assert set(view["hand_sizes"]) == {"south", "west", "north", "east"}
        game = act(
            client, game, view["legal"][-1] if view["phase"] == "drawing" else view["legal"][0]
        )
        for event in game["events"]:
            if event["type"] == "deal":
                deals.append(event)
            if event["type"] == "draw" and event["seat"] == "west":
                assert set(event) == {"type", "seat"}
                west_draws += 1
    assert deals
    assert [event["dealer"] for event in deals[:2]] == ["south", "west"][: len(deals[:2])]
    assert west_draws >= 13
    assert game["view"]["outcome"]["winner"] in ("north_south", "east_west")
