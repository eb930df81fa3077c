"""The day's challenge over HTTP and the friends' socket, on a real server (uvicorn): a new
profile plays today's attempts to the end; every answer and every frame before the reveal holds
no card of another seat, and neither the day's code nor its salt; the solo API refuses the day's
code (as if someone had guessed it) until the reveal."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import daily_world  # noqa: F401  (puts tests/web/friends on the path)
import httpx2 as httpx
import pytest
from friends_helpers import person, server
from test_friends_seat_changes import check_frames

from picas.cli.friends_client import Person
from picas.record import iter_states
from picas.shared.cards import cards_in
from picas.shared.seats import Seat
from picas.web.daily import days
from picas.web.daily.baseline import replay
from picas.web.daily.model import DayDoc
from picas.web.daily.store import SqliteDaily

Json = dict[str, Any]


class Seen:
    """Every HTTP answer's text (to look for secrets in)."""

    def __init__(self, base: str, token: str) -> None:
        self.base = base
        self.headers = {"Authorization": f"Bearer {token}"}
        self.texts: list[str] = []

    def get(self, path: str) -> httpx.Response:
        response = httpx.get(self.base + path, headers=self.headers, timeout=30)
        self.texts.append(response.text)
        return response

    def post(self, path: str, body: Json | None = None) -> httpx.Response:
        response = httpx.post(self.base + path, json=body or {}, headers=self.headers, timeout=30)
        self.texts.append(response.text)
        return response


def _profile(base: str, name: str) -> str:
    made = httpx.post(base + "/api/perfil", json={"name": name}, timeout=20)
    assert made.status_code == 201, made.text
    return str(made.json()["token"])


def _opened(seen: Seen, game: str) -> Json:
    deadline = time.monotonic() + 120
    while True:
        day = seen.get(f"/api/reto/{game}")
        assert day.status_code == 200, day.text
        if day.json()["opened"]:
            return dict(day.json())
        assert time.monotonic() < deadline, "the day did not open"
        time.sleep(0.3)


def _day_doc(folder: Path, game: str, day: str) -> DayDoc:
    async def read() -> DayDoc | None:
        store = SqliteDaily(folder / "jugadores.sqlite3")
        try:
            return await store.day(game, day)
        finally:
            await store.close()

    found = asyncio.run(read())
    assert found is not None
    return found


async def _play(page: Person) -> None:
    done = asyncio.Event()
    receive = page.receive

    def watching(message: Json) -> object | None:
        action = receive(message)
        if (page.table or {}).get("state") == "over":
            done.set()
        return action

    page.receive = watching  # type: ignore[method-assign]
    await asyncio.wait_for(page.run(until_over=False, stop=done), 180)


def _held(game: str, code: str, actions: list[Any]) -> dict[tuple[str, int], set[str]]:
    record, _ = replay(game, days.plan_of(game).rules, code, actions)
    held: dict[tuple[str, int], set[str]] = {}
    for state in iter_states(record):
        for seat in Seat:
            cards = {card.code for card in cards_in(state.hand.hands[seat])}
            held.setdefault((seat.key, state.hand.number), set()).update(cards)
    return held


