"""The fan-out's fast path changes no message, and its per-process game cache never serves a
stale game: each ``update`` is byte for byte the message model's own JSON with the games' own
views, over whole games of both games; a change that lost its compare-and-set, or another
process's change (SQLite shared by two services, and two processes' stores on a real Redis),
is never served from the cache."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from friends_helpers import KEY

import friends_redis
from friends_redis import RedisServer
from picas.cli.bench_friends import plan, start_table
from picas.games import find_game
from picas.shared.errors import PicasError
from picas.shared.seats import Seat
from picas.web.friends import play
from picas.web.friends.limits import FriendsLimits
from picas.web.friends.messages import UpdateMsg
from picas.web.friends.model import FriendsTable, token_digest
from picas.web.friends.redis_store import RedisStore
from picas.web.friends.service import Events, Friends
from picas.web.friends.store import Change, SqliteStore, Store
from picas.web.settings import Settings
from picas.web.table import Table

redis_server = friends_redis.redis_server  # the fixture, by name

SOLO = Table(Settings(key=KEY))
LOW_TARGET = {"spades": 250, "corazones": 50}
"""The lowest targets the page offers: whole games, quickly."""


def service(store: Store, kind: type[Friends] = Friends) -> Friends:
    return kind(
        store,
        FriendsLimits(tables_per_address=100),
        bot=lambda game, level: SOLO.bot(level, game=game),
        sign=SOLO.sign,
    )


def reference_view(friends: Friends, table: FriendsTable, viewer: Seat, history: bool) -> Any:
    """The view as the games' own JSON makes it (nothing shared between seats)."""
    _, state = friends.game_of(table)
    view = play.view_json(play.adapter(table.game), state, viewer, history=history)
    view["held_pass"] = table.held.get(viewer.key)
    return view


class Checked(Friends):
    """Compares every change's messages with ``UpdateMsg(...).model_dump_json()``."""

    compared = 0
    ended = 0

    def _messages(self, table: FriendsTable, events: Events) -> dict[str, str]:
        fast = super()._messages(table, events)
        shared = self.public(table)
        end = self.end(table)
        for viewer in (*Seat, None):
            view = None
            if viewer is not None and table.state != "waiting":
                view = reference_view(self, table, viewer, history=False)
            want = UpdateMsg(
                seq=table.seq, events=events.get(viewer, []), table=shared, view=view, end=end
            ).model_dump_json()
            assert fast["public" if viewer is None else viewer.key] == want
        self.compared += 1
        self.ended += end is not None
        return fast


@pytest.mark.parametrize("game", ["spades", "corazones"])
def test_every_update_is_the_models_own_json_over_a_whole_game(tmp_path: Path, game: str) -> None:
    friends = service(SqliteStore(tmp_path / "mesas.sqlite3"), Checked)
    assert isinstance(friends, Checked)

    async def scenario() -> None:
        table_id, tokens = await start_table(friends, game, LOW_TARGET[game])
        table = await friends.load(table_id)
        steps = plan(table, "normal", SOLO)
        for number, (seat, value) in enumerate(steps):
            await friends.act(table_id, token_digest(tokens[seat]), value)
            if number % 97 == 0 or number == len(steps) - 1:
                # The welcome's view (the whole history) is the games' own too.
                loaded = await friends.load(table_id)
                for viewer in Seat:
                    welcome = friends.welcome(loaded, viewer)
                    assert welcome.view == reference_view(friends, loaded, viewer, history=True)
        assert (await friends.load(table_id)).state == "over"

    asyncio.run(scenario())
    assert friends.compared > 100
    assert friends.ended == 1  # the last update carried the end (the reveal, the record)


def _other_action(state: Any, seat: Seat, taken: Any) -> Any:
    """A legal action of ``seat`` other than ``taken`` (``taken`` if it is the only one)."""
    return next((action for action in state.legal_actions() if action != taken), taken)


