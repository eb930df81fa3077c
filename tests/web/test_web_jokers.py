"""«Comodines» at the web table: a new game takes it and its save names it, the view deals the
variant's deck, and a card that is not in the game's deck (a joker without the variant, ♥2 or ♦2
with it) is a clear 409 with a stable code, never a 500, whether played or in an imported
record."""

from __future__ import annotations

from typing import Any

from web_helpers import error_of, make_client, play_until, start

from picas.games.spades.bots.registry import load_bot

Json = dict[str, Any]


def _client() -> Any:
    return make_client(loader=load_bot)


def _south_plays(game: Json) -> bool:
    view = game["view"]
    return bool(view["phase"] == "playing" and view["turn"] == "south")


def test_a_new_game_plays_the_jokers_and_its_save_names_them() -> None:
    client = _client()
    game = start(client, level="normal", jokers=True)
    assert game["save"]["record"]["rules"]["jokers"] is True
    assert game["view"]["rules"]["jokers"] is True
    standard = start(client, level="normal")
    assert "jokers" not in standard["save"]["record"]["rules"]
    assert "jokers" not in standard["view"]["rules"]
    response = client.post("/api/games", json={"jokers": "sí"})
    assert error_of(response)[2] == "«jokers» debe ser true o false."


def test_a_card_not_in_the_games_deck_is_a_409_with_its_code() -> None:
    client = _client()
    standard = play_until(client, start(client, level="normal"), _south_plays)
    response = client.post("/api/games/act", json={"save": standard["save"], "action": "BJ"})
    status, code, message = error_of(response)
    assert (status, code) == (409, "card_not_in_deck")
    assert "comodín grande" in message
    jokers = play_until(client, start(client, level="normal", jokers=True), _south_plays)
    for deuce in ("2H", "2D"):
        response = client.post("/api/games/act", json={"save": jokers["save"], "action": deuce})
        assert error_of(response)[:2] == (409, "card_not_in_deck")


def test_an_imported_record_with_a_joker_in_a_standard_game_is_refused_at_its_action() -> None:
    client = _client()
    game = play_until(client, start(client, level="normal"), _south_plays)
    record = dict(game["save"]["record"])
    position = len(record["actions"])
    record["actions"] = [*record["actions"], "BJ"]
    response = client.post("/api/games/import", json={"record": record})
    status, code, message = error_of(response)
    assert (status, code) == (422, "card_not_in_deck")  # a record's illegal action: 422
    assert f"Acción {position + 1} (BJ)" in message
