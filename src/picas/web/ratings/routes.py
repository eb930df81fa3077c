"""The ratings' HTTP API (docs/ratings.md, «API»): the boards, a public profile, and the solo
statistics a profile keeps on the server. ``install`` puts ``app.state.ratings`` and registers its
forget with the profiles."""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from pydantic import ValidationError

from picas.shared.errors import PicasError
from picas.shared.spec import UnknownGame
from picas.web.deps import ERROR_RESPONSES, documented_error
from picas.web.errors import install_statuses
from picas.web.friends.routes import STORE_ENV, data_dir
from picas.web.profiles.deps import NO_PROFILE_RESPONSE, OptionalProfileDep, ProfileDep
from picas.web.profiles.service import Profiles
from picas.web.profiles.store import PEOPLE_FILE
from picas.web.ratings.model import CPU_NAMES, GAMES, BoardEntry, is_cpu
from picas.web.ratings.service import Ratings
from picas.web.ratings.stats import SoloStatsIn, empty
from picas.web.ratings.store import RatingStore, SqliteRatings
from picas.web.settings import Settings

PAGE_DEFAULT = 20
PAGE_MAX = 100
OFFSET_MAX = 100_000
"""The farthest row a board page starts at (a deeper one is refused, not scanned)."""
STATS_MAX_BYTES = 16 * 1024
PROFILE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
PERIODS = {"siempre": False, "semana": True}


class BadBoardPage(PicasError):  # noqa: N818 (named like the engine's errors)
    code = "bad_board_page"

    def __init__(self) -> None:
        super().__init__(
            f"La página de la clasificación es «periodo» siempre o semana, «desde» de 0 a"
            f" {OFFSET_MAX} y «cuantos» de 1 a {PAGE_MAX}."
        )


class NoSuchProfile(PicasError):  # noqa: N818
    code = "no_such_profile"

    def __init__(self) -> None:
        super().__init__("Ese perfil no existe.")


class BadStats(PicasError):  # noqa: N818
    code = "bad_stats"

    def __init__(self) -> None:
        super().__init__("Las estadísticas enviadas no tienen la forma que guarda la página.")


class StatsTooLarge(PicasError):  # noqa: N818
    code = "stats_too_large"

    def __init__(self) -> None:
        super().__init__("Las estadísticas enviadas son demasiado grandes.")


STATUS = {BadBoardPage: 400, NoSuchProfile: 404, BadStats: 422, StatsTooLarge: 413}


def _game(game: str) -> str:
    if game not in GAMES:
        raise UnknownGame(f"No hay clasificación de ese juego: {' o '.join(GAMES)}.")
    return game


def _whole(text: str | None, default: int, low: int, high: int) -> int:
    if text is None:
        return default
    if not (text.isascii() and text.isdigit() and len(text) <= 7):
        raise BadBoardPage
    value = int(text)
    if not low <= value <= high:
        raise BadBoardPage
    return value


def open_ratings(environ: dict[str, str] | None = None) -> RatingStore:
    env = dict(os.environ) if environ is None else environ
    url = env.get(STORE_ENV, "")
    if url.startswith(("redis://", "rediss://", "unix://")):
        from picas.web.ratings.redis_store import RedisRatings

        return RedisRatings(url)
    return SqliteRatings(Path(data_dir(env)) / PEOPLE_FILE)


def _row(entry: BoardEntry, names: dict[str, str]) -> dict[str, Any]:
    return {
        "rank": entry.rank,
        "id": entry.id,
        "name": CPU_NAMES.get(entry.id) or names.get(entry.id, ""),
        "rating": entry.state.display,
        "games": entry.state.games,
        "provisional": entry.state.provisional,
        "cpu": is_cpu(entry.id),
    }


NO_PROFILE: dict[int | str, dict[str, Any]] = {401: NO_PROFILE_RESPONSE}


