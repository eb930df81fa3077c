"""The solo API refuses the code of a day not over yet: a new game on it, or a record of it
imported, would be a signed solo save of the day's deals (to practise, hint or replay) before
the reveal. They are the only doors by which a record naming a chosen code is signed, so with
them shut no such save exists (the practice, hint and act routes take only signed saves).

Nobody can name the code anyway (140 bits, drawn with ``secrets``, never sent before the
reveal): this is the second lock, and what the tests try."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

from picas.web.errors import error_response
from picas.web.middleware import replaying

NEW_GAME_PATH = "/api/games"
IMPORT_PATH = "/api/games/import"


def named_code(path: str, body: bytes) -> object:
    """The code a new game's or an import's body names (None: none, or not readable)."""
    try:
        data: Any = json.loads(body)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    if path == IMPORT_PATH:
        record = data.get("record")
        return record.get("code") if isinstance(record, dict) else None
    return data.get("code")


class SealedCodesMiddleware:
    def __init__(self, app: ASGIApp, *, sealed: Callable[[object], bool]) -> None:
        self.app = app
        self.sealed = sealed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if (
            scope["type"] != "http"
            or scope.get("method") != "POST"
            or path
            not in (
                NEW_GAME_PATH,
                IMPORT_PATH,
            )
        ):
            await self.app(scope, receive, send)
            return
        message = await receive()  # the whole body: the body cap, outside, has read it
        if self.sealed(named_code(path, message.get("body", b""))):
            from picas.web.daily.service import Sealed

            error = Sealed()
            response = error_response(403, error.code, error.message)
            await response(scope, receive, send)
            return
        await self.app(scope, replaying(message, receive), send)
