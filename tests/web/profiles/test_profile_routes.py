"""Rename, delete, and the limits a stranger cannot get around, on SQLite and on Redis: counted in
the store, so two server processes on one Redis share them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import profiles_helpers
import pytest
from fastapi.testclient import TestClient
from passkey_authenticator import Authenticator
from profiles_helpers import KEY, Clock, profiles_app

from friends_redis import RedisServer
from picas.web import Settings, create_app
from picas.web.profiles.limits import ProfileLimits
from picas.web.profiles.service import Profiles

store_env = profiles_helpers.store_env  # the fixtures, by name
redis_server = profiles_helpers.redis_server
clock = profiles_helpers.clock
api = profiles_helpers.api
Api = Callable[..., TestClient]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def made(client: TestClient, name: str = "Ana", **headers: str) -> Any:
    return client.post("/api/perfil", json={"name": name}, headers=headers)


def code(answer: Any) -> str:
    return str(answer.json()["error"]["code"])


def test_rename_keeps_the_profile_and_follows_the_name_rules(api: Api) -> None:
    client = api()
    body = made(client).json()
    token, profile_id = body["token"], body["profile"]["id"]
    renamed = client.patch("/api/perfil", json={"name": "  Ana   B "}, headers=bearer(token))
    assert renamed.status_code == 200
    assert renamed.json() == {**body["profile"], "name": "Ana B"}
    for bad in ("", "x" * 21, "\u202eAna", "\u3164"):
        refused = client.patch("/api/perfil", json={"name": bad}, headers=bearer(token))
        assert refused.status_code in (400, 422)
        assert code(refused) in ("bad_name", "bad_request")
    extra = client.patch("/api/perfil", json={"name": "X", "id": "y"}, headers=bearer(token))
    assert code(extra) == "bad_request"
    assert client.get("/api/perfil", headers=bearer(token)).json()["name"] == "Ana B"
    assert client.get("/api/perfil", headers=bearer(token)).json()["id"] == profile_id
    assert code(client.patch("/api/perfil", json={"name": "Eva"})) == "no_profile"


def test_delete_runs_every_forget_then_the_profile_its_tokens_and_passkeys_go(api: Api) -> None:
    client = api()
    ana = made(client, "Ana").json()
    bea = made(client, "Bea").json()
    token = ana["token"]
    forgotten: list[tuple[str, str, bool]] = []
    profiles: Profiles = client.app.state.profiles  # type: ignore[attr-defined]

    def forget(part: str) -> Callable[[str], Any]:
        async def run(profile_id: str) -> None:
            # The profile is still there while each part forgets it.
            forgotten.append((part, profile_id, await profiles.get(profile_id) is not None))

        return run

    profiles.on_delete(forget("valor"))
    profiles.on_delete(forget("ya"))
    device = Authenticator()
    options = client.post("/api/perfil/llaves/opciones", headers=bearer(token)).json()
    body = {"credential": device.create(options)}
    assert client.post("/api/perfil/llaves", json=body, headers=bearer(token)).status_code == 201
    second = client.post(
        "/api/perfil/entrar",
        json={"credential": device.get(client.post("/api/perfil/entrar/opciones").json())},
    ).json()["token"]

    assert client.delete("/api/perfil", headers=bearer(token)).status_code == 204
    assert forgotten == [("valor", ana["profile"]["id"], True), ("ya", ana["profile"]["id"], True)]
    for each in (token, second):
        assert code(client.get("/api/perfil", headers=bearer(each))) == "no_profile"
    again = client.post(
        "/api/perfil/entrar",
        json={"credential": device.get(client.post("/api/perfil/entrar/opciones").json())},
    )
    assert code(again) == "passkey_unknown"
    assert client.get("/api/perfil", headers=bearer(bea["token"])).json() == bea["profile"]
    assert code(client.delete("/api/perfil", headers=bearer(token))) == "no_profile"


def test_profiles_per_address_per_hour(api: Api, clock: Clock) -> None:
    client = api(ProfileLimits(profiles_per_hour=3), behind_proxy=True)
    here = {"X-Real-IP": "198.51.100.7"}
    for n in range(3):
        assert made(client, f"P{n}", **here).status_code == 201
    refused = made(client, "P3", **here)
    assert refused.status_code == 429
    assert code(refused) == "too_many_profiles"
    assert refused.headers["Retry-After"]
    # A refused name is not counted, and is refused for its name first.
    assert code(made(client, "", **here)) in ("bad_name", "bad_request")
    # Another address has its own count; an IPv6 address counts with its whole /64.
    assert made(client, "Q", **{"X-Real-IP": "198.51.100.8"}).status_code == 201
    for n in range(3):
        address = f"2001:db8:5:6::{n + 1}"
        assert made(client, f"V{n}", **{"X-Real-IP": address}).status_code == 201
    assert code(made(client, "V3", **{"X-Real-IP": "2001:db8:5:6:ffff::9"})) == (
        "too_many_profiles"
    )
    clock.advance(3600)
    assert made(client, "P4", **here).status_code == 201


def test_a_client_cannot_name_itself_a_new_address(api: Api) -> None:
    client = api(ProfileLimits(profiles_per_hour=2))  # not behind a proxy: the header is ignored
    for n in range(2):
        assert made(client, f"P{n}", **{"X-Real-IP": f"203.0.113.{n}"}).status_code == 201
    assert code(made(client, "P2", **{"X-Real-IP": "203.0.113.99"})) == "too_many_profiles"


def test_ceremonies_per_address_per_minute(api: Api, clock: Clock) -> None:
    limits = ProfileLimits(ceremonies_per_minute=3, pending_per_address=50)
    client = api(limits)
    for _ in range(3):
        assert client.post("/api/perfil/entrar/opciones").status_code == 200
    refused = client.post("/api/perfil/entrar/opciones")
    assert refused.status_code == 429
    assert code(refused) == "too_many_ceremonies"
    token = made(client).json()["token"]
    adding = client.post("/api/perfil/llaves/opciones", headers=bearer(token))
    assert code(adding) == "too_many_ceremonies"  # both ceremonies count together
    clock.advance(60)
    assert client.post("/api/perfil/entrar/opciones").status_code == 200


def test_pending_challenges_per_address_are_bounded(api: Api, clock: Clock) -> None:
    client = api(ProfileLimits(ceremonies_per_minute=100, pending_per_address=2))
    token = made(client).json()["token"]
    first = client.post("/api/perfil/llaves/opciones", headers=bearer(token)).json()
    assert client.post("/api/perfil/entrar/opciones").status_code == 200
    assert code(client.post("/api/perfil/entrar/opciones")) == "too_many_ceremonies"
    # Answering one frees its place.
    body = {"credential": Authenticator().create(first)}
    assert client.post("/api/perfil/llaves", json=body, headers=bearer(token)).status_code == 201
    assert client.post("/api/perfil/entrar/opciones").status_code == 200
    assert code(client.post("/api/perfil/entrar/opciones")) == "too_many_ceremonies"
    # So does expiry.
    clock.advance(121)
    assert client.post("/api/perfil/entrar/opciones").status_code == 200


def test_challenges_kept_in_all_are_bounded(api: Api, clock: Clock) -> None:
    limits = ProfileLimits(ceremonies_per_minute=100, pending_per_address=100, challenges_in_all=3)
    client = api(limits, behind_proxy=True)
    for n in range(3):
        headers = {"X-Real-IP": f"192.0.2.{n}"}
        assert client.post("/api/perfil/entrar/opciones", headers=headers).status_code == 200
    full = client.post("/api/perfil/entrar/opciones", headers={"X-Real-IP": "192.0.2.50"})
    assert full.status_code == 503
    assert code(full) == "ceremonies_full"
    clock.advance(limits.challenge_seconds + limits.remember_seconds)
    assert client.post("/api/perfil/entrar/opciones").status_code == 200


def test_two_processes_on_one_store_share_the_counts(api: Api) -> None:
    limits = ProfileLimits(profiles_per_hour=3)
    first, second = api(limits), api(limits)
    assert made(first, "A").status_code == 201
    assert made(second, "B").status_code == 201
    assert made(first, "C").status_code == 201
    assert code(made(second, "D")) == "too_many_profiles"


def test_the_server_s_app_has_passkeys_from_end_to_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PICAS_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("PICAS_STORE", raising=False)
    with TestClient(create_app(Settings(key=KEY))) as client:
        token = made(client).json()["token"]
        device = Authenticator()
        options = client.post("/api/perfil/llaves/opciones", headers=bearer(token)).json()
        body = {"credential": device.create(options), "label": "Portátil"}
        assert (
            client.post("/api/perfil/llaves", json=body, headers=bearer(token)).status_code == 201
        )
        options = client.post("/api/perfil/entrar/opciones").json()
        signed = client.post("/api/perfil/entrar", json={"credential": device.get(options)})
        assert signed.status_code == 200
        assert signed.json()["token"] != token
        huge = client.post("/api/perfil/entrar", content=b'{"credential": "' + b"A" * 300_000)
        assert huge.status_code in (400, 413)
        assert "error" in huge.json()


def test_redis_away_is_a_503_to_retry_and_then_everything_is_back(
    redis_server: RedisServer, tmp_path: Path, clock: Clock
) -> None:
    env = {"PICAS_STORE": redis_server.url, "PICAS_DATA_DIR": str(tmp_path)}
    with TestClient(profiles_app(env, clock)) as client:
        body = made(client).json()
        redis_server.stop()
        away = client.get("/api/perfil", headers=bearer(body["token"]))
        assert away.status_code == 503
        assert code(away) == "profiles_unavailable"
        assert code(made(client, "Bea")) == "profiles_unavailable"
        redis_server.start()  # the append-only file brings the profile back
        back = client.get("/api/perfil", headers=bearer(body["token"]))
        assert back.json() == body["profile"]
