"""The day's challenge in one process, on real stores (SQLite files, or the Redis server of
``tests/friends_redis.py``), with a clock the test moves and the quick computer players."""

from __future__ import annotations

import asyncio
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from picas.shared.seats import Seat
from picas.web.daily.baseline import play_hand
from picas.web.daily.days import starts
from picas.web.daily.service import Daily
from picas.web.daily.store import DailyStore, SqliteDaily
from picas.web.friends import play
from picas.web.friends.limits import FriendsLimits
from picas.web.friends.service import Friends
from picas.web.friends.store import SqliteStore
from picas.web.profiles.model import Profile
from picas.web.settings import Settings
from picas.web.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "friends"))

KEY = b"daily-tests-key-0123456789abcdef!"
DAY = "2026-03-14"
LEVEL = "facil"
"""The computer players' level here (Difícil's is the same code path, a hundred times slower)."""


@dataclass
class Clock:
    now: float = starts(DAY) + 3600.0

    def __call__(self) -> float:
        return self.now


@dataclass
class World:
    """One server process's day's challenge (its own Friends and Daily) on shared stores."""

    daily: Daily
    friends: Friends
    table: Table
    clock: Clock
    hands_run: list[tuple[str, int]] = field(default_factory=list)


def world(
    folder: Path, clock: Clock, store: DailyStore | None = None, *, level: str = LEVEL
) -> World:
    table = Table(Settings(key=KEY))
    friends = Friends(
        SqliteStore(folder / "mesas.sqlite3", clock=clock),
        FriendsLimits(),
        bot=lambda game, lvl: table.bot(lvl, game=game),
        sign=table.sign,
        clock=clock,
    )
    ran: list[tuple[str, int]] = []

    async def run_hand(
        game: str, rules: dict[str, Any], code: str, actions: list[Any], lvl: str
    ) -> list[Any]:
        ran.append((game, len(actions)))
        bot = table.bot(lvl, game=game)
        return await asyncio.to_thread(play_hand, game, rules, code, actions, bot)

    names: dict[str, str] = {}

    async def names_of(ids: list[str]) -> dict[str, str]:
        return {key: names.get(key, key) for key in ids}

    daily = Daily(
        store if store is not None else SqliteDaily(folder / "jugadores.sqlite3"),
        friends,
        run_hand=run_hand,
        sign=table.sign,
        names=names_of,
        level=level,
        clock=clock,
    )
    return World(daily, friends, table, clock, ran)


def person(number: int) -> Profile:
    return Profile(id=f"p{number:05d}", name=f"Jugador {number}", created=0.0)


async def play_out(w: World, table_id: str, token: str, *, level: str = "normal") -> None:
    """South played by a computer player of ``level`` through the seat's own actions (as a page
    would send them), the others by the table's, to the end."""
    table, who = await w.friends.person_for_token(table_id, token)
    await w.friends.connect(table_id, who, "test")
    bot = w.table.bot(level, game=table.game)
    adapter = play.adapter(table.game)
    for _ in range(2000):
        await w.friends.settle()
        table = await w.friends.load(table_id)
        if table.state == "over":
            return
        record, state = w.friends.game_of(table)
        if play.seat_to_act(state) is not Seat.SOUTH and not (
            play.is_passing(state) and Seat.SOUTH in play.still_to_pass(state)
        ):
            w.friends.kick(table_id)
            continue
        action = play.bot_action(adapter, bot, state, Seat.SOUTH, len(record.actions))
        await w.friends.act(table_id, who, _json(table.game, action))
    raise AssertionError("the game did not end")


def _json(game: str, action: Any) -> Any:
    from picas.games import find_game

    return find_game(game).record.codec().action_json(action)


async def abandon_until_over(w: World, table_id: str) -> None:
    """Nobody opens the table: past the grace period the CPU plays every seat to the end."""
    w.clock.now += FriendsLimits().grace + 1
    for _ in range(5000):
        table = await w.friends.load(table_id)
        if table.state == "over":
            await w.friends.settle()
            return
        await w.friends.tick()
        await w.friends.settle()
    raise AssertionError("the CPU did not finish the table")
