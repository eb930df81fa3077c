"""The friends' tables on the app: the REST routes, the WebSocket, and what the app builds for
them (the store, the service, this process's hub and clock). docs/friends.md is the protocol."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import time
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlsplit

from fastapi import APIRouter, FastAPI, Request
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from picas.shared.errors import NO_PARAMS, Params, PicasError
from picas.shared.views import params_json
from picas.web.deps import ERROR_RESPONSES, documented_error
from picas.web.errors import install_statuses
from picas.web.fair import FairLane, client_address
from picas.web.friends import messages as m
from picas.web.friends import refusals
from picas.web.friends.hub import CLOSE_SEAT_LOST, Conn, Hub, seat_lost
from picas.web.friends.limits import FriendsLimits
from picas.web.friends.model import token_digest
from picas.web.friends.off import NO_STORE, install_off
from picas.web.friends.service import Friends, NotHost, Refused, Stale, TableNotFound
from picas.web.friends.store import SqliteStore, Store, TablesFull, TooManyTables
from picas.web.friends.throttle import Throttle
from picas.web.settings import Settings
from picas.web.signing import DEFAULT_KEY_FILE, KEY_FILE_ENV
from picas.web.tasks import stop as stop_task

log = logging.getLogger("picas.web")

STORE_ENV = "PICAS_STORE"
DATA_DIR_ENV = "PICAS_DATA_DIR"
ORIGINS_ENV = "PICAS_ALLOWED_ORIGINS"
CLOSE_BAD_TOKEN = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_NO_HELLO = 4408
CLOSE_REPLACED = 4409
CLOSE_FLOOD = 4429
CLOSE_UNAVAILABLE = 1013
RESYNC_PAUSE = 0.5
MAX_REF_SCAN = 8192


def data_dir(env: Mapping[str, str]) -> Path:
    """``PICAS_DATA_DIR``, else the key file's folder: a server given a key of its own (a test, a
    second instance on one machine) keeps its tables beside it, never in another's file."""
    chosen = env.get(DATA_DIR_ENV)
    if chosen:
        return Path(chosen).expanduser()
    return Path(env.get(KEY_FILE_ENV) or DEFAULT_KEY_FILE).expanduser().parent


def open_store(url: str | None = None, environ: dict[str, str] | None = None) -> Store:
    """The store ``url`` names (``PICAS_STORE``): ``redis://…``, or SQLite in the data
    directory (``PICAS_DATA_DIR``, by default the key file's folder)."""
    env = dict(os.environ) if environ is None else environ
    url = url if url is not None else env.get(STORE_ENV, "")
    if url.startswith(("redis://", "rediss://", "unix://")):
        from picas.web.friends.redis_store import RedisStore

        store: Store = RedisStore(url)
        return store
    folder = data_dir(env)
    return SqliteStore(folder / "mesas.sqlite3")


def install(app: FastAPI, settings: Settings, store: Store | None = None) -> None:
    """Add the friends' tables to ``app``; their store opens with the app's lifespan (or, with
    ``PICAS_STORE=none``, only the answer that this server has none)."""
    if store is None and os.environ.get(STORE_ENV, "") == NO_STORE:
        install_off(app)
        return
    limits = FriendsLimits.from_env()
    store = store if store is not None else open_store()
    table = app.state.table
    replies = app.state.replies

    async def heavy_decide(friends_table: Any, record: dict[str, Any], seat: str, pos: int) -> Any:
        from picas.web.friends import jobs

        return await replies.run_job(f"mesa:{friends_table.id}", jobs.decide, record, seat, pos)

    friends = Friends(
        store,
        limits,
        bot=lambda game, level: table.bot(level, game=game),
        sign=table.sign,
        heavy_decide=heavy_decide,
    )
    hub = Hub(lambda conn: _resync(friends, hub, conn), _bye)
    store.set_listener(hub.deliver, hub.resync_table)
    app.state.friends = friends
    app.state.friends_hub = hub
    app.state.friends_process = secrets.token_hex(8)
    app.state.friends_behind_proxy = settings.behind_proxy
    app.state.friends_hellos = Hellos.of(limits)
    app.include_router(router(behind_proxy=settings.behind_proxy))
    install_statuses(
        app,
        {
            TableNotFound: 404,
            Refused: 409,
            NotHost: 403,
            Stale: 409,
            TooManyTables: 429,
            TablesFull: 503,
        },
    )

    previous = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(inner: FastAPI) -> AsyncIterator[None]:
        await store.start()
        clock = asyncio.get_running_loop().create_task(friends.run_clock())
        try:
            async with previous(inner):
                yield
        finally:
            await stop_task(clock)
            await friends.settle()
            await store.close()

    app.router.lifespan_context = lifespan


