"""Every save of the bad saves corpus is refused by every endpoint that opens a save, with its
stable code and a clear Spanish message, never a 5xx; and refusing it changes nothing."""

from __future__ import annotations

import json
import re

import pytest
from bad_save_corpus import CORPUS_DIR, CORPUS_KEY, BadSave, bad_saves, sign
from fastapi.testclient import TestClient
from make_bad_saves import entries

from picas.web import Settings, create_app

CORPUS = list(bad_saves())
HEADERS = {"content-type": "application/json"}
ENGLISH = re.compile(r"\b(the|field|input|error|invalid|missing|value|traceback|exception)\b", re.I)


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings(key=CORPUS_KEY)), raise_server_exceptions=False)


def test_the_corpus_covers_every_kind_of_damage_the_issue_names() -> None:
    names = {bad.name for bad in CORPUS}
    assert names >= {
        "truncated-text",
        "truncated-actions",
        "unknown-version",
        "illegal-action-middle",
        "computer-card-wrong-key",
        "computer-card-unsigned",
        "huge-record",
        "wrong-type-sig",
        "wrong-type-actions",
        "other-game-signature",
    }
    huge = next(bad for bad in CORPUS if bad.name == "huge-record")
    assert len(huge.save_json.encode()) > 256 * 1024


def _refusal(client: TestClient, path: str, bad: BadSave, **fields: object) -> tuple[int, str, str]:
    response = client.post(path, content=bad.body(**fields), headers=HEADERS)
    assert response.status_code < 500, response.text[:300]
    assert response.headers["content-type"] == "application/json"
    body = response.json()
    assert set(body) == {"error"}, body
    assert {"code", "message"} <= set(body["error"]) <= {"code", "message", "params"}, body
    return response.status_code, body["error"]["code"], body["error"]["message"]


SAMPLE_VALUES = {"integer": 1, "string": "2C", "boolean": False}


def save_endpoints() -> list[tuple[str, dict[str, object]]]:
    """Every endpoint of the schema whose body holds a ``save``, with the body's other required
    fields filled in (an action of 3, a hand number of 1…): endpoints added later count too."""
    schema = TestClient(create_app(Settings(key=CORPUS_KEY))).get("/api/openapi.json").json()
    components = schema["components"]["schemas"]
    found = []
    for path, item in sorted(schema["paths"].items()):
        body = item.get("post", {}).get("requestBody", {}).get("content", {})
        ref = body.get("application/json", {}).get("schema", {}).get("$ref", "")
        model = components.get(ref.rsplit("/", 1)[-1], {})
        if "save" not in model.get("properties", {}):
            continue
        fields: dict[str, object] = {}
        for name in model.get("required", []):
            if name != "save":
                prop = model["properties"][name]
                kinds = [prop.get("type")] + [p.get("type") for p in prop.get("anyOf", [])]
                kind = next(k for k in kinds if k in SAMPLE_VALUES)
                fields[name] = 3 if name == "action" else SAMPLE_VALUES[kind]
        found.append((path, fields))
    return found


ENDPOINTS = save_endpoints()


def test_the_save_endpoints_are_found() -> None:
    paths = [path for path, _ in ENDPOINTS]
    assert {"/api/games/resume", "/api/games/act", "/api/tip"} <= set(paths)


@pytest.mark.parametrize("bad", CORPUS, ids=[bad.name for bad in CORPUS])
@pytest.mark.parametrize(("path", "fields"), ENDPOINTS, ids=[path for path, _ in ENDPOINTS])
def test_a_bad_save_is_refused_with_its_code_and_a_spanish_message(
    client: TestClient, bad: BadSave, path: str, fields: dict[str, object]
) -> None:
    status, code, message = _refusal(client, path, bad, **fields)
    assert (status, code) == (bad.status, bad.code), message
    assert bad.message_has in message
    assert message.endswith("."), message
    assert not ENGLISH.search(message), message
    assert len(message) < 300


def test_the_illegal_action_is_reported_with_its_position(client: TestClient) -> None:
    bad = next(bad for bad in CORPUS if bad.name == "illegal-action-middle")
    index = int(bad.message_has.split()[-1])
    assert 0 < index < len(json.loads(bad.save_json)["record"]["actions"]) - 1  # in the middle
    message = _refusal(client, "/api/games/resume", bad)[2]
    assert message.startswith(f"Acción {index} (")


def test_the_corpus_works_for_any_server_key() -> None:
    """Re-signed for another key, the corpus gets the same answers from that server."""
    key = b"another-key-for-the-corpus-0123456789"
    client = TestClient(create_app(Settings(key=key)), raise_server_exceptions=False)
    for bad in bad_saves(key):
        status, code, _ = _refusal(client, "/api/games/resume", bad)
        assert (status, code) == (bad.status, bad.code), bad.name


def test_the_signed_saves_are_signed_right_so_the_record_is_what_is_refused() -> None:
    """Without this, a broken re-signing would make every case a bad_signature."""
    for path in CORPUS_DIR.glob("*.json"):
        entry = json.loads(path.read_text(encoding="utf-8"))
        if entry.get("signature") == "server":
            assert entry["save"]["sig"] == sign(CORPUS_KEY, entry["save"]["record"]), path.name
            assert entry["code"] != "bad_signature"


def test_a_refused_save_changes_nothing(client: TestClient) -> None:
    """The good save a bad one was made from still opens, and to the same game, after every
    refusal (the server keeps nothing of a refused request)."""
    good_record = json.loads(
        (CORPUS_DIR / "other-game-signature.json").read_text(encoding="utf-8")
    )["other_record"]
    good = {"record": good_record, "sig": sign(CORPUS_KEY, good_record)}
    before = client.post("/api/games/resume", json={"save": good})
    assert before.status_code == 200
    for bad in CORPUS:
        client.post("/api/games/act", content=bad.body(action=3), headers=HEADERS)
    after = client.post("/api/games/resume", json={"save": good})
    assert after.status_code == 200
    assert after.json() == before.json()


def test_the_generator_still_makes_saves_that_are_refused_as_stored() -> None:
    """``make_bad_saves.py`` run against today's engine and bots: each case it makes now gets the
    code its stored file promises (so remaking the corpus never silently changes it)."""
    client = TestClient(create_app(Settings(key=CORPUS_KEY)), raise_server_exceptions=False)
    stored = {bad.name: bad for bad in CORPUS}
    for name, entry in entries():
        if name == "huge-record":
            continue  # the size cap does not depend on the game
        text = '{"save": ' + (entry.get("save_text") or json.dumps(entry["save"])) + "}"
        response = client.post("/api/games/resume", content=text, headers=HEADERS)
        assert response.json()["error"]["code"] == stored[name].code == entry["code"], name
