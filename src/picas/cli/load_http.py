"""The HTTP client of ``picas load``'s simulated people: httpx, one keep-alive connection per
person (as a browser tab holds), bound to the person's own address. Only the abusive clients that
must misbehave below HTTP (idle connections, a trickled head, a 1 MB header) open raw sockets.

On a small machine the client shares the cores with the server: the load generator reports its
own CPU per request (docs/benchmarks.md, "Load") so that a costly client shows in the figures."""

from __future__ import annotations

import ssl
from functools import cache

import httpx2 as httpx

from picas.cli.load_basics import HttpError

TIMEOUT = 30.0
"""Seconds a request may wait on each step (connect, send, read) before it counts as an error."""
KEEP_ALIVE = 4.0
"""A connection idle longer than this is opened anew: the server's keep-alive is 5 s, and a
browser knows not to reuse a connection the server is about to close."""


@cache
def no_tls() -> ssl.SSLContext:
    """One context for every client: the targets are plain HTTP on this machine, and making a
    context per client (its default) costs milliseconds each at the start of a big run."""
    return httpx.create_ssl_context(verify=False)


class JsonClient:
    """POST JSON bodies (and GET) on one keep-alive connection from ``source``; the status and
    the body, or an ``HttpError`` when the connection fails or times out."""

    def __init__(self, base: str, source: str | None = None, connections: int = 1) -> None:
        self.source = source
        """The client's own address (127.0.0.2… are this machine too); None: the system's."""
        limits = httpx.Limits(
            max_connections=connections,
            max_keepalive_connections=connections,
            keepalive_expiry=KEEP_ALIVE,
        )
        transport = httpx.AsyncHTTPTransport(
            verify=no_tls(), trust_env=False, limits=limits, local_address=source
        )
        self.base = base
        self.urls: dict[str, httpx.URL] = {}
        """Each path's URL, parsed once: parsing it again for each request was about a tenth of the
        client's CPU."""
        self.client = httpx.AsyncClient(
            transport=transport,
            timeout=TIMEOUT,
            trust_env=False,
            headers={"Content-Type": "application/json"},
        )

    async def post(self, path: str, body: bytes, token: str | None = None) -> tuple[int, bytes]:
        headers = None if token is None else {"Authorization": f"Bearer {token}"}
        try:
            answer = await self.client.post(self.url(path), content=body, headers=headers)
        except httpx.HTTPError as error:
            raise HttpError(type(error).__name__) from None
        return answer.status_code, answer.content

    async def get(self, path: str, token: str | None = None) -> tuple[int, bytes]:
        headers = None if token is None else {"Authorization": f"Bearer {token}"}
        try:
            answer = await self.client.get(self.url(path), headers=headers)
        except httpx.HTTPError as error:
            raise HttpError(type(error).__name__) from None
        return answer.status_code, answer.content

    def url(self, path: str) -> httpx.URL:
        url = self.urls.get(path)
        if url is None:
            url = self.urls[path] = httpx.URL(self.base + path)
        return url

    async def close(self) -> None:
        await self.client.aclose()


def is_up(base: str) -> bool:
    """The server answers its API's description (blocking: while it starts)."""
    try:
        with httpx.Client(verify=no_tls(), trust_env=False, timeout=2) as client:
            return client.get(base + "/api/openapi.json").status_code == 200
    except httpx.HTTPError:
        return False