def _friends(request: Request | WebSocket) -> Friends:
    return cast(Friends, request.app.state.friends)


def router(*, behind_proxy: bool) -> APIRouter:
    responses: dict[int | str, dict[str, Any]] = {
        **ERROR_RESPONSES,
        403: documented_error("Not the host's token (`not_host`)."),
        404: documented_error("No such table, or closed for idleness (`table_not_found`)."),
    }
    api = APIRouter(prefix="/api/mesas", tags=["mesas"], responses=responses)

    @api.post("", response_model=m.SeatOut, summary="Create a friends' table")
    async def create(body: m.CreateIn, request: Request) -> m.SeatOut:
        address = client_address(request.scope, behind_proxy=behind_proxy)
        return await _friends(request).create(body, address)

    @api.get("/{table_id}", response_model=m.TableOut, summary="A table as everyone sees it")
    async def read(table_id: str, request: Request) -> m.TableOut:
        friends = _friends(request)
        return friends.public(await friends.load(_checked_id(table_id)))

    @api.post("/{table_id}/seats", response_model=m.SeatOut, summary="Sit down")
    async def sit(table_id: str, body: m.SitIn, request: Request) -> m.SeatOut:
        return await _friends(request).sit(_checked_id(table_id), body.seat, body.name)

    @api.post("/{table_id}/host", response_model=m.TableOut, summary="The host's actions")
    async def host(table_id: str, body: m.HostIn, request: Request) -> m.TableOut:
        return await _friends(request).host(_checked_id(table_id), body)

    @api.post("/{table_id}/leave", response_model=m.TableOut, summary="Give up one's seat")
    async def leave(table_id: str, body: m.LeaveIn, request: Request) -> m.TableOut:
        return await _friends(request).leave(_checked_id(table_id), body.token)

    @api.websocket("/{table_id}/ws")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        await serve_socket(websocket, table_id)

    return api


def _checked_id(table_id: str) -> str:
    if not (1 <= len(table_id) <= 64 and table_id.isascii()):
        raise TableNotFound()
    return table_id


# --- the socket ---------------------------------------------------------------------------------


def origin_allowed(origin: str | None, host: str | None, allowed: str) -> bool:
    """The page's own origin (the same host and port it asked), or one listed."""
    if not origin:
        return False
    if origin in {item.strip() for item in allowed.split(",") if item.strip()}:
        return True
    parts = urlsplit(origin)
    return parts.scheme in {"http", "https"} and host is not None and parts.netloc == host


class Bucket:
    """A socket's messages: ``rate`` a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.level = burst
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


def _error(code: str, message: str, ref: int | None = None, params: Params = NO_PARAMS) -> str:
    return m.ErrorMsg(
        code=code, message=message, params=params_json(params), ref=ref
    ).model_dump_json()


def _refused(error: PicasError, ref: int | None = None) -> str:
    """A refused message: the error's code, message and parameters."""
    return _error(error.code, error.message, ref, error.params)


def _bye(code: str, message: str) -> str:
    return m.ByeMsg(code=code, message=message).model_dump_json()


