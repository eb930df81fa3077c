"""A block's body that is not one — malformed JSON, the wrong shape, a huge or non-UTF-8 body, an
id no profile has — is refused with a code, and the profile's blocks stay as they were."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from picas.web import Settings, create_app
from picas.web.games import rated_games
from picas.web.quick.matcher import SEATS, Found, match
from picas.web.quick.model import Entry
from picas.web.quick.service import targets

KEY = b"quick-blocks-tests-key-0123456789abc"


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("PICAS_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("PICAS_STORE", raising=False)
    with TestClient(create_app(Settings(key=KEY))) as test_client:
        yield test_client


def _made(client: TestClient, name: str) -> tuple[str, dict[str, str]]:
    body = client.post("/api/perfil", json={"name": name}).json()
    return body["profile"]["id"], {"Authorization": f"Bearer {body['token']}"}


BAD_BODIES: list[tuple[bytes, set[int]]] = [
    (b"", {400}),
    (b"{", {400}),
    (b"[]", {400}),
    (b'{"id": 3}', {400}),
    (b'{"id": null}', {400}),
    (b'{"id": "x", "and": 1}', {400}),
    (b'{"other": "x"}', {400}),
    (b'{"id": "\xff\xfe"}', {400}),
    (b'{"id": "\\ud800"}', {400, 404}),
    (b'{"id": "' + b"a" * 5000 + b'"}', {400, 404}),
    (b'{"id": "' + b"a" * 300_000 + b'"}', {400, 413}),
    (b'{"id": "nadie-tiene-este-id"}', {404}),
]


@pytest.mark.parametrize(("body", "statuses"), BAD_BODIES)
def test_a_block_that_is_not_one_is_refused_with_a_code(
    client: TestClient, body: bytes, statuses: set[int]
) -> None:
    _, auth = _made(client, "Ana")
    other, _ = _made(client, "Luis")
    assert client.post("/api/ya/bloqueos", json={"id": other}, headers=auth).status_code == 200
    answer = client.post(
        "/api/ya/bloqueos",
        content=body,
        headers={**auth, "Content-Type": "application/json"},
    )
    assert answer.status_code in statuses
    assert answer.json()["error"]["code"]
    kept = client.get("/api/ya/bloqueos", headers=auth).json()
    assert kept == {"bloqueos": [{"id": other, "name": "Luis"}]}


# --- blocking a person of a rated table by their seat -------------------------------------------


def _rated_table(
    client: TestClient,
    table_id: str,
    people: dict[str, str],
    names: dict[str, str] | None = None,
    game: str = "corazones",
) -> None:
    """A rated table as the matcher opens it: ``people`` by seat (profile ids), else the CPU;
    ``names`` the names it seats them by (profile id → name)."""
    names = names or {pid: f"P-{pid[:4]}" for pid in people.values()}
    target = targets(game)[0]

    def entry(seat: str) -> Entry | None:
        pid = people.get(seat)
        if pid is None:
            return None
        return Entry(pid, names[pid], game, target, 1500, 0.0, f"conn-{seat}")

    seats = tuple(entry(seat) for seat in SEATS)
    found = Found(game, target, seats)  # type: ignore[arg-type]
    tokens = {seat: f"tok-{table_id}-{seat}" for seat in SEATS}
    rated = client.app.state.quick.rated  # type: ignore[attr-defined]
    portal = client.portal
    assert portal is not None
    portal.call(rated.open, table_id, found, tokens)


def _by_seat(client: TestClient, auth: dict[str, str], table_id: str, seat: str) -> Any:
    return client.post("/api/ya/bloqueos", json={"mesa": table_id, "asiento": seat}, headers=auth)


def test_a_person_of_a_rated_table_is_blocked_by_their_seat_and_never_matched_again(
    client: TestClient,
) -> None:
    ana, auth = _made(client, "Ana")
    luis, _ = _made(client, "Luis")
    marta, _ = _made(client, "Marta")
    _rated_table(client, "mesa-ya-b", {"south": ana, "west": luis, "north": marta})

    answer = _by_seat(client, auth, "mesa-ya-b", "west")
    assert answer.status_code == 200, answer.text
    # The answer is the table's people again (the table's page asked), never a profile id.
    people = answer.json()["personas"]
    assert [(p["asiento"], p["name"], p["blocked"]) for p in people] == [
        ("west", "P-" + luis[:4], True),
        ("north", "P-" + marta[:4], False),
    ]
    assert luis not in answer.text
    assert client.get("/api/ya/bloqueos", headers=auth).json() == {
        "bloqueos": [{"id": luis, "name": "Luis"}]
    }
    # The matcher then keeps the two apart, though they alone wait past the fill time.
    store = client.app.state.quick.store  # type: ignore[attr-defined]
    portal = client.portal
    assert portal is not None
    blocks = portal.call(store.blocks_among, [ana, luis])
    waiting = [
        Entry(ana, "Ana", "corazones", 50, 1500, 0.0, "c1"),
        Entry(luis, "Luis", "corazones", 50, 1500, 0.0, "c2"),
    ]
    assert match(waiting, 60.0, set(), cpu_rating=1500)  # unblocked, they would sit together
    assert match(waiting, 60.0, blocks, cpu_rating=1500) == []


@pytest.mark.parametrize(
    ("who", "seat", "status", "code"),
    [
        ("stranger", "west", 403, "not_your_table"),  # not seated at that table
        ("ana", "east", 403, "not_your_table"),  # the computer's seat
        ("ana", "south", 422, "bad_block"),  # oneself
        ("friend", "west", 403, "not_your_table"),  # a friends' table is not rated
        ("ana-nowhere", "west", 404, "table_not_found"),
    ],
)
def test_a_seat_block_outside_ones_own_rated_table_is_refused(
    client: TestClient, who: str, seat: str, status: int, code: str
) -> None:
    ana, auth = _made(client, "Ana")
    luis, _ = _made(client, "Luis")
    _, stranger = _made(client, "Extraña")
    _rated_table(client, "mesa-ya-r", {"south": ana, "west": luis})
    table_id = "mesa-ya-r"
    if who == "friend":
        made = client.post("/api/mesas", json={"name": "Ana", "game": "corazones"})
        assert made.status_code == 200, made.text
        table_id = made.json()["table"]["id"]
    elif who == "ana-nowhere":
        table_id = "no-existe"
    answer = _by_seat(client, stranger if who == "stranger" else auth, table_id, seat)
    assert (answer.status_code, answer.json()["error"]["code"]) == (status, code)
    assert client.get("/api/ya/bloqueos", headers=auth).json() == {"bloqueos": []}


SEAT_BODIES = [
    b'{"mesa": "mesa-ya-r"}',
    b'{"asiento": "west"}',
    b'{"mesa": "mesa-ya-r", "asiento": "oeste"}',
    b'{"mesa": "mesa-ya-r", "asiento": "west", "id": "x"}',
    b'{"mesa": 7, "asiento": "west"}',
    b'{"mesa": "mesa-ya-r", "asiento": null}',
    b'{"mesa": "' + b"m" * 65 + b'", "asiento": "west"}',
    b'{"mesa": "\\u00f1a", "asiento": "west"}',
    b"{}",
]


@pytest.mark.parametrize("body", SEAT_BODIES)
def test_a_seat_block_that_is_not_one_is_refused_with_a_code(
    client: TestClient, body: bytes
) -> None:
    ana, auth = _made(client, "Ana")
    luis, _ = _made(client, "Luis")
    _rated_table(client, "mesa-ya-r", {"south": ana, "west": luis})
    answer = client.post(
        "/api/ya/bloqueos", content=body, headers={**auth, "Content-Type": "application/json"}
    )
    assert answer.status_code in (400, 404, 422)
    assert answer.json()["error"]["code"]
    assert client.get("/api/ya/bloqueos", headers=auth).json() == {"bloqueos": []}


# --- a person who left, the table's people, and a block undone ------------------------------------


def _people(client: TestClient, auth: dict[str, str], table_id: str) -> Any:
    return client.get(f"/api/ya/mesas/{table_id}/personas", headers=auth)


def _matched_together(client: TestClient, game: str, ana: str, luis: str) -> bool:
    """Whether the matcher, with the blocks as stored now, seats the two at one table when they
    alone wait past the fill time."""
    store = client.app.state.quick.store  # type: ignore[attr-defined]
    portal = client.portal
    assert portal is not None
    blocks = portal.call(store.blocks_among, [ana, luis])
    target = targets(game)[0]
    waiting = [
        Entry(ana, "Ana", game, target, 1500, 0.0, "c1"),
        Entry(luis, "Luis", game, target, 1500, 0.0, "c2"),
    ]
    return bool(match(waiting, 60.0, blocks, cpu_rating=1500))


@pytest.mark.parametrize("game", rated_games())
def test_a_person_who_left_is_offered_by_seat_blocked_and_unblocked(
    client: TestClient, game: str
) -> None:
    ana, auth = _made(client, "Ana")
    luis, luis_auth = _made(client, "Luis")
    marta, _ = _made(client, "Marta")
    people = {"south": ana, "west": luis, "north": marta}
    names = {ana: "Ana", luis: "Luis", marta: "Marta"}
    _rated_table(client, "mesa-ya-l", people, names, game)
    left = client.post("/api/mesas/mesa-ya-l/leave", json={"token": "tok-mesa-ya-l-west"})
    assert left.status_code == 200, left.text
    west = next(s for s in left.json()["seats"] if s["seat"] == "west")
    assert (west["kind"], west["name"]) == ("cpu", None)  # the public view forgot the leaver

    # The table's people, by seat, the leaver too, with the names the table showed them by.
    answer = _people(client, auth, "mesa-ya-l")
    assert answer.status_code == 200, answer.text
    assert answer.json() == {
        "personas": [
            {"asiento": "west", "name": "Luis", "left": True, "blocked": False},
            {"asiento": "north", "name": "Marta", "left": False, "blocked": False},
        ]
    }
    assert luis not in answer.text  # no one's profile id
    assert marta not in answer.text
    # The leaver sat there too: they may ask, and block, as well.
    theirs = _people(client, luis_auth, "mesa-ya-l").json()["personas"]
    assert [(p["asiento"], p["left"]) for p in theirs] == [("south", False), ("north", False)]

    assert _matched_together(client, game, ana, luis)
    blocked = _by_seat(client, auth, "mesa-ya-l", "west")
    assert blocked.status_code == 200, blocked.text
    assert blocked.json() == _people(client, auth, "mesa-ya-l").json()
    again = blocked.json()["personas"]
    assert [(p["asiento"], p["blocked"]) for p in again] == [("west", True), ("north", False)]
    assert client.get("/api/ya/bloqueos", headers=auth).json() == {
        "bloqueos": [{"id": luis, "name": "Luis"}]
    }
    assert not _matched_together(client, game, ana, luis)

    # Undone from the list (as /perfil does): the matcher may seat them together again.
    undone = client.delete(f"/api/ya/bloqueos/{luis}", headers=auth)
    assert undone.status_code == 200, undone.text
    assert undone.json() == {"bloqueos": []}
    assert client.get("/api/ya/bloqueos", headers=auth).json() == {"bloqueos": []}
    assert _matched_together(client, game, ana, luis)


def test_a_deleted_profile_is_no_longer_offered_and_its_block_is_gone(client: TestClient) -> None:
    ana, auth = _made(client, "Ana")
    luis, luis_auth = _made(client, "Luis")
    marta, _ = _made(client, "Marta")
    _rated_table(client, "mesa-ya-d", {"south": ana, "west": luis, "east": marta})
    assert _by_seat(client, auth, "mesa-ya-d", "west").status_code == 200
    assert client.delete("/api/perfil", headers=luis_auth).status_code in (200, 204)
    seats = [p["asiento"] for p in _people(client, auth, "mesa-ya-d").json()["personas"]]
    assert seats == ["east"]
    assert client.get("/api/ya/bloqueos", headers=auth).json() == {"bloqueos": []}
    gone = _by_seat(client, auth, "mesa-ya-d", "west")
    assert (gone.status_code, gone.json()["error"]["code"]) == (404, "no_such_profile")


@pytest.mark.parametrize(
    ("who", "status", "code"),
    [
        ("stranger", 403, "not_your_table"),
        ("friend", 403, "not_your_table"),
        ("nowhere", 404, "table_not_found"),
        ("long", 404, "table_not_found"),
        ("nobody", 401, "no_profile"),
    ],
)
def test_a_tables_people_are_only_for_those_who_sat_there(
    client: TestClient, who: str, status: int, code: str
) -> None:
    ana, auth = _made(client, "Ana")
    luis, _ = _made(client, "Luis")
    _, stranger = _made(client, "Extraña")
    _rated_table(client, "mesa-ya-p", {"south": ana, "west": luis})
    table_id = {"nowhere": "no-existe", "long": "m" * 65}.get(who, "mesa-ya-p")
    if who == "friend":
        made = client.post("/api/mesas", json={"name": "Ana", "game": rated_games()[0]})
        assert made.status_code == 200, made.text
        table_id = made.json()["table"]["id"]
    asking = {"stranger": stranger, "nobody": {}}.get(who, auth)
    answer = _people(client, asking, table_id)
    assert (answer.status_code, answer.json()["error"]["code"]) == (status, code)
    assert luis not in answer.text