def test_a_change_that_lost_its_compare_and_set_is_never_served(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "mesas.sqlite3")
    mine, other, fresh = service(store), service(store), service(store)

    async def scenario() -> None:
        table_id, _ = await start_table(mine, "spades", 250)
        table = await mine.load(table_id)
        _, state = mine.game_of(table)
        seat = play.seat_to_act(state)
        assert seat is not None
        ours = state.legal_actions()[0]
        theirs = _other_action(state, seat, ours)
        # This process applies its action (its cache has it now) but the store refuses it:
        # another process changed the table first, with another action of the same seat.
        mine._apply(table, seat, ours)
        codec = find_game("spades").record.codec()
        await other.act(table_id, who(table, seat.key), codec.action_json(theirs))
        stored = await mine.load(table_id)
        assert stored.actions == [codec.action_json(theirs)]
        assert mine.game_of(stored)[0].actions == (theirs,)
        for viewer in Seat:
            fresh_view = fresh.welcome(await fresh.load(table_id), viewer).view
            assert mine.welcome(stored, viewer).view == fresh_view
        # And its next change builds on the stored game, not on its own refused one.
        steps = plan(stored, "normal", SOLO)
        seat_key, value = steps[1]
        await mine.act(table_id, who(stored, seat_key), value)
        assert (await fresh.load(table_id)).actions == [codec.action_json(theirs), value]

    asyncio.run(scenario())


def test_a_compare_and_set_lost_in_the_store_retries_on_the_stored_game(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "mesas.sqlite3")
    other, fresh = service(store), service(store)
    race: dict[str, Any] = {}

    class Racing(SqliteStore):
        """Lets the other process change the table just before this one's first write."""

        async def commit(self, change: Change) -> bool:
            if not race.get("raced"):
                race["raced"] = True
                await other.act(change.id, race["person"], race["theirs"])
            return await super().commit(change)

    mine = service(Racing(tmp_path / "mesas.sqlite3"))

    async def scenario() -> None:
        table_id, _ = await start_table(other, "spades", 250)
        table = await mine.load(table_id)
        _, state = mine.game_of(table)  # this process's cache holds the game now
        seat = play.seat_to_act(state)
        assert seat is not None
        codec = find_game("spades").record.codec()
        ours = state.legal_actions()[0]
        race["person"] = who(table, seat.key)
        race["theirs"] = codec.action_json(_other_action(state, seat, ours))
        with pytest.raises(PicasError) as refused:
            await mine.act(table_id, who(table, seat.key), codec.action_json(ours))
        assert refused.value.code == "not_your_turn"  # tried again on the stored table
        stored = await mine.load(table_id)
        assert stored.actions == [race["theirs"]]
        for viewer in Seat:
            fresh_view = fresh.welcome(await fresh.load(table_id), viewer).view
            assert mine.welcome(stored, viewer).view == fresh_view

    asyncio.run(scenario())


def who(table: FriendsTable, seat: str) -> str:
    """The person (token digest) at ``seat``: what a socket acts as."""
    person = table.seats[seat].token
    assert person is not None
    return person


def next_action(friends: Friends, table: FriendsTable, *, other: bool = False) -> tuple[str, Any]:
    """The seat on turn and its action (Normal's, or with ``other`` another legal one)."""
    record, state = friends.game_of(table)
    seat = play.seat_to_act(state)
    assert seat is not None
    game = play.adapter(table.game)
    action = play.bot_action(
        game, SOLO.bot("normal", game=table.game), state, seat, len(record.actions)
    )
    if other:
        action = _other_action(state, seat, action)
    return seat.key, find_game(table.game).record.codec().action_json(action)


def test_two_processes_on_redis_each_see_the_others_changes(redis_server: RedisServer) -> None:
    async def scenario() -> None:
        stores = [RedisStore(redis_server.url) for _ in range(3)]
        first, second, fresh = (service(store) for store in stores)
        try:
            table_id, tokens = await start_table(first, "spades", 250)
            done = 0
            for number in range(60):
                # Both processes send the seat's action at once, every third time a different
                # one from the second: the compare-and-set stores one, and the other is tried
                # again on the stored table (refused there, unless that seat is to act again:
                # it won the trick and leads). Neither process's cache may keep what it lost.
                seat, value = next_action(fresh, await fresh.load(table_id))
                _, other = next_action(fresh, await fresh.load(table_id), other=number % 3 == 0)
                results = await asyncio.gather(
                    first.act(table_id, token_digest(tokens[seat]), value),
                    second.act(table_id, token_digest(tokens[seat]), other),
                    return_exceptions=True,
                )
                for result in results:
                    assert result is None or isinstance(result, PicasError), result
                accepted = sum(result is None for result in results)
                assert accepted >= 1
                stored = await fresh.load(table_id)
                done += accepted
                assert len(stored.actions) == done
                for process in (first, second):
                    loaded = await process.load(table_id)
                    assert process.game_of(loaded)[0].actions == fresh.game_of(stored)[0].actions
                    for viewer in Seat:
                        view = process.welcome(loaded, viewer).view
                        assert view == fresh.welcome(stored, viewer).view
        finally:
            for store in stores:
                await store.close()

    asyncio.run(scenario())
