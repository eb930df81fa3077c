"""The HTTP connection limits uvicorn does not have, on its own fast parser (httptools).

uvicorn gives a keep-alive timeout and little else: no limit on the size or the number of a
request's headers, no deadline for a request's head to arrive (a client trickling one byte a
second holds a connection for ever), no cap on open connections that answers before reading, and
its own refusals (a malformed request line, an unknown method, a non-ASCII path, both
Content-Length and Transfer-Encoding) are English ``text/plain`` without the security headers.
:class:`GuardedHttpToolsProtocol` is uvicorn's httptools protocol with those added:

* the request line and headers together at most ``max_head_bytes`` (431 ``headers_too_large``),
  the URL at most ``max_url_bytes`` (414 ``url_too_long``), at most ``max_headers`` headers (431);
* the head must be complete ``head_timeout`` seconds after the connection opens or the previous
  answer ends (408 ``request_timeout``, then the connection closes): this also closes a
  connection that sends nothing;
* at most ``max_connections`` open connections in this process: one more is answered 503
  ``too_many_connections`` with ``Retry-After`` and closed at once;
* at most ``max_address_connections`` of them from one client address (fewer than
  ``max_connections``, so one address can never take them all): one more is refused the same way,
  before anything of it is read. Behind a proxy (``behind_proxy``) every connection comes from
  the proxy, which keeps its own per-address limit (deploy/nginx.conf), so this one is off;
* every refusal of the server's own is the API's JSON error with the security headers.

The limits come from the environment (``PICAS_MAX_HEAD_BYTES`` …, set by ``picas serve`` from its
flags), so every worker process reads the same. docs/api.md, "Server limits", lists them.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from picas.web.errors import RETRY_AFTER_SECONDS
from picas.web.middleware import SECURITY_HEADERS


@dataclass(frozen=True, slots=True)
class ConnectionLimits:
    max_head_bytes: int = 16 * 1024
    """Request line and headers together; a browser's are under 4 KB."""
    max_url_bytes: int = 8 * 1024
    max_headers: int = 64
    head_timeout: float = 10.0
    """Seconds for a request's line and headers to arrive (from the connection's start, or from
    the end of the previous answer on a kept-alive connection)."""
    max_connections: int = 1000
    """Open connections per server process."""
    max_address_connections: int = 250
    """Open connections per client address and server process: a quarter of the process's, room
    for a school or an office behind one address (a browser opens up to six)."""
    behind_proxy: bool = False
    """Every connection comes from a reverse proxy: no per-address cap here (the proxy's)."""

    ENV_PREFIX = "PICAS_"

    @classmethod
    def env_name(cls, name: str) -> str:
        return cls.ENV_PREFIX + name.upper()

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> ConnectionLimits:
        environ = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for item in fields(cls):
            text = environ.get(cls.env_name(item.name))
            if not text:
                continue
            if item.type == "bool":
                values[item.name] = text == "1"
            else:
                values[item.name] = float(text) if item.type == "float" else int(text)
        return cls(**values)

    def to_env(self) -> dict[str, str]:
        return {
            self.env_name(item.name): _env_text(getattr(self, item.name)) for item in fields(self)
        }


def _env_text(value: object) -> str:
    return ("1" if value else "0") if isinstance(value, bool) else str(value)


class _Refused(Exception):  # noqa: N818 - a signal inside the parser, not an error
    """Raised in a parser callback to stop reading; the answer is already chosen."""


def refusal_bytes(
    status: int, reason: str, code: str, message: str, extra: Mapping[str, str] | None = None
) -> bytes:
    """A complete HTTP/1.1 answer in the API's error shape, with the security headers, that
    closes the connection."""
    body = json.dumps(
        {"error": {"code": code, "message": message, "params": {}}},
        ensure_ascii=False,
        separators=(",", ":"),
    ).encode("utf-8")
    headers = {
        "Content-Type": "application/json",
        "Content-Length": str(len(body)),
        "Cache-Control": "no-store",
        "Connection": "close",
        **SECURITY_HEADERS,
        **(extra or {}),
    }
    head = f"HTTP/1.1 {status} {reason}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    return head.encode("latin-1") + b"\r\n" + body


