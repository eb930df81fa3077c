"""``/mesa/<id>``: the page of a friends' table (docs/friends.md). The link a host shares opens
``static/amigos.html``, whatever the id: the page asks the API for the table, and an unknown or
closed one gets its own Spanish words there, never a bare 404. The page sits one folder down, so
it names its files from ``<base href="../">``; its ``Content-Security-Policy`` allows that base
(the site-wide header has ``base-uri 'none'``) and the socket to this same site."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse
from starlette.responses import Response

PAGE = "amigos.html"
ID_MAX = 64
"""Far above a table id (22 characters); a longer path is nobody's table."""
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
    " connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
)


def mesa_page_router(static_dir: Path) -> APIRouter:
    router = APIRouter(include_in_schema=False)
    page = static_dir / PAGE

    @router.get("/mesa/{table_id}")
    async def friends_table(table_id: str, request: Request) -> Response:
        if len(table_id) > ID_MAX or not page.is_file():
            return Response("No existe esa mesa.", status_code=404, media_type="text/plain")
        answer = FileResponse(page, media_type="text/html; charset=utf-8", stat_result=page.stat())
        answer.headers["Content-Security-Policy"] = CSP
        etag = answer.headers["etag"]
        if etag in request.headers.get("if-none-match", ""):
            # The 304 carries the policy too: a browser keeps the headers it revalidated with.
            return Response(status_code=304, headers={"ETag": etag, "Content-Security-Policy": CSP})
        return answer

    return router
