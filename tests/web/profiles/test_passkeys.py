"""Passkeys end to end, on SQLite and on Redis: a software authenticator (real ES256 signatures over
real authenticatorData and clientDataJSON) adds a passkey to a profile and signs in with it as
another device would; every way an answer can be wrong is refused with its own code and changes
nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import profiles_helpers
import pytest
from fastapi.testclient import TestClient
from passkey_authenticator import Authenticator, b64, unb64
from profiles_helpers import Clock

from picas.web.profiles.limits import ProfileLimits

store_env = profiles_helpers.store_env  # the fixtures, by name
redis_server = profiles_helpers.redis_server
clock = profiles_helpers.clock
api = profiles_helpers.api
Api = Callable[..., TestClient]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_profile(client: TestClient, name: str = "Ana") -> tuple[str, str]:
    made = client.post("/api/perfil", json={"name": name})
    assert made.status_code == 201, made.text
    return made.json()["profile"]["id"], made.json()["token"]


def registration_options(client: TestClient, token: str) -> dict[str, Any]:
    answer = client.post("/api/perfil/llaves/opciones", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    options: dict[str, Any] = answer.json()
    return options


def sign_in_options(client: TestClient) -> dict[str, Any]:
    answer = client.post("/api/perfil/entrar/opciones")
    assert answer.status_code == 200, answer.text
    options: dict[str, Any] = answer.json()
    return options


def add(
    client: TestClient, token: str, credential: dict[str, Any], label: str | None = "Móvil"
) -> Any:
    body: dict[str, Any] = {"credential": credential}
    if label is not None:
        body["label"] = label
    return client.post("/api/perfil/llaves", json=body, headers=bearer(token))


def registered(client: TestClient, token: str, *, counts: bool = True) -> Authenticator:
    device = Authenticator(counts=counts)
    answer = add(client, token, device.create(registration_options(client, token)))
    assert answer.status_code == 201, answer.text
    return device


def sign_in(client: TestClient, credential: dict[str, Any]) -> Any:
    return client.post("/api/perfil/entrar", json={"credential": credential})


def code(answer: Any) -> str:
    return str(answer.json()["error"]["code"])


def test_a_passkey_added_here_signs_in_elsewhere_to_the_same_profile(api: Api) -> None:
    client = api()
    profile_id, token = new_profile(client)
    options = registration_options(client, token)
    assert options["rp"]["id"] == "testserver"
    assert unb64(options["user"]["id"]) == profile_id.encode()
    device = Authenticator()
    added = add(client, token, device.create(options))
    assert added.status_code == 201, added.text
    assert added.json()["id"] == device.id
    listed = client.get("/api/perfil/llaves", headers=bearer(token)).json()
    assert [(k["id"], k["label"], k["last_used"]) for k in listed] == [(device.id, "Móvil", None)]

    # Another device: no token at all, only the passkey.
    other = api()
    answer = sign_in(other, device.get(sign_in_options(other)))
    assert answer.status_code == 200, answer.text
    signed = answer.json()
    assert signed["profile"]["id"] == profile_id
    assert signed["token"] != token
    for each in (token, signed["token"]):  # the first browser keeps its own token
        assert client.get("/api/perfil", headers=bearer(each)).json()["id"] == profile_id
    listed = client.get("/api/perfil/llaves", headers=bearer(token)).json()
    assert listed[0]["last_used"] is not None


def test_a_passkey_without_a_label_is_named_by_its_number(api: Api) -> None:
    client = api()
    _, token = new_profile(client)
    device = Authenticator()
    answer = add(client, token, device.create(registration_options(client, token)), label=None)
    assert answer.json()["label"] == "Llave 1"


def test_a_forged_signature_is_refused(api: Api) -> None:
    client = api()
    _, token = new_profile(client)
    device = registered(client, token)
    answer = sign_in(client, device.get(sign_in_options(client), forge=True))
    assert answer.status_code == 400
    assert code(answer) == "passkey_bad_signature"
    # Nothing changed: the passkey was never used, its count still takes the next one.
    listed = client.get("/api/perfil/llaves", headers=bearer(token)).json()
    assert listed[0]["last_used"] is None
    assert sign_in(client, device.get(sign_in_options(client), count=2)).status_code == 200


def test_a_passkey_of_nobody_is_refused(api: Api) -> None:
    client = api()
    answer = sign_in(client, Authenticator().get(sign_in_options(client)))
    assert code(answer) == "passkey_unknown"


def test_a_replayed_count_is_refused_and_a_higher_one_signs_in(api: Api) -> None:
    client = api()
    _, token = new_profile(client)
    device = registered(client, token)  # its count is 1 now
    assert sign_in(client, device.get(sign_in_options(client), count=5)).status_code == 200
    for stale in (5, 4, 0):
        answer = sign_in(client, device.get(sign_in_options(client), count=stale))
        assert code(answer) == "passkey_replayed", stale
    assert sign_in(client, device.get(sign_in_options(client), count=6)).status_code == 200


def test_a_passkey_that_keeps_no_count_signs_in_again_and_again(api: Api) -> None:
    client = api()
    _, token = new_profile(client)
    device = registered(client, token, counts=False)
    for _ in range(3):
        assert sign_in(client, device.get(sign_in_options(client))).status_code == 200


def test_a_challenge_answers_once(api: Api) -> None:
    client = api()
    _, token = new_profile(client)
    device = registered(client, token, counts=False)
    credential = device.get(sign_in_options(client))
    assert sign_in(client, credential).status_code == 200
    assert code(sign_in(client, credential)) == "passkey_challenge_used"


def test_a_challenge_expires_after_two_minutes(api: Api, clock: Clock) -> None:
    client = api()
    _, token = new_profile(client)
    device = registered(client, token)
    options = sign_in_options(client)
    clock.advance(119)
    assert sign_in(client, device.get(options)).status_code == 200
    options = sign_in_options(client)
    clock.advance(121)
    assert code(sign_in(client, device.get(options))) == "passkey_challenge_expired"
    options = registration_options(client, token)
    clock.advance(121)
    late = add(client, token, Authenticator().create(options))
    assert code(late) == "passkey_challenge_expired"


def test_a_challenge_never_given_is_refused(api: Api) -> None:
    client = api()
    _, token = new_profile(client)
    device = registered(client, token)
    made_up = {"challenge": b64(b"x" * 32), "rpId": "testserver"}
    assert code(sign_in(client, device.get(made_up))) == "passkey_challenge_unknown"


def test_a_challenge_serves_only_its_own_ceremony(api: Api) -> None:
    client = api()
    _, token = new_profile(client)
    device = registered(client, token)
    # A registration's challenge answered as a sign-in, and a sign-in's as a registration.
    options = registration_options(client, token)
    as_sign_in = device.get({"challenge": options["challenge"], "rpId": "testserver"})
    assert code(sign_in(client, as_sign_in)) == "passkey_wrong_ceremony"
    options = sign_in_options(client)
    fake = {"challenge": options["challenge"], "rp": {"id": "testserver"}, "user": {"id": ""}}
    assert code(add(client, token, Authenticator().create(fake))) == "passkey_wrong_ceremony"
    # The right challenge with the other ceremony's type in clientDataJSON.
    options = sign_in_options(client)
    assert code(sign_in(client, device.get(options, kind="webauthn.create"))) == (
        "passkey_wrong_ceremony"
    )


def test_a_registration_challenge_is_its_profile_s_only(api: Api) -> None:
    client = api()
    _, ana = new_profile(client, "Ana")
    _, bea = new_profile(client, "Bea")
    credential = Authenticator().create(registration_options(client, ana))
    assert code(add(client, bea, credential)) == "passkey_other_profile"
    assert client.get("/api/perfil/llaves", headers=bearer(bea)).json() == []


@pytest.mark.parametrize(
    "origin", ["https://testserver", "http://evil.example", "http://testserver:8080"]
)
def test_another_origin_is_refused(api: Api, origin: str) -> None:
    client = api()
    _, token = new_profile(client)
    refused = add(
        client, token, Authenticator().create(registration_options(client, token), origin=origin)
    )
    assert code(refused) == "passkey_wrong_origin"
    device = registered(client, token)
    answer = sign_in(client, device.get(sign_in_options(client), origin=origin))
    assert code(answer) == "passkey_wrong_origin"


def test_another_site_s_passkey_is_refused(api: Api) -> None:
    client = api()
    _, token = new_profile(client)
    options = registration_options(client, token)
    refused = add(client, token, Authenticator().create(options, rp_id="evil.example"))
    assert code(refused) == "passkey_wrong_rp"
    device = registered(client, token)
    answer = sign_in(client, device.get(sign_in_options(client), rp_id="evil.example"))
    assert code(answer) == "passkey_wrong_rp"


def test_the_site_is_the_request_s_host(api: Api) -> None:
    client = api()
    _, token = new_profile(client)
    host = {"Host": "picas.example:8443"}
    answer = client.post("/api/perfil/llaves/opciones", headers={**bearer(token), **host})
    options = answer.json()
    assert options["rp"]["id"] == "picas.example"
    device = Authenticator()
    credential = device.create(options, origin="http://picas.example:8443")
    body = {"credential": credential}
    added = client.post("/api/perfil/llaves", json=body, headers={**bearer(token), **host})
    assert added.status_code == 201, added.text
    bad = client.post("/api/perfil/entrar/opciones", headers={"Host": "bad host/../"})
    assert code(bad) == "bad_host"


def test_a_passkey_is_stored_once_and_a_profile_has_a_bounded_number(api: Api) -> None:
    client = api(ProfileLimits(passkeys_per_profile=2))
    _, token = new_profile(client)
    device = registered(client, token)
    again = add(client, token, device.create(registration_options(client, token)))
    assert again.status_code == 409
    assert code(again) == "passkey_taken"
    options = registration_options(client, token)
    registered(client, token)
    # Asked before the second was added: the answer finds the profile full.
    third = add(client, token, Authenticator().create(options))
    assert code(third) == "too_many_passkeys"
    # Asked now: the options say so before any device is asked.
    full = client.post("/api/perfil/llaves/opciones", headers=bearer(token))
    assert full.status_code == 409
    assert code(full) == "too_many_passkeys"
    assert len(client.get("/api/perfil/llaves", headers=bearer(token)).json()) == 2


def test_a_removed_passkey_no_longer_signs_in(api: Api) -> None:
    client = api()
    _, ana = new_profile(client, "Ana")
    _, bea = new_profile(client, "Bea")
    device = registered(client, ana)
    not_hers = client.delete(f"/api/perfil/llaves/{device.id}", headers=bearer(bea))
    assert not_hers.status_code == 404
    assert code(not_hers) == "passkey_not_found"
    assert client.delete(f"/api/perfil/llaves/{device.id}", headers=bearer(ana)).status_code == 204
    assert client.get("/api/perfil/llaves", headers=bearer(ana)).json() == []
    assert code(sign_in(client, device.get(sign_in_options(client)))) == "passkey_unknown"


def _bent(credential: dict[str, Any], path: tuple[str, ...], value: object) -> dict[str, Any]:
    target = credential
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return credential


@pytest.mark.parametrize(
    ("path", "value", "expected"),
    [
        (("response", "clientDataJSON"), b64(b"not json"), "passkey_malformed"),
        (("response", "clientDataJSON"), b64(b"[1, 2]"), "passkey_malformed"),
        (("response", "clientDataJSON"), "@@@", "bad_request"),
        (("response", "authenticatorData"), b64(b"short"), "passkey_malformed"),
        (("response", "signature"), b64(b"\x30\x02\x01"), "passkey_bad_signature"),
        (("response", "signature"), "A" * 5000, "bad_request"),
        (("response", "surprise"), "x", "bad_request"),
        (("type",), "password", "bad_request"),
        (("id",), "", "bad_request"),
    ],
)
def test_a_malformed_assertion_is_refused_with_a_code(
    api: Api, path: tuple[str, ...], value: object, expected: str
) -> None:
    client = api()
    _, token = new_profile(client)
    device = registered(client, token)
    credential = _bent(device.get(sign_in_options(client)), path, value)
    answer = sign_in(client, credential)
    assert answer.status_code == 400
    assert code(answer) == expected


@pytest.mark.parametrize(
    ("path", "value", "expected"),
    [
        (("response", "attestationObject"), b64(b"\xff\x00"), "passkey_malformed"),
        (("response", "attestationObject"), "A" * 20000, "bad_request"),
        (("clientExtensionResults", "prf"), {}, "bad_request"),
        (("response", "transports"), ["usb"] * 20, "bad_request"),
    ],
)
def test_a_malformed_registration_is_refused_with_a_code(
    api: Api, path: tuple[str, ...], value: object, expected: str
) -> None:
    client = api()
    _, token = new_profile(client)
    credential = _bent(Authenticator().create(registration_options(client, token)), path, value)
    answer = add(client, token, credential)
    assert answer.status_code == 400
    assert code(answer) == expected
    assert client.get("/api/perfil/llaves", headers=bearer(token)).json() == []


def test_adding_a_passkey_needs_the_profile_s_token(api: Api) -> None:
    client = api()
    assert code(client.post("/api/perfil/llaves/opciones")) == "no_profile"
    assert code(client.get("/api/perfil/llaves")) == "no_profile"
