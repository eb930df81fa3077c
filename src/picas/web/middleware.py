"""Two small ASGI middlewares: the body-size cap and the security headers."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping

from starlette.types import ASGIApp, Message, Receive, Scope, Send

SECURITY_HEADERS: Mapping[str, str] = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
        " frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
_RAW_SECURITY_HEADERS = tuple(
    (name.lower().encode("latin-1"), value.encode("latin-1"))
    for name, value in SECURITY_HEADERS.items()
)
_NO_STORE = (b"cache-control", b"no-store")
_NO_CACHE = (b"cache-control", b"no-cache")


class SecurityHeadersMiddleware:
    """Adds the security headers to every response (keeping any a response set itself), and an
    explicit ``Cache-Control``: ``no-store`` on the API's answers (a save belongs in the page, not
    in a cache), ``no-cache`` on the page and its files. ``no-cache`` makes a browser ask again
    each time with the file's ``ETag`` (a 304 with no body when it has not changed), so after a
    deployment no page ever runs old scripts against a newer API."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        is_api = str(scope.get("path", "")).startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers.extend(h for h in _RAW_SECURITY_HEADERS if h[0] not in present)
                if _NO_STORE[0] not in present:
                    headers.append(_NO_STORE if is_api else _NO_CACHE)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class BodyLimitMiddleware:
    """Refuses a request whose body is over ``max_bytes`` with 413 ``too_large``.

    The body is read here, counting the bytes as they arrive, so a client that sends no
    ``Content-Length`` (or a false one) is stopped at the cap, not after a gigabyte. A declared
    length over the cap is refused before reading anything. The bodies this app takes are small
    JSON documents, so holding one in memory is what the endpoint would do anyway.
    """

    def __init__(self, app: ASGIApp, *, max_bytes: int, timeout: float) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                if value.isdigit() and int(value) > self.max_bytes:
                    await self._too_large(send)
                    return
                break
        try:
            async with asyncio.timeout(self.timeout):  # a body trickled in never ends otherwise
                body = await self._read(receive)
        except TimeoutError:
            await _refuse(send, 408, "request_timeout", "La petición ha tardado demasiado.")
            return
        if body is None:
            return  # the client has gone: nobody to answer
        if len(body) > self.max_bytes:
            await self._too_large(send)
            return
        await self.app(scope, replaying(whole_body(body), receive), send)

    async def _read(self, receive: Receive) -> bytes | None:
        """The body, or None if the client left; reading stops just past the cap."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            chunks.append(chunk)
            if size > self.max_bytes or not message.get("more_body", False):
                return b"".join(chunks)

    async def _too_large(self, send: Send) -> None:
        kib = self.max_bytes // 1024
        await _refuse(send, 413, "too_large", f"La petición es demasiado grande (máximo {kib} KB).")


async def _refuse(send: Send, status: int, code: str, message: str) -> None:
    content = json.dumps(
        {"error": {"code": code, "message": message, "params": {}}},
        ensure_ascii=False,
        separators=(",", ":"),
    ).encode("utf-8")
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(content)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": content})


def whole_body(body: bytes) -> Message:
    """The message that hands an app a body read whole."""
    return {"type": "http.request", "body": body, "more_body": False}


def replaying(first: Message, receive: Receive) -> Receive:
    """A ``receive`` that gives the body already read (``first``) once, then waits on the
    client's own (for the disconnect, as a server would): what a middleware that read the body
    to look at it passes on."""
    delivered = False

    async def replay() -> Message:
        nonlocal delivered
        if not delivered:
            delivered = True
            return first
        return await receive()

    return replay
