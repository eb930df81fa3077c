"""Signed saves: edits and foreign keys are refused, the key survives a restart, the cache works."""

from __future__ import annotations

import copy
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import (
    CODE,
    KEY,
    OTHER_KEY,
    CountingBot,
    FixedLoader,
    Json,
    act,
    error_of,
    first_legal,
    make_client,
    start,
)

import picas.record
import picas.web.table
from picas.games.spades import Bid, Rules
from picas.record import Record
from picas.web import Settings, create_app
from picas.web.errors import BadSignatureError
from picas.web.signing import Signer, SigningKeyError, canonical_json, load_key
from picas.web.table import Table

Edit = Callable[[Json], None]


def _played(client: TestClient) -> Json:
    game = act(client, start(client), 3)
    return act(client, game, game["view"]["playable"][0])


def _set(path: tuple[str | int, ...], value: object) -> Edit:
    def edit(save: Json) -> None:
        target: Any = save["record"]
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value

    return edit


def _bump_first_bid(save: Json) -> None:
    save["record"]["actions"][0] += 1


def _swap_two_cards(save: Json) -> None:
    actions = save["record"]["actions"]
    actions[4], actions[5] = actions[5], actions[4]


def _drop_last_action(save: Json) -> None:
    save["record"]["actions"].pop()


def _flip_sig_digit(save: Json) -> None:
    sig = save["sig"]
    save["sig"] = ("1" if sig[0] == "0" else "0") + sig[1:]


EDITS: dict[str, Edit] = {
    "a bid": _bump_first_bid,
    "two cards": _swap_two_cards,
    "one action fewer": _drop_last_action,
    "the code": _set(("code",), "K7PMX4QJ"),
    "the target": _set(("rules", "target"), 500),
    "the level": _set(("meta", "level"), "dificil"),
    "a new key": _set(("comment",), "hola"),
    "the signature": _flip_sig_digit,
    "an empty signature": lambda save: save.update(sig=""),
    "an upper-case signature": lambda save: save.update(sig=save["sig"].upper()),
}


MALFORMED = frozenset({"an empty signature", "an upper-case signature"})
"""Edits that leave no signature of this server's shape: refused before the record is checked."""


@pytest.mark.parametrize("name", list(EDITS))
def test_an_edited_save_is_refused(name: str) -> None:
    client = make_client()
    game = _played(client)
    save = copy.deepcopy(game["save"])
    EDITS[name](save)
    assert save != game["save"]
    for path, body in (
        ("/api/games/act", {"save": save, "action": game["view"]["playable"][0]}),
        ("/api/games/resume", {"save": save}),
        ("/api/tip", {"save": save}),
    ):
        status, code, message = error_of(client.post(path, json=body))
        assert "firma" in message
        if name in MALFORMED:
            assert (status, code) == (400, "malformed_signature"), path
            continue
        assert (status, code) == (400, "bad_signature"), path
        # Nobody is blamed: an edit and a key this server no longer has look the same.
        assert "modificada" not in message
    # The untouched save still opens.
    assert client.post("/api/games/resume", json={"save": game["save"]}).status_code == 200


def test_a_save_from_another_server_is_refused() -> None:
    game = _played(make_client(key=OTHER_KEY))
    response = make_client().post("/api/games/resume", json={"save": game["save"]})
    assert error_of(response)[:2] == (400, "bad_signature")


def test_the_signature_is_hmac_sha256_of_the_canonical_record() -> None:
    game = _played(make_client())
    record = game["save"]["record"]
    assert Signer(KEY).sign(record) == game["save"]["sig"]
    assert len(game["save"]["sig"]) == 64
    shuffled = dict(reversed(list(record.items())))  # key order does not matter
    assert Signer(KEY).verify(shuffled, game["save"]["sig"])
    assert canonical_json({"b": [1, "ñ"], "a": None}) == '{"a":null,"b":[1,"ñ"]}'.encode()
    assert not Signer(OTHER_KEY).verify(record, game["save"]["sig"])


def test_resume_answers_the_same_position_with_no_events() -> None:
    client = make_client()
    game = _played(client)
    response = client.post("/api/games/resume", json={"save": game["save"]})
    assert response.status_code == 200
    resumed = response.json()
    assert resumed["events"] == []
    assert resumed["view"] == game["view"]
    assert resumed["save"] == game["save"]
    assert (resumed["code"], resumed["level"]) == (game["code"], game["level"])


def test_a_signed_record_that_does_not_replay_is_a_clear_4xx() -> None:
    client = make_client()
    game = _played(client)
    record = copy.deepcopy(game["save"]["record"])
    record["actions"][0] = "AS"  # a card during the bidding
    save = {"record": record, "sig": Signer(KEY).sign(record)}
    status, code, message = error_of(client.post("/api/games/resume", json={"save": save}))
    assert (status, code) == (422, "bidding_not_over")
    assert message.startswith("Acción 1 (AS)")  # the first action, counted from 1
    record["actions"][0] = "nada"
    save = {"record": record, "sig": Signer(KEY).sign(record)}
    status, code, _ = error_of(client.post("/api/games/resume", json={"save": save}))
    assert (status, code) == (422, "malformed_action")
    record = copy.deepcopy(game["save"]["record"])
    # Only the three levels are loaded, never an import path.
    record["meta"]["level"] = "picas.games.spades.bots.facil:FacilBot"
    save = {"record": record, "sig": Signer(KEY).sign(record)}
    body = {"save": save, "action": game["view"]["playable"][0]}
    status, code, _ = error_of(client.post("/api/games/act", json=body))
    assert (status, code) == (422, "unknown_level")


