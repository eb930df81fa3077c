"""The day's challenge on the app: ``/api/reto/...`` (docs/daily.md), its store, its preparation
loop and its own heavy lane (one worker process, so preparing tomorrow never takes a worker from
today's players)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

import pebble
from fastapi import APIRouter, FastAPI, Query, Request
from pydantic import BaseModel, ConfigDict

from picas.shared.errors import PicasError
from picas.web.daily import days
from picas.web.daily.baseline import play_hand_job
from picas.web.daily.days import BadDay, UnknownGame
from picas.web.daily.sealed import SealedCodesMiddleware
from picas.web.daily.service import Daily, NoDay, NotOpen, NotOver, Sealed
from picas.web.daily.store import DailyStore, SqliteDaily
from picas.web.deps import ERROR_RESPONSES, documented_error
from picas.web.errors import install_statuses
from picas.web.friends.routes import STORE_ENV, data_dir
from picas.web.friends.service import TableNotFound
from picas.web.heavy import LOW_PRIORITY_NICENESS, HeavyPool
from picas.web.profiles.deps import NO_PROFILE_RESPONSE, OptionalProfileDep, ProfileDep
from picas.web.profiles.store import PEOPLE_FILE
from picas.web.settings import Settings
from picas.web.tasks import stop as stop_task

PREPARATION_DEADLINE = 600.0
"""Seconds a hand of the baseline may take in the daily lane's worker (a Difícil hand is a few
seconds of CPU; at the lowest priority on a busy server it waits for idle time)."""
LEVEL_ENV = "PICAS_RETO_LEVEL"
"""The computer players' level of the challenge: Difícil; the tests choose a quicker one."""
AHEAD_ENV = "PICAS_RETO_AHEAD"
"""``0``: no loop preparing today's and tomorrow's days ahead of their first request (the test
suite's servers: each would spend minutes of a core on days nobody plays). A day is still
prepared on its first request, as after a server that was down at midnight."""
CLOCK_ENV = "PICAS_RETO_CLOCK_FILE"
"""Tests only: a file holding seconds to add to the challenge's clock (the end-to-end test moves
the server past the end of a day by writing it); unset, the clock is the real one."""


def offset_clock(path: str) -> Callable[[], float]:
    """The real time plus the seconds the file says now (0 while it is missing or unreadable)."""

    def now() -> float:
        try:
            with open(path, encoding="utf-8") as f:
                return time.time() + float(f.read().strip() or 0)
        except (OSError, ValueError):
            return time.time()

    return now


PAGE_MAX = 100