BAD_REQUEST = (400, "Bad Request", "bad_request", "No se puede leer la petición.")
HEAD_TOO_LARGE = (
    431,
    "Request Header Fields Too Large",
    "headers_too_large",
    "Las cabeceras de la petición son demasiado grandes.",
)
URL_TOO_LONG = (414, "URI Too Long", "url_too_long", "La dirección es demasiado larga.")
TIMEOUT = (408, "Request Timeout", "request_timeout", "La petición ha tardado demasiado.")
TOO_MANY = (
    503,
    "Service Unavailable",
    "too_many_connections",
    "El servidor tiene demasiadas conexiones abiertas: vuelve a intentarlo en unos segundos.",
)
TOO_MANY_FROM_ADDRESS = (
    503,
    "Service Unavailable",
    "too_many_connections",
    "Demasiadas conexiones abiertas desde tu dirección: vuelve a intentarlo en unos segundos.",
)


class GuardedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with the limits above (see the module's docstring)."""

    fixed_limits: ClassVar[ConnectionLimits | None] = None
    """Limits for every connection (tests); None: from the environment, read per connection."""
    open_by_address: ClassVar[Counter[str]] = Counter()
    """Open connections by client address, in this process (one server per process; servers
    run side by side in one test process share it)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.limits = self.fixed_limits or ConnectionLimits.from_env()
        self._head_bytes = 0
        self._header_count = 0
        self._refusal: tuple[int, str, str, str] | None = None
        self._head_timer: asyncio.TimerHandle | None = None
        self._address: str | None = None

    # --- the connection -------------------------------------------------------------------------

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        retry = {"Retry-After": str(RETRY_AFTER_SECONDS)}
        if len(self.connections) > self.limits.max_connections:
            self._refuse(TOO_MANY, retry)
            return
        if not self.limits.behind_proxy and self.client is not None:
            self._address = str(self.client[0])
            self.open_by_address[self._address] += 1
            if self.open_by_address[self._address] > self.limits.max_address_connections:
                self._refuse(TOO_MANY_FROM_ADDRESS, retry)
                return
        self._arm_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_head_timer()
        if self._address is not None:
            left = self.open_by_address[self._address] - 1
            if left > 0:
                self.open_by_address[self._address] = left
            else:
                del self.open_by_address[self._address]
            self._address = None
        super().connection_lost(exc)

    def handle_websocket_upgrade(self) -> None:
        """A WebSocket keeps this connection's place in the per-address count until the socket
        closes (uvicorn hands the transport to its WebSocket protocol, and this protocol's
        ``connection_lost`` is never called)."""
        address, self._address = self._address, None
        super().handle_websocket_upgrade()
        if address is None:
            return
        socket_protocol = self.transport.get_protocol()
        lost = socket_protocol.connection_lost
        counts = self.open_by_address

        def released(exc: Exception | None) -> None:
            left = counts[address] - 1
            if left > 0:
                counts[address] = left
            else:
                counts.pop(address, None)
            lost(exc)

        socket_protocol.connection_lost = released  # type: ignore[method-assign]

    def data_received(self, data: bytes) -> None:
        if self.transport.is_closing():
            return  # refused already: the rest is not read
        super().data_received(data)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm_head_timer()  # the next request's head has the same deadline

    # --- the parser's callbacks -----------------------------------------------------------------

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._head_bytes = 0
        self._header_count = 0
        if self._head_timer is None:
            self._arm_head_timer()

    def on_url(self, url: bytes) -> None:
        self._head_bytes += len(url)
        if len(self.url) + len(url) > self.limits.max_url_bytes:
            self._stop(URL_TOO_LONG)
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._head_bytes += len(name) + len(value) + 4
        self._header_count += 1
        if (
            self._head_bytes > self.limits.max_head_bytes
            or self._header_count > self.limits.max_headers
        ):
            self._stop(HEAD_TOO_LARGE)
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self._disarm_head_timer()
        super().on_headers_complete()

    # --- refusals -------------------------------------------------------------------------------

    def send_400_response(self, msg: str) -> None:
        """uvicorn's answer to whatever its parser refuses, in the API's shape."""
        self._refuse(self._refusal or BAD_REQUEST)

    def _stop(self, refusal: tuple[int, str, str, str]) -> None:
        self._refusal = refusal
        raise _Refused  # the parser stops; uvicorn calls send_400_response

    def _refuse(
        self, refusal: tuple[int, str, str, str], extra: Mapping[str, str] | None = None
    ) -> None:
        self._disarm_head_timer()
        if self.transport.is_closing():
            return
        self.transport.write(refusal_bytes(*refusal, extra))
        self.transport.close()

    def _arm_head_timer(self) -> None:
        self._disarm_head_timer()
        loop = asyncio.get_running_loop()
        self._head_timer = loop.call_later(self.limits.head_timeout, self._head_timed_out)

    def _disarm_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timed_out(self) -> None:
        self._head_timer = None
        self._refuse(TIMEOUT)