def test_the_key_file_is_made_at_first_start_and_reused(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "picas" / "secret.key"
    environ = {"PICAS_KEY_FILE": str(path)}
    first = load_key(environ)
    assert path.is_file()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(first) >= 32
    assert load_key(environ) == first

    # A restart: a second app from the same environment accepts the first one's saves.
    before = TestClient(create_app(Settings.from_env(environ)))
    game = act(before, start(before), 2)
    after = TestClient(create_app(Settings.from_env(environ)))
    resumed = after.post("/api/games/resume", json={"save": game["save"]})
    assert resumed.status_code == 200, resumed.text
    assert act(after, game, game["view"]["playable"][0])["view"]["trick"]

    # A new key file (another server) refuses them.
    elsewhere = {"PICAS_KEY_FILE": str(tmp_path / "other.key")}
    stranger = TestClient(create_app(Settings.from_env(elsewhere)))
    response = stranger.post("/api/games/resume", json={"save": game["save"]})
    assert error_of(response)[:2] == (400, "bad_signature")


def test_the_environment_key_wins_and_must_not_be_weak(tmp_path: Path) -> None:
    path = tmp_path / "secret.key"
    environ = {"PICAS_SECRET_KEY": "x" * 40, "PICAS_KEY_FILE": str(path)}
    assert load_key(environ) == b"x" * 40
    assert not path.exists()
    with pytest.raises(SigningKeyError):
        load_key({"PICAS_SECRET_KEY": "corta"})
    path.write_text("  \n")
    with pytest.raises(SigningKeyError):
        load_key({"PICAS_KEY_FILE": str(path)})


def test_the_key_is_never_shown(tmp_path: Path) -> None:
    settings = Settings(key=KEY)
    assert KEY.decode() not in repr(settings)
    assert KEY.decode() not in repr(Signer(KEY))
    client = make_client()
    game = start(client)
    assert KEY.decode() not in str(game)


def test_a_repeated_act_does_not_replay_but_a_fresh_process_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    replays: list[Record] = []
    real = picas.record.final_state

    def counting(record: Record) -> Any:
        replays.append(record)
        return real(record)

    monkeypatch.setattr(picas.web.table, "final_state", counting)
    client = make_client()
    game = _played(client)
    game = act(client, game, game["view"]["playable"][0])
    assert replays == []  # each answer's save was cached when it was signed
    fresh = make_client()  # same key, empty cache: a restart or another worker
    act(fresh, game, game["view"]["playable"][0])
    assert len(replays) == 1
    assert client.post("/api/games/resume", json={"save": game["save"]}).status_code == 200
    assert len(replays) == 1


def test_a_save_signed_with_a_previous_key_opens_and_is_signed_with_the_new_one() -> None:
    old_server = make_client()
    game = start(old_server)
    new_key = b"the-new-key-0123456789abcdef"
    rotated = TestClient(
        create_app(Settings(key=new_key, old_keys=(KEY,), bot_loader=FixedLoader(CountingBot())))
    )
    answer = rotated.post(
        "/api/games/act", json={"save": game["save"], "action": first_legal(game)}
    )
    assert answer.status_code == 200, answer.text
    save = answer.json()["save"]
    assert Signer(new_key).verify(save["record"], save["sig"])
    assert not Signer(KEY).verify(save["record"], save["sig"])
    # Without the old key, the same save is refused, with a message that blames nobody.
    forgetful = make_client(key=new_key)
    status, code, message = error_of(
        forgetful.post("/api/games/resume", json={"save": game["save"]})
    )
    assert (status, code) == (400, "bad_signature")
    assert "clave" in message
    assert "dañada" not in message


def test_the_level_of_a_save_is_read_without_replaying_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # The server process asks a Difícil save only its level (its replay and replies are a
    # worker's): reading it must not replay the record, and must still check the signature.
    replays: list[Record] = []
    monkeypatch.setattr(picas.web.table, "final_state", replays.append)
    record = Record(rules=Rules(), code=CODE, actions=(Bid(3),), meta={"level": "dificil"})
    record_json, sig = Table(Settings(key=KEY)).sign(record)
    fresh = Table(Settings(key=KEY))  # another process: nothing cached
    assert fresh.act_unless(record_json, sig, 3, {"dificil"}) is None
    assert replays == []
    edited = copy.deepcopy(record_json)
    edited["meta"]["level"] = "facil"
    with pytest.raises(BadSignatureError):
        fresh.act_unless(edited, sig, 3, {"dificil"})
