"""Nobody can keep the people out of their own table: onlookers have their own small caps, a
seated person's ``hello`` always gets in, a person who never comes is taken over after the grace
period, the host's «CPU» plays a seat at once, and reconnecting in a loop is slowed down (never
refused)."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

from friends_helpers import KEY, run, server, table_of
from websockets.asyncio.client import connect
from websockets.typing import Origin

from picas.games import find_game
from picas.web.friends import play
from picas.web.friends.limits import FriendsLimits
from picas.web.friends.messages import CreateIn, HostIn
from picas.web.friends.model import token_digest
from picas.web.friends.service import Friends
from picas.web.friends.store import SqliteStore
from picas.web.settings import Settings
from picas.web.table import Table

Json = dict[str, Any]
SOLO = Table(Settings(key=KEY))


async def _hello(base: str, table_id: str, token: str | None, address: str) -> tuple[Any, Json]:
    url = base.replace("http://", "ws://") + f"/api/mesas/{table_id}/ws"
    socket = await connect(url, origin=Origin(base), local_addr=(address, 0))
    await socket.send(json.dumps({"type": "hello", "token": token}))
    return socket, json.loads(await asyncio.wait_for(socket.recv(), 20))


def test_onlookers_cannot_fill_the_table_and_the_people_always_get_in(tmp_path: Path) -> None:
    limits = FriendsLimits()
    with server(tmp_path) as base:
        table_id, tokens = table_of(base, "spades", ["south", "north"])

        async def scenario() -> tuple[list[str], list[str], list[Json]]:
            sockets = []
            # One address tries 16 onlookers: it gets its two.
            same: list[str] = []
            for _ in range(16):
                socket, first = await _hello(base, table_id, None, "127.0.0.1")
                sockets.append(socket)
                same.append(first.get("code") or first["type"])
            # Many addresses: the table's onlookers are capped.
            many: list[str] = []
            for number in range(2, 14):
                socket, first = await _hello(base, table_id, None, f"127.0.0.{number}")
                sockets.append(socket)
                many.append(first.get("code") or first["type"])
            # The people of the table, from the same crowded address, get in.
            people = []
            for seat in ("south", "north"):
                socket, first = await _hello(base, table_id, tokens[seat], "127.0.0.1")
                sockets.append(socket)
                people.append(first)
            for socket in sockets:
                await socket.close()
            return same, many, people

        same, many, people = run(scenario(), timeout=60)
    per_address = limits.watchers_per_address
    assert same[:per_address] == ["welcome"] * per_address
    assert set(same[per_address:]) == {"too_many_watchers"}
    assert many.count("welcome") == limits.watchers_per_table - per_address
    assert set(many[many.count("welcome") :]) == {"too_many_watchers"}
    assert [(first["type"], first["seat"]) for first in people] == [
        ("welcome", "south"),
        ("welcome", "north"),
    ]


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _friends(tmp_path: Path, clock: Clock) -> Friends:
    return Friends(
        SqliteStore(tmp_path / "mesas.sqlite3", clock=clock),
        FriendsLimits(),
        bot=lambda game, level: SOLO.bot(level, game=game),
        sign=SOLO.sign,
        clock=clock,
    )


async def _started(friends: Friends) -> tuple[str, str, dict[str, str]]:
    """Ana (South, the host) and Bea (North), started: the id, Ana's token and each person."""
    made = await friends.create(CreateIn(name="Ana", level="facil"), "a")
    table_id = made.table.id
    bea = await friends.sit(table_id, "north", "Bea")
    await friends.host(table_id, _host_action(made.token, {"type": "start"}))
    return (
        table_id,
        made.token,
        {"south": token_digest(made.token), "north": token_digest(bea.token)},
    )


def _host_action(token: str, action: Json) -> HostIn:
    return HostIn.model_validate({"token": token, "action": action})


