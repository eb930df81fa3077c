"""Every bad input of a Corazones game gets a clear 4xx with a stable code (docs/api.md,
"Corazones"), and loses nothing: the save sent stays valid."""

from __future__ import annotations

import json
from typing import Any

import pytest
from corazones_web_helpers import (
    CLUBS,
    SETTINGS,
    corazones_client,
    deal,
    new_game,
    saved_position,
)
from web_helpers import CODE, Json, act, error_of

from picas.games.spades import Seat
from picas.web.signing import Signer

client = corazones_client()

# South holds ♣A, six diamonds and six hearts; West all the other clubs (it leads ♣2); North and
# East no club. South wins the first trick with ♣A, no point in it, and leads the second.
ACE_OF_CLUBS = deal(
    south="AC 2D 3D 4D 5D 6D 7D 2H 3H 4H 5H 6H 7H",
    west=CLUBS.replace(" AC", "") + " 2S",
    north="8D 9D TD JD QD KD AD 3S 4S 5S 6S 7S 8S",
    east="8H 9H TH JH QH KH AH 9S TS JS QS KS AS",
)
# South void in clubs, with diamonds and hearts: on the first trick it must throw a diamond.
VOID_IN_CLUBS = deal(
    south="2D 3D 4D 5D 6D 7D 8D 2H 3H 4H 5H 6H 7H",
    west=CLUBS,
    north="9D TD JD QD KD AD 8H 9H TH JH QH KH AH",
    east="2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
)
# South holds every club: it leads the first trick, with ♣2.
ALL_CLUBS = deal(
    south=CLUBS,
    west="2D 3D 4D 5D 6D 7D 8D 2H 3H 4H 5H 6H 7H",
    north="9D TD JD QD KD AD 8H 9H TH JH QH KH AH",
    east="2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
)


def post(path: str, body: object) -> Any:
    """``body`` as JSON with every non-ASCII character escaped, so a lone surrogate travels as the
    six characters ``\\ud800`` (as a browser or a script would send it)."""
    return client.post(path, content=json.dumps(body), headers={"content-type": "application/json"})


def refused(save: Json, action: object) -> tuple[int, str, str]:
    return error_of(post("/api/games/act", {"save": save, "action": action}))


# --- the pass -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "status", "code"),
    [
        (0, 422, "pass_three_cards"),
        (2, 422, "pass_three_cards"),
        (4, 409, "pass_three_cards"),  # a pass some tables make (a house rule), not this one
        (5, 422, "pass_three_cards"),
    ],
)
def test_a_pass_of_another_number_of_cards_is_malformed(count: int, status: int, code: str) -> None:
    game = new_game(client)
    assert refused(game["save"], game["view"]["hand"][:count])[:2] == (status, code)


def test_a_game_of_four_card_passes_takes_four_and_refuses_three() -> None:
    game = new_game(client, pass_size=4)
    assert game["view"]["rules"]["pass_size"] == 4
    hand = game["view"]["hand"]
    status, code, message = refused(game["save"], hand[:3])
    assert (status, code) == (409, "pass_three_cards")
    assert "cuatro" in message
    played = post("/api/games/act", {"save": game["save"], "action": hand[:4]})
    assert played.status_code == 200, played.text
    assert played.json()["view"]["passed"] == sorted(hand[:4], key=hand.index)


def test_the_jack_and_omnibus_together_are_refused_with_the_reason() -> None:
    answer = post("/api/games", {"game": "corazones", "jack_of_diamonds": True, "omnibus": True})
    assert error_of(answer)[:2] == (422, "invalid_rules")
    assert "♦J o con el ♦10" in error_of(answer)[2]


def test_a_pass_of_fourteen_cards_is_not_even_read() -> None:
    game = new_game(client)
    assert refused(game["save"], ["2C"] * 14)[:2] == (400, "bad_request")


def test_a_pass_refused_in_the_position() -> None:
    game = new_game(client)
    hand = game["view"]["hand"]
    missing = next(code for code in ("AS", "KS", "AH", "KH") if code not in hand)
    assert refused(game["save"], [hand[0], hand[1], missing])[:2] == (409, "card_not_in_hand")
    assert refused(game["save"], [hand[0], hand[0], hand[1]])[:2] == (409, "pass_repeated_card")
    assert refused(game["save"], [hand[0], hand[1], "ZZ"])[:2] == (422, "bad_card")


