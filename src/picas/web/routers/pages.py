"""``/``: the page. The front end's files live in ``static/``; until its ``index.html`` exists a
short Spanish placeholder answers instead."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse
from starlette.responses import Response

PLACEHOLDER = """<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Picas</title>
</head>
<body>
<h1>Picas</h1>
<p>La mesa se está preparando: la página del juego aún no está instalada en este servidor.</p>
</body>
</html>
"""


def pages_router(static_dir: Path) -> APIRouter:
    router = APIRouter(include_in_schema=False)
    index = static_dir / "index.html"

    @router.get("/")
    async def home(request: Request) -> Response:
        if index.is_file():  # looked up each time: the page may be installed after start
            page = FileResponse(
                index, media_type="text/html; charset=utf-8", stat_result=index.stat()
            )
            # Revalidated on every visit (Cache-Control: no-cache): unchanged, a 304 and no body.
            etag = page.headers["etag"]
            if etag in request.headers.get("if-none-match", ""):
                return Response(status_code=304, headers={"ETag": etag})
            return page
        return HTMLResponse(PLACEHOLDER)

    return router
