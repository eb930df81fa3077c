"""``/reto/<game>``: the page of «Reto del día» (docs/daily-page.md). Any game key opens
``static/reto.html``; the page asks the API for the day and words an unknown game itself. The
page sits one folder down and names its files from ``<base href="../">``, so it carries the
friends' table page's policy (which allows that base)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse
from starlette.responses import Response

from picas.web.routers.mesa_page import CSP

PAGE = "reto.html"
GAME_MAX = 32


def reto_page_router(static_dir: Path) -> APIRouter:
    router = APIRouter(include_in_schema=False)
    page = static_dir / PAGE

    @router.get("/reto/{game}")
    async def daily_page(game: str, request: Request) -> Response:
        if len(game) > GAME_MAX or not page.is_file():
            return Response("No existe ese reto.", status_code=404, media_type="text/plain")
        answer = FileResponse(page, media_type="text/html; charset=utf-8", stat_result=page.stat())
        answer.headers["Content-Security-Policy"] = CSP
        etag = answer.headers["etag"]
        if etag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers={"ETag": etag, "Content-Security-Policy": CSP})
        return answer

    return router