def router() -> APIRouter:
    api = APIRouter(tags=["clasificación"], responses=ERROR_RESPONSES)

    @api.get("/api/clasificacion/{game}")
    async def board(game: str, request: Request, profile: OptionalProfileDep) -> dict[str, Any]:
        _game(game)
        query = request.query_params
        periodo = query.get("periodo", "siempre")
        if periodo not in PERIODS:
            raise BadBoardPage
        start = _whole(query.get("desde"), 0, 0, OFFSET_MAX)
        count = _whole(query.get("cuantos"), PAGE_DEFAULT, 1, PAGE_MAX)
        ratings: Ratings = request.app.state.ratings
        profiles: Profiles = request.app.state.profiles
        week = PERIODS[periodo]
        found = await ratings.board(
            game, week=week, start=start, count=count, me=profile.id if profile else None
        )
        ids = [row.id for row in found.rows if not is_cpu(row.id)]
        if found.me is not None:
            ids.append(found.me.id)
        names = await profiles.names(ids)
        answer: dict[str, Any] = {
            "game": game,
            "periodo": periodo,
            "desde": start,
            "total": found.total,
            "rows": [_row(row, names) for row in found.rows],
        }
        if week:
            answer["week"] = ratings.this_week()
        if profile is not None:
            answer["me"] = None if found.me is None else _row(found.me, names)
        return answer

    @api.get(
        "/api/perfiles/{profile_id}",
        responses={404: documented_error("No such profile (`no_such_profile`).")},
    )
    async def public_profile(profile_id: str, request: Request) -> dict[str, Any]:
        if profile_id not in CPU_NAMES and not PROFILE_ID.fullmatch(profile_id):
            raise NoSuchProfile
        ratings: Ratings = request.app.state.ratings
        profiles: Profiles = request.app.state.profiles
        name = CPU_NAMES.get(profile_id)
        if name is None:
            found = await profiles.get(profile_id)
            if found is None:
                raise NoSuchProfile
            name = found.name
        games: dict[str, Any] = {}
        for game in GAMES:
            state = await ratings.rating(game, profile_id)
            history = await ratings.history(game, profile_id)
            games[game] = (
                None
                if state is None
                else {
                    "rating": state.display,
                    "provisional": state.provisional,
                    "games": state.games,
                    "wins": state.wins,
                    "history": [
                        {"at": p.at, "rating": p.rating, "change": p.change} for p in history
                    ],
                }
            )
        return {"id": profile_id, "name": name, "cpu": is_cpu(profile_id), "games": games}

    @api.get("/api/perfil/estadisticas", responses=NO_PROFILE)
    async def read_stats(profile: ProfileDep, request: Request) -> dict[str, Any]:
        ratings: Ratings = request.app.state.ratings
        return await ratings.solo_stats(profile.id) or empty()

    @api.put("/api/perfil/estadisticas", responses=NO_PROFILE)
    async def import_stats(profile: ProfileDep, request: Request) -> dict[str, Any]:
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > STATS_MAX_BYTES:
                raise StatsTooLarge
        try:
            incoming = SoloStatsIn.model_validate(json.loads(body))
        except (ValueError, ValidationError, RecursionError) as error:
            raise BadStats from error
        ratings: Ratings = request.app.state.ratings
        return await ratings.import_solo_stats(profile.id, incoming)

    return api


def install(app: FastAPI, settings: Settings, store: RatingStore | None = None) -> None:
    """``app.state.ratings`` on the store ``PICAS_STORE`` names; after the profiles' install
    (its forget runs when a profile is deleted)."""
    del settings
    store = store if store is not None else open_ratings()
    ratings = Ratings(store)
    app.state.ratings = ratings
    profiles: Profiles = app.state.profiles
    profiles.on_delete(ratings.forget)
    app.include_router(router())
    install_statuses(app, STATUS)
    previous = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(inner: FastAPI) -> AsyncIterator[None]:
        try:
            async with previous(inner):
                yield
        finally:
            await store.close()

    app.router.lifespan_context = lifespan
