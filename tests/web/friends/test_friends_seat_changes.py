"""Every change of who sits where reaches the open sockets of the people it touches before any
later message: a person moved by the host reads their new seat's messages from that change on
(never their old seat's cards, never another person's), and a person who no longer sits at the
table is told so and closed. Whole games are played after each kind of change, every frame of
every socket checked against the seat its person holds in that very frame."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
import websockets
from friends_helpers import create, host, person, post, run, server, sit
from websockets.typing import Origin

from picas.cli.friends_client import Person, Sent
from picas.record import iter_states, read_record
from picas.shared.cards import cards_in
from picas.shared.seats import Seat
from picas.web.friends import play
from picas.web.friends.hub import CLOSE_SEAT_LOST

Json = dict[str, Any]
NAMES = {"south": "Ana", "west": "Luis", "north": "Marta", "east": "Jorge"}


def _cards(value: object) -> set[str]:
    """Every string in ``value`` that is a card code."""
    found: set[str] = set()
    if isinstance(value, dict):
        for item in value.values():
            found |= _cards(item)
    elif isinstance(value, list):
        for item in value:
            found |= _cards(item)
    elif isinstance(value, str) and 2 <= len(value) <= 3 and value[-1] in "SHDC":
        found.add(value)
    return found


def _held(end: Json) -> dict[tuple[str, int], set[str]]:
    """The cards each seat held at some moment of each hand (dealt and received), from the
    record revealed at the end."""
    held: dict[tuple[str, int], set[str]] = {}
    for state in iter_states(read_record(end["record"])):
        hand = state.hand
        for seat in Seat:
            cards = {card.code for card in cards_in(hand.hands[seat])}
            held.setdefault((seat.key, hand.number), set()).update(cards)
    return held


def check_frames(one: Person, name: str, held: dict[tuple[str, int], set[str]]) -> int:
    """Each frame before the end: its view is the seat where ``name`` sits in that frame's own
    table, and it names no card but that seat's and those played face up. How many views."""
    views = 0
    for message in one.seen:
        if message["type"] not in ("welcome", "update") or message.get("end") is not None:
            continue
        view = message.get("view")
        if view is None:
            continue
        views += 1
        seat = view["seat"]
        sitting = {entry["seat"]: entry["name"] for entry in message["table"]["seats"]}
        assert sitting[seat] == name, (name, seat, sitting)
        number = view["hand_number"]
        own = held[(seat, number)]
        assert set(view["hand"]) <= own, (name, seat)
        public = set(view["trick"]) | {card for trick in view["tricks"] for card in trick["cards"]}
        events = message.get("events", [])
        for event in events:
            if event["type"] in ("play", "trick"):
                public |= _cards(event)
            if event["type"] == "hand_scored":
                # A finished hand: every card was played face up; what each seat was dealt or
                # passed stays the reader's own only.
                for key in play.PRIVATE_BY_SEAT:
                    for other, cards in (event["result"].get(key) or {}).items():
                        assert other == seat or cards is None, (name, key, other)
                public |= _cards(event["result"].get("tricks"))
            if event["type"] == "pass":
                assert set(event["gave"]) | set(event["received"]) <= own
        stray = _cards({"view": {**view, "history": []}, "events": events}) - own - public
        assert not stray, (name, seat, number, stray)
        for result in view["history"]:
            for key in play.PRIVATE_BY_SEAT:
                for other, cards in (result.get(key) or {}).items():
                    assert other == seat or cards is None
    return views


async def _wait(predicate: Any, timeout: float = 20.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not predicate():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.02)


def _seated(base: str, game: str, seats: tuple[str, ...]) -> tuple[str, dict[str, str]]:
    made = create(base, game, name="Ana", settings={"target": 250 if game == "spades" else 50})
    table_id = made["table"]["id"]
    tokens = {"south": made["token"]}
    for seat in seats:
        tokens[seat] = sit(base, table_id, seat, NAMES[seat])["token"]
    return table_id, tokens


