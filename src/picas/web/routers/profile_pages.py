"""``/perfil`` and ``/clasificacion``: the pages of a player's profile and of the leaderboards
(docs/page-quick.md). Each is a file of ``static/`` served at its short address, revalidated on
every visit as ``/`` is; the page then asks the API for what it shows."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse
from starlette.responses import Response

PAGES = {"/perfil": "perfil.html", "/clasificacion": "clasificacion.html"}


def profile_pages_router(static_dir: Path) -> APIRouter:
    router = APIRouter(include_in_schema=False)

    def serve(path: str, file_name: str) -> None:
        page = static_dir / file_name

        async def answer(request: Request) -> Response:
            if not page.is_file():  # looked up each time: the page may be installed after start
                return Response("Esta página aún no está instalada.", status_code=404)
            found = FileResponse(
                page, media_type="text/html; charset=utf-8", stat_result=page.stat()
            )
            etag = found.headers["etag"]
            if etag in request.headers.get("if-none-match", ""):
                return Response(status_code=304, headers={"ETag": etag})
            return found

        router.add_api_route(path, answer, methods=["GET"])

    for path, file_name in PAGES.items():
        serve(path, file_name)
    return router
