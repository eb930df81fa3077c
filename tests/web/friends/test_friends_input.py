"""A stranger at a friends' table: malformed bodies and messages get a stable code and change
nothing, the Origin is checked, a token only acts for its own seat, a flood is cut off, and the
solo API never opens a live table's record."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

import pytest
import websockets
from friends_helpers import create, host, person, post, run, server, sit, table_of
from websockets.typing import Origin

from picas.games.spades.record import SpadesRecord
from picas.record import final_state, read_record
from picas.shared.cards import cards_in
from picas.shared.seats import Seat
from picas.web.friends.names import BadName, clean_name


def _ws(base: str, table_id: str) -> str:
    return base.replace("http://", "ws://") + f"/api/mesas/{table_id}/ws"


async def _talk(base: str, table_id: str, frames: list[Any], *, token: str | None) -> list[Any]:
    """Say hello, send ``frames`` (text or bytes), return what came back until quiet."""
    got: list[Any] = []
    async with websockets.connect(_ws(base, table_id), origin=Origin(base)) as socket:
        await socket.send(json.dumps({"type": "hello", "token": token}))
        got.append(json.loads(await socket.recv()))
        for frame in frames:
            await socket.send(frame)
        try:
            while True:
                got.append(json.loads(await asyncio.wait_for(socket.recv(), 1.0)))
        except (TimeoutError, websockets.ConnectionClosed):
            pass
    return got


def test_malformed_messages_get_their_code_and_change_nothing(tmp_path: Path) -> None:
    with server(tmp_path) as base:
        table_id, tokens = table_of(base, "spades", ["south", "north"])
        frames = [
            "not json",
            b"\x00\x01binary",
            json.dumps([1, 2]),
            json.dumps({"type": "shout", "text": "<b>hola</b>"}),
            json.dumps({"type": "say", "phrase": "free text"}),
            json.dumps({"type": "act", "action": {"card": "QS"}}),
            json.dumps({"type": "act", "action": "QS"}),  # not started yet
            '{"type": "ping", "x": "\\ud800"}',
            json.dumps({"type": "hello", "token": tokens["north"]}),
        ]
        got = run(_talk(base, table_id, frames, token=tokens["south"]))
        after = post(base, f"/api/mesas/{table_id}/leave", {"token": "x" * 40})
    welcome, *answers = got
    assert welcome["type"] == "welcome"
    assert welcome["seat"] == "south"
    codes = [answer["code"] for answer in answers if answer["type"] == "error"]
    assert codes == [
        "bad_json",
        "not_text",
        "not_object",
        "unknown_type",
        "unknown_phrase",
        "bad_field",
        "not_started",
        "bad_json",  # a lone surrogate is no text
        "not_hello",
    ]
    assert all(
        answer["type"] != "update" or answer["events"][0]["type"] == "presence"
        for answer in answers
    )
    assert after.status_code == 409
    assert after.json()["error"]["code"] == "bad_token"


async def _drain(socket: Any) -> None:
    while True:
        await socket.recv()


def test_a_frame_too_big_closes_the_socket(tmp_path: Path) -> None:
    async def big(base: str, table_id: str) -> int | None:
        async with websockets.connect(_ws(base, table_id), origin=Origin(base)) as socket:
            await socket.send(json.dumps({"type": "hello"}))
            await socket.recv()
            await socket.send(json.dumps({"type": "ping", "pad": "x" * 10_000}))
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await _drain(socket)
            return closed.value.rcvd.code if closed.value.rcvd else None

    with server(tmp_path) as base:
        table_id = create(base)["table"]["id"]
        assert run(big(base, table_id)) == 1009


def test_a_flood_is_refused_then_cut_off(tmp_path: Path) -> None:
    with server(tmp_path) as base:
        table_id = create(base)["table"]["id"]
        got = run(_talk(base, table_id, [json.dumps({"type": "ping"})] * 400, token=None))
    kinds = [message.get("code") or message["type"] for message in got[1:]]
    assert kinds.count("pong") <= 45  # the burst, and what the rate refilled meanwhile
    assert "too_many_messages" in kinds


def test_the_origin_is_checked_and_a_wrong_token_is_refused(tmp_path: Path) -> None:
    async def refused(base: str, table_id: str) -> tuple[int, int | None]:
        with pytest.raises(websockets.InvalidStatus) as bad_origin:
            async with websockets.connect(
                _ws(base, table_id), origin=Origin("http://evil.example")
            ):
                pass
        async with websockets.connect(_ws(base, table_id), origin=Origin(base)) as socket:
            await socket.send(json.dumps({"type": "hello", "token": "A" * 32}))
            error = json.loads(await socket.recv())
            assert error["code"] == "bad_token"
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await socket.recv()
        rcvd = closed.value.rcvd
        return bad_origin.value.response.status_code, None if rcvd is None else rcvd.code

    with server(tmp_path) as base:
        table_id = create(base)["table"]["id"]
        assert run(refused(base, table_id)) == (403, 4401)


def test_a_seat_acts_only_for_itself_and_only_on_its_turn(tmp_path: Path) -> None:
    with server(tmp_path) as base:
        table_id, tokens = table_of(base, "spades", ["south", "north"])
        host(base, table_id, tokens["south"], {"type": "start"})
        # Hand 1: East deals, South bids first. North tries to bid now.
        got = run(
            _talk(base, table_id, [json.dumps({"type": "act", "action": 3})], token=tokens["north"])
        )
    errors = [message for message in got if message["type"] == "error"]
    assert [error["code"] for error in errors] == ["not_your_turn"]


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("Ana", "Ana"),
        ("  Luis   María ", "Luis María"),
        ("<script>", "<script>"),  # text, shown with textContent: kept as typed
        ("", None),
        ("x" * 21, None),
        ("a\u202eb", None),  # a bidirectional override
        ("a\u0000b", None),
        ("\ud800", None),
        ("Nguyễn", "Nguyễn"),  # two marks on one letter, as typed decomposed or not
        ("Nguye\u0302\u0303n", "Nguyễn"),
        ("स्वाति", "स्वाति"),
        ("李小龍", "李小龍"),
        ("\u3164", None),  # the Hangul filler: a letter that draws nothing
        ("\u3164\u3164 \u115f", None),
        ("\u2800\u2800", None),  # braille blanks
        ("...", None),  # no letter or digit at all
        ("7", "7"),
        ("a" + "\u0301" * 5, None),  # marks piled on one letter
        ("Zalgo" + "\u0336\u0337\u0338\u0335", None),
    ],
)
def test_names(text: str, ok: str | None) -> None:
    if ok is None:
        with pytest.raises(BadName):
            clean_name(text)
    else:
        assert clean_name(text) == ok


def test_rest_refusals(tmp_path: Path) -> None:
    with server(tmp_path, PICAS_FRIENDS_TABLES_PER_ADDRESS="2") as base:
        first = create(base)
        table_id = first["table"]["id"]
        sit(base, table_id, "west", "Luis")
        taken = post(base, f"/api/mesas/{table_id}/seats", {"seat": "west", "name": "Otro"})
        bad_name = post(base, f"/api/mesas/{table_id}/seats", {"seat": "east", "name": "\u202e"})
        missing = post(base, "/api/mesas/nope/seats", {"seat": "east", "name": "Eva"})
        bad_settings = post(base, "/api/mesas", {"name": "Ana", "settings": {"target": 7}})
        two_players = post(base, "/api/mesas", {"name": "Ana", "settings": {"players": 2}})
        create(base)
        third = post(base, "/api/mesas", {"name": "Ana"})
        alone = host(base, table_id, first["token"], {"type": "start"})
    assert (taken.status_code, taken.json()["error"]["code"]) == (409, "seat_taken")
    assert (bad_name.status_code, bad_name.json()["error"]["code"]) == (422, "bad_name")
    assert (missing.status_code, missing.json()["error"]["code"]) == (404, "table_not_found")
    assert bad_settings.status_code == 422
    # «Dos jugadores» is the solo table's: a friends' table seats four.
    assert (two_players.status_code, two_players.json()["error"]["code"]) == (
        409,
        "two_players_solo_only",
    )
    assert (third.status_code, third.json()["error"]["code"]) == (429, "too_many_tables")
    assert alone.status_code == 200  # two people: Ana and Luis


def test_the_solo_api_answers_alike_whether_a_code_is_live_or_not(tmp_path: Path) -> None:
    """A live table's code is a long one nobody can guess (docs/friends.md «Fair deals»), so the
    solo API has no reason to treat it apart: its answers to a record with the live code (the
    server's own here: a browser never learns it before the end) are those it gives to one with
    any other code — no endpoint tells whether a code is live."""
    with server(tmp_path) as base:
        table_id, tokens = table_of(base, "spades", ["south", "north"])
        host(base, table_id, tokens["south"], {"type": "start"})
        live = _live_code(tmp_path, table_id)
        other = "23456789ABCDEFGHJKLMNPQRSTUV"
        answers = {code: _solo_answers(base, code) for code in (live, other)}
    assert len(live) == 28
    assert answers[live] == answers[other]
    assert answers[live]["new"] == (200, None)


def _solo_answers(base: str, code: str) -> dict[str, tuple[int, str | None]]:
    plain = _plain_record(code)
    save = {"record": plain, "sig": "0" * 64}
    bodies: dict[str, tuple[str, dict[str, Any]]] = {
        "new": ("/api/games", {"code": code, "level": "facil"}),
        "import": ("/api/games/import", {"record": plain}),
        "resume": ("/api/games/resume", {"save": save}),
        "act": ("/api/games/act", {"save": save, "action": 3}),
        "hint": ("/api/hint", {"save": save}),
        "tip": ("/api/tip", {"save": save}),
        "practice": ("/api/practice", {"save": save, "hand_number": 1}),
    }
    out: dict[str, tuple[int, str | None]] = {}
    for name, (path, body) in bodies.items():
        answer = post(base, path, body)
        error = answer.json().get("error") if answer.status_code != 200 else None
        out[name] = (answer.status_code, None if error is None else error["code"])
    return out


def _live_code(data_dir: Path, table_id: str) -> str:
    import sqlite3

    with sqlite3.connect(data_dir / "mesas.sqlite3") as db:
        (doc,) = db.execute("SELECT doc FROM mesas WHERE id = ?", (table_id,)).fetchone()
    code: str = json.loads(doc)["code"]
    return code


def _plain_record(code: str) -> dict[str, Any]:
    from picas.games.spades import find_profile

    record = SpadesRecord(rules=find_profile("casa"), code=code, meta={"level": "facil"})
    return record.to_json()


def test_a_finished_tables_signed_record_opens_like_a_solo_save(tmp_path: Path) -> None:
    with server(tmp_path) as base:
        table_id, tokens = table_of(base, "corazones", ["south", "north"], settings={"target": 50})
        host(base, table_id, tokens["south"], {"type": "start"})
        people = [person(base, table_id, tokens[seat]) for seat in ("south", "north")]
        run(*(one.run() for one in people), timeout=180)
        end = people[0].end
        assert end is not None
        opened = post(base, "/api/games/import", {"record": end["record"], "sig": end["sig"]})
        # The revealed code is the long form, and it deals the same cards in a solo game.
        solo = post(base, "/api/games", {"game": "corazones", "code": end["code"], "target": 50})
    assert opened.status_code == 200, opened.text
    assert len(end["code"]) == 28
    assert solo.status_code == 200, solo.text
    first = final_state(read_record(end["record"])).history[0]
    assert sorted(solo.json()["view"]["hand"]) == sorted(
        card.code for card in cards_in(first.hand.dealt[Seat.SOUTH])
    )


def test_the_bodies_bounds_cover_the_friends_endpoints(tmp_path: Path) -> None:
    filler = "0" * (300 * 1024)
    with server(tmp_path) as base:
        table_id = create(base)["table"]["id"]
        paths = [
            "/api/mesas",
            *(f"/api/mesas/{table_id}/{end}" for end in ("seats", "host", "leave")),
        ]
        answers = {}
        for path in paths:
            big = httpx_post(base, path, '{"name": "' + filler + '"}')
            deep = httpx_post(base, path, '{"name": [[[[[[[1]]]]]]]}')
            garbage = httpx_post(base, path, "{not json")
            answers[path] = (big, deep, garbage)
    for path, (big, deep, garbage) in answers.items():
        assert (big.status_code, big.json()["error"]["code"]) == (413, "too_large"), path
        assert deep.status_code == 400, path
        assert garbage.status_code == 400, path


def httpx_post(base: str, path: str, text: str) -> Any:
    import httpx2

    return httpx2.post(
        base + path, content=text, headers={"Content-Type": "application/json"}, timeout=20
    )


MALFORMED = [
    "",
    "{",
    "not json",
    "[]",
    "1",
    '"hola"',
    "null",
    "{}",
    '{"type": 1}',
    '{"type": "zz"}',
    '{"type": "act"}',
    '{"type": "act", "action": {}}',
    '{"type": "act", "action": [1]}',
    '{"type": "act", "action": "AS", "ref": "1"}',
    '{"type": "act", "action": "AS", "ref": -1}',
    '{"type": "act", "action": "AS", "x": 1}',
    '{"type": "act", "action": true}',
    '{"type": "act", "action": 1.5}',
    '{"type": "say"}',
    '{"type": "say", "phrase": 3}',
    '{"type": "hint", "ref": 1e3}',
    '{"type": "ping", "ping": "pong"}',
    '{"type": "hello", "token": 5}',
    '{"type": "act", "action": "' + "A" * 100 + '"}',
    '{"type": "act", "action": "AS"',
    '{"type": "act", "action": "AS"}}',
]


def test_every_malformed_message_is_told_in_our_own_spanish(tmp_path: Path) -> None:
    """No refusal repeats the parser's English, or quotes what the stranger sent."""
    with server(tmp_path) as base:
        table_id, tokens = table_of(base, "spades", ["south", "north"])
        got = run(_talk(base, table_id, MALFORMED, token=tokens["south"]), timeout=60)
    errors = [message for message in got if message["type"] == "error"]
    assert len(errors) == len(MALFORMED)
    for error, sent in zip(errors, MALFORMED, strict=True):
        assert error["code"] in {
            "bad_json",
            "not_object",
            "no_type",
            "unknown_type",
            "missing_field",
            "bad_field",
            "unexpected_field",
            "unknown_phrase",
            "not_hello",
        }, sent
        text = error["message"]
        for english in ("Input", "Invalid", "should", "parsing", "EOF", "Field", "line"):
            assert english not in text, (sent, text)
        assert "zz" not in text
        assert "ping" not in text


def test_under_the_rate_limit_every_message_with_a_ref_is_answered(tmp_path: Path) -> None:
    """60 acts sent at once: each is answered (accepted or refused) by its ``ref``."""
    with server(tmp_path) as base:
        table_id, tokens = table_of(base, "spades", ["south", "north"])
        frames = [json.dumps({"type": "act", "action": "AS", "ref": n}) for n in range(60)]
        got = run(_talk(base, table_id, frames, token=tokens["south"]), timeout=60)
    refs = sorted(message["ref"] for message in got if message["type"] == "error")
    assert refs == list(range(60))
    codes = {message["code"] for message in got if message["type"] == "error"}
    assert codes == {"not_started", "too_many_messages"}


def test_a_text_frame_that_is_not_utf8_closes_with_1007_and_one_short_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def invalid(base: str, table_id: str) -> int | None:
        async with websockets.connect(_ws(base, table_id), origin=Origin(base)) as socket:
            await socket.send(json.dumps({"type": "hello"}))
            await socket.recv()
            await socket.send(b'{"type": "ping", "x": "\xff\xfe"}', text=True)
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await _drain(socket)
            return closed.value.rcvd.code if closed.value.rcvd else None

    with server(tmp_path) as base, caplog.at_level(logging.DEBUG):
        table_id = create(base)["table"]["id"]
        codes = [run(invalid(base, table_id)) for _ in range(3)]
    assert codes == [1007, 1007, 1007]
    assert not [record for record in caplog.records if record.exc_info]
    said = [record for record in caplog.records if "UTF-8" in record.getMessage()]
    assert len(said) == 3
    assert all(len(record.getMessage()) < 120 for record in said)
