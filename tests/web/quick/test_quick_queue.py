"""The queue's socket and the blocks, on a real server: a dropped socket leaves the queue, a
second socket replaces the first, hostile messages get coded errors, joins are limited, a block
is respected by the matcher, and once undone no longer keeps the two apart."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
import websockets
from quick_helpers import (
    Server,
    connect,
    hello,
    next_message,
    profile,
    run,
    server,
    until,
    wait_entries,
)
from websockets.typing import Origin

Json = dict[str, Any]


async def _closed(ws: Any) -> int | None:
    await asyncio.wait_for(ws.wait_closed(), 15)
    code: int | None = ws.close_code
    return code


def test_a_dropped_socket_leaves_the_queue(tmp_path: Path) -> None:
    with server(tmp_path) as srv:
        _, token = profile(srv.base, "Ana")

        async def scenario() -> None:
            ws = await hello(srv, token)
            queued = await next_message(ws)
            assert queued == {"type": "queued", "game": "spades", "target": 250, "waiting": 1}
            await wait_entries(srv, 1)
            ws.transport.abort()  # gone without a word
            await wait_entries(srv, 0)

        run(scenario())


def test_a_second_socket_replaces_the_first(tmp_path: Path) -> None:
    with server(tmp_path) as srv:
        pid, token = profile(srv.base, "Ana")

        async def scenario() -> None:
            first = await hello(srv, token)
            await until(first, "queued")
            second = await hello(srv, token, "corazones", 100)
            assert (await until(second, "queued"))["game"] == "corazones"
            bye = await next_message(first)
            assert bye["type"] == "bye"
            assert bye["code"] == "replaced"
            assert await _closed(first) == 4409
            entries = await srv.app.state.quick.store.entries()
            assert [(e.profile, e.game) for e in entries] == [(pid, "corazones")]
            await first.close()
            await second.close()
            await wait_entries(srv, 0)

        run(scenario())


async def _refusal(srv: Server, *frames: str | bytes) -> tuple[Json, int | None]:
    ws = await connect(srv)
    for frame in frames:
        await ws.send(frame)
    message = await next_message(ws)
    return message, await _closed(ws)


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("not json", "bad_json"),
        (b"\x00\x01", "not_text"),
        ("[1, 2]", "not_object"),
        ('{"token": "x"}', "no_type"),
        ('{"type": "act", "action": 1}', "unknown_type"),
        ('{"type": "ping"}', "not_hello"),
        ('{"type": "hello", "token": "x", "game": "spades"}', "bad_message"),
        ('{"type": "hello", "token": "x", "game": "spades", "target": "250"}', "bad_message"),
        (
            '{"type": "hello", "token": "x", "game": "spades", "target": 250, "x": 1}',
            "unexpected_field",
        ),
        ('{"type": "hello", "token": 7, "game": "spades", "target": 250}', "bad_field"),
        ('{"type": "hello", "token": "x", "game": "spades", "target": 250}', "no_profile"),
        ("x" * 2000, "too_big"),
    ],
)
def test_a_first_message_that_is_not_a_good_hello_is_refused_with_its_code(
    tmp_path: Path, frame: str | bytes, code: str
) -> None:
    with server(tmp_path) as srv:
        message, closed = run(_refusal(srv, frame))
        assert message["type"] == "error"
        assert message["code"] == code
        assert closed == (4401 if code == "no_profile" else 4408)
        assert run(srv.app.state.quick.store.entries()) == []


def test_a_target_the_game_does_not_offer_is_refused(tmp_path: Path) -> None:
    with server(tmp_path) as srv:
        _, token = profile(srv.base, "Ana")
        for game, target in (("spades", 100), ("corazones", 250), ("spades", 300)):
            body = {"type": "hello", "token": token, "game": game, "target": target}
            message, closed = run(_refusal(srv, json.dumps(body)))
            assert message["code"] == "bad_target"
            assert closed == 4403


def test_messages_while_waiting_are_answered_and_the_place_is_kept(tmp_path: Path) -> None:
    with server(tmp_path) as srv:
        _, token = profile(srv.base, "Ana")

        async def scenario() -> list[str]:
            ws = await hello(srv, token)
            await until(ws, "queued")
            answers: list[str] = []
            again = json.dumps({"type": "hello", "token": token, "game": "spades", "target": 250})
            for frame in ("nope", "[]", again, '{"type": "ping"}', "y" * 3000):
                await ws.send(frame)
                message = await next_message(ws)
                answers.append(str(message.get("code", message["type"])))
            assert len(await srv.app.state.quick.store.entries()) == 1
            await ws.close()
            return answers

        assert run(scenario()) == ["bad_json", "not_object", "not_hello", "pong", "too_big"]


def test_a_flood_closes_the_socket(tmp_path: Path) -> None:
    with server(tmp_path) as srv:
        _, token = profile(srv.base, "Ana")

        async def scenario() -> int | None:
            ws = await hello(srv, token)
            await until(ws, "queued")
            with contextlib.suppress(websockets.ConnectionClosed):
                for _ in range(500):
                    await ws.send('{"type": "ping"}')
                    await asyncio.sleep(0)
            return await _closed(ws)

        assert run(scenario()) == 4429


def test_joins_past_the_limit_a_minute_are_refused(tmp_path: Path) -> None:
    with server(tmp_path) as srv:
        _, token = profile(srv.base, "Ana")
        limit = srv.app.state.quick.limits.joins_per_minute

        async def scenario() -> tuple[list[str], Json]:
            kinds = []
            for _ in range(limit):
                ws = await hello(srv, token)
                kinds.append((await next_message(ws))["type"])
                await ws.close()
            ws = await hello(srv, token)
            refused = await next_message(ws)
            await ws.close()
            return kinds, refused

        kinds, refused = run(scenario())
        assert kinds == ["queued"] * limit
        assert refused["code"] == "too_many_joins"
        srv.clock.ahead += 61

        async def again() -> str:
            ws = await hello(srv, token)
            kind: str = (await next_message(ws))["type"]
            await ws.close()
            return kind

        assert run(again()) == "queued"


def test_a_socket_from_another_site_is_refused(tmp_path: Path) -> None:
    with server(tmp_path) as srv:

        async def scenario() -> None:
            with pytest.raises(websockets.InvalidStatus):
                await websockets.connect(srv.ws, origin=Origin("http://evil.example"))

        run(scenario())


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_blocks_are_listed_refused_when_wrong_and_removed(tmp_path: Path) -> None:
    with server(tmp_path) as srv:
        a, ta = profile(srv.base, "Ana")
        b, _ = profile(srv.base, "Luis")
        url = srv.base + "/api/ya/bloqueos"
        assert httpx.post(url, json={"id": b}).status_code == 401
        ok = httpx.post(url, json={"id": b}, headers=_auth(ta))
        assert ok.status_code == 200
        assert ok.json() == {"bloqueos": [{"id": b, "name": "Luis"}]}
        assert httpx.get(url, headers=_auth(ta)).json() == ok.json()
        self_block = httpx.post(url, json={"id": a}, headers=_auth(ta))
        assert (self_block.status_code, self_block.json()["error"]["code"]) == (422, "bad_block")
        unknown = httpx.post(url, json={"id": "nadie"}, headers=_auth(ta))
        assert (unknown.status_code, unknown.json()["error"]["code"]) == (404, "no_such_profile")
        bad = httpx.post(url, json={"id": 5}, headers=_auth(ta))
        assert bad.status_code in (400, 422)
        gone = httpx.delete(f"{url}/{b}", headers=_auth(ta))
        assert gone.json() == {"bloqueos": []}


def test_the_matcher_never_seats_a_blocked_pair_together(tmp_path: Path) -> None:
    with server(tmp_path) as srv:
        people = [profile(srv.base, name) for name in ("Ana", "Luis", "Marta", "Jorge")]
        (a, ta), (b, _) = people[0], people[1]
        response = httpx.post(srv.base + "/api/ya/bloqueos", json={"id": b}, headers=_auth(ta))
        assert response.status_code == 200

        async def scenario() -> dict[str, str | None]:
            sockets = [await hello(srv, token) for _, token in people]
            await wait_entries(srv, 4)
            await asyncio.sleep(1.0)  # four, but not a table of four: two of them blocked
            assert len(await srv.app.state.quick.store.entries()) == 4
            srv.clock.ahead = 21.0
            await wait_entries(srv, 1)  # the others sit with whoever they can; one waits
            tables: dict[str, str | None] = {}
            for (pid, _), ws in zip(people, sockets, strict=True):
                try:
                    tables[pid] = (await until(ws, "seated", 3))["table"]
                except TimeoutError:
                    tables[pid] = None
                await ws.close()
            return tables

        tables = run(scenario())
        assert list(tables.values()).count(None) == 1
        assert tables[a] != tables[b]


def test_a_block_undone_lets_the_matcher_seat_the_two_together_again(tmp_path: Path) -> None:
    """Two people alone in the queue, one blocked by the other: past the wait they still wait
    apart; the block undone (as /perfil's «Desbloquear» does), the next pass seats them."""
    with server(tmp_path) as srv:
        (_, ta), (b, tb) = profile(srv.base, "Ana"), profile(srv.base, "Luis")
        url = srv.base + "/api/ya/bloqueos"
        assert httpx.post(url, json={"id": b}, headers=_auth(ta)).status_code == 200

        async def scenario() -> list[Json]:
            sockets = [await hello(srv, ta), await hello(srv, tb)]
            try:
                await wait_entries(srv, 2)
                srv.clock.ahead = 21.0
                await asyncio.sleep(1.5)  # several passes past the wait: still two apart
                assert len(await srv.app.state.quick.store.entries()) == 2
                undone = await asyncio.to_thread(
                    httpx.delete, f"{url}/{b}", headers=_auth(ta), timeout=20
                )
                assert undone.json() == {"bloqueos": []}
                return list(await asyncio.gather(*(until(ws, "seated", 10) for ws in sockets)))
            finally:
                for ws in sockets:
                    await ws.close()

        seated = run(scenario())
        assert seated[0]["table"] == seated[1]["table"]
        assert seated[0]["seat"] != seated[1]["seat"]


def test_two_profiles_from_one_address_are_not_seated_together(tmp_path: Path) -> None:
    with server(tmp_path, PICAS_YA_APART_BY_ADDRESS="1") as srv:
        tokens = [profile(srv.base, name)[1] for name in ("Ana", "Luis", "Marta")]

        async def scenario() -> tuple[bool, Json, Json]:
            first = await hello(srv, tokens[0], address="127.0.1.1")
            same = await hello(srv, tokens[1], address="127.0.1.1")
            await wait_entries(srv, 2)
            srv.clock.ahead = 21.0
            await asyncio.sleep(1.0)
            together = len(await srv.app.state.quick.store.entries()) < 2
            other = await hello(srv, tokens[2], address="127.0.1.2")
            seated = await until(other, "seated")
            mine = await until(first, "seated", 5) if not together else {}
            for ws in (first, same, other):
                await ws.close()
            return together, seated, mine

        together, seated, mine = run(scenario())
        assert not together
        assert seated["table"] == mine["table"]