def test_playing_during_the_pass_and_passing_twice_are_refused() -> None:
    game = new_game(client)
    status, code, message = refused(game["save"], game["view"]["hand"][0])
    assert (status, code) == (409, "passing_not_over")
    assert message == "Antes de jugar se pasan tres cartas."
    after = act(client, game, game["view"]["hand"][:3])
    assert refused(after["save"], after["view"]["hand"][:3])[:2] == (409, "passing_over")


def test_a_pass_in_a_game_without_passes_is_refused() -> None:
    game = new_game(client, passing=False)
    assert refused(game["save"], game["view"]["hand"][:3])[:2] == (409, "no_pass_this_hand")


# --- the play -------------------------------------------------------------------------------------


def test_the_first_trick_opens_with_the_two_of_clubs() -> None:
    save = saved_position(ALL_CLUBS)["save"]
    status, code, message = refused(save, "3C")
    assert (status, code) == (409, "lead_two_of_clubs")
    assert message == "La primera baza se abre con el 2 de tréboles."


def test_no_points_on_the_first_trick() -> None:
    position = saved_position(VOID_IN_CLUBS)
    view = client.post("/api/games/resume", json=position).json()["view"]
    assert view["trick"][0] == "2C"
    assert set(view["playable"]) == {"2D", "3D", "4D", "5D", "6D", "7D", "8D"}
    assert view["refusals"]["2H"]["code"] == "no_points_first_trick"
    status, code, message = refused(position["save"], "2H")
    assert (status, code) == (409, "no_points_first_trick")
    assert message == "En la primera baza no se pueden jugar puntos."


def test_follow_suit_then_hearts_not_broken() -> None:
    save = saved_position(ACE_OF_CLUBS)["save"]
    assert refused(save, "2D")[:2] == (409, "must_follow_suit")
    assert refused(save, "KS")[:2] == (409, "card_not_in_hand")
    after = act(client, {"save": save}, "AC")  # South wins the first trick and leads
    assert after["view"]["turn"] == "south"
    assert after["view"]["leader"] == "south"
    assert after["view"]["hearts_broken"] is False
    status, code, message = refused(after["save"], "2H")
    assert (status, code) == (409, "hearts_not_broken")
    assert message == "Los corazones aún no se han roto."
    assert after["view"]["refusals"]["2H"]["code"] == "hearts_not_broken"


@pytest.mark.parametrize(
    ("action", "status", "code"),
    [
        (4, 422, "bad_action"),  # a Spades bid
        ("look", 422, "bad_card"),
        ("blind_nil", 422, "bad_card"),
        ("10X", 422, "bad_card"),
        ("\ud800", 400, "bad_request"),  # not valid Unicode: refused before the engine
        (["2C", "3C", "\ud800"], 400, "bad_request"),
        (True, 400, "bad_request"),
        (None, 400, "bad_request"),
        ({"card": "2C"}, 400, "bad_request"),
        ([1, 2, 3], 400, "bad_request"),
    ],
)
def test_actions_that_are_not_corazones_are_refused(action: object, status: int, code: str) -> None:
    game = new_game(client)
    got_status, got_code, message = refused(game["save"], action)
    assert (got_status, got_code) == (status, code)
    assert "\ud800" not in message


def test_a_pass_sent_to_a_spades_game_is_refused() -> None:
    spades = client.post("/api/games", json={"code": CODE}).json()
    assert spades["game"] == "spades"
    assert refused(spades["save"], ["2C", "3C", "4C"])[:2] == (422, "bad_action")


# --- the saves ------------------------------------------------------------------------------------


def test_a_tampered_save_is_refused_and_the_old_one_still_works() -> None:
    game = new_game(client)
    record = game["save"]["record"]
    tampered = {**game["save"], "record": {**record, "rules": {**record["rules"], "target": 20}}}
    assert refused(tampered, game["view"]["hand"][:3])[:2] == (400, "bad_signature")
    act(client, game, game["view"]["hand"][:3])


def signed(record: Json) -> Json:
    try:
        sig = Signer(SETTINGS.key).sign(record)
    except UnicodeEncodeError:  # no signature holds a lone surrogate: the record is refused first
        sig = "0" * 64
    return {"record": record, "sig": sig}


