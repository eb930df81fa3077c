"""«Jugar ya» on the app: the queue's WebSocket (``/api/ya/ws``), the blocks
(``/api/ya/bloqueos``), and what the app builds for them (the store, the rated tables' hooks on
the friends' service, this process's matcher). docs/quick.md is the protocol."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any, cast

from fastapi import APIRouter, FastAPI, Request
from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from picas.shared.errors import NO_PARAMS, Params, PicasError
from picas.shared.views import params_json
from picas.web.deps import ERROR_RESPONSES, documented_error
from picas.web.errors import install_statuses
from picas.web.fair import client_address
from picas.web.friends import refusals
from picas.web.friends.model import FriendsTable
from picas.web.friends.routes import (
    CLOSE_BAD_TOKEN,
    CLOSE_FLOOD,
    CLOSE_NO_HELLO,
    CLOSE_REPLACED,
    CLOSE_UNAVAILABLE,
    ORIGINS_ENV,
    STORE_ENV,
    Bucket,
    data_dir,
    origin_allowed,
)
from picas.web.friends.service import Friends, TableNotFound
from picas.web.profiles.deps import NO_PROFILE_RESPONSE, ProfileDep
from picas.web.profiles.service import Profiles
from picas.web.profiles.store import PEOPLE_FILE
from picas.web.quick import messages as m
from picas.web.quick.matcher import SEATS
from picas.web.quick.model import Entry
from picas.web.quick.rated import RatedTables
from picas.web.quick.service import BadTarget, Banned, Quick, QuickLimits, TooManyJoins
from picas.web.quick.store import QuickStore, SqliteQuick
from picas.web.ratings.routes import NoSuchProfile
from picas.web.settings import Settings

CLOSE_REFUSED = 4403
"""The queue refused the ``hello`` (a ban, too many joins, a target not offered)."""
SEATED_WAIT = 10.0
"""Seconds a seating may wait for its table to be stored before the socket gives up."""


class BadBlock(PicasError):  # noqa: N818 (named like the engine's errors)
    code = "bad_block"

    def __init__(self) -> None:
        super().__init__("No puedes bloquearte a ti mismo.")


class NotYourTable(PicasError):  # noqa: N818
    code = "not_your_table"

    def __init__(self) -> None:
        super().__init__(
            "Solo puedes bloquear a otra persona de una mesa puntuada en la que has jugado."
        )


class TooManyBlocks(PicasError):  # noqa: N818
    code = "too_many_blocks"

    def __init__(self) -> None:
        super().__init__("Ya has bloqueado a demasiadas personas.")


def open_quick(environ: Mapping[str, str] | None = None) -> QuickStore:
    """The queue's store: Redis when ``PICAS_STORE`` is ``redis://…``, else the people's file."""
    env = dict(os.environ) if environ is None else dict(environ)
    url = env.get(STORE_ENV, "")
    if url.startswith(("redis://", "rediss://", "unix://")):
        from picas.web.quick.redis_store import RedisQuick

        return RedisQuick(url)
    return SqliteQuick(Path(data_dir(env)) / PEOPLE_FILE)


def install(app: FastAPI, settings: Settings, store: QuickStore | None = None) -> None:
    """Add «Jugar ya» to ``app`` (after the friends' tables and the profiles): nothing without
    the friends' tables (``PICAS_STORE=none``)."""
    friends: Friends | None = getattr(app.state, "friends", None)
    if friends is None:
        return
    store = store if store is not None else open_quick()

    def ratings() -> Any:
        return getattr(app.state, "ratings", None)

    rated = RatedTables(friends, store, ratings)
    friends.rated_hooks = rated
    quick = Quick(store, rated, ratings, QuickLimits.from_env())
    app.state.quick = quick
    app.state.quick_behind_proxy = settings.behind_proxy
    profiles: Profiles = app.state.profiles
    profiles.on_delete(store.forget)
    app.include_router(router())
    statuses: dict[type[PicasError], int] = {
        Banned: 403,
        TooManyJoins: 429,
        BadTarget: 422,
        BadBlock: 422,
        NotYourTable: 403,
        TooManyBlocks: 429,
    }
    install_statuses(app, statuses)

    previous = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(inner: FastAPI) -> AsyncIterator[None]:
        async with previous(inner):
            quick.start_matcher()
            try:
                yield
            finally:
                await quick.stop_matcher()
                await store.close()

    app.router.lifespan_context = lifespan


def _quick(request: Request | WebSocket) -> Quick:
    return cast(Quick, request.app.state.quick)


async def _rated_of(request: Request, table_id: str, asking: str) -> FriendsTable:
    """The rated table ``table_id``, for a profile that sat at it (and may have left it since):
    a friends' table or a table the asking profile did not play at is ``not_your_table``."""
    if not (1 <= len(table_id) <= 64 and table_id.isascii()):
        raise TableNotFound()
    friends: Friends = request.app.state.friends
    table = await friends.load(table_id)
    if table.rated is None or asking not in table.rated["seats"].values():
        raise NotYourTable()
    return table


async def _seated_at(request: Request, table_id: str, seat: str, asking: str) -> str:
    """The profile at ``seat`` of the rated table ``table_id``, for a profile that sat at it too
    (its own seat answers its own id: refused by the caller as blocking oneself). A friends' table,
    a computer's seat, or a table the asking profile did not play at is ``not_your_table``. The
    seat's profile is the one the matcher seated there, still there or not: a person who left
    (the computer plays the seat now) is blocked by their seat as anyone else."""
    table = await _rated_of(request, table_id, asking)
    assert table.rated is not None
    seats: dict[str, str] = table.rated["seats"]
    if seat not in seats:
        raise NotYourTable()
    return seats[seat]


async def _people_of(request: Request, table_id: str, asking: str) -> m.TablePeopleOut:
    """The other people the matcher seated at a rated table, by seat: those still there and
    those who left (whose seat the public view shows as the computer's, without a name)."""
    table = await _rated_of(request, table_id, asking)
    assert table.rated is not None
    seats: dict[str, str] = table.rated["seats"]
    shown: dict[str, str] = table.rated.get("names", {})
    others = {seat: pid for seat, pid in seats.items() if pid != asking}
    profiles: Profiles = request.app.state.profiles
    current = await profiles.names(list(others.values()))
    blocked = set(await _quick(request).store.blocked(asking))
    people = []
    for seat in SEATS:
        pid = others.get(seat)
        if pid is None or pid not in current:
            continue  # the computer's seat, or a profile deleted since: nobody to block
        info = table.seats[seat]
        left = info.kind != "person"
        name = info.name if not left else shown.get(seat) or current.get(pid)
        people.append(
            m.TablePersonOut(
                asiento=seat,  # type: ignore[arg-type]
                name=name,
                left=left,
                blocked=pid in blocked,
            )
        )
    return m.TablePeopleOut(personas=people)


RESPONSES: dict[int | str, dict[str, Any]] = {
    **ERROR_RESPONSES,
    401: NO_PROFILE_RESPONSE,
    403: documented_error("Not a rated table this profile played at, or a computer's seat."),
    404: documented_error("No such table (`table_not_found`) or profile (`no_such_profile`)."),
    422: documented_error("Blocking oneself (`bad_block`)."),
    429: documented_error("Too many blocks already (`too_many_blocks`)."),
}


def router() -> APIRouter:
    api = APIRouter(prefix="/api/ya", tags=["ya"], responses=RESPONSES)

    async def listed(request: Request, profile_id: str) -> m.BlocksOut:
        ids = await _quick(request).store.blocked(profile_id)
        profiles: Profiles = request.app.state.profiles
        names = await profiles.names(ids)
        return m.BlocksOut(bloqueos=[m.BlockedOut(id=i, name=names.get(i)) for i in ids])

    @api.get("/bloqueos", response_model=m.BlocksOut, summary="The people this profile blocked")
    async def blocks(request: Request, profile: ProfileDep) -> m.BlocksOut:
        return await listed(request, profile.id)

    @api.post(
        "/bloqueos",
        response_model=m.BlocksOut | m.TablePeopleOut,
        summary="Never be seated with someone",
    )
    async def block(
        request: Request, body: m.BlockIn, profile: ProfileDep
    ) -> m.BlocksOut | m.TablePeopleOut:
        other = body.id
        if other is None:
            assert body.mesa is not None
            assert body.asiento is not None
            other = await _seated_at(request, body.mesa, body.asiento, profile.id)
        if other == profile.id:
            raise BadBlock()
        profiles: Profiles = request.app.state.profiles
        if await profiles.get(other) is None:
            raise NoSuchProfile()
        quick = _quick(request)
        if not await quick.store.block(profile.id, other, quick.limits.max_blocks):
            raise TooManyBlocks()
        if body.mesa is not None:
            # Asked from the table's page: its people by seat again, never a profile id there.
            return await _people_of(request, body.mesa, profile.id)
        return await listed(request, profile.id)

    @api.get(
        "/mesas/{mesa}/personas",
        response_model=m.TablePeopleOut,
        summary="The other people of a rated table this profile played at, by seat",
    )
    async def people(request: Request, mesa: str, profile: ProfileDep) -> m.TablePeopleOut:
        return await _people_of(request, mesa, profile.id)

    @api.delete("/bloqueos/{other}", response_model=m.BlocksOut, summary="Unblock someone")
    async def unblock(request: Request, other: str, profile: ProfileDep) -> m.BlocksOut:
        await _quick(request).store.unblock(profile.id, other[:64])
        return await listed(request, profile.id)

    @api.websocket("/ws")
    async def socket(websocket: WebSocket) -> None:
        await serve_queue(websocket)

    return api


# --- the socket ---------------------------------------------------------------------------------


def _error(code: str, message: str, params: Params = NO_PARAMS) -> str:
    return m.ErrorOut(code=code, message=message, params=params_json(params)).model_dump_json()


def _bye(code: str, message: str) -> str:
    return m.ByeOut(code=code, message=message).model_dump_json()


async def _receive_text(websocket: WebSocket) -> str | None:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if isinstance(text, str) else None


def _read(text: str | None, limits: QuickLimits) -> m.HelloIn | m.PingIn | str:
    """The message, or the error to answer a message that cannot be read."""
    if text is None:
        return _error(*refusals.NOT_TEXT)
    if len(text.encode("utf-8", "surrogatepass")) > limits.max_message_bytes:
        return _error(*refusals.TOO_BIG)
    try:
        return m.CLIENT.validate_json(text)
    except ValidationError as error:
        return _error(*refusals.refusal(error))


async def _close(websocket: WebSocket, text: str | None, code: int) -> None:
    with contextlib.suppress(Exception):
        if text is not None:
            await websocket.send_text(text)
        await websocket.close(code=code)


async def serve_queue(websocket: WebSocket) -> None:
    quick = _quick(websocket)
    limits = quick.limits
    if not origin_allowed(
        websocket.headers.get("origin"),
        websocket.headers.get("host"),
        os.environ.get(ORIGINS_ENV, ""),
    ):
        await websocket.close(code=1008)  # before accepting: the upgrade is answered 403
        return
    await websocket.accept()
    try:
        first = await asyncio.wait_for(_receive_text(websocket), limits.hello_timeout)
    except (TimeoutError, WebSocketDisconnect):
        await _close(websocket, None, CLOSE_NO_HELLO)
        return
    hello = _read(first, limits)
    if isinstance(hello, str) or not isinstance(hello, m.HelloIn):
        refusal = hello if isinstance(hello, str) else None
        await _close(
            websocket,
            refusal or _error("not_hello", "El primer mensaje debe ser «hello»."),
            CLOSE_NO_HELLO,
        )
        return
    profiles: Profiles = websocket.app.state.profiles
    try:
        async with quick.joining:
            profile = await profiles.by_token(hello.token)
            if profile is None:
                text = "Este navegador no tiene perfil, o su perfil ya no existe."
                await _close(websocket, _error("no_profile", text), CLOSE_BAD_TOKEN)
                return
            address = client_address(
                websocket.scope, behind_proxy=websocket.app.state.quick_behind_proxy
            )
            entry = await quick.join(profile.id, profile.name, hello.game, hello.target, address)
    except (Banned, TooManyJoins, BadTarget) as error:
        await _close(websocket, _error(error.code, error.message, error.params), CLOSE_REFUSED)
        return
    except PicasError as error:  # the store does not answer now: the page tries again
        await _close(websocket, _error(error.code, error.message), CLOSE_UNAVAILABLE)
        return
    sending = asyncio.Lock()

    async def send(text: str) -> None:
        async with sending:
            await websocket.send_text(text)

    reader = asyncio.get_running_loop().create_task(_read_loop(websocket, limits, send))
    try:
        outcome = await _wait_for_seat(quick, entry, send, reader)
        if outcome is not None:
            async with sending:
                await _close(websocket, *outcome)
    except (WebSocketDisconnect, RuntimeError, OSError):
        pass
    except PicasError as error:  # the store went away while waiting: the page joins again
        async with sending:
            await _close(websocket, _error(error.code, error.message), CLOSE_UNAVAILABLE)
    finally:
        reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await reader
        with contextlib.suppress(PicasError):
            await quick.leave(entry)  # a socket that goes leaves the queue (if still in it)


async def _read_loop(websocket: WebSocket, limits: QuickLimits, send: Any) -> int:
    """The client's messages while it waits: ``ping`` answered, anything else refused with its
    code; a flood closes the socket. Returns the close code it asks for (or raises on a drop)."""
    bucket = Bucket(limits.rate, limits.burst)
    dropped = 0
    while True:
        text = await _receive_text(websocket)
        if not bucket.take():
            dropped += 1
            if dropped >= limits.flood_close:
                return CLOSE_FLOOD
            if dropped == 1:
                await send(_error("too_many_messages", "Demasiados mensajes: espera un momento."))
            continue
        dropped = 0
        message = _read(text, limits)
        if isinstance(message, str):
            await send(message)
        elif isinstance(message, m.PingIn):
            await send(m.PongOut().model_dump_json())
        else:
            await send(_error("not_hello", "Ya has saludado: el «hello» va una sola vez."))


async def _wait_for_seat(
    quick: Quick, entry: Entry, send: Any, reader: asyncio.Task[int]
) -> tuple[str | None, int] | None:
    """Look at the person's entry (with the process's other waiting sockets: ``Quick.looks``)
    until they are seated, replaced or gone: the last message and the close code (None: the
    client went away)."""
    friends: Friends = quick.rated.friends
    told: int | None = None
    seated_since: float | None = None
    first = True
    while True:
        if reader.done():
            if reader.cancelled() or reader.exception() is not None:
                return None
            return _bye("too_many_messages", "Demasiados mensajes."), reader.result()
        # The first look is the socket's own (its «queued» at once); then the process's.
        asking = quick.status(entry) if first else quick.next_status(entry)
        first = False
        look = asyncio.get_running_loop().create_task(asking)
        await asyncio.wait({reader, look}, return_when=asyncio.FIRST_COMPLETED)
        if not look.done():
            look.cancel()
            continue  # the reader ended: said at the top of the loop
        status = look.result()
        seating = status.seating
        if seating is not None:
            try:
                await friends.load(seating.table)
            except TableNotFound:
                # Claimed, not yet stored (the matcher opens it just after): wait a moment.
                now = asyncio.get_running_loop().time()
                seated_since = seated_since if seated_since is not None else now
                if now - seated_since > SEATED_WAIT:
                    error = TableNotFound()
                    return _error(error.code, error.message), CLOSE_UNAVAILABLE
            else:
                await send(
                    m.SeatedOut(
                        table=seating.table, seat=seating.seat, token=seating.token
                    ).model_dump_json()
                )
                await quick.store.drop_seating(entry.profile, entry.conn)
                return None, 1000
        elif status.waiting is None:
            text = "«Jugar ya» se ha abierto en otra pestaña o aparato."
            return _bye("replaced", text), CLOSE_REPLACED
        elif status.waiting != told:
            told = status.waiting
            queued = m.QueuedOut(game=entry.game, target=entry.target, waiting=told)
            await send(queued.model_dump_json())