@pytest.mark.parametrize("game", ["spades", "corazones"])
def test_people_moved_by_the_host_with_their_pages_open_see_only_their_new_seat(
    tmp_path: Path, game: str
) -> None:
    """Luis (West) and Marta (North) are connected; the host swaps them, then starts. Luis now
    plays North and reads North's messages only, Marta West's, for a whole game."""
    with server(tmp_path) as base:
        table_id, tokens = _seated(base, game, ("west", "north"))
        sent = Sent()
        people = {
            seat: person(base, table_id, tokens[seat], sent) for seat in NAMES if seat in tokens
        }
        for one in people.values():
            one.keep = True

        async def scenario() -> None:
            tasks = [asyncio.create_task(one.run()) for one in people.values()]
            await _wait(lambda: all(one.welcomes for one in people.values()))
            move = {"type": "move", "seat": "west", "to": "north"}
            answer = await asyncio.to_thread(host, base, table_id, tokens["south"], move)
            assert answer.status_code == 200
            await _wait(lambda: people["west"].seat == "north" and people["north"].seat == "west")
            start = await asyncio.to_thread(
                host, base, table_id, tokens["south"], {"type": "start"}
            )
            assert start.status_code == 200
            await asyncio.wait_for(asyncio.gather(*tasks), 150)

        run(scenario(), timeout=180)
    luis, marta = people["west"], people["north"]
    assert luis.seat == "north"
    assert marta.seat == "west"
    for one in people.values():
        assert one.end is not None
        assert one.lost == 0
        assert one.duplicated == 0
        assert one.errors == []
    end = people["south"].end
    assert end is not None
    held = _held(end)
    for seat, one in people.items():
        assert check_frames(one, NAMES[seat], held) > 20
    # Each moved page was told its new seat in a welcome before the first card was dealt.
    for one, new in ((luis, "north"), (marta, "west")):
        first_view = next(message for message in one.seen if message.get("view"))
        assert first_view["view"]["seat"] == new


async def _hello(base: str, table_id: str, token: str) -> Any:
    url = base.replace("http://", "ws://") + f"/api/mesas/{table_id}/ws"
    socket = await websockets.connect(url, origin=Origin(base))
    await socket.send(json.dumps({"type": "hello", "token": token}))
    welcome = json.loads(await socket.recv())
    assert welcome["type"] == "welcome"
    return socket, welcome


async def _until_closed(socket: Any) -> list[Json]:
    """Every message up to the close (which must come)."""
    messages: list[Json] = []
    while True:
        try:
            text = await asyncio.wait_for(socket.recv(), 10)
        except websockets.ConnectionClosed:
            return messages
        messages.append(json.loads(text))


@pytest.mark.parametrize("change", ["free", "cpu", "leave"])
def test_a_person_who_no_longer_sits_is_told_and_closed(tmp_path: Path, change: str) -> None:
    with server(tmp_path) as base:
        table_id, tokens = _seated(base, "spades", ("west", "north"))

        async def scenario() -> tuple[list[Json], Any, Json]:
            socket, welcome = await _hello(base, table_id, tokens["west"])
            assert welcome["seat"] == "west"
            if change == "leave":
                body = {"token": tokens["west"]}
                path = f"/api/mesas/{table_id}/leave"
                answer = await asyncio.to_thread(post, base, path, body)
            else:
                action = {"type": change, "seat": "west"}
                answer = await asyncio.to_thread(host, base, table_id, tokens["south"], action)
            assert answer.status_code == 200, answer.text
            messages = await _until_closed(socket)
            return messages, socket.close_code, welcome

        messages, close_code, _ = run(scenario())
        # Someone else may sit at West now: the old socket reads nothing of theirs.
        sit(base, table_id, "west", "Otro")
        table = httpx.get(f"{base}/api/mesas/{table_id}", timeout=10).json()
    assert close_code == CLOSE_SEAT_LOST
    assert messages[-1] == {
        "type": "bye",
        "code": "seat_lost",
        "message": "Ya no tienes asiento en esta mesa.",
    }
    assert not any(message["type"] == "update" and message["view"] for message in messages)
    assert [entry["name"] for entry in table["seats"] if entry["seat"] == "west"] == ["Otro"]


def test_a_moved_persons_actions_and_words_are_their_new_seats(tmp_path: Path) -> None:
    """After the move a message is the person's wherever they sit: Luis's «¡Hola!» is North's."""
    with server(tmp_path) as base:
        table_id, tokens = _seated(base, "spades", ("west",))

        async def scenario() -> list[Json]:
            socket, _ = await _hello(base, table_id, tokens["west"])
            move = {"type": "move", "seat": "west", "to": "north"}
            await asyncio.to_thread(host, base, table_id, tokens["south"], move)
            seen: list[Json] = []
            while not any(message["type"] == "welcome" for message in seen):
                seen.append(json.loads(await asyncio.wait_for(socket.recv(), 10)))
            await socket.send(json.dumps({"type": "say", "phrase": "hola"}))
            while not any(
                event.get("type") == "say"
                for message in seen
                for event in message.get("events", [])
            ):
                seen.append(json.loads(await asyncio.wait_for(socket.recv(), 10)))
            await socket.close()
            return seen

        seen = run(scenario())
    welcome = next(message for message in seen if message["type"] == "welcome")
    assert welcome["seat"] == "north"
    said = [
        event for message in seen for event in message.get("events", []) if event["type"] == "say"
    ]
    assert said == [{"type": "say", "seat": "north", "phrase": "hola"}]


