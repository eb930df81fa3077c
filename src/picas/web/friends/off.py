"""A server started with ``--store none`` has no friends' tables: several solo processes without
Redis (``--workers N``), where no process could own a table. Its ``/api/mesas`` answers 503
``unavailable`` with the reason in Spanish, and the socket is closed at once (1013, try later),
so the page says so instead of failing silently."""

from __future__ import annotations

from fastapi import APIRouter, FastAPI, WebSocket

from picas.web.errors import UnavailableError

NO_STORE = "none"
"""The ``--store`` (``PICAS_STORE``) value that turns the friends' tables off."""

OFF_MESSAGE = (
    "Este servidor no tiene mesas con amigos: se inició con varios procesos y sin Redis"
    " (docs/deploy.md). La partida individual funciona como siempre."
)


def install_off(app: FastAPI) -> None:
    router = APIRouter()

    @router.api_route("/api/mesas", methods=["GET", "POST"], include_in_schema=False)
    @router.api_route("/api/mesas/{rest:path}", methods=["GET", "POST"], include_in_schema=False)
    async def off() -> None:
        raise UnavailableError(OFF_MESSAGE)

    @router.websocket("/api/mesas/{table_id}/ws")
    async def socket_off(websocket: WebSocket, table_id: str) -> None:
        await websocket.close(code=1013)

    app.include_router(router)
