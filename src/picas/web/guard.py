"""Refuse a body no request of this API can be, before its JSON is parsed.

Parsing and checking a save costs time in proportion to its bytes and, far more, to its nesting
(a list nested 30 deep, repeated, costs ``json.loads`` some 80 ms for 184 KB: docs/benchmarks.md,
"Refusing before paying"). So before FastAPI parses a body, this middleware looks at its bytes with
a few passes of C code (``bytes.replace``/``count``/``translate``, one regular expression), never a
Python loop over characters, and refuses:

* a body larger than the largest request a real game can make (:data:`MAX_REQUEST_BYTES`, worked
  out in :mod:`picas.web.bounds`, whitespace between tokens not counted): 413 ``save_too_large``;
* JSON nested deeper than any request needs (:data:`MAX_JSON_DEPTH`): 400 ``too_deep``;
* more lists and objects than the longest game has (:data:`MAX_CONTAINERS`): 400
  ``too_many_objects`` (each is an object the garbage collector must track);
* a number JSON does not have (``NaN``, ``Infinity``) or one with a fraction or an exponent, which
  no field of any body holds: 400 ``bad_number``.

What passes is small and shallow, so parsing it on the event loop is always quick (at most a few
milliseconds, measured), the more so as it is parsed by pydantic's own parser (Rust:
:class:`RustJsonRoute`, 2–4 times quicker than ``json.loads`` on a save); a signature that is not
64 hex characters is then refused before the record is made canonical
(:meth:`picas.web.table.Table.verify`).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Coroutine
from typing import Any

import pydantic_core
from fastapi.routing import APIRoute
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from picas.web.bounds import MAX_CONTAINERS, MAX_JSON_DEPTH, MAX_REQUEST_BYTES
from picas.web.errors import BODY_REFUSALS, error_response
from picas.web.middleware import replaying, whole_body

WHITESPACE = b" \t\r\n"
_BRACKETS_ONLY = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))
_FRACTION_OR_EXPONENT = re.compile(rb"[0-9][.eE]")
_NOT_FINITE = (b"NaN", b"Infinity")


def outside_strings(body: bytes) -> bytes:
    """The body with every JSON string taken out: what is left are brackets, numbers, literals
    and punctuation. Escaped backslashes go first, then escaped quotes, left to right as a JSON
    reader pairs them, so the quotes left are exactly the strings' ends: every other piece
    between two of them is a string."""
    unescaped = body.replace(b"\\\\", b"").replace(b'\\"', b"")
    return b"".join(unescaped.split(b'"')[::2])


def deeper_than(tokens: bytes, limit: int) -> bool:
    """Whether the brackets in ``tokens`` (a body outside its strings) nest deeper than ``limit``.

    Both kinds are folded into ``[]`` first (a mismatched pair is malformed JSON, which the
    parser refuses at once). A run of ``limit + 1`` opening or closing brackets is too deep at
    once; otherwise each pass removes every innermost pair, so a body ``limit`` deep is empty
    after ``limit`` passes and a deeper one still has a pair left. Brackets that never pair
    (``]]`` alone) are malformed: left to the parser, which stops at them.
    """
    brackets = tokens.translate(_BRACKETS_ONLY, _NOT_BRACKETS)
    runs = (b"[" * (limit + 1), b"]" * (limit + 1))
    for _ in range(limit):
        if not brackets:
            return False
        if any(run in brackets for run in runs):
            return True
        fewer = brackets.replace(b"[]", b"")
        if len(fewer) == len(brackets):
            return False  # no pair at all: malformed
        brackets = fewer
    return b"[]" in brackets


def _has_fraction(tokens: bytes) -> bool:
    """Whether a number outside strings has a fraction or an exponent. The regular expression
    (about a millisecond over the largest body) runs only when a ``.``, ``e`` or ``E`` is left
    once the literals that have one are gone."""
    bare = tokens.replace(b"true", b"").replace(b"false", b"")
    if b"." not in bare and b"e" not in bare and b"E" not in bare:
        return False
    return _FRACTION_OR_EXPONENT.search(tokens) is not None


def refusal(body: bytes) -> tuple[int, str, str] | None:
    """Why ``body`` cannot be a request of this API, or None: (status, code, Spanish message).
    Whitespace is dropped first (inside strings too: they are not looked at), so a pretty-printed
    save counts as a compact one and every later pass reads at most the bound's bytes."""
    compact = body.translate(None, WHITESPACE)
    if len(compact) > MAX_REQUEST_BYTES:
        kib = MAX_REQUEST_BYTES // 1024
        return (
            BODY_REFUSALS["save_too_large"],
            "save_too_large",
            f"La petición es más grande que la partida más larga posible ({kib} KB).",
        )
    tokens = outside_strings(compact)
    if deeper_than(tokens, MAX_JSON_DEPTH):
        return (
            BODY_REFUSALS["too_deep"],
            "too_deep",
            f"El JSON está anidado a más de {MAX_JSON_DEPTH} niveles: ninguna partida lo necesita.",
        )
    if tokens.count(b"[") + tokens.count(b"{") > MAX_CONTAINERS:
        return (
            BODY_REFUSALS["too_many_objects"],
            "too_many_objects",
            f"La petición tiene más de {MAX_CONTAINERS} listas y objetos: más que la partida más"
            " larga posible.",
        )
    if any(word in tokens for word in _NOT_FINITE) or _has_fraction(tokens):
        return (
            BODY_REFUSALS["bad_number"],
            "bad_number",
            "La petición tiene un número con decimales, NaN o Infinity: aquí solo hay enteros.",
        )
    return None


class BodyShapeMiddleware:
    """Refuses a POST under ``/api/`` whose body :func:`refusal` refuses; passes the rest on with
    their body as read. It sits inside the body cap (:class:`picas.web.middleware
    .BodyLimitMiddleware`), which has read the whole body, at most 256 KB."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope.get("method") != "POST"
            or not str(scope.get("path", "")).startswith("/api/")
        ):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client has gone: nobody to answer
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        refused = refusal(body)
        if refused is not None:
            status, code, text = refused
            await error_response(status, code, text)(scope, receive, send)
            return
        await self.app(scope, replaying(whole_body(body), receive), send)


class RustJsonRoute(APIRoute):
    """An API route whose JSON body is parsed by pydantic's parser (``pydantic_core.from_json``)
    instead of ``json.loads``: the same values (the last of repeated keys, integers of any size),
    in a half to a quarter of the time. A body it refuses (a lone surrogate, malformed JSON) is
    left to FastAPI's own parsing, so every refusal reads as before."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def parse_then_handle(request: Request) -> Response:
            body = await request.body()
            # On ValueError json.loads parses it, or refuses it, as FastAPI does anyway.
            with contextlib.suppress(ValueError):
                if body:
                    request._json = pydantic_core.from_json(body)
            return await handler(request)

        return parse_then_handle