@pytest.mark.parametrize("game", ["spades", "corazones"])
def test_a_new_player_plays_the_days_challenge_and_nothing_tells_a_secret(
    tmp_path: Path, game: str
) -> None:
    with server(tmp_path, PICAS_RETO_LEVEL="facil") as base:
        seen = Seen(base, _profile(base, "Ana"))
        day = _opened(seen, game)
        assert len(day["commitment"]) == 64
        assert day["me"]["played"] is False
        assert day["ends"] - day["starts"] == days.DAY_SECONDS
        started = seen.post(f"/api/reto/{game}/intento")
        assert started.status_code == 200, started.text
        attempt = started.json()
        assert attempt["ranked"] is True
        assert attempt["seat"] == "south"
        table = seen.get(f"/api/mesas/{attempt['table']}").json()
        assert table["commitment"] == day["commitment"]
        assert [seat["kind"] for seat in table["seats"]] == ["person", "cpu", "cpu", "cpu"]
        page = person(base, attempt["table"], attempt["token"])
        page.keep = True
        asyncio.run(_play(page))

        plan = days.plan_of(game)
        scored = [
            event for m in page.seen for event in m.get("events", []) if event["type"] == "reto"
        ]
        assert [event["hand"] for event in scored] == list(range(1, plan.hands + 1))
        running = 0
        for event in scored:
            running += event["score"]
            assert event["total"] == running
            sign = 1 if game == "spades" else -1
            assert event["score"] == sign * (event["result"] - event["baseline"])
        assert all(message.get("end") is None for message in page.seen)
        # The table ends on its last hand, complete: the next deal's cards never arrive.
        views = [message["view"] for message in page.seen if message.get("view")]
        assert max(view["hand_number"] for view in views) == plan.hands
        assert views[-1]["phase"] == "complete"
        assert views[-1]["hand"] == []
        progress = seen.get(f"/api/reto/mesa/{attempt['table']}").json()
        assert progress["scored"] == scored
        assert progress["over"] is True
        assert progress["ranked"] is True

        mine = seen.get(f"/api/reto/{game}/{day['day']}/tabla").json()
        assert mine["players"] == 1
        assert mine["me"]["total"] == running
        assert mine["me"]["hands"] == [event["score"] for event in scored]
        assert mine["me"]["rank"] == 1
        assert mine["me"]["streak"] == 1
        assert mine["rows"][0]["name"] == "Ana"
        assert seen.post(f"/api/reto/{game}/intento").json()["ranked"] is False
        again = seen.get(f"/api/reto/{game}/{day['day']}/tabla").json()
        assert again["players"] == 1
        assert again["me"]["total"] == running
        early = seen.get(f"/api/reto/{game}/{day['day']}/revelacion")
        assert early.status_code == 409
        assert early.json()["error"]["code"] == "daily_not_over"

        secret = _day_doc(tmp_path, game, day["day"])
        # The solo API, as if the code had been guessed: no new game, no import.
        new_game = seen.post("/api/games", {"game": game, "code": secret.code.lower()})
        assert new_game.status_code == 403
        assert new_game.json()["error"]["code"] == "daily_sealed"
        record = {"format": "picas.record", "version": 1, "game": game, "code": secret.code}
        record |= {"rules": plan.rules, "actions": []}
        imported = seen.post("/api/games/import", {"record": record})
        assert imported.status_code == 403
        assert imported.json()["error"]["code"] == "daily_sealed"
        # Practice and hints take only a save this server signed: none of the day's exists.
        forged = {"record": record, "sig": "0" * 64}
        for path, body in (
            ("/api/hint", {"save": forged}),
            ("/api/practice", {"save": forged, "hand_number": 1}),
        ):
            answer = seen.post(path, body)
            assert 400 <= answer.status_code < 500, (path, answer.text)

        for text in [*seen.texts[:-3], *(str(message) for message in page.seen)]:
            assert secret.code not in text
            assert secret.salt not in text
        stored = asyncio.run(_attempt(tmp_path, game, day["day"]))
        held = _held(game, secret.code, stored)
        assert check_frames(page, "Ana", held) > 0


async def _attempt(folder: Path, game: str, day: str) -> list[Any]:
    store = SqliteDaily(folder / "jugadores.sqlite3")
    try:
        tables = await store.standing(game, day, 0, 1)
        assert tables.rows[0].actions is not None
        return list(tables.rows[0].actions)
    finally:
        await store.close()


def test_the_api_refuses_what_it_cannot_answer(tmp_path: Path) -> None:
    with server(tmp_path, PICAS_RETO_LEVEL="facil") as base:
        plain = Seen(base, "")
        plain.headers = {}
        assert plain.post("/api/reto/spades/intento").json()["error"]["code"] == "no_profile"
        seen = Seen(base, _profile(base, "Eva"))
        headers = {**seen.headers, "content-type": "application/json"}
        for body, status in (
            (b"{", 400),
            (b'{"game": "corazones"}', 400),
            (b"[]", 400),
            (b'{"a": "' + b"x" * 2_000_000 + b'"}', 413),
        ):
            answer = httpx.post(
                base + "/api/reto/spades/intento", content=body, headers=headers, timeout=30
            )
            assert answer.status_code == status, (body[:20], answer.text[:200])
            assert "error" in answer.json()
        for path, status, code in (
            ("/api/reto/mus", 404, "daily_unknown_game"),
            ("/api/reto/spades/2026-13-01", 422, "bad_day"),
            ("/api/reto/spades/1999-01-01", 404, "daily_not_found"),
            ("/api/reto/spades/1999-01-01/revelacion", 404, "daily_not_found"),
            ("/api/reto/spades/1999-01-01/tabla?cuantos=0", 400, "bad_request"),
            ("/api/reto/mesa/nada", 404, "table_not_found"),
        ):
            answer = plain.get(path)
            assert answer.status_code == status, (path, answer.text)
            if code is not None:
                assert answer.json()["error"]["code"] == code
