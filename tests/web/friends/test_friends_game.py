"""A whole game at a friends' table over real WebSockets: two people and two computer players,
each socket told only its own seat's cards, every seq once, the commitment checked at the end."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from friends_helpers import host, person, run, server, table_of

from picas.cli.friends_client import Person, Sent
from picas.record import final_state, read_record


def _check_commitment(end: dict[str, object]) -> None:
    digest = hashlib.sha256(f"{end['code']}|{end['salt']}".encode()).hexdigest()
    assert digest == end["commitment"]


def _cards_in(message: dict[str, object]) -> set[str]:
    """Every string in a message that looks like a card code."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str) and (
            (2 <= len(value) <= 3 and value[-1] in "SHDC") or value in ("BJ", "LJ")  # jokers
        ):
            found.add(value)

    walk(message)
    return found


@pytest.mark.parametrize(
    ("game", "settings"),
    [
        ("spades", {"target": 250}),
        ("corazones", {"target": 50}),
        # A house rule at a friends' table: the jokers are dealt, and hidden like any card.
        ("spades", {"target": 250, "jokers": True, "team_minimum": True}),
        ("corazones", {"target": 50, "omnibus": True, "pass_size": 4}),
    ],
    ids=["spades", "corazones", "spades-house", "corazones-house"],
)
def test_two_people_and_two_cpus_play_a_whole_game(
    tmp_path: Path, game: str, settings: dict[str, object]
) -> None:
    with server(tmp_path) as base:
        table_id, tokens = table_of(base, game, ["south", "north"], settings=settings)
        assert host(base, table_id, tokens["south"], {"type": "start"}).status_code == 200
        sent = Sent()
        people = [person(base, table_id, tokens[seat], sent) for seat in ("south", "north")]
        for one in people:
            one.keep = True
        run(*(one.run() for one in people), timeout=120)
    for one in people:
        assert one.lost == 0
        assert one.duplicated == 0
        assert one.errors == []
        assert one.end is not None
        _check_commitment(one.end)
    end = people[0].end
    assert end is not None
    record = read_record(end["record"])
    assert record.code == end["code"]
    assert final_state(record).outcome is not None
    # The house rules chosen are the record's (a record names only the variants set).
    assert set(settings) - {"target"} <= set(record.rules.to_json())
    # The commitment everyone saw at the start is the one revealed.
    welcome = next(message for message in people[1].seen if message["type"] == "welcome")
    assert welcome["end"] is None
    assert welcome["table"]["commitment"] == end["commitment"]
    # A friends' table is not a rated one, and says so in every frame that carries the table.
    assert all(m["table"]["rated"] is False for m in people[1].seen if "table" in m)
    # Until the end no message to South held a card North was dealt but had not yet played.
    _no_foreign_cards(people[0], record, "south")
    _no_foreign_cards(people[1], record, "north")


def _no_foreign_cards(one: Person, record: object, seat: str) -> None:
    """Every card code in a message before the end is the seat's own, or already played."""
    for message in one.seen:
        if message.get("end") is not None or message["type"] not in ("update", "welcome"):
            continue
        view = message.get("view")
        if view is None:
            continue
        own = set(view["hand"] or [])
        public = set(view["trick"]) | {c for t in view["tricks"] for c in t["cards"]}
        for result in view["history"]:
            public |= {c for t in result["tricks"] for c in t["cards"]}
        passed = set(view.get("passed") or []) | set(view.get("received") or [])
        allowed = own | public | passed | set(view.get("held_pass") or [])
        for event in message["events"] if message["type"] == "update" else []:
            if event["type"] in ("play", "trick"):
                allowed |= _cards_in(event)
            if event["type"] == "hand_scored":
                for key in ("dealt", "passed", "received"):
                    for other, cards in (event["result"].get(key) or {}).items():
                        assert other == seat or cards is None
                allowed |= _cards_in(event)  # tricks, all played face up
        stray = _cards_in({"view": view}) - allowed
        assert not stray, (seat, stray)