class _Unknown:
    """A game's table part that one day sends an event this table does not know."""

    def events_for(self, before: Any, seat: Seat, action: Any, after: Any) -> list[Json]:
        return [{"type": "secret_new_thing", "seat": seat.key, "cards": ["AS", "KS"]}]


def test_an_event_the_table_does_not_know_reaches_only_its_own_seat() -> None:
    game = play.Adapter(table=_Unknown(), view_for=lambda state, seat: None, view_to_json=dict)  # type: ignore[arg-type]

    class State:
        hand = None

    by_viewer = play.events_by_viewer(game, State(), Seat.WEST, None, State())
    assert by_viewer[Seat.WEST] == [
        {"type": "secret_new_thing", "seat": "west", "cards": ["AS", "KS"]}
    ]
    for viewer in (Seat.SOUTH, Seat.NORTH, Seat.EAST, None):
        assert by_viewer[viewer] == []


@pytest.mark.parametrize("change", ["free-then-another", "leave-then-elsewhere", "host-leaves"])
def test_a_whole_game_after_each_kind_of_seat_change(tmp_path: Path, change: str) -> None:
    """The people still seated keep their pages open through the change; whoever sits down after
    it opens theirs then; the game is played to its end and every frame of every socket is its
    person's seat's."""
    with server(tmp_path) as base:
        table_id, tokens = _seated(base, "spades", ("west", "north"))
        sent = Sent()
        names = dict(NAMES)

        def page(token: str) -> Person:
            one = person(base, table_id, token, sent)
            one.keep = True
            return one

        async def scenario() -> dict[str, Person]:
            host_token = tokens["south"]
            everyone = {"north": page(tokens["north"])}
            if change != "host-leaves":
                everyone["south"] = page(tokens["south"])
            tasks = [asyncio.create_task(one.run()) for one in everyone.values()]
            if change == "host-leaves":
                # Ana (no page open) leaves: the host passes clockwise to Luis, at West.
                everyone["west"] = page(tokens["west"])
                tasks.append(asyncio.create_task(everyone["west"].run()))
                await _wait(lambda: all(one.welcomes for one in everyone.values()))
                leave = f"/api/mesas/{table_id}/leave"
                await asyncio.to_thread(post, base, leave, {"token": host_token})
                host_token = tokens["west"]
            else:
                # Luis, at West, has his page open: it must be closed, not read on.
                west, _ = await _hello(base, table_id, tokens["west"])
                if change == "free-then-another":
                    action = {"type": "free", "seat": "west"}
                    await asyncio.to_thread(host, base, table_id, host_token, action)
                    seat, name = "west", "Jorge"
                else:
                    leave = f"/api/mesas/{table_id}/leave"
                    await asyncio.to_thread(post, base, leave, {"token": tokens["west"]})
                    seat, name = "east", "Luis"
                assert (await _until_closed(west))[-1]["code"] == "seat_lost"
                names[seat] = name
                token = await asyncio.to_thread(_sit, base, table_id, seat, name)
                everyone[seat] = page(token)
                tasks.append(asyncio.create_task(everyone[seat].run()))
            await _wait(lambda: all(one.welcomes for one in everyone.values()))
            start = await asyncio.to_thread(host, base, table_id, host_token, {"type": "start"})
            assert start.status_code == 200, start.text
            await asyncio.wait_for(asyncio.gather(*tasks), 150)
            return everyone

        everyone = run(scenario(), timeout=180)
    end = next(iter(everyone.values())).end
    assert end is not None
    held = _held(end)
    for seat, one in everyone.items():
        assert one.end == end
        assert one.errors == []
        assert one.lost == 0
        assert one.seat == seat
        assert check_frames(one, names[seat], held) > 20


def _sit(base: str, table_id: str, seat: str, name: str) -> str:
    token: str = sit(base, table_id, seat, name)["token"]
    return token
