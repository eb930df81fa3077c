"""Signed records changed at random: the server accepts them or refuses them with a 4xx, never a
fault. Schemathesis (``test_fuzz_api.py``) cannot reach this far, since a record it makes up
is not a Picas record at all; here real records are edited in one place each and then signed with
the server's key, so every edit reaches the record reader, the replay and the computer players."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from picas.games.spades import CARDS
from picas.web import Settings, create_app
from picas.web.signing import Signer

KEY = b"fuzz-records-key-0123456789abcdef"
SIGNER = Signer(KEY)
APP = create_app(Settings(key=KEY))
CLIENT = TestClient(APP, raise_server_exceptions=False)
Json = dict[str, Any]


def _game(code: str, south_actions: int, pick: float) -> Json:
    """A game after South's first ``south_actions`` actions (or its end), South taking the legal
    action at fraction ``pick`` of its list (0: the lowest bid or card, 1: the highest)."""
    game: Json = CLIENT.post("/api/games", json={"code": code, "level": "facil"}).json()
    for _ in range(south_actions):
        legal = game["view"]["legal"]
        if not legal:
            break
        action = legal[round(pick * (len(legal) - 1))]
        game = CLIENT.post("/api/games/act", json={"save": game["save"], "action": action}).json()
    record: Json = game["save"]["record"]
    return record


def _corazones_game(code: str, south_actions: int, pick: float, **settings: Any) -> Json:
    """A Corazones game after South's first ``south_actions`` actions (or its end): South passes
    three cards from fraction ``pick`` of its hand and plays the card at that fraction."""
    body = {"game": "corazones", "code": code, "level": "facil", **settings}
    game: Json = CLIENT.post("/api/games", json=body).json()
    for _ in range(south_actions):
        view = game["view"]
        if view["phase"] == "game_over":
            break
        if view["must_pass"]:
            first = round(pick * (len(view["hand"]) - 3))
            action: object = view["hand"][first : first + 3]
        else:
            action = view["playable"][round(pick * (len(view["playable"]) - 1))]
        game = CLIENT.post("/api/games/act", json={"save": game["save"], "action": action}).json()
    record: Json = game["save"]["record"]
    return record


SPADES_RECORDS = [
    _game("K7PMX4QH", 0, 0),  # South's first bid
    _game("M3RT8WQZ", 20, 0),  # hand 2, playing
    _game("QWERTY23", 60, 1),  # bids 13 every hand: over after two hands
]
CORAZONES_RECORDS = [
    _corazones_game("K7PMX4QH", 0, 0),  # South's first pass
    _corazones_game("M3RT8WQZ", 20, 0),  # hand 2, playing
    _corazones_game("QWERTY23", 200, 1, target=50, jack_of_diamonds=True),  # to its end
]
BASE_RECORDS = SPADES_RECORDS + CORAZONES_RECORDS

CARD_CODES = [card.code for card in CARDS]
actions = st.one_of(
    st.integers(-2, 15),
    st.lists(st.sampled_from([*CARD_CODES, "", "XX", "10H"]), max_size=5),  # Corazones' passes
    st.sampled_from([*CARD_CODES, "blind_nil", "look", "10H", "q♥", "", "XX"]),
)
surrogates = st.text(
    st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), min_size=1, max_size=3
)
"""Lone surrogates: a JSON text may escape them (``"\\ud800"``), but they have no UTF-8 bytes."""
odd_texts = st.one_of(
    surrogates,
    st.builds(lambda a, s, b: a + s + b, st.text(max_size=4), surrogates, st.text(max_size=4)),
    st.sampled_from(["x" * 100_000, "é" * 70_000, "\x00" * 50, "ßßßß", "٣٣٣٣٣٣٣٣"]),
)
"""Texts no record may hold, or that must not be quoted back whole."""
leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    odd_texts,
    actions,
)
json_values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)


@st.composite
def deals(draw: st.DrawFn) -> list[Json]:
    """Explicit deals: a shuffled deck (valid), or with a card given twice or left out."""
    deck = draw(st.permutations(CARD_CODES))
    flaw = draw(st.sampled_from(["none", "twice", "short", "bad"]))
    if flaw == "twice":
        deck[0] = deck[1]
    elif flaw == "bad":
        deck[5] = "ZZ"
    hands = [deck[i::4] for i in range(4)]
    if flaw == "short":
        hands[2] = hands[2][:-1]
    return [
        dict(zip(("south", "west", "north", "east"), (" ".join(h) for h in hands), strict=True))
    ]


@st.composite
def edited_records(draw: st.DrawFn) -> Json:
    record: Json = json.loads(json.dumps(draw(st.sampled_from(BASE_RECORDS))))
    where = draw(
        st.sampled_from(
            ["top", "rules", "actions", "insert", "drop", "deals", "meta", "remove", "text", "game"]
        )
    )
    if where == "top":
        record[draw(st.sampled_from([*record, "extra"]))] = draw(json_values)
    elif where == "rules":
        rules = record["rules"]
        rules[draw(st.sampled_from([*rules, "extra"]))] = draw(json_values)
    elif where == "actions" and record["actions"]:
        index = draw(st.integers(0, len(record["actions"]) - 1))
        record["actions"][index] = draw(actions | json_values)
    elif where == "insert":
        index = draw(st.integers(0, len(record["actions"])))
        record["actions"].insert(index, draw(actions))
    elif where == "drop" and record["actions"]:
        index = draw(st.integers(0, len(record["actions"]) - 1))
        del record["actions"][index]
    elif where == "deals":
        record["deals"] = draw(deals())
    elif where == "meta":
        level = draw(st.sampled_from(["normal", "dificil", "", "x" * 300]) | odd_texts)
        record["meta"] = {"level": level}
        if draw(st.booleans()):
            record["meta"][draw(st.text(max_size=4) | odd_texts)] = draw(st.text() | odd_texts)
    elif where == "text":  # a text where the record has one: the code, the profile, an action
        spot = draw(st.sampled_from(["code", "profile", "action"]))
        if spot == "code":
            record["code"] = draw(odd_texts)
        elif spot == "profile":
            record["rules"]["profile"] = draw(odd_texts)
        elif record["actions"]:
            record["actions"][draw(st.integers(0, len(record["actions"]) - 1))] = draw(odd_texts)
    elif where == "game":  # the other game's key, an unknown one, or none
        game = draw(st.sampled_from(["spades", "corazones", "poker", None]) | odd_texts)
        if game is None:
            record.pop("game", None)
        else:
            record["game"] = game
    elif where == "remove":
        del record[draw(st.sampled_from(sorted(record)))]
    return record


def _check(response: Any) -> None:
    assert response.status_code < 500, response.text[:500]
    if response.status_code != 200:
        assert 400 <= response.status_code < 500
        body = response.json()
        assert set(body) == {"error"}, body
        assert {"code", "message"} <= set(body["error"]) <= {"code", "message", "params"}, body
        message = body["error"]["message"]
        assert message.endswith("."), body
        # A short excerpt of the input at most, never a Python repr.
        assert len(message) < 400, message[:500]
        assert "{'" not in message, message


def _post_escaped(path: str, body: Json) -> Any:
    """``body`` as JSON with every non-ASCII character escaped: a lone surrogate travels as
    ``\\ud800``, as a script could send it."""
    return CLIENT.post(path, content=json.dumps(body), headers={"content-type": "application/json"})


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(edited_records(), st.randoms(use_true_random=False))
def test_a_signed_edited_record_is_accepted_or_refused_never_a_fault(
    record: Json, rng: random.Random
) -> None:
    try:
        sig = SIGNER.sign(record)
    except ValueError:  # e.g. a lone surrogate: no server could have signed it
        return
    save = {"save": {"record": record, "sig": sig}}
    resumed = CLIENT.post("/api/games/resume", json=save)
    _check(resumed)
    event(f"resume: {resumed.json().get('error', {}).get('code', 'accepted')}")
    action: object = rng.choice([3, "look", "blind_nil", ["2C", "3C", "4C"], *CARD_CODES[::7]])
    if resumed.status_code == 200:
        view = resumed.json()["view"]
        if view.get("must_pass"):
            action = rng.sample(view["hand"], 3)
        elif view.get("legal") or view.get("playable"):
            action = rng.choice(view.get("legal") or view["playable"])
    _check(CLIENT.post("/api/games/act", json={**save, "action": action}))
    _check(CLIENT.post("/api/tip", json=save))
    _check(CLIENT.post("/api/hint", json=save))


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(edited_records(), st.booleans())
def test_an_imported_edited_record_is_accepted_or_refused_never_a_fault(
    record: Json, with_sig: bool
) -> None:
    """Imports take any record, signed or not, lone surrogates and huge texts included: the
    whole check (the record reader, the deals, the replay, the computer players) runs."""
    body: Json = {"record": record}
    if with_sig:
        body["sig"] = "0" * 64  # not this server's: checked as a plain record
    imported = _post_escaped("/api/games/import", body)
    _check(imported)
    event(f"import: {imported.json().get('error', {}).get('code', 'accepted')}")


@pytest.mark.parametrize(
    ("records", "first"), [(SPADES_RECORDS, "bidding"), (CORAZONES_RECORDS, "passing")]
)
def test_the_base_records_are_real_games_in_several_phases(records: list[Json], first: str) -> None:
    """The edits start from games the server accepts: at the first bid or pass, mid-hand, over."""
    phases = set()
    for record in records:
        response = CLIENT.post(
            "/api/games/resume", json={"save": {"record": record, "sig": SIGNER.sign(record)}}
        )
        assert response.status_code == 200
        phases.add((response.json()["view"]["phase"], len(record["actions"]) > 40))
    assert phases == {(first, False), ("playing", True), ("game_over", True)}
