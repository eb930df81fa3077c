"""The house variants at the web table: a new game takes them («Reglas de la casa»), its save
names them, the bid pad's refusals come with the view, a refused bid is a clear error and a bad
setting is refused in Spanish."""

from __future__ import annotations

from typing import Any

from web_helpers import act, error_of, make_client, play_until, start

from picas.games.spades.bots.registry import load_bot

Json = dict[str, Any]


def _client() -> Any:
    return make_client(loader=load_bot)


def test_a_new_game_plays_the_variants_and_its_save_names_them() -> None:
    client = _client()
    game = start(client, level="normal", team_minimum=True, all_thirteen="win", ten_for_200=True)
    rules = game["save"]["record"]["rules"]
    assert (rules["team_minimum"], rules["all_thirteen"], rules["ten_for_200"]) == (4, "win", True)
    assert game["view"]["rules"]["team_minimum"] == 4
    standard = start(client, level="normal")
    assert "team_minimum" not in standard["save"]["record"]["rules"]
    assert "team_minimum" not in standard["view"]["rules"]


def test_south_bidding_after_its_partner_sees_the_refused_bids_with_their_reason() -> None:
    client = _client()
    game = start(client, level="normal", team_minimum=True)

    def south_bids_hand_two(g: Json) -> bool:
        view = g["view"]
        return bool(
            view["hand_number"] == 2 and view["phase"] == "bidding" and view["turn"] == "south"
        )

    game = play_until(client, game, south_bids_hand_two)
    view = game["view"]
    north = view["bids"]["north"]
    assert north < 4, "this code's North bids under the minimum in hand 2"
    lowest = 4 - north
    assert set(view["refusals"]) == {str(bid) for bid in range(lowest)}
    assert view["legal"] == list(range(lowest, 14))
    refusal = view["refusals"]["0"]
    assert refusal["code"] == "team_minimum"
    assert f"tú cantas {lowest} o más" in refusal["message"]
    response = client.post("/api/games/act", json={"save": game["save"], "action": lowest - 1})
    status, code, message = error_of(response)
    assert (status, code) == (409, "team_minimum")
    assert "Mínimo de 4 por pareja" in message
    after = act(client, game, lowest)
    assert after["view"]["bids"]["south"] == lowest


def test_a_bad_house_rule_setting_is_refused_in_spanish() -> None:
    client = _client()
    response = client.post("/api/games", json={"all_thirteen": "siempre"})
    assert error_of(response)[2] == "«all_thirteen» debe ser «off», «bonus» o «win»."
    response = client.post("/api/games", json={"team_minimum": 4})
    assert error_of(response)[2] == "«team_minimum» debe ser true o false."
