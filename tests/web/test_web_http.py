"""HTTP edges: malformed bodies, the size cap, the headers, the page, the schema, server faults."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import Json, error_of, make_app, make_client, start

from picas.games.spades import Bid, BlindNil, Card, LookAtCards
from picas.games.spades.view import PlayerView
from picas.web.settings import MAX_BODY_BYTES

JSON_HEADERS = {"content-type": "application/json"}
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
    " frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)


def _save(client: TestClient) -> Json:
    save: Json = start(client)["save"]
    return save


BAD_BODIES: list[tuple[str, str, str]] = [
    ("/api/games", "{", "JSON"),
    ("/api/games", '{"target": 250,}', "JSON"),
    ("/api/games", "[1, 2]", "objeto"),
    ("/api/games", '"hola"', "objeto"),
    ("/api/games", "null", "cuerpo"),
    ("/api/games", '{"target": 1' + "0" * 6000 + "}", ""),
    ("/api/games", '{"target": "250"}', "objetivo"),
    ("/api/games", '{"target": 300}', "objetivo"),
    ("/api/games", '{"target": true}', "objetivo"),
    ("/api/games", '{"level": "experto"}', "nivel"),
    ("/api/games", '{"level": null}', "nivel"),
    ("/api/games", '{"bag_penalty": "yes"}', "bag_penalty"),
    ("/api/games", '{"blind_nil": 1}', "blind_nil"),
    ("/api/games", '{"code": 12345678}', "código"),
    ("/api/games", '{"code": "' + "A" * 100 + '"}', "código"),
    ("/api/games", '{"targett": 250}', "targett"),
    ("/api/games/act", "{}", "save"),
    ("/api/games/act", '{"action": 3}', "save"),
    ("/api/games/act", '{"save": {"record": {}, "sig": "ab"}}', "action"),
    ("/api/games/act", '{"save": [], "action": 3}', "guardada"),
    ("/api/games/act", '{"save": {"sig": "ab"}, "action": 3}', "record"),
    ("/api/games/act", '{"save": {"record": "x", "sig": "ab"}, "action": 3}', "registro"),
    ("/api/games/act", '{"save": {"record": {}, "sig": 5}, "action": 3}', "firma"),
    ("/api/games/act", '{"save": {"record": {}, "sig": "ab"}, "action": true}', "acción"),
    ("/api/games/act", '{"save": {"record": {}, "sig": "ab"}, "action": null}', "acción"),
    ("/api/games/act", '{"save": {"record": {}, "sig": "ab"}, "action": [3]}', "acción"),
    ("/api/games/resume", '{"save": {"record": {}, "sig": "ab"}, "extra": 1}', "extra"),
    ("/api/tip", '{"save": null}', "guardada"),
]


@pytest.mark.parametrize(("path", "body", "word"), BAD_BODIES)
def test_malformed_bodies_are_400_bad_request_in_spanish(path: str, body: str, word: str) -> None:
    client = make_client()
    status, code, message = error_of(client.post(path, content=body, headers=JSON_HEADERS))
    assert (status, code) == (400, "bad_request")
    assert word in message
    assert message.endswith(".")
    assert "Field" not in message
    assert "Input" not in message


def test_a_body_that_is_not_json_or_missing_is_a_bad_request() -> None:
    client = make_client()
    for kwargs in (
        {"content": "target=250", "headers": {"content-type": "application/x-www-form-urlencoded"}},
        {"content": '{"target": 250}'},  # no content type at all
        {"content": '{"target": 250}', "headers": {"content-type": "text/plain"}},
        {},
    ):
        response = client.post("/api/games", **kwargs)
        assert error_of(response)[:2] == (400, "bad_request"), kwargs


@pytest.mark.parametrize("code", ["K7PM X4Q1", "K7PMX4QO", "K7PM", "K7PMX4QHH", "K7PM-X4Q!"])
def test_a_bad_game_code_is_refused(code: str) -> None:
    status, error_code, message = error_of(make_client().post("/api/games", json={"code": code}))
    assert (status, error_code) == (422, "invalid_code")
    assert "código" in message


def test_a_save_with_strange_json_is_refused_not_a_crash() -> None:
    client = make_client()
    for record, code in (
        ('{"a": NaN}', "bad_number"),
        ('{"a": ' + "[" * 900 + "]" * 900 + "}", "too_deep"),
        ('{"a": "\\udc00"}', "bad_signature"),
    ):
        body = '{"save": {"record": ' + record + ', "sig": "' + "0" * 64 + '"}, "action": 3}'
        response = client.post("/api/games/act", content=body, headers=JSON_HEADERS)
        assert error_of(response)[:2] == (400, code), record[:20]


def test_a_body_over_the_cap_is_413_too_large_even_without_a_length() -> None:
    client = make_client()
    big = '{"target": 250, "code": "' + "x" * MAX_BODY_BYTES + '"}'
    response = client.post("/api/games", content=big, headers=JSON_HEADERS)
    status, code, message = error_of(response)
    assert (status, code) == (413, "too_large")
    assert "demasiado grande" in message
    assert response.headers["content-security-policy"] == CSP

    def chunks() -> Iterator[bytes]:
        yield b'{"target": 250, "code": "'
        for _ in range(MAX_BODY_BYTES // 4096 + 2):
            yield b"x" * 4096
        yield b'"}'

    response = client.post("/api/games", content=chunks(), headers=JSON_HEADERS)
    assert response.request.headers.get("transfer-encoding") == "chunked"
    assert "content-length" not in response.request.headers
    assert error_of(response)[:2] == (413, "too_large")


def test_a_body_just_under_the_cap_is_read() -> None:
    client = make_client()
    body = '{"target": 500}' + " " * (MAX_BODY_BYTES - 100)
    response = client.post("/api/games", content=body, headers=JSON_HEADERS)
    assert response.status_code == 200
    assert response.json()["view"]["rules"]["target"] == 500


def _assert_secure(response: Any) -> None:
    assert response.headers["content-security-policy"] == CSP
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"


def test_every_response_carries_the_security_headers(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><title>Picas</title>")
    (tmp_path / "app.js").write_text("export const x = 1;\n")
    client = make_client(static_dir=tmp_path)
    save = _save(client)
    responses = [
        client.get("/"),
        client.get("/app.js"),
        client.get("/no-such-file.css"),
        client.post("/api/games", json={}),
        client.post("/api/games/resume", json={"save": save}),
        client.post("/api/games", content="{", headers=JSON_HEADERS),
        client.post("/api/games/act", json={"save": save, "action": "AS"}),
        client.get("/api/games"),
        client.get("/api/nothing"),
        client.get("/api/openapi.json"),
    ]
    assert [r.status_code for r in responses] == [200, 200, 404, 200, 200, 400, 409, 405, 404, 200]
    for response in responses:
        _assert_secure(response)
    for response in responses[3:]:
        assert response.headers["cache-control"] == "no-store"


def test_the_page_and_its_files_are_revalidated_so_a_deployment_never_mixes_versions(
    tmp_path: Path,
) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><title>Picas</title>\n")
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "api.js").write_text("export const version = 1;\n")
    client = make_client(static_dir=tmp_path)
    for path in ("/", "/js/api.js"):
        first = client.get(path)
        assert first.headers["cache-control"] == "no-cache", path
        etag = first.headers["etag"]
        again = client.get(path, headers={"If-None-Match": etag})
        assert again.status_code == 304, path
    # A new deployment changes the file: the same question gets the new file.
    (tmp_path / "js" / "api.js").write_text("export const version = 2; // a new release\n")
    changed = client.get("/js/api.js", headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert "version = 2" in changed.text


def test_the_page_is_served_from_static_with_a_placeholder_until_it_exists(tmp_path: Path) -> None:
    client = make_client(static_dir=tmp_path)
    placeholder = client.get("/")
    assert placeholder.status_code == 200
    assert placeholder.headers["content-type"].startswith("text/html")
    assert 'lang="es"' in placeholder.text
    assert "<script" not in placeholder.text
    (tmp_path / "index.html").write_text("<!doctype html><title>La mesa</title>")
    page = client.get("/")
    assert "La mesa" in page.text
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "api.js").write_text("export {};\n")
    script = client.get("/js/api.js")
    assert script.status_code == 200
    assert "javascript" in script.headers["content-type"]
    assert client.get("/../pyproject.toml").status_code == 404
    missing = make_client(static_dir=tmp_path / "missing")
    assert missing.get("/").status_code == 200
    assert error_of(missing.get("/app.js"))[:2] == (404, "not_found")


def test_wrong_methods_and_unknown_api_paths_are_json_errors() -> None:
    client = make_client()
    response = client.get("/api/games/act")
    assert error_of(response)[:2] == (405, "method_not_allowed")
    assert response.headers["allow"] == "POST"
    assert error_of(client.post("/api/partidas", json={}))[:2] == (404, "not_found")


class _BrokenBot:
    def bid(self, view: PlayerView, rng: random.Random) -> Bid | BlindNil | LookAtCards:
        raise RuntimeError("detalle interno /srv/secreto.py")

    def play(self, view: PlayerView, rng: random.Random) -> Card:
        raise RuntimeError("detalle interno /srv/secreto.py")


def test_a_server_fault_is_a_generic_500_that_tells_nothing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    client = TestClient(make_app(bot=_BrokenBot()), raise_server_exceptions=False)
    save = _save(client)
    with caplog.at_level("ERROR", logger="picas.web"):
        response = client.post("/api/games/act", json={"save": save, "action": 3})
    status, code, message = error_of(response)
    assert (status, code) == (500, "internal_error")
    assert "secreto" not in response.text
    assert "Traceback" not in response.text
    assert "guardada" in message
    _assert_secure(response)
    assert "detalle interno" in caplog.text  # the details go to the log


def no_bots(level: str) -> Any:
    from picas.games.spades.bots.registry import UnknownBot

    raise UnknownBot(f"No se puede cargar «{level}»: módulo ausente.")


def test_a_missing_level_is_unavailable_not_a_crash() -> None:
    client = make_client(loader=no_bots)
    status, code, message = error_of(client.post("/api/games", json={"level": "dificil"}))
    assert (status, code) == (503, "unavailable")
    assert "módulo" not in message


def test_the_openapi_schema_describes_the_contract() -> None:
    client = make_client()
    schema = client.get("/api/openapi.json").json()
    assert schema["openapi"].startswith("3.")
    paths = schema["paths"]
    assert set(paths) == {
        "/api/games",
        "/api/games/act",
        "/api/games/resume",
        "/api/games/import",
        "/api/tip",
        "/api/hint",
        "/api/practice",
        # Mesa con amigos (docs/friends.md)
        "/api/mesas",
        "/api/mesas/{table_id}",
        "/api/mesas/{table_id}/seats",
        "/api/mesas/{table_id}/host",
        "/api/mesas/{table_id}/leave",
        # Profiles, passkeys, ratings and boards (docs/profiles.md, docs/ratings.md)
        "/api/perfil",
        "/api/perfil/llaves",
        "/api/perfil/llaves/opciones",
        "/api/perfil/llaves/{credential_id}",
        "/api/perfil/entrar",
        "/api/perfil/entrar/opciones",
        "/api/perfil/estadisticas",
        "/api/perfiles/{profile_id}",
        "/api/clasificacion/{game}",
        # «Jugar ya»: the blocks and a rated table's people (docs/quick.md; the queue is a
        # socket, /api/ya/ws)
        "/api/ya/bloqueos",
        "/api/ya/bloqueos/{other}",
        "/api/ya/mesas/{mesa}/personas",
        # Reto del día (docs/daily.md)
        "/api/reto/{game}",
        "/api/reto/{game}/intento",
        "/api/reto/mesa/{table_id}",
        "/api/reto/{game}/{day}",
        "/api/reto/{game}/{day}/tabla",
        "/api/reto/{game}/{day}/revelacion",
    }
    components = schema["components"]["schemas"]
    assert "HTTPValidationError" not in components  # our 400s replace FastAPI's 422 shape

    def resolve(ref: str) -> Json:
        assert ref.startswith("#/components/schemas/")
        found: Json = components[ref.rsplit("/", 1)[1]]
        return found

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if "$ref" in node:
                resolve(node["$ref"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    for path, item in paths.items():
        if "post" not in item:  # GET /api/mesas/{table_id}: a table as everyone sees it
            continue
        operation = item["post"]
        # A ceremony's options are asked for with no body (docs/profiles.md).
        if not path.endswith("/opciones"):
            assert operation["requestBody"]["required"] is True, path
        made = path in ("/api/perfil", "/api/perfil/llaves")  # 201 Created
        answered = {"201"} if made else {"200"}
        assert set(operation["responses"]) >= answered | {"400", "409", "413", "422"}, path
        for status in ("400", "409", "413", "422"):
            content = operation["responses"][status]["content"]["application/json"]
            assert content["schema"]["$ref"].endswith("/ErrorOut"), path
    # The new game's body is one of two, by game (docs/api.md, "Corazones").
    body = paths["/api/games"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    fields = [
        {"game", "target", "level", "bag_penalty", "blind_nil", "code"}
        | {"team_minimum", "all_thirteen", "ten_for_200", "jokers", "players"},  # house rules
        {"game", "target", "passing", "jack_of_diamonds", "moon", "level", "code"}
        | {"omnibus", "pass_size", "queen_breaks_hearts"},  # Corazones' house rules
    ]
    for choice, names in zip(body["oneOf"], fields, strict=True):
        new_game = resolve(choice["$ref"])
        assert new_game["additionalProperties"] is False
        assert set(new_game["properties"]) == names
    assert json.dumps(schema)  # plain JSON all the way down