async def serve_socket(websocket: WebSocket, table_id: str) -> None:
    app = websocket.app
    friends: Friends = app.state.friends
    hub: Hub = app.state.friends_hub
    limits = friends.limits
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
        with contextlib.suppress(Exception):
            await websocket.close(code=CLOSE_NO_HELLO)
        return
    try:
        hello = m.CLIENT_MESSAGE.validate_json(first or "")
    except ValidationError:
        hello = None
    if not isinstance(hello, m.HelloMsg):
        # The first message is read only to see whether it is a well-formed ``hello``.
        await websocket.send_text(_error("not_hello", "El primer mensaje debe ser «hello»."))
        await websocket.close(code=CLOSE_NO_HELLO)
        return
    table_id = _checked_id_or_none(table_id) or ""
    address = client_address(websocket.scope, behind_proxy=app.state.friends_behind_proxy)
    await _take_turn(app.state.friends_hellos, address, hello.token)
    person: str | None = None
    try:
        if hello.token is not None:
            table, person = await friends.person_for_token(table_id, hello.token)
            viewer = table.seat_of_person(person) or "public"
        else:
            table = await friends.load(table_id)
            viewer = "public"
    except TableNotFound as error:
        await websocket.send_text(_refused(error))
        await websocket.close(code=CLOSE_NOT_FOUND)
        return
    except Refused as error:
        await websocket.send_text(_refused(error))
        await websocket.close(code=CLOSE_BAD_TOKEN)
        return
    except PicasError as error:  # the store does not answer now: the page tries again
        await websocket.send_text(_refused(error))
        await websocket.close(code=CLOSE_UNAVAILABLE)
        return
    if person is None and _too_many_watchers(hub.conns(table_id), address, limits):
        # Only onlookers are counted and capped: the people of the table always get in.
        await websocket.send_text(
            _error("too_many_watchers", "Hay demasiada gente mirando esta mesa: prueba más tarde.")
        )
        await websocket.close(code=1013)
        return
    owner = f"{app.state.friends_process}/{secrets.token_hex(6)}"
    conn = Conn(websocket, table_id, viewer, owner, limits.queue, person=person, address=address)
    for other in list(hub.conns(table_id)):
        if person is not None and other.person == person:
            other.push(_bye("replaced", "Esta mesa se ha abierto en otra pestaña o aparato."))
            other.shut(CLOSE_REPLACED)
    if hub.add(conn):
        await _subscribe(friends, table_id)
    writer = asyncio.get_running_loop().create_task(conn.write())
    try:
        if person is not None:
            # The seat is the one the person holds in the table the welcome is built from.
            table, conn.viewer = await friends.connect(table_id, person, owner)
        welcome = friends.welcome(table, _viewer_seat(conn))
        hub.welcomed(conn, table.seq, welcome.model_dump_json())
        await _read_loop(websocket, conn, friends, limits, address)
    except WebSocketDisconnect:
        pass
    except PicasError as error:  # no longer seated, the table closed, or the store is away
        conn.push(_bye(error.code, error.message))
        conn.shut(CLOSE_SEAT_LOST if error.code == "seat_lost" else CLOSE_UNAVAILABLE)
    finally:
        if hub.remove(conn):
            await _unsubscribe(friends, table_id)
        if person is not None:
            with contextlib.suppress(PicasError):
                await friends.disconnect(table_id, person, owner)
        conn.shut(conn.close_code or 1000)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, 1.0)
        writer.cancel()


@dataclass(frozen=True, slots=True)
class Hellos:
    """The bounds on ``hello``: per seated person (their token's digest) and per address."""

    person: Throttle
    address: Throttle

    @classmethod
    def of(cls, limits: FriendsLimits) -> Hellos:
        return cls(
            Throttle(limits.hello_rate, limits.hello_burst),
            Throttle(limits.address_hello_rate, limits.address_hello_burst),
        )


async def _take_turn(hellos: Hellos, address: str, token: str | None) -> None:
    """Wait, if this address or this person has said ``hello`` too often lately."""
    waits = [hellos.address.delay(address)]
    if token is not None:
        waits.append(hellos.person.delay(token_digest(token)))
    if max(waits) > 0:
        await asyncio.sleep(max(waits))


def _too_many_watchers(conns: set[Conn], address: str, limits: FriendsLimits) -> bool:
    watchers = [conn for conn in conns if conn.person is None and not conn.closed]
    from_here = sum(conn.address == address for conn in watchers)
    return len(watchers) >= limits.watchers_per_table or from_here >= limits.watchers_per_address


async def _subscribe(friends: Friends, table_id: str) -> None:
    await friends.store.subscribe(table_id)


async def _unsubscribe(friends: Friends, table_id: str) -> None:
    await friends.store.unsubscribe(table_id)


def _checked_id_or_none(table_id: str) -> str | None:
    try:
        return _checked_id(table_id)
    except TableNotFound:
        return None


def _viewer_seat(conn: Conn) -> Any:
    """The seat whose messages ``conn`` reads (None: a watcher's, the public ones)."""
    from picas.shared.seats import Seat

    return None if conn.viewer == "public" else Seat.from_key(conn.viewer)