class DailyLane(HeavyPool):
    """The daily lane: one worker process of its own at the lowest priority (nice 19): a day is
    prepared hours ahead, with the CPU nobody's game wants, and never takes a worker of the
    replies' or the practice lane."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(replace(settings, heavy_deadline=PREPARATION_DEADLINE), workers=1)

    def _workers(self, address: str) -> pebble.ProcessPool:
        if self._pool is None:
            self._pool = self._new_pool(1, LOW_PRIORITY_NICENESS)
        return self._pool


def open_daily(environ: dict[str, str] | None = None) -> DailyStore:
    env = dict(os.environ) if environ is None else environ
    url = env.get(STORE_ENV, "")
    if url.startswith(("redis://", "rediss://", "unix://")):
        from picas.web.daily.redis_store import RedisDaily

        return RedisDaily(url)
    return SqliteDaily(Path(data_dir(env)) / PEOPLE_FILE)


def _daily(request: Request) -> Daily:
    return cast(Daily, request.app.state.daily)


def _game(game: str) -> str:
    days.plan_of(game)
    return game


async def day_out(daily: Daily, game: str, day: str) -> dict[str, Any]:
    stored = await daily.day(_game(game), days.parse_day(day))
    if stored is None:
        raise NoDay
    plan = days.plan_of(game)
    return {
        "game": game,
        "day": stored.day,
        "hands": plan.hands,
        "rules": plan.rules,
        "commitment": stored.commitment,
        "opened": stored.opened is not None,
        "starts": days.starts(stored.day),
        "ends": days.ends(stored.day),
        "over": daily.now() >= days.ends(stored.day),
    }


class StartIn(BaseModel):
    """An attempt's body: ``{}`` (the profile is the Bearer token's; the game is in the path)."""

    model_config = ConfigDict(extra="forbid")


RESPONSES: dict[int | str, dict[str, Any]] = {
    **ERROR_RESPONSES,
    404: documented_error("No challenge for that game (`daily_unknown_game`), day or table."),
}


def router() -> APIRouter:
    api = APIRouter(prefix="/api/reto", tags=["reto"], responses=RESPONSES)

    @api.get("/{game}", summary="Today's challenge of a game")
    async def today(game: str, request: Request, profile: OptionalProfileDep) -> dict[str, Any]:
        daily = _daily(request)
        out = await day_out(daily, game, daily.today())
        out["me"] = None if profile is None else await daily.mine(game, out["day"], profile)
        return out

    @api.post(
        "/{game}/intento",
        summary="Start an attempt at today's challenge",
        responses={401: NO_PROFILE_RESPONSE},
    )
    async def start(
        game: str, body: StartIn, request: Request, profile: ProfileDep
    ) -> dict[str, Any]:
        del body
        started = await _daily(request).start(profile, _game(game))
        return {
            "day": started.day,
            "ranked": started.ranked,
            "table": started.seat.table.id,
            "seat": started.seat.seat,
            "token": started.seat.token,
        }

    @api.get("/mesa/{table_id}", summary="A day's table's hands scored so far")
    async def progress(table_id: str, request: Request) -> dict[str, Any]:
        if not (1 <= len(table_id) <= 64 and table_id.isascii()):
            raise TableNotFound()
        return await _daily(request).progress(table_id)

    @api.get("/{game}/{day}", summary="A day's challenge")
    async def one_day(game: str, day: str, request: Request) -> dict[str, Any]:
        return await day_out(_daily(request), game, day)

    @api.get("/{game}/{day}/tabla", summary="A day's table of results")
    async def table(
        game: str,
        day: str,
        request: Request,
        profile: OptionalProfileDep,
        desde: int = Query(0, ge=0, le=1_000_000),
        cuantos: int = Query(20, ge=1, le=PAGE_MAX),
    ) -> dict[str, Any]:
        return await _daily(request).standings(
            _game(game), days.parse_day(day), profile, desde, cuantos
        )

    @api.get("/{game}/{day}/revelacion", summary="A day over: its secret and the review")
    async def reveal(
        game: str, day: str, request: Request, profile: OptionalProfileDep
    ) -> dict[str, Any]:
        return await _daily(request).reveal(_game(game), days.parse_day(day), profile)

    return api


def install(
    app: FastAPI,
    settings: Settings,
    store: DailyStore | None = None,
    *,
    clock: Callable[[], float] = time.time,
) -> None:
    """Add the day's challenge to ``app`` (after the friends' tables and the profiles; nothing
    without the friends' tables: ``PICAS_STORE=none``)."""
    friends = getattr(app.state, "friends", None)
    if friends is None:
        return
    store = store if store is not None else open_daily()
    if clock is time.time and os.environ.get(CLOCK_ENV):
        clock = offset_clock(os.environ[CLOCK_ENV])
    pool = DailyLane(settings)
    one_at_a_time = asyncio.Lock()  # the lane's one worker: the days' hands wait their turn here

    async def run_hand(
        game: str, rules: dict[str, Any], code: str, actions: list[Any], level: str
    ) -> list[Any]:
        async with one_at_a_time:
            return await pool.run_job("reto", play_hand_job, game, rules, code, actions, level)

    daily = Daily(
        store,
        friends,
        run_hand=run_hand,
        sign=app.state.table.sign,
        names=app.state.profiles.names,
        level=os.environ.get(LEVEL_ENV) or "dificil",
        clock=clock,
    )
    app.state.daily = daily
    app.state.profiles.on_delete(store.forget)
    app.include_router(router())
    app.add_middleware(SealedCodesMiddleware, sealed=daily.is_sealed)
    statuses: dict[type[PicasError], int] = {
        NotOpen: 409,
        NotOver: 409,
        NoDay: 404,
        UnknownGame: 404,
        BadDay: 422,
        Sealed: 403,
    }
    install_statuses(app, statuses)
    previous = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(inner: FastAPI) -> AsyncIterator[None]:
        ahead = os.environ.get(AHEAD_ENV, "1") != "0"
        loop = asyncio.get_running_loop().create_task(
            daily.run() if ahead else asyncio.Event().wait()
        )
        try:
            async with previous(inner):
                yield
        finally:
            await stop_task(loop)
            await daily.settle()
            pool.close()
            await store.close()

    app.router.lifespan_context = lifespan
