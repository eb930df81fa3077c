"""Rated tables made by the queue, on a real server: four people seated at once and a whole
rated game played (its result recorded once, what each frame shows checked), two people with
the computer after the wait (partners balanced), a block respected, leavers rated last and kept
out after three."""

from __future__ import annotations

import asyncio
import json
import time
from itertools import permutations
from pathlib import Path
from typing import Any

import httpx2 as httpx
from quick_helpers import (
    Server,
    hello,
    leave,
    next_message,
    person,
    profile,
    recorded,
    run,
    server,
    table,
    until,
    wait_entries,
)
from test_friends_seat_changes import _held, check_frames

from picas.web.quick.model import CPU_PLAYER, SEAT_LETTERS

Json = dict[str, Any]


async def _seat_all(srv: Server, tokens: list[str], game: str, target: int) -> list[Json]:
    sockets = [await hello(srv, token, game, target) for token in tokens]
    try:
        return list(await asyncio.gather(*(until(ws, "seated") for ws in sockets)))
    finally:
        for ws in sockets:
            await ws.close()


def test_four_people_play_a_whole_rated_game_rated_once(tmp_path: Path) -> None:
    with server(tmp_path) as srv:
        names = ["Ana", "Luis", "Marta", "Jorge"]
        made = [profile(srv.base, name) for name in names]
        ids = [pid for pid, _ in made]

        async def scenario() -> tuple[list[Json], list[Any]]:
            seated = await _seat_all(srv, [tok for _, tok in made], "corazones", 50)
            people = [person(srv, s["table"], s["token"]) for s in seated]
            await asyncio.gather(*(one.run() for one in people))
            return seated, people

        seated, people = run(scenario())
        table_id = seated[0]["table"]
        assert {s["table"] for s in seated} == {table_id}
        seat_of = {pid: s["seat"] for pid, s in zip(ids, seated, strict=True)}
        assert sorted(seat_of.values()) == ["east", "north", "south", "west"]
        public = table(srv, table_id)
        assert public["turn_timer"] == 30
        assert public["level"] == "dificil"
        assert {e["seat"]: e["name"] for e in public["seats"]} == {
            seat_of[pid]: name for pid, name in zip(ids, names, strict=True)
        }

        results = recorded(srv, table_id)
        assert len(results) == 1
        result = results[0]
        assert result.game == "corazones"
        totals = people[0].view["totals"]
        by_letter = {seat.seat: seat for seat in result.seats}
        for pid in ids:
            seat = by_letter[SEAT_LETTERS[seat_of[pid]]]
            assert seat.player == pid
            assert seat.left is False
            assert seat.score == totals[seat_of[pid]]

        held = _held(people[0].end)
        for one, name in zip(people, names, strict=True):
            assert one.lost == 0
            assert check_frames(one, name, held) > 10
            # Every welcome and update says the table is rated, and nothing more of it.
            framed = [m["table"] for m in one.seen if m["type"] in ("welcome", "update")]
            assert framed
            assert all(view["rated"] is True for view in framed)
            # The profiles behind the seats are the server's: no frame names one.
            text = json.dumps(one.seen)
            assert not any(pid in text for pid in ids)


def _imbalance(ratings: list[int]) -> int:
    return abs(ratings[0] + ratings[2] - ratings[1] - ratings[3])


def test_two_people_start_with_the_computer_after_the_wait_partners_balanced(
    tmp_path: Path,
) -> None:
    with server(tmp_path) as srv:
        (a, ta), (b, tb) = profile(srv.base, "Ana"), profile(srv.base, "Luis")
        ratings = {a: 1200, b: 1300, CPU_PLAYER: 1800}
        srv.ratings.preset = {("spades", who): value for who, value in ratings.items()}

        async def scenario() -> list[Json]:
            first = await hello(srv, ta)
            second = await hello(srv, tb)
            try:
                assert (await until(first, "queued"))["waiting"] == 1
                await wait_entries(srv, 2)
                # Two are not a table before the wait runs out.
                try:
                    early = await next_message(first, 1.5)
                except TimeoutError:
                    early = None
                assert early is None or early["type"] == "queued", early
                srv.clock.ahead = 21.0
                return list(await asyncio.gather(until(first, "seated"), until(second, "seated")))
            finally:
                await first.close()
                await second.close()

        seated = run(scenario())
        table_id = seated[0]["table"]
        assert seated[1]["table"] == table_id
        public = table(srv, table_id)
        kinds = {e["seat"]: e["kind"] for e in public["seats"]}
        assert sorted(kinds.values()) == ["cpu", "cpu", "person", "person"]
        assert public["state"] == "playing"
        assert public["level"] == "dificil"
        order = ["south", "west", "north", "east"]
        where = {seated[0]["seat"]: a, seated[1]["seat"]: b}
        got = [ratings[where.get(seat, CPU_PLAYER)] for seat in order]
        everyone = [ratings[a], ratings[b], ratings[CPU_PLAYER], ratings[CPU_PLAYER]]
        assert _imbalance(got) == min(_imbalance(list(p)) for p in permutations(everyone))

        # Both leave: nobody of the table is left, so it ends and is rated at once.
        leave(srv, table_id, seated[0]["token"])
        leave(srv, table_id, seated[1]["token"])
        results = recorded(srv, table_id)
        assert len(results) == 1
        left = {seat.player: seat.left for seat in results[0].seats}
        assert left[a] is True
        assert left[b] is True
        cpu_seats = [seat for seat in results[0].seats if seat.player == CPU_PLAYER]
        assert len(cpu_seats) == 2
        assert not any(seat.left for seat in cpu_seats)