async def _play_until(friends: Friends, table_id: str, persons: dict[str, str], seat: str) -> None:
    """South plays (Fácil's choices) and the computer players answer until ``seat`` is on turn."""
    codec = find_game("spades").record.codec()
    for _ in range(40):
        table = await friends.load(table_id)
        record, state = friends.game_of(table)
        turn = play.seat_to_act(state)
        assert turn is not None
        if turn.key == seat:
            return
        if turn.key in persons:
            game = play.adapter(table.game)
            bot = SOLO.bot("facil", game="spades")
            action = play.bot_action(game, bot, state, turn, len(record.actions))
            await friends.act(table_id, persons[turn.key], codec.action_json(action))
        else:
            assert await friends.step(table_id)
    raise AssertionError(f"{seat} never came to play")


def _last_seat(friends: Friends, table: Any) -> str:
    """The seat of the table's last action."""
    record, _ = friends.game_of(table)
    state = record.start()
    seat = None
    for action in record.actions:
        seat = play.seat_to_act(state)
        state = state.apply(action, seat)
    assert seat is not None
    return str(seat.key)


def test_a_person_who_never_comes_after_the_start_is_taken_over_after_the_grace(
    tmp_path: Path,
) -> None:
    clock = Clock()
    friends = _friends(tmp_path, clock)

    async def scenario() -> tuple[bool, bool, bool, str]:
        table_id, _, persons = await _started(friends)
        await friends.connect(table_id, persons["south"], "one")  # Bea never opens the page
        await _play_until(friends, table_id, persons, "north")
        clock.now += friends.limits.grace - 1
        before = await friends.step(table_id)
        clock.now += 2
        taken = await friends.step(table_id)  # the grace ran out: North is the CPU's
        played = await friends.step(table_id)  # and it plays North's turn
        table = await friends.load(table_id)
        assert table.seats["north"].taken_over
        return before, taken, played, _last_seat(friends, table)

    before, taken, played, last = asyncio.run(scenario())
    assert not before
    assert taken
    assert played
    assert last == "north"


def test_the_hosts_cpu_plays_a_connected_persons_seat_at_once(tmp_path: Path) -> None:
    clock = Clock()
    friends = _friends(tmp_path, clock)

    async def scenario() -> tuple[int, int, str]:
        table_id, host_token, persons = await _started(friends)
        for seat, owner in (("south", "one"), ("north", "two")):
            await friends.connect(table_id, persons[seat], owner)
        await _play_until(friends, table_id, persons, "north")
        before = len((await friends.load(table_id)).actions)
        await friends.host(table_id, _host_action(host_token, {"type": "cpu", "seat": "north"}))
        # No clock moves, and Bea's socket is still connected: the CPU plays North now.
        assert await friends.step(table_id)
        after = await friends.load(table_id)
        return before, len(after.actions), _last_seat(friends, after)

    before, after, last = asyncio.run(scenario())
    assert after == before + 1
    assert last == "north"


def test_reconnecting_in_a_loop_is_slowed_and_never_refused(tmp_path: Path) -> None:
    env = {
        "PICAS_FRIENDS_HELLO_RATE": "4",
        "PICAS_FRIENDS_HELLO_BURST": "3",
        "PICAS_FRIENDS_ADDRESS_HELLO_RATE": "4",
        "PICAS_FRIENDS_ADDRESS_HELLO_BURST": "3",
    }
    times = 15
    with server(tmp_path, **env) as base:
        table_id, tokens = table_of(base, "spades", ["south", "north"])

        async def loop(token: str | None, address: str) -> tuple[list[str], float]:
            started = time.monotonic()
            answers = []
            for _ in range(times):
                socket, first = await _hello(base, table_id, token, address)
                answers.append(first["type"])
                await socket.close()
            return answers, time.monotonic() - started

        seated, seated_took = run(loop(tokens["north"], "127.0.0.2"), timeout=60)
        # Another address, onlookers only: the address's own bound.
        watching, watching_took = run(loop(None, "127.0.0.3"), timeout=60)
    assert seated == ["welcome"] * times  # every comeback got in
    assert watching == ["welcome"] * times
    floor = (times - 3) / 4  # past the burst, four a second at most
    assert seated_took >= floor * 0.95
    assert watching_took >= floor * 0.95
