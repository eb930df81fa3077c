"""The boards, a public profile and the solo statistics over HTTP: names from the profiles, the
asker's own rank, a deleted profile gone from the boards, and every bad input a coded 4xx."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from ratings_helpers import DAY, MONDAY, corazones, picas

from picas.web import Settings, create_app
from picas.web.profiles.service import Profiles
from picas.web.ratings.service import Ratings

KEY = b"ratings-tests-key-0123456789abcdef"
NOW = MONDAY + 2 * DAY


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("PICAS_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("PICAS_STORE", raising=False)
    app = create_app(Settings(key=KEY))
    with TestClient(app) as test_client:
        app.state.ratings._clock = lambda: NOW  # this week: the results' week
        yield test_client


def made(client: TestClient, name: str) -> tuple[str, dict[str, str]]:
    body = client.post("/api/perfil", json={"name": name}).json()
    return body["profile"]["id"], {"Authorization": f"Bearer {body['token']}"}


def ratings_of(client: TestClient) -> Ratings:
    ratings: Ratings = client.app.state.ratings  # type: ignore[attr-defined]
    return ratings


def record_some(client: TestClient, people: list[str]) -> None:
    ratings = ratings_of(client)
    a, b, c, d = people[:4]

    async def go() -> None:
        await ratings.record(picas("m1", (a, b, c, "cpu:dificil"), 510, 200, at=MONDAY + 60))
        await ratings.record(picas("m2", (a, c, b, d), 300, 250, at=MONDAY + DAY))
        await ratings.record(corazones("m3", {a: 10, b: 40, c: 60, "cpu:normal": 30}))

    asyncio.run(go())


def test_the_board_names_people_and_levels_and_adds_my_rank(client: TestClient) -> None:
    people = [made(client, name) for name in ("Ana", "Bea", "Cai", "Dan")]
    record_some(client, [p for p, _ in people])
    answer = client.get("/api/clasificacion/spades")
    assert answer.status_code == 200
    body = answer.json()
    assert "me" not in body
    assert body["total"] == 5
    by_id = {row["id"]: row for row in body["rows"]}
    assert by_id["cpu:dificil"]["name"] == "Difícil"
    assert by_id["cpu:dificil"]["cpu"] is True
    assert by_id[people[0][0]]["name"] == "Ana"
    assert by_id[people[0][0]]["games"] == 2
    assert [row["rank"] for row in body["rows"]] == [1, 2, 3, 4, 5]
    ratings = [row["rating"] for row in body["rows"]]
    assert ratings == sorted(ratings, reverse=True)
    dan_id, dan = people[3]
    mine = client.get("/api/clasificacion/spades?desde=0&cuantos=1", headers=dan).json()
    assert len(mine["rows"]) == 1
    assert mine["me"] == by_id[dan_id]
    week = client.get("/api/clasificacion/corazones?periodo=semana", headers=dan).json()
    assert week["me"] is None  # Dan played no Corazones
    assert week["week"] == "2026-W50"
    assert {row["name"] for row in week["rows"]} == {"Ana", "Bea", "Cai", "Normal"}


def test_a_public_profile_has_each_games_rating_games_wins_and_history(client: TestClient) -> None:
    people = [made(client, name) for name in ("Ana", "Bea", "Cai", "Dan")]
    record_some(client, [p for p, _ in people])
    ana = people[0][0]
    body = client.get(f"/api/perfiles/{ana}").json()
    assert body["name"] == "Ana"
    spades = body["games"]["spades"]
    state = asyncio.run(ratings_of(client).rating("spades", ana))
    assert state is not None
    assert spades["rating"] == state.display
    assert spades["games"] == 2
    assert spades["wins"] == state.wins == 2
    assert spades["provisional"] is True
    assert [p["rating"] for p in spades["history"]][-1] == spades["rating"]
    assert len(spades["history"]) == 2
    dan = client.get(f"/api/perfiles/{people[3][0]}").json()
    assert dan["games"]["corazones"] is None
    level = client.get("/api/perfiles/cpu:dificil").json()
    assert level["name"] == "Difícil"
    assert level["games"]["spades"]["games"] == 1


def test_a_deleted_profile_leaves_the_boards_and_its_profile_page(client: TestClient) -> None:
    people = [made(client, name) for name in ("Ana", "Bea", "Cai", "Dan")]
    record_some(client, [p for p, _ in people])
    before = {r["id"]: r for r in client.get("/api/clasificacion/spades").json()["rows"]}
    profiles: Profiles = client.app.state.profiles  # type: ignore[attr-defined]
    bea = asyncio.run(profiles.get(people[1][0]))
    assert bea is not None
    asyncio.run(profiles.delete(bea))
    after = {r["id"]: r for r in client.get("/api/clasificacion/spades").json()["rows"]}
    assert set(after) == set(before) - {bea.id}
    for player, row in after.items():
        assert row["rating"] == before[player]["rating"]
    assert client.get(f"/api/perfiles/{bea.id}").json()["error"]["code"] == "no_such_profile"


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/clasificacion/poker", 400, "unknown_game"),
        ("/api/clasificacion/%ED%A0%80", 400, "unknown_game"),
        ("/api/clasificacion/spades?periodo=ayer", 400, "bad_board_page"),
        ("/api/clasificacion/spades?desde=-1", 400, "bad_board_page"),
        ("/api/clasificacion/spades?desde=99999999999999999999", 400, "bad_board_page"),
        ("/api/clasificacion/spades?desde=100001", 400, "bad_board_page"),
        ("/api/clasificacion/spades?desde=%D9%A3", 400, "bad_board_page"),  # Arabic-Indic 3
        ("/api/clasificacion/spades?cuantos=0", 400, "bad_board_page"),
        ("/api/clasificacion/spades?cuantos=101", 400, "bad_board_page"),
        ("/api/clasificacion/spades?cuantos=1e3", 400, "bad_board_page"),
        ("/api/clasificacion/spades?periodo=%ED%A0%80", 400, "bad_board_page"),
        ("/api/perfiles/nadie", 404, "no_such_profile"),
        ("/api/perfiles/%ED%A0%80", 404, "no_such_profile"),
        ("/api/perfiles/%00", 404, "no_such_profile"),
        ("/api/perfiles/" + "a" * 5000, 404, "no_such_profile"),
        ("/api/perfiles/cpu:imposible", 404, "no_such_profile"),
    ],
)
def test_bad_board_and_profile_requests_get_a_coded_4xx(
    client: TestClient, path: str, status: int, code: str
) -> None:
    answer = client.get(path)
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["code"] == code


def test_a_far_page_is_empty_and_the_deepest_allowed_one_answers(client: TestClient) -> None:
    people = [made(client, name) for name in ("Ana", "Bea", "Cai", "Dan")]
    record_some(client, [p for p, _ in people])
    far = client.get("/api/clasificacion/spades?desde=100000&cuantos=100").json()
    assert far["rows"] == []
    assert far["total"] == 5


STATS: dict[str, Any] = {
    "spades": {
        "v": 1,
        "results": {"normal|250": {"won": 3, "lost": 2, "drawn": 0}},
        "hands": 40,
        "nsMade": 20,
        "nsSet": 10,
        "southMade": 12,
        "southSet": 5,
        "nilsBid": 2,
        "nilsMade": 1,
        "bags": 33,
    },
    "corazones": {
        "played": 4,
        "won": 1,
        "lost": 3,
        "hands": 30,
        "points": 210,
        "moons": 1,
        "queens": 6,
    },
}


def test_solo_statistics_are_imported_once_and_a_second_import_does_not_double_them(
    client: TestClient,
) -> None:
    _, ana = made(client, "Ana")
    empty = client.get("/api/perfil/estadisticas", headers=ana).json()
    assert empty["spades"]["hands"] == 0
    first = client.put("/api/perfil/estadisticas", headers=ana, json=STATS)
    assert first.status_code == 200, first.text
    again = client.put("/api/perfil/estadisticas", headers=ana, json=STATS)
    assert again.json() == first.json()
    stored = client.get("/api/perfil/estadisticas", headers=ana).json()
    assert stored == first.json()
    assert stored["spades"]["hands"] == 40
    assert stored["spades"]["results"]["normal|250"] == {"won": 3, "lost": 2, "drawn": 0}
    assert stored["corazones"]["points"] == 210
    later = json.loads(json.dumps(STATS))
    later["spades"]["hands"] = 44
    later["spades"]["results"]["dificil|500"] = {"won": 1, "lost": 0, "drawn": 0}
    del later["corazones"]
    grown = client.put("/api/perfil/estadisticas", headers=ana, json=later).json()
    assert grown["spades"]["hands"] == 44
    assert set(grown["spades"]["results"]) == {"normal|250", "dificil|500"}
    assert grown["corazones"] == stored["corazones"]
    _, bea = made(client, "Bea")
    assert client.get("/api/perfil/estadisticas", headers=bea).json()["spades"]["hands"] == 0


def _with(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    body: dict[str, Any] = json.loads(json.dumps(STATS))
    target = body
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return body


@pytest.mark.parametrize(
    "body",
    [
        _with(("spades", "hands"), -1),
        _with(("spades", "hands"), 10**12),
        _with(("spades", "hands"), "40"),
        _with(("spades", "hands"), 4.5),
        _with(("spades", "hands"), True),
        _with(("spades", "seen"), {"g1": {"h": 1}}),
        _with(("spades", "results"), {"imposible|250": {"won": 1}}),
        _with(("spades", "results"), {"normal|333": {"won": 1}}),
        _with(("spades", "results", "normal|250", "won"), -3),
        _with(("corazones", "played"), None),
        _with(("corazones", "counted"), {}),
        _with(("otro",), {}),
        [1, 2, 3],
        "texto",
    ],
)
def test_statistics_of_another_shape_are_refused_and_nothing_is_stored(
    client: TestClient, body: Any
) -> None:
    _, ana = made(client, "Ana")
    answer = client.put("/api/perfil/estadisticas", headers=ana, json=body)
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["code"] == "bad_stats"
    assert client.get("/api/perfil/estadisticas", headers=ana).json()["spades"]["hands"] == 0


@pytest.mark.parametrize(
    ("content", "status", "code"),
    [
        (b"{" * 20000, 413, "stats_too_large"),
        (b'{"spades": {"hands": 1}' + b" " * 17000 + b"}", 413, "stats_too_large"),
        (b"\xff\xfe{}", 422, "bad_stats"),
        (b'{"spades": {"hands": 1', 422, "bad_stats"),
        (b"", 422, "bad_stats"),
    ],
)
def test_statistics_too_big_or_unreadable_get_a_code(
    client: TestClient, content: bytes, status: int, code: str
) -> None:
    _, ana = made(client, "Ana")
    answer = client.put(
        "/api/perfil/estadisticas",
        headers={**ana, "Content-Type": "application/json"},
        content=content,
    )
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["code"] == code


def test_statistics_need_a_profile(client: TestClient) -> None:
    for answer in (
        client.get("/api/perfil/estadisticas"),
        client.put("/api/perfil/estadisticas", json=STATS),
        client.put("/api/perfil/estadisticas", json=STATS, headers={"Authorization": "Bearer x"}),
    ):
        assert answer.status_code == 401
        assert answer.json()["error"]["code"] == "no_profile"