async def _receive_text(websocket: WebSocket) -> str | None:
    """The next frame as text; None for a binary frame or text that is not UTF-8."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if isinstance(text, str) else None


async def _read_loop(
    websocket: WebSocket, conn: Conn, friends: Friends, limits: Any, address: str
) -> None:
    bucket = Bucket(limits.rate, limits.burst)
    asks = Bucket(limits.ask_rate, limits.ask_burst)
    dropped = 0
    last_said = 0.0
    while not conn.closed:
        text = await _receive_text(websocket)
        if not bucket.take():
            dropped += 1
            if dropped >= limits.flood_close:
                conn.push(_bye("too_many_messages", "Demasiados mensajes: la conexión se cierra."))
                conn.shut(CLOSE_FLOOD)
                return
            # A dropped message that asked for an answer (its ``ref``) gets its own refusal,
            # so the page knows to send it again; others are told once in a while.
            ref = _ref_of(text)
            if ref is not None or dropped == 1 or dropped % 50 == 0:
                conn.push(
                    _error("too_many_messages", "Demasiados mensajes: espera un momento.", ref)
                )
            continue
        dropped = 0
        if text is None:
            conn.push(_error(*refusals.NOT_TEXT[:2], None, refusals.NOT_TEXT[2]))
            continue
        if len(text.encode("utf-8", "surrogatepass")) > limits.max_message_bytes:
            conn.push(_error(*refusals.TOO_BIG[:2], _ref_of(text), refusals.TOO_BIG[2]))
            continue
        try:
            message = m.CLIENT_MESSAGE.validate_json(text)
        except ValidationError as error:
            code, sentence, params = refusals.refusal(error)
            conn.push(_error(code, sentence, _ref_of(text), params))
            continue
        if isinstance(message, m.PingMsg):
            conn.push(m.PongMsg().model_dump_json())
        elif isinstance(message, m.HelloMsg):
            conn.push(_error("not_hello", "Ya has saludado: el «hello» va una sola vez."))
        elif conn.person is None:
            conn.push(_error("not_seated", "Para jugar o hablar hay que sentarse a la mesa."))
        elif isinstance(message, m.SayMsg):
            now = time.monotonic()
            if now - last_said < limits.say_every:
                conn.push(_error("too_many_messages", "Espera un poco antes de decir otra cosa."))
                continue
            last_said = now
            await _guarded(conn, friends.say(conn.table_id, conn.person, message.phrase), None)
        elif isinstance(message, m.AskMsg):
            if not asks.take():
                text = "Espera un poco antes de pedir otra pista."
                conn.push(_error("too_many_messages", text, message.ref))
                continue
            await _ask(conn, friends, message, websocket.app.state.hints, address)
        else:
            assert isinstance(message, m.ActMsg)
            await _guarded(
                conn, friends.act(conn.table_id, conn.person, message.action), message.ref
            )


async def _ask(
    conn: Conn, friends: Friends, message: m.AskMsg, hints: FairLane, address: str
) -> None:
    """A hint or a tip for this socket's seat, in the hints' lane the solo ``/api/hint`` uses
    (the thread pool's time shared between addresses). The read loop waits for it: one at a
    time per socket, and what the person sends meanwhile waits its turn."""
    ref = message.ref
    assert conn.person is not None  # a watcher's ask is refused before (``not_seated``)
    try:
        ticket = hints.enter(address)
    except PicasError as error:  # this address has its share running or waiting, or all are
        conn.push(_refused(error, ref))
        return
    try:
        await ticket.granted
        answer = await friends.suggest(
            conn.table_id, conn.person, message.type, run_in_threadpool, ref
        )
        conn.push(answer)
    except PicasError as error:
        conn.push(_refused(error, ref))
    finally:
        hints.leave(ticket)


async def _guarded(conn: Conn, work: Any, ref: int | None) -> None:
    try:
        await work
    except PicasError as error:
        conn.push(_refused(error, ref))


def _ref_of(text: str | None) -> int | None:
    """The ``ref`` a message carries, if it is an object with a valid one (else None)."""
    if text is None or len(text) > MAX_REF_SCAN:
        return None
    try:
        return m.REF_ONLY.validate_json(text).ref
    except ValidationError:
        return None


async def _resync(friends: Friends, hub: Hub, conn: Conn) -> None:
    """A socket that missed a change gets the present as a ``welcome`` (once the store answers
    again, if it is what went away)."""
    while True:
        try:
            table = await friends.load(conn.table_id)
            break
        except TableNotFound:
            conn.shut(CLOSE_NOT_FOUND)
            return
        except PicasError:
            if conn.closed:
                return
            await asyncio.sleep(RESYNC_PAUSE)
    if conn.closed or conn.seq is not None:
        return
    if conn.person is not None:
        seat = table.seat_of_person(conn.person)
        if seat is None:  # no longer seated here (freed, handed to the CPU, left)
            conn.push(seat_lost(_bye))
            conn.shut(CLOSE_SEAT_LOST)
            return
        conn.viewer = seat
    hub.welcomed(conn, table.seq, friends.welcome(table, _viewer_seat(conn)).model_dump_json())


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