@pytest.mark.parametrize(
    ("change", "status", "code"),
    [
        ({"game": "poker"}, 422, "unknown_game"),
        ({"game": 1}, 422, "unknown_game"),
        ({"game": "spades"}, 422, "invalid_rules"),  # Corazones' rules in a Spades record
        ({"rules": {"target": 250, "bag_penalty": True}}, 422, "invalid_rules"),
        ({"rules": {"first_pass": "up"}}, 422, "invalid_rules"),
        ({"actions": [4]}, 422, "malformed_action"),
        ({"actions": [["QS", "AS"]]}, 422, "pass_three_cards"),
        ({"actions": ["2C"]}, 422, "passing_not_over"),
        ({"meta": {"level": "experto"}}, 422, "unknown_level"),
    ],
)
def test_a_signed_record_that_does_not_replay_is_refused(
    change: dict[str, Any], status: int, code: str
) -> None:
    record = {**new_game(client)["save"]["record"], **change}
    response = post("/api/games/resume", {"save": signed(record)})
    assert error_of(response)[:2] == (status, code)


def test_a_spades_record_is_not_read_as_corazones() -> None:
    spades = client.post("/api/games", json={"code": CODE}).json()["save"]["record"]
    mixed = {**spades, "game": "corazones"}
    response = client.post("/api/games/resume", json={"save": signed(mixed)})
    assert error_of(response)[:2] == (422, "invalid_rules")


def test_an_imported_record_of_an_unknown_game_is_refused() -> None:
    record = {**new_game(client)["save"]["record"], "game": "poker"}
    response = client.post("/api/games/import", json={"record": record})
    assert error_of(response)[:2] == (422, "unknown_game")


def test_an_imported_record_with_another_deal_is_refused() -> None:
    record = saved_position(ACE_OF_CLUBS)["save"]["record"]
    response = client.post("/api/games/import", json={"record": record})
    assert error_of(response)[:2] == (422, "deal_not_from_code")


# --- new games ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "corazones", "target": 250}, "50 o 100"),
        ({"game": "corazones", "target": "100"}, "50 o 100"),
        ({"game": "corazones", "bag_penalty": True}, "no es un campo"),
        ({"game": "corazones", "moon": "luna"}, "«others» o «self»"),
        ({"game": "corazones", "passing": 1}, "«passing»"),
        ({"game": "corazones", "jack_of_diamonds": "no"}, "«jack_of_diamonds»"),
        ({"game": "corazones", "omnibus": "sí"}, "«omnibus»"),
        ({"game": "corazones", "pass_size": 5}, "«pass_size» debe ser 3 o 4"),
        ({"game": "corazones", "queen_breaks_hearts": 1}, "«queen_breaks_hearts»"),
        ({"game": "corazones", "level": "experto"}, "nivel"),
        ({"game": "spades", "moon": "self"}, "no es un campo"),
        ({"game": "poker"}, "«game»"),
        ({"game": 7}, "«game»"),
        ({"game": None}, "«game»"),
    ],
)
def test_bad_new_game_bodies_are_400_in_spanish(body: Json, words: str) -> None:
    status, code, message = error_of(client.post("/api/games", json=body))
    assert (status, code) == (400, "bad_request")
    assert words in message


def test_a_bad_code_is_refused_without_quoting_a_lone_surrogate() -> None:
    response = post("/api/games", {"game": "corazones", "code": "\ud800\ud800"})
    status, code, message = error_of(response)
    assert (status, code) == (400, "bad_request")
    assert "\ud800" not in message
    status, code, message = error_of(post("/api/games", {"game": "corazones", "code": "ÑÑ"}))
    assert (status, code) == (422, "invalid_code")


@pytest.mark.parametrize("where", ["game", "moon", "pass", "play", "meta"])
def test_a_lone_surrogate_anywhere_in_an_imported_record_is_bad_text(where: str) -> None:
    game = new_game(client)
    record = act(client, game, game["view"]["hand"][:3])["save"]["record"]
    actions = list(record["actions"])
    if where == "game":
        record = {**record, "game": "\ud800"}
    elif where == "moon":
        record = {**record, "rules": {**record["rules"], "moon": "\ud800"}}
    elif where == "pass":
        actions[0] = [actions[0][0], actions[0][1], "\ud800"]
    elif where == "play":
        actions[-1] = "\ud800"
    else:
        record = {**record, "meta": {"level": "\ud800"}}
    record = {**record, "actions": actions}
    for sig in (None, "0" * 64):
        response = post("/api/games/import", {"record": record, "sig": sig})
        status, code, message = error_of(response)
        assert (status, code) == (422, "bad_text")
        assert "\ud800" not in message


def test_south_s_seat_is_the_only_one_shown() -> None:
    game = new_game(client)
    assert game["view"]["seat"] == Seat.SOUTH.key
    assert len(game["view"]["hand"]) == 13
