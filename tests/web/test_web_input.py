"""Nothing a client sends gives a 500, and no message repeats the input beyond a short, escaped
excerpt: lone surrogates, huge strings, Python values that would print as reprs. An import is
checked as strictly as the engine plays: real deals from the record's own code, numeric rules in
their documented ranges, ``version`` exactly 1, ASCII codes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import CODE, error_of, make_app, start

from picas.games.spades import Card, Seat, cards_in, deal_for, excerpt
from picas.record import Record

Json = dict[str, Any]
CLIENT = TestClient(make_app(), raise_server_exceptions=False)
SURROGATE = "\ud800"


def _post_raw(path: str, body: object) -> Any:
    """``body`` as JSON with every non-ASCII character escaped, so a lone surrogate travels as the
    six characters ``\\ud800`` (the way a browser or a script would send it)."""
    return CLIENT.post(
        path,
        content=json.dumps(body, ensure_ascii=True),
        headers={"content-type": "application/json"},
    )


def _plain_record() -> Json:
    record: Json = start(CLIENT, level="facil")["save"]["record"]
    return record


def _assert_clean_refusal(response: Any, *, status: int = 422) -> str:
    got, code, message = error_of(response)
    assert got == status, (got, code, message)
    message.encode("utf-8")  # a message with a lone surrogate could not be sent
    assert len(message) < 300
    for repr_leak in ("{'", "['", "nan", "inf", "1e+", "True", "None"):
        assert repr_leak not in message, message
    return code


@pytest.mark.parametrize(
    "where",
    ["meta value", "meta key", "meta.level", "code", "action", "rules.profile", "unknown key"],
)
def test_a_lone_surrogate_anywhere_in_an_imported_record_is_refused(where: str) -> None:
    record = _plain_record()
    if where == "meta value":
        record["meta"]["note"] = f"hola{SURROGATE}"
    elif where == "meta key":
        record["meta"][SURROGATE] = "x"
    elif where == "meta.level":
        record["meta"]["level"] = SURROGATE
    elif where == "code":
        record["code"] = f"K7PM{SURROGATE}4QH"
    elif where == "action":
        record["actions"] = [SURROGATE]
    elif where == "rules.profile":
        record["rules"]["profile"] = SURROGATE
    else:
        record[SURROGATE] = 1
    _assert_clean_refusal(_post_raw("/api/games/import", {"record": record}))
    _assert_clean_refusal(_post_raw("/api/games/import", {"record": record, "sig": "0" * 64}))


def test_a_lone_surrogate_in_a_request_field_is_a_bad_request() -> None:
    # pydantic refuses a text that is not valid Unicode before the engine sees it.
    game = start(CLIENT)
    response = _post_raw("/api/games/act", {"save": game["save"], "action": SURROGATE})
    assert _assert_clean_refusal(response, status=400) == "bad_request"
    response = _post_raw("/api/games", {"code": SURROGATE * 8})
    assert _assert_clean_refusal(response, status=400) == "bad_request"


def test_a_card_that_is_not_one_is_quoted_escaped_and_short() -> None:
    game = start(CLIENT)
    response = CLIENT.post("/api/games/act", json={"save": game["save"], "action": "\x00Q♥Q"})
    assert _assert_clean_refusal(response) == "bad_card"
    assert "«\\u0000Q♥Q»" in response.json()["error"]["message"]


@pytest.mark.parametrize(
    ("field", "value", "status"),
    [
        # Over the largest record a game can make, or a number no record holds: refused from the
        # body's bytes (picas.web.guard), 413 and 400; the rest by the record's reader, 422.
        ("version", "9" * 200_000, 413),
        ("version", 1.0, 400),
        ("version", True, 422),
        ("version", 10**300, 422),
        ("code", "ßßßß", 422),
        ("code", "K" * 100_000, 413),
        ("code", "K" * 1_000, 422),
        ("actions", [{"a": 1}], 422),
        ("actions", [1e308], 400),
        ("actions", ["Q" * 100_000], 413),
        ("actions", ["Q" * 10_000], 422),
        ("rules", {"nil_points": 10**30}, 422),
        ("rules", {"first_dealer": [1, 2]}, 422),
        ("rules", {"x" * 100_000: 1}, 413),
        ("rules", {"x" * 10_000: 1}, 422),
    ],
)
def test_bad_values_are_refused_without_repeating_them(
    field: str, value: object, status: int
) -> None:
    record = _plain_record()
    if field == "rules":
        assert isinstance(value, dict)
        record["rules"].update(value)
    else:
        record[field] = value
    _assert_clean_refusal(CLIENT.post("/api/games/import", json={"record": record}), status=status)


def test_version_must_be_the_integer_one() -> None:
    record = _plain_record()
    for version in (True, "1"):
        record["version"] = version
        response = CLIENT.post("/api/games/import", json={"record": record})
        assert _assert_clean_refusal(response) == "unknown_version"
    record["version"] = 1.0
    response = CLIENT.post("/api/games/import", json={"record": record})
    assert _assert_clean_refusal(response, status=400) == "bad_number"


def test_a_code_with_non_ascii_letters_is_not_upper_cased_into_a_valid_one() -> None:
    # "ß".upper() is "SS": four of them would make the valid code SSSSSSSS.
    response = CLIENT.post("/api/games", json={"code": "ßßßß"})
    assert _assert_clean_refusal(response) == "invalid_code"


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("nil_points", 1001),
        ("blind_nil_points", 10**30),
        ("bag_penalty_points", 1001),
        ("blind_nil_deficit", 1001),
        ("draw_after_hand", 101),
    ],
)
def test_every_numeric_rule_has_an_upper_bound(key: str, value: int) -> None:
    record = _plain_record()
    record["rules"][key] = value
    response = CLIENT.post("/api/games/import", json={"record": record})
    assert _assert_clean_refusal(response) == "invalid_rules"


def _cards(mask: int) -> list[Card]:
    return list(cards_in(mask))


def test_explicit_deals_must_be_the_codes_own() -> None:
    record = _plain_record()
    first_dealer = Record.from_json(record).start().dealer_of(1)
    own = deal_for(record["code"], 1, first_dealer)
    record["deals"] = [{seat.key: " ".join(c.code for c in _cards(own[seat])) for seat in Seat}]
    assert CLIENT.post("/api/games/import", json={"record": record}).status_code == 200

    stacked: dict[str, list[str]] = {seat.key: [] for seat in Seat}
    for index in range(52):  # South gets all thirteen spades
        card = Card(index)
        stacked[("south", "west", "north", "east")[3 - index // 13]].append(card.code)
    record["deals"] = [{seat: " ".join(cards) for seat, cards in stacked.items()}]
    response = CLIENT.post("/api/games/import", json={"record": record})
    assert _assert_clean_refusal(response) == "deal_not_from_code"


def test_explicit_deals_must_be_52_distinct_cards() -> None:
    record = _plain_record()
    first_dealer = Record.from_json(record).start().dealer_of(1)
    own = deal_for(CODE, 1, first_dealer)
    hands = {seat.key: [c.code for c in _cards(own[seat])] for seat in Seat}
    hands["west"][0] = hands["south"][0]  # a card twice, another nowhere
    record["deals"] = [{seat: " ".join(cards) for seat, cards in hands.items()}]
    response = CLIENT.post("/api/games/import", json={"record": record})
    assert _assert_clean_refusal(response) == "invalid_deal"


def test_the_excerpt_is_short_escaped_and_never_a_repr() -> None:
    assert excerpt("hola") == "«hola»"
    assert excerpt(SURROGATE + "\x00") == "«\\ud800\\u0000»"
    assert excerpt("x" * 10_000) == "«" + "x" * 20 + "…»"
    assert excerpt({"a": 1}) == "un objeto"
    assert excerpt(float("nan")) == "un número con decimales"
    assert excerpt(10**30) == "un número muy grande"
    assert excerpt(True) == "verdadero o falso"
