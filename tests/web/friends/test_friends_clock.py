"""The clocks of a friends' table, on the service with a clock of the test's own: the turn timer
hands a person's turn to the CPU (that turn only), and Difícil's turns run in a reply worker."""

from __future__ import annotations

import asyncio
from pathlib import Path

from friends_helpers import KEY, host, person, run, server, table_of

from picas.web.friends.limits import FriendsLimits
from picas.web.friends.messages import CreateIn, HostIn
from picas.web.friends.model import token_digest
from picas.web.friends.service import Friends
from picas.web.friends.store import SqliteStore
from picas.web.settings import Settings
from picas.web.table import Table


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_the_turn_timer_gives_a_persons_turn_to_the_cpu(tmp_path: Path) -> None:
    table = Table(Settings(key=KEY))
    clock = Clock()
    friends = Friends(
        SqliteStore(tmp_path / "mesas.sqlite3", clock=clock),
        FriendsLimits(),
        bot=lambda game, level: table.bot(level, game=game),
        sign=table.sign,
        clock=clock,
    )

    async def scenario() -> tuple[int, int, int]:
        made = await friends.create(CreateIn(name="Ana", level="facil", turn_timer=30), "a")
        table_id = made.table.id
        bea = await friends.sit(table_id, "north", "Bea")
        start = HostIn.model_validate({"token": made.token, "action": {"type": "start"}})
        await friends.host(table_id, start)
        await friends.connect(table_id, token_digest(made.token), "one")
        await friends.connect(table_id, token_digest(bea.token), "two")
        await friends.settle()
        before = len((await friends.load(table_id)).actions)
        assert friends.turn_of(await friends.load(table_id)) is not None
        clock.now += 29
        assert not await friends.step(table_id)  # not yet
        clock.now += 2
        assert await friends.step(table_id)  # the CPU played that turn
        after = len((await friends.load(table_id)).actions)
        while await friends.step(table_id):  # West, a computer player, answers
            pass
        # North's turn now, with its own 30 s: the CPU does not play it yet.
        waiting = await friends.load(table_id)
        turn = friends.turn_of(waiting)
        assert turn is not None
        assert turn.key == "north"
        return before, after, int(await friends.step(table_id))

    before, after, stalled = asyncio.run(scenario())
    assert after == before + 1
    assert stalled == 0


def test_dificil_turns_run_in_the_reply_workers(tmp_path: Path) -> None:
    with server(tmp_path) as base:
        table_id, tokens = table_of(base, "spades", ["south", "north"], level="dificil")
        host(base, table_id, tokens["south"], {"type": "start"})
        people = [person(base, table_id, tokens[seat]) for seat in ("south", "north")]
        stop = asyncio.Event()

        async def some_tricks() -> None:
            while min(one.seq or 0 for one in people) < 25:
                await asyncio.sleep(0.05)
            stop.set()

        run(*(one.run(stop=stop) for one in people), some_tricks(), timeout=240)
    for one in people:
        assert one.errors == []
        assert one.lost == 0


def test_a_computer_turn_is_the_committing_process_s_and_another_s_only_after_the_handoff(
    tmp_path: Path,
) -> None:
    """Two processes share the store. The one that commits a change after which a computer
    player is to act kicks itself; the other's clock does not see the table as due until
    ``limits.handoff`` has passed (else both would compute the same move), and then takes it."""
    table = Table(Settings(key=KEY))
    clock = Clock()
    limits = FriendsLimits()
    store = SqliteStore(tmp_path / "mesas.sqlite3", clock=clock)

    def process() -> Friends:
        return Friends(
            store,
            limits,
            bot=lambda game, level: table.bot(level, game=game),
            sign=table.sign,
            clock=clock,
        )

    first, second = process(), process()
    kicked: list[str] = []
    first.kick = kicked.append  # type: ignore[method-assign,assignment]  # this process stops before acting

    async def scenario() -> tuple[list[str], list[str], int, int]:
        made = await first.create(CreateIn(name="Ana", level="facil"), "a")
        table_id = made.table.id
        bea = await first.sit(table_id, "north", "Bea")
        people = {"south": token_digest(made.token), "north": token_digest(bea.token)}
        for owner, digest in enumerate(people.values()):
            await first.connect(table_id, digest, str(owner))
        start = HostIn.model_validate({"token": made.token, "action": {"type": "start"}})
        await first.host(table_id, start)
        stored = await first.load(table_id)
        turn = first.turn_of(stored)
        while turn is not None and turn.key in people:  # they bid: a computer player is next
            view = first.view(stored, turn)
            assert view is not None
            await first.act(table_id, people[turn.key], view["legal"][0])
            stored = await first.load(table_id)
            turn = first.turn_of(stored)
        assert turn is not None
        assert stored.cpu_plays(turn.key)
        early = await store.due(clock.now)
        later = await store.due(clock.now + limits.handoff)
        before = len(stored.actions)
        clock.now += limits.handoff
        await second.tick()
        await second.settle()
        return early, later, before, len((await second.load(table_id)).actions)

    early, later, before, after = asyncio.run(scenario())
    assert kicked  # the committing process was to act at once
    assert early == []
    assert len(later) == 1
    assert after > before  # the other process played the computer's turn once it was due