def test_three_left_games_in_a_day_keep_a_profile_out_for_an_hour(tmp_path: Path) -> None:
    with server(tmp_path) as srv:
        (a, ta), (b, tb) = profile(srv.base, "Ana"), profile(srv.base, "Luis")

        async def one_game() -> list[Json]:
            sockets = [await hello(srv, ta), await hello(srv, tb)]
            try:
                await wait_entries(srv, 2)
                srv.clock.ahead += 21.0
                return list(await asyncio.gather(*(until(ws, "seated") for ws in sockets)))
            finally:
                for ws in sockets:
                    await ws.close()

        for _ in range(3):
            seated = run(one_game())
            leave(srv, seated[0]["table"], seated[0]["token"])
            leave(srv, seated[1]["table"], seated[1]["token"])
            assert len(recorded(srv, seated[0]["table"])) == 1

        async def refused(token: str) -> Json:
            ws = await hello(srv, token)
            try:
                message = await next_message(ws)
                await asyncio.wait_for(ws.wait_closed(), 10)
                assert ws.close_code == 4403
                return message
            finally:
                await ws.close()

        message = run(refused(ta))
        assert message["type"] == "error"
        assert message["code"] == "banned"
        losses = asyncio.run(srv.app.state.quick.store.losses(a, 0.0))
        assert len(losses) == 3
        assert message["params"]["until"] == int((losses[-1] + 3600) * 1000)
        assert len(asyncio.run(srv.app.state.quick.store.losses(b, 0.0))) == 3
        assert run(refused(tb))["code"] == "banned"
        # An hour on, the queue takes the profile again.
        srv.clock.ahead += 3601.0

        async def admitted() -> Json:
            ws = await hello(srv, ta)
            try:
                return await next_message(ws)
            finally:
                await ws.close()

        assert run(admitted())["type"] == "queued"


def test_a_leaver_and_an_absentee_are_rated_as_left_while_the_others_finish(
    tmp_path: Path,
) -> None:
    """One person leaves at once, one never opens the table (away past the grace period until
    the end): the computer plays both seats, the other two finish the game."""
    with server(tmp_path, PICAS_FRIENDS_GRACE="2") as srv:
        names = ["Ana", "Luis", "Marta", "Jorge"]
        made = [profile(srv.base, name) for name in names]
        ids = [pid for pid, _ in made]

        async def scenario() -> tuple[list[Json], list[Any]]:
            seated = await _seat_all(srv, [tok for _, tok in made], "corazones", 50)
            leave(srv, seated[0]["table"], seated[0]["token"])
            players = [person(srv, s["table"], s["token"]) for s in seated[2:]]
            await asyncio.gather(*(one.run() for one in players))
            return seated, players

        seated, players = run(scenario(), timeout=600)
        table_id = seated[0]["table"]
        results = recorded(srv, table_id)
        assert len(results) == 1
        by_player = {seat.player: seat for seat in results[0].seats}
        assert [by_player[pid].left for pid in ids] == [True, True, False, False]
        totals = players[0].view["totals"]
        for pid, one in zip(ids, seated, strict=True):
            assert by_player[pid].score == totals[one["seat"]]
        public = table(srv, table_id)
        assert public["state"] == "over"
        losses = [len(asyncio.run(srv.app.state.quick.store.losses(pid, 0.0))) for pid in ids]
        assert losses == [1, 1, 0, 0]


def test_a_rated_end_reaches_the_real_ratings_once(tmp_path: Path) -> None:
    with server(tmp_path, real_ratings=True) as srv:
        (a, ta), (b, tb) = profile(srv.base, "Ana"), profile(srv.base, "Luis")

        async def scenario() -> list[Json]:
            sockets = [await hello(srv, ta), await hello(srv, tb)]
            try:
                await wait_entries(srv, 2)
                srv.clock.ahead = 21.0
                return list(await asyncio.gather(*(until(ws, "seated") for ws in sockets)))
            finally:
                for ws in sockets:
                    await ws.close()

        seated = run(scenario())
        table_id = seated[0]["table"]
        leave(srv, table_id, seated[0]["token"])
        leave(srv, table_id, seated[1]["token"])

        def games(player: str) -> int | None:
            answer = httpx.get(f"{srv.base}/api/perfiles/{player}", timeout=20).json()
            spades = answer["games"]["spades"]
            return None if spades is None else int(spades["games"])

        deadline = time.monotonic() + 20
        while games(a) is None:
            assert time.monotonic() < deadline, "not rated"
            time.sleep(0.1)
        time.sleep(0.5)
        assert [games(a), games(b), games(CPU_PLAYER)] == [1, 1, 1]
        assert srv.ratings.recorded == []  # the stand-in was not the one used
