"""The hint, the bid tip and the computer's «¿Por qué?» at a friends' table, over real sockets:
each seat's hint is what the solo table's logic gives on that seat's own view, holds no card of
another hand, goes to the asking socket only, and is bounded; a computer bid's reason reaches the
table only once its hand is over."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import websockets
from friends_helpers import create, host, run, server, table_of
from websockets.typing import Origin

from picas.games.spades.bots.hint import suggest_play
from picas.games.spades.bots.tip import suggest_bid
from picas.games.spades.record import SpadesRecord
from picas.games.spades.view import view_for
from picas.record import iter_states, read_record
from picas.shared.seats import Seat
from picas.web.games.spades import TABLE as SPADES

Json = dict[str, Any]


def _cards(value: object) -> set[str]:
    found: set[str] = set()
    if isinstance(value, dict):
        for item in value.values():
            found |= _cards(item)
    elif isinstance(value, list):
        for item in value:
            found |= _cards(item)
    elif isinstance(value, str) and len(value) in (2, 3) and value[-1] in "SHDC":
        found.add(value)
    return found


def _public(view: Json) -> set[str]:
    cards = set(view["trick"]) | {c for trick in view["tricks"] for c in trick["cards"]}
    for result in view["history"]:
        cards |= {c for trick in result["tricks"] for c in trick["cards"]}
    return cards


class Seated:
    """One person's socket that asks for the hint (and the tip) at each of its turns and plays
    what the hint says, keeping every answer with the record position it was asked at."""

    def __init__(self, base: str, table_id: str, token: str) -> None:
        self.url = base.replace("http://", "ws://") + f"/api/mesas/{table_id}/ws"
        self.origin = base
        self.token = token
        self.seat = ""
        self.position = 0
        self.asked: list[tuple[int, Json, Json]] = []  # (position, view, hint or tip message)
        self.messages: list[Json] = []
        self.end: Json | None = None

    async def play(self, started: asyncio.Event) -> None:
        async with websockets.connect(self.url, origin=Origin(self.origin)) as socket:
            await socket.send(json.dumps({"type": "hello", "token": self.token}))
            welcome = json.loads(await socket.recv())
            assert welcome["type"] == "welcome", welcome
            self.seat = welcome["seat"]
            started.set()
            while self.end is None:
                message = json.loads(await socket.recv())
                self.messages.append(message)
                assert message["type"] == "update", message
                for event in message["events"]:
                    if event["type"] in ("bid", "look", "play"):
                        self.position += 1
                self.end = message["end"]
                view = message["view"]
                if self.end is not None or view is None or view["turn"] != self.seat:
                    continue
                if message["table"]["turn"] != self.seat:
                    continue
                if view["hand"] is None:  # the blind-Nil choice: look at the cards
                    await socket.send(json.dumps({"type": "act", "action": "look"}))
                    continue
                kinds = ["tip", "hint"] if view["phase"] == "bidding" else ["hint"]
                answers = {}
                for kind in kinds:
                    answer = await _ask(socket, kind)
                    assert answer["seq"] == message["seq"]
                    self.asked.append((self.position, view, answer))
                    answers[kind] = answer
                hint = answers["hint"]["hint"]
                action = hint["card"] if hint["card"] is not None else hint["bid"]
                await socket.send(json.dumps({"type": "act", "action": action}))


async def _ask(socket: Any, kind: str) -> Json:
    """Ask, and ask again a moment later while refused for asking too often (as the page does)."""
    while True:
        await socket.send(json.dumps({"type": kind, "ref": 1_000_000}))
        answer: Json = json.loads(await socket.recv())
        assert answer["ref"] == 1_000_000
        if answer["type"] == "error" and answer["code"] == "too_many_messages":
            await asyncio.sleep(0.4)
            continue
        assert answer["type"] == kind, answer
        return answer


def test_each_seat_gets_the_solo_hint_of_its_own_view_and_reasons_wait_for_the_hand(
    tmp_path: Path,
) -> None:
    with server(tmp_path) as base:
        table_id, tokens = table_of(base, "spades", ["south", "west"], settings={"target": 250})
        people = [Seated(base, table_id, tokens[seat]) for seat in ("south", "west")]

        async def game() -> None:
            ready = [asyncio.Event() for _ in people]
            tasks = [
                asyncio.create_task(one.play(flag)) for one, flag in zip(people, ready, strict=True)
            ]
            for flag in ready:
                await flag.wait()
            started = await asyncio.to_thread(
                host, base, table_id, tokens["south"], {"type": "start"}
            )
            assert started.status_code == 200
            await asyncio.gather(*tasks)

        run(game(), timeout=180)
    end = people[0].end
    assert end is not None
    record = read_record(end["record"])
    states = list(iter_states(record))
    checked = {"south": 0, "west": 0}
    for one in people:
        seat = Seat.from_key(one.seat)
        assert one.asked
        for position, view, answer in one.asked:
            state = states[position]
            assert state.turn is seat
            # Nothing in the answer but this seat's own cards and the cards played face up.
            assert _cards(answer) <= set(view["hand"]) | _public(view), answer
            if answer["type"] == "tip":
                solo = (
                    SPADES.tip(state) if seat is Seat.SOUTH else suggest_bid(view_for(state, seat))
                )
                assert answer["bid"] == solo.bid
                assert answer["reasons"] == list(solo.reasons)
                continue
            if seat is Seat.SOUTH:
                assert answer["hint"] == SPADES.hint(state)  # the solo table's own /api/hint
            elif answer["hint"]["card"] is not None:
                play = suggest_play(view_for(state, seat))
                assert answer["hint"]["card"] == play.card.code
                assert answer["hint"]["reason"] == play.reason
            else:
                assert answer["hint"]["bid"] == suggest_bid(view_for(state, seat)).bid
            checked[one.seat] += 1
    assert checked["south"]
    assert checked["west"]
    # The computer's reasons: none in a bid event; each hand's in its hand_scored, as solo.
    assert isinstance(record, SpadesRecord)
    solo_reasons = SPADES.reasons(record)
    for one in people:
        scored = 0
        for message in one.messages:
            for event in message["events"]:
                if event["type"] == "bid":
                    assert "reason" not in event
                if event["type"] == "hand_scored":
                    number = str(event["result"]["number"])
                    expected = {
                        seat: why
                        for seat, why in solo_reasons.get(number, {}).items()
                        if seat in ("north", "east")
                    }
                    assert event["reasons"] == {s: why.text for s, why in expected.items()}
                    assert event["reason_codes"] == {s: why.codes for s, why in expected.items()}
                    assert set(expected) == {"north", "east"}
                    scored += 1
        assert scored == len(states[-1].history) >= 1


def test_a_corazones_pass_hint_is_the_seats_own_and_asks_are_bounded(tmp_path: Path) -> None:
    with server(tmp_path) as base:
        table_id, tokens = table_of(base, "corazones", ["south", "west"])
        assert host(base, table_id, tokens["south"], {"type": "start"}).status_code == 200
        url = base.replace("http://", "ws://") + f"/api/mesas/{table_id}/ws"

        async def ask(token: str | None, times: int) -> tuple[Json, list[Json]]:
            async with websockets.connect(url, origin=Origin(base)) as socket:
                await socket.send(json.dumps({"type": "hello", "token": token}))
                welcome = json.loads(await socket.recv())
                for _ in range(times):
                    await socket.send(json.dumps({"type": "hint"}))
                answers: list[Json] = []
                while len(answers) < times:
                    message = json.loads(await socket.recv())
                    if message["type"] in ("hint", "error"):
                        answers.append(message)
                return welcome, answers

        (south, south_answers), (west, west_answers), (_, watcher) = run(
            ask(tokens["south"], 16), ask(tokens["west"], 1), ask(None, 1)
        )
    for welcome, answers in ((south, south_answers), (west, west_answers)):
        hint = answers[0]["hint"]
        assert hint["kind"] == "pass"
        assert len(hint["cards"]) == 3
        assert _cards(hint) <= set(welcome["view"]["hand"])
    assert watcher[0]["code"] == "not_seated"
    refused = [a for a in south_answers if a["type"] == "error"]
    assert refused
    assert all(a["code"] == "too_many_messages" for a in refused)
    assert 10 <= len(south_answers) - len(refused) < 16  # the burst, then three a second


def test_no_hint_before_the_start(tmp_path: Path) -> None:
    with server(tmp_path) as base:
        made = create(base, "spades")
        url = base.replace("http://", "ws://") + f"/api/mesas/{made['table']['id']}/ws"

        async def ask() -> Json:
            async with websockets.connect(url, origin=Origin(base)) as socket:
                await socket.send(json.dumps({"type": "hello", "token": made["token"]}))
                await socket.recv()
                await socket.send(json.dumps({"type": "tip", "ref": 7}))
                answer: Json = json.loads(await socket.recv())
                return answer

        answer = run(ask())
    assert answer["type"] == "error"
    assert answer["code"] == "not_started"
    assert answer["ref"] == 7
