"""``create_app(settings)``: the ASGI app. ``picas serve`` runs it on uvicorn through a factory
(``picas.cli.serve:served_app``: this one, then the process's collector tuned), so every worker
process builds its own from the environment."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.middleware.gzip import GZipMiddleware
from starlette.routing import Match, Mount
from starlette.types import Scope

import picas
from picas.web import errors
from picas.web.cache import AnswerCache
from picas.web.daily import routes as daily_routes
from picas.web.fair import FairLane
from picas.web.friends import routes as friends_routes
from picas.web.games import page_modules
from picas.web.guard import BodyShapeMiddleware
from picas.web.heavy import (
    ACT_PATH,
    HEAVY_MARKERS,
    HEAVY_PATHS,
    HINT_PATH,
    FairGateMiddleware,
    HeavyPool,
)
from picas.web.help_pages import help_router
from picas.web.manifest import manifest_route
from picas.web.middleware import BodyLimitMiddleware, SecurityHeadersMiddleware
from picas.web.profiles import routes as profile_routes
from picas.web.quick import routes as quick_routes
from picas.web.ratings import routes as rating_routes
from picas.web.routers import games, pages, review, tip
from picas.web.routers.mesa_page import mesa_page_router
from picas.web.routers.profile_pages import profile_pages_router
from picas.web.routers.reto_page import reto_page_router
from picas.web.settings import (
    HEAVY_WAITING,
    HINT_SLOTS,
    HINT_WAITING,
    REPLY_WAITING,
    Settings,
)
from picas.web.table import Table

OPENAPI_URL = "/api/openapi.json"
ANSWER_CACHE_SIZE = 64
"""Heavy answers kept (a practice answer is about 20 KB)."""


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app for ``settings`` (default: from the environment, see :meth:`Settings.from_env`)."""
    if settings is None:
        settings = Settings.from_env()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        app.state.heavy.close()  # stop the worker processes with the server
        app.state.replies.close()

    app = FastAPI(
        lifespan=lifespan,
        title="Picas",
        summary="Spades en español: la mesa web (docs/api.md).",
        version=picas.__version__,
        # The interactive docs pages load scripts from a CDN and inline, which the page's
        # Content-Security-Policy forbids; the schema itself is served.
        docs_url=None,
        redoc_url=None,
        openapi_url=OPENAPI_URL,
    )
    app.state.table = Table(settings)
    app.state.heavy = HeavyPool(settings, waiting=settings.heavy_workers * HEAVY_WAITING)
    app.state.replies = HeavyPool(
        settings, workers=settings.reply_workers, waiting=settings.reply_workers * REPLY_WAITING
    )
    app.state.hints = FairLane(HINT_SLOTS, per_address=settings.address_jobs, waiting=HINT_WAITING)
    app.state.answers = AnswerCache(ANSWER_CACHE_SIZE)
    errors.install(app)
    friends_routes.install(app, settings)  # Mesa con amigos (docs/friends.md)
    profile_routes.install(app, settings)  # profiles for «Jugar ya» (docs/quick.md)
    rating_routes.install(app, settings)  # ratings and boards (docs/ratings.md)
    daily_routes.install(app, settings)  # «Reto del día» (docs/daily.md)
    quick_routes.install(app, settings)  # «Jugar ya»: the queue and rated tables (docs/quick.md)
    app.include_router(games.games_router())
    app.include_router(tip.router)
    app.include_router(review.review_router())
    app.include_router(pages.pages_router(settings.static_dir))
    app.router.routes.append(manifest_route())
    app.include_router(mesa_page_router(settings.static_dir))  # the friends' table's page
    app.include_router(reto_page_router(settings.static_dir))  # «Reto del día»'s page
    app.include_router(profile_pages_router(settings.static_dir))  # /perfil, /clasificacion
    for key, folder in page_modules():
        # A game from outside the package brings its own page modules (its hooks).
        app.router.routes.append(Mount(f"/js/games/{key}", StaticFiles(directory=folder)))
    files = (
        StaticFiles(directory=settings.static_dir, html=True)
        if settings.static_dir.is_dir()
        else None
    )
    app.router.routes.append(
        # The help pages (rendered once, here) and the page's files, compressed for a browser
        # that accepts it: the page's first load stays small on a phone (tests/e2e: under
        # 150 KB). The API's answers are left as they are.
        _PageFiles("/", GZipMiddleware(help_router(files)), name="static")
    )
    # The last added is the outermost: the headers go on the cap's 413 too; the fair gate sees
    # the body already read by the cap, and refuses an address over its share before the body's
    # shape is even looked at; a body no request can be is refused next, before anything parses
    # it (picas.web.guard).
    app.add_middleware(BodyShapeMiddleware)
    lanes = dict.fromkeys(HEAVY_PATHS, app.state.heavy.lane)
    lanes[HINT_PATH] = app.state.hints
    marked = {ACT_PATH: (app.state.replies.lane, HEAVY_MARKERS)}
    app.add_middleware(
        FairGateMiddleware, lanes=lanes, marked=marked, behind_proxy=settings.behind_proxy
    )
    app.add_middleware(
        BodyLimitMiddleware, max_bytes=settings.max_body_bytes, timeout=settings.body_timeout
    )
    app.add_middleware(SecurityHeadersMiddleware)
    return app


class _PageFiles(Mount):
    """The page's files at ``/``, but never under ``/api``: there a wrong method gets its 405 and
    an unknown path its JSON 404 instead of a static-file lookup."""

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        path = str(scope.get("path", ""))
        if path == "/api" or path.startswith("/api/"):
            return Match.NONE, {}
        return super().matches(scope)
