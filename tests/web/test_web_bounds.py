"""Refusing before paying (picas.web.guard, picas.web.bounds): a body larger than the longest game
the record allows, nested deeper than any request, or holding a number no record has is refused
from its bytes, before its JSON is parsed; a signature that is not of the server's shape before
the record is made canonical. The bound is tied to real games: the longest legal game that can be
built fits, and the bound is not much larger."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pydantic_core
import pytest
from fastapi.testclient import TestClient
from starlette.requests import Request
from web_helpers import act, error_of, make_client, start

from picas.games import corazones
from picas.games.corazones import GameState as CorazonesState
from picas.games.corazones import Rules as CorazonesRules
from picas.games.spades import Bid, GameState, Rules, Seat, cards_in, deal_for
from picas.record import (
    MAX_ACTIONS,
    MAX_DEALS,
    MAX_META,
    MAX_META_KEY,
    MAX_META_TEXT,
    CorazonesRecord,
    Record,
    final_state,
    read_record,
)
from picas.web import bounds, guard, signing

Json = dict[str, Any]
JSON_HEADERS = {"content-type": "application/json"}
POSTS = (
    "/api/games",
    "/api/games/act",
    "/api/games/resume",
    "/api/games/import",
    "/api/tip",
    "/api/hint",
    "/api/practice",
)
"""Every POST endpoint of the API (tests/web/test_web_messages.py checks the list is whole)."""


def _compact(data: object) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _long_tens(text: str) -> str:
    """Card codes with every ten in its longest legal spelling (``10H`` for ``TH``)."""
    return " ".join("10" + code[1] if code[0] == "T" else code for code in text.split())


def _longest_text(record: Json, hands: int) -> Json:
    """``record`` with every text the format lets a real game carry at its longest: tens spelt
    ``10``, an explicit deal (its code's own) for every hand reached, the fullest ``meta``."""
    longer = dict(record)
    longer["actions"] = [
        [_long_tens(card) for card in action]
        if isinstance(action, list)
        else _long_tens(action)
        if isinstance(action, str) and len(action) == 2
        else action
        for action in record["actions"]
    ]
    longer["deals"] = [
        {seat: _long_tens(cards) for seat, cards in deal.items()}
        for deal in record.get("deals", [])[: min(hands, MAX_DEALS)]
    ]
    longer["meta"] = {
        "\x01" * (MAX_META_KEY - 2) + f"{n:02d}": "\x01" * MAX_META_TEXT for n in range(MAX_META)
    }
    return longer


def _deals(code: str, hands: int) -> list[Json]:
    """The code's own deals of hands 1.. ``hands`` (Spades' dealer rotation: East deals first)."""
    deals = []
    for number in range(1, hands + 1):
        dealer = Seat((Seat.EAST + number - 1) % 4)
        deal = deal_for(code, number, dealer)
        deals.append({seat.key: " ".join(c.code for c in _cards(deal[seat])) for seat in Seat})
    return deals


def _cards(mask: int) -> list[Any]:
    return list(cards_in(mask))


def test_the_longest_legal_spades_game_fits_and_the_bound_is_close() -> None:
    # No floor and no draw limit: every player bids 13, both teams are set every hand, and the
    # game goes on until the record is full. Every action is the engine's legal one.
    rules = Rules(profile="\U0001f0a1" * 40, target=1000, floor=None, draw_after_hand=None)
    state = GameState.new(rules, "K7PMX4QH")
    actions: list[Any] = []
    while len(actions) < MAX_ACTIONS:
        legal = state.legal_actions()
        assert legal, "the game ended: it was meant to run until the record is full"
        bids = [action for action in legal if isinstance(action, Bid)]
        action = max(bids, key=lambda bid: bid.tricks) if bids else legal[0]
        actions.append(action)
        state = state.apply(action)
    hands = len(state.history) + 1
    record = Record(rules=rules, code="K7PMX4QH", actions=tuple(actions)).to_json()
    record["deals"] = _deals("K7PMX4QH", hands)
    longest = _longest_text(record, hands)
    assert final_state(read_record(longest)).hand.number == hands  # a real game, replayed
    size = len(_compact(longest))
    assert size <= bounds.MAX_RECORD_BYTES
    assert 1.15 * size >= bounds.MAX_RECORD_BYTES, "the bound is far above any real game"
    # And as a request, it passes the guard, as the bound's own longest records do.
    body = _compact({"save": {"record": longest, "sig": "0" * 64}, "action": 3})
    assert guard.refusal(body) is None
    for game in ("spades", "corazones"):
        record = bounds.longest_record(game)
        wrapped = {"save": {"record": record, "sig": "0" * 64}, "action": ["10C", "10D", "10H"]}
        assert guard.refusal(_compact(wrapped)) is None, game
        assert bounds.containers(wrapped) <= bounds.MAX_CONTAINERS


def test_a_long_legal_corazones_game_fits_hand_for_hand() -> None:
    # Corazones ends once someone reaches the target with a single lowest total: played out to
    # 500, its hands are the longest a Corazones record holds (four passes, 52 cards).
    rules = CorazonesRules(target=500)
    state = CorazonesState.new(rules, "K7PMX4QH")
    actions: list[Any] = []
    while state.outcome is None and len(actions) < MAX_ACTIONS:
        action = state.legal_actions()[0]
        actions.append(action)
        state = state.apply(action)
    record = CorazonesRecord(rules=rules, code="K7PMX4QH", actions=tuple(actions)).to_json()
    longest = _longest_text(record, 0)
    assert read_record(longest).actions == tuple(actions)
    per_action = len(_compact(longest["actions"])) / len(actions)
    # The bound's Corazones hands are at least as long, action for action.
    assert per_action * MAX_ACTIONS <= len(_compact(bounds.longest_record("corazones")["actions"]))
    assert len(_compact(longest)) <= bounds.MAX_RECORD_BYTES
    assert corazones.action_to_json(actions[0])  # a pass, written as a list


def test_a_body_over_the_bound_is_refused_at_every_endpoint_before_parsing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = make_client()
    parsed = _count_parses(monkeypatch)
    filler = "0" * (bounds.MAX_REQUEST_BYTES + 1)
    for path in POSTS:
        body = '{"save": {"record": {"x": "' + filler + '"}, "sig": "' + "0" * 64 + '"}}'
        response = client.post(path, content=body, headers=JSON_HEADERS)
        status, code, message = error_of(response)
        assert (status, code) == (413, "save_too_large"), path
        assert "KB" in message
    assert parsed() == 0


def test_whitespace_does_not_count_against_the_bound() -> None:
    client = make_client()
    game = start(client)
    pretty = json.dumps({"save": game["save"]}, indent=2)
    padded = pretty + " " * (bounds.MAX_REQUEST_BYTES + 10_000)
    assert client.post("/api/games/resume", content=padded, headers=JSON_HEADERS).status_code == 200


def _nested(depth: int, kinds: str = "[]") -> str:
    """A value ``depth`` levels deep, alternating lists and objects when ``kinds`` says so."""
    text = "1"
    for level in range(depth):
        list_here = kinds == "[]" or level % 2 == 0
        text = f"[{text}]" if list_here else '{"k":' + text + "}"
    return text


@pytest.mark.parametrize("kinds", ["[]", "mixed"])
def test_depth_is_counted_exactly(kinds: str) -> None:
    for depth in range(1, 12):
        tokens = guard.outside_strings(_nested(depth, kinds).encode())
        assert guard.deeper_than(tokens, 5) is (depth > 5), depth


def test_brackets_and_numbers_inside_strings_do_not_count() -> None:
    text = json.dumps({"a": ['[[[[[[[[ {{{{ 1.5 NaN Infinity \\" \\\\', '"]]]]'], "b": [[1]]})
    assert guard.refusal(text.encode()) is None
    # An escaped quote does not end a string; an escaped backslash before a quote does.
    assert guard.refusal(b'{"a": "\\" [[[[[[[[ \\\\"}') is None
    assert guard.refusal(b'{"a": "\\\\", "b": [[[[[[1]]]]]]}') is not None


def test_unpaired_brackets_are_left_to_the_parser() -> None:
    client = make_client()
    # (A run of more than five, paired or not, is too deep: no request has one.)
    assert guard.refusal(b"]" * 6) is not None
    for body in ("]]]", "{" * 3 + "1", '{"target": 250]', "[[[]"):
        response = client.post("/api/games", content=body, headers=JSON_HEADERS)
        assert error_of(response)[:2] == (400, "bad_request"), body


def test_the_deepest_real_body_passes_and_one_level_more_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = make_client()
    # A Corazones save with an explicit deal (a practice game's) and a pass: five levels.
    game = start(client, game="corazones", passing=True)
    record = game["save"]["record"]
    record_with_deal = {**record, "deals": [_deals(record["code"], 1)[0]]}
    body = {"save": {"record": record_with_deal, "sig": "0" * 64}, "action": ["2C", "3C", "4C"]}
    assert guard.refusal(_compact(body)) is None
    assert act(client, game, game["view"]["hand"][:3])["view"]["phase"] == "playing"
    parsed = _count_parses(monkeypatch)
    deeper = '{"save": {"record": {"a": [[[1]]]}, "sig": "' + "0" * 64 + '"}}'
    for path in POSTS:
        response = client.post(path, content=deeper, headers=JSON_HEADERS)
        assert error_of(response)[:2] == (400, "too_deep"), path
    # The body: a list nested 30 deep, 3,000 times (184 KB), is refused by its size
    # first; a tenth of it by its depth.
    nested = _nested(30)
    for repeats, code in ((3000, "save_too_large"), (300, "too_deep")):
        body_text = '{"save": {"record": {"x": [' + ",".join([nested] * repeats) + ']}, "sig": "'
        response = client.post(
            "/api/games/resume", content=body_text + "0" * 64 + '"}}', headers=JSON_HEADERS
        )
        assert error_of(response)[1] == code
    assert parsed() == 0


def test_more_lists_and_objects_than_the_longest_game_are_refused_before_parsing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = make_client()
    parsed = _count_parses(monkeypatch)
    for count, code in (
        (bounds.MAX_CONTAINERS - 4, "bad_signature"),
        (bounds.MAX_CONTAINERS - 3, ""),
    ):
        body = {"save": {"record": {"actions": [[]] * count}, "sig": "0" * 64}}
        # The body, the save, the record and its list are four more: the first is at the limit.
        response = client.post("/api/games/resume", json=body)
        if code:
            assert error_of(response)[:2] == (400, code)
        else:
            assert error_of(response)[:2] == (400, "too_many_objects")
    assert parsed() == 1  # only the body within the limit was parsed


def test_a_record_no_signer_can_open_is_refused_by_the_readers_words_without_canonical_form(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = make_client()
    game = play_one(client)
    canonical = _count_calls(monkeypatch, signing, "canonical_json")
    record = game["save"]["record"]
    for edited, status, code in (
        ({**record, "actions": [0] * (MAX_ACTIONS + 1)}, 422, "record_too_long"),
        ({**record, "actions": "2C 3C"}, 422, "invalid_record"),
        ({**record, "deals": [{}] * (MAX_DEALS + 1)}, 422, "invalid_deal"),
        ({**record, "meta": "level"}, 422, "invalid_record"),
        ({**record, "meta": {str(n): "" for n in range(MAX_META + 1)}}, 422, "invalid_record"),
    ):
        save = {"record": edited, "sig": game["save"]["sig"]}
        response = client.post("/api/games/resume", json={"save": save})
        assert error_of(response)[:2] == (status, code), code
    assert canonical() == 0
    # Within the limits, an edit is found by its signature, as ever (an edit and an old key
    # look the same).
    for edited in ({**record, "comment": "x"}, {**record, "deals": [{}] * 10}):
        save = {"record": edited, "sig": game["save"]["sig"]}
        response = client.post("/api/games/resume", json={"save": save})
        assert error_of(response)[:2] == (400, "bad_signature")
    assert canonical() == 2


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1.5", "1e5", "2E-3", "-0.0"])
def test_a_number_no_record_holds_is_refused_before_parsing(
    number: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = make_client()
    parsed = _count_parses(monkeypatch)
    for path, body in (
        ("/api/games/import", '{"record": {"version": ' + number + "}}"),
        ("/api/games/resume", '{"save": {"record": {"a": [' + number + ']}, "sig": "00"}}'),
        ("/api/games", '{"target": ' + number + "}"),
    ):
        status, code, message = error_of(client.post(path, content=body, headers=JSON_HEADERS))
        assert (status, code) == (400, "bad_number"), (path, number)
        assert "NaN" in message
    assert parsed() == 0


BAD_SIGNATURES: dict[str, Callable[[str], str]] = {
    "empty": lambda sig: "",
    "63 characters": lambda sig: sig[:-1],
    "65 characters": lambda sig: sig + "0",
    "not hex": lambda sig: "g" * 64,
    "upper case": str.upper,
    "128 characters": lambda sig: sig * 2,
    "non-ASCII": lambda sig: "é" * 64,
}


@pytest.mark.parametrize("name", list(BAD_SIGNATURES))
def test_a_signature_not_of_the_servers_shape_is_refused_before_canonical_form(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = make_client()
    game = play_one(client)
    canonical = _count_calls(monkeypatch, signing, "canonical_json")
    save = {**game["save"], "sig": BAD_SIGNATURES[name](game["save"]["sig"])}
    for path, body in (
        ("/api/games/act", {"save": save, "action": game["view"]["playable"][0]}),
        ("/api/games/resume", {"save": save}),
        ("/api/tip", {"save": save}),
        ("/api/hint", {"save": save}),
        ("/api/practice", {"save": save, "hand_number": 1}),
    ):
        status, code, message = error_of(client.post(path, json=body))
        assert (status, code) == (400, "malformed_signature"), path
        assert "firma" in message
    assert canonical() == 0
    # A well-formed signature is checked the usual way (and costs the canonical form).
    assert client.post("/api/games/resume", json={"save": game["save"]}).status_code == 200
    assert canonical() > 0


def test_an_import_with_a_malformed_signature_is_checked_as_a_plain_record() -> None:
    client = make_client()
    game = play_one(client)
    response = client.post("/api/games/import", json={"record": game["save"]["record"], "sig": "x"})
    assert response.status_code == 200, response.text


def play_one(client: TestClient) -> Json:
    game = start(client)
    return act(client, game, game["view"]["legal"][0])


def _count_calls(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> Callable[[], int]:
    calls = 0
    original = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return lambda: calls


def _count_parses(monkeypatch: pytest.MonkeyPatch) -> Callable[[], int]:
    """How many request bodies FastAPI has parsed as JSON since the call (it parses a body with
    ``Request.json``)."""
    calls = 0
    original = Request.json

    async def counted(self: Request) -> Any:
        nonlocal calls
        calls += 1
        return await original(self)

    monkeypatch.setattr(Request, "json", counted)
    return lambda: calls


def test_bodies_are_parsed_by_pydantics_parser_and_refused_as_before_when_it_cannot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = make_client()
    parsed = _count_calls(monkeypatch, pydantic_core, "from_json")
    game = play_one(client)
    assert parsed() == 2  # the new game and the act
    # A lone surrogate: pydantic's parser refuses it, json.loads reads it, and the record's
    # reader answers as it always has.
    body = '{"save": {"record": {"a": "\\ud800"}, "sig": "' + "0" * 64 + '"}}'
    response = client.post("/api/games/resume", content=body, headers=JSON_HEADERS)
    assert error_of(response)[:2] == (400, "bad_signature")
    # Malformed JSON is still FastAPI's own refusal.
    response = client.post("/api/games", content='{"target": 250,}', headers=JSON_HEADERS)
    assert error_of(response)[:2] == (400, "bad_request")
    assert game["view"]["phase"] in ("bidding", "playing")
