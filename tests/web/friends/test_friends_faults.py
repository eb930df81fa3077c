"""What goes wrong at a friends' table: the whole server restarted mid-game (SQLite keeps every
table), a person who goes away (the CPU plays their seat after the grace period, and gives it
back), the host handing a seat to the CPU at once."""

from __future__ import annotations

import asyncio
from pathlib import Path

from friends_helpers import host, person, run, server, table_of


def test_restarting_the_whole_server_loses_no_table(tmp_path: Path) -> None:
    with server(tmp_path) as base:
        table_id, tokens = table_of(base, "spades", ["south", "north"])
        host(base, table_id, tokens["south"], {"type": "start"})
        people = [person(base, table_id, tokens[seat]) for seat in ("south", "north")]
        stop = asyncio.Event()

        async def until_some_play() -> None:
            while min(one.seq or 0 for one in people) < 40:
                await asyncio.sleep(0.05)
            stop.set()

        run(*(one.run(stop=stop) for one in people), until_some_play(), timeout=120)
        seq_before = max(one.seq or 0 for one in people)
    # A new server on the same data directory (another port: the browsers reconnect there).
    with server(tmp_path) as base:
        for one in people:
            one.url = base.replace("http://", "ws://") + f"/api/mesas/{table_id}/ws"
            one.origin = base
        run(*(one.run() for one in people), timeout=180)
    for one in people:
        assert one.end is not None
        assert one.duplicated == 0
        assert one.welcomes == 2
    assert people[0].seq is not None
    assert people[0].seq > seq_before


def test_the_cpu_plays_an_away_seat_after_the_grace_period_then_gives_it_back(
    tmp_path: Path,
) -> None:
    with server(tmp_path, PICAS_FRIENDS_GRACE="0.5") as base:
        table_id, tokens = table_of(base, "corazones", ["south", "north"], settings={"target": 50})
        host(base, table_id, tokens["south"], {"type": "start"})
        south, north = (person(base, table_id, tokens[seat]) for seat in ("south", "north"))
        south.keep = True
        stop = asyncio.Event()

        async def north_leaves_then_returns() -> None:
            await asyncio.wait_for(_until(lambda: (north.seq or 0) > 5), 30)
            stop.set()  # North closes its page
            await asyncio.wait_for(_until(lambda: _cpu_playing(south, "north")), 30)
            await north.run()  # and comes back to the same seat

        run(south.run(), north.run(stop=stop), north_leaves_then_returns(), timeout=240)
    events = [e for m in south.seen if m["type"] == "update" for e in m["events"]]
    presence = [e for e in events if e["type"] == "presence" and e["seat"] == "north"]
    assert any(not e["connected"] and e["cpu_playing"] for e in presence)
    assert presence[-1]["connected"]
    assert not presence[-1]["cpu_playing"]
    assert south.end is not None
    assert north.end is not None


def test_the_host_hands_a_seat_to_the_cpu_at_once(tmp_path: Path) -> None:
    with server(tmp_path) as base:
        table_id, tokens = table_of(base, "spades", ["south", "north"])
        host(base, table_id, tokens["south"], {"type": "start"})
        # North never connects; the host does not wait for the grace period.
        refused = host(base, table_id, tokens["north"], {"type": "cpu", "seat": "south"})
        assert refused.status_code == 403
        assert refused.json()["error"]["code"] == "not_host"
        handed = host(base, table_id, tokens["south"], {"type": "cpu", "seat": "north"})
        assert handed.status_code == 200
        south = person(base, table_id, tokens["south"])
        run(south.run(), timeout=180)
    assert south.end is not None
    assert south.errors == []


async def _until(condition: object) -> None:
    while not condition():  # type: ignore[operator]
        await asyncio.sleep(0.05)


def _cpu_playing(watcher: object, seat: str) -> bool:
    table = getattr(watcher, "table", None) or {}
    return any(s["seat"] == seat and s["cpu_playing"] for s in table.get("seats", []))
