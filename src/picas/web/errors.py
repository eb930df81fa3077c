"""Errors → HTTP answers, in one place.

Routes just raise. Every answer has the same shape, ``{"error": {"code", "message", "params"}}``:
a stable code and what its sentence names (a seat, a suit, a card, a count) for programs and for
the page to say in its own words (:mod:`picas.web.codes`), and the Spanish message for API users
and the CLI. Nothing a client sends produces a 500; the catch-all for real server faults logs
the details and answers with a generic message.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response

from picas.games import KEYS, find_game
from picas.record import RecordError
from picas.shared.errors import (
    NO_PARAMS,
    IllegalAction,
    InvalidAction,
    InvalidCode,
    InvalidRules,
    Params,
    PicasError,
)
from picas.shared.spec import UnknownGame
from picas.shared.views import params_json
from picas.web.middleware import SECURITY_HEADERS

log = logging.getLogger("picas.web")


class BadSignatureError(PicasError):
    """The save was edited, damaged, or signed by another server."""

    code = "bad_signature"


class MalformedSignatureError(BadSignatureError):
    """A ``sig`` that is not 64 lowercase hex characters, as every signature this server writes
    is: refused before the record is made canonical to check it."""

    code = "malformed_signature"


class UnavailableError(PicasError):
    """A part of the server (a level's computer players, the tip) is not installed."""

    code = "unavailable"


RETRY_AFTER_SECONDS = 5


class BusyError(PicasError):
    """Every worker for heavy work is busy (``busy``), or a job passed its deadline and was
    stopped (``too_slow``): try again in a few seconds; the save is untouched."""

    code = "busy"

    def __init__(self, message: str | None = None, *, code: str | None = None) -> None:
        super().__init__(
            message
            or "La mesa está muy ocupada ahora mismo: vuelve a intentarlo en unos segundos."
            " Tu partida sigue guardada.",
            code=code,
        )


class TooManyRequestsError(PicasError):
    """This client address already has its share of a lane of heavy work running or waiting
    (picas.web.fair): refused at once, before the request is read further; the save is
    untouched. Behind nginx, its own per-address limits answer with the same code."""

    code = "too_many_requests"

    def __init__(self) -> None:
        super().__init__(TOO_MANY_REQUESTS_MESSAGE)


TOO_MANY_REQUESTS_MESSAGE = (
    "Demasiadas peticiones seguidas desde tu dirección: espera unos segundos y vuelve a"
    " intentarlo. Tu partida sigue guardada."
)


class WorkerCrashedError(BusyError):
    """The worker process thinking for this request ended without an answer (killed, or out of
    memory): nothing was played, the save is untouched, and asking again starts a new worker."""

    code = "worker_crashed"

    def __init__(self) -> None:
        super().__init__(
            "El proceso que pensaba la jugada de la CPU se ha detenido sin terminarla. Tu partida"
            " sigue guardada tal como estaba: vuelve a intentarlo."
        )


class ClientGoneError(Exception):
    """The client closed the connection while its heavy job ran: the job was stopped."""


STATUS_BY_ERROR: Mapping[type[PicasError], int] = {
    PicasError: 400,
    BadSignatureError: 400,
    MalformedSignatureError: 400,
    InvalidAction: 422,  # not a bid, not a card
    InvalidCode: 422,
    InvalidRules: 422,
    RecordError: 422,  # signed, yet it does not replay (a record from an older engine)
    IllegalAction: 409,  # well formed, but not allowed in this position of the game
    UnavailableError: 503,
    BusyError: 503,
    TooManyRequestsError: 429,
    WorkerCrashedError: 503,
}
"""One entry per domain error; Starlette picks the most specific class of a raised error."""

BODY_REFUSALS: Mapping[str, int] = {
    "save_too_large": 413,
    "too_deep": 400,
    "too_many_objects": 400,
    "bad_number": 400,
}
"""The refusals of a body by its bytes alone, before it is parsed (:mod:`picas.web.guard`)."""

INTERNAL_MESSAGE = (
    "Algo ha fallado en el servidor. Tu partida sigue guardada en el navegador:"
    " vuelve a intentarlo."
)
HTTP_ERRORS: Mapping[int, tuple[str, str]] = {
    400: ("bad_request", "No se puede leer la petición."),
    404: ("not_found", "Aquí no hay nada."),
    405: ("method_not_allowed", "Esa dirección no admite este método."),
    413: ("too_large", "La petición es demasiado grande."),
}


def error_response(
    status: int,
    code: str,
    message: str,
    headers: Mapping[str, str] | None = None,
    params: Params = NO_PARAMS,
) -> JSONResponse:
    """The one error shape. Security headers are set here too, because the catch-all's answer
    is sent from outside the middleware that adds them to every other response."""
    return JSONResponse(
        {"error": {"code": code, "message": message, "params": params_json(params)}},
        status_code=status,
        headers={**SECURITY_HEADERS, **(headers or {})},
    )


def _domain_handler(status: int) -> Callable[[Request, Exception], Awaitable[Response]]:
    async def handle(request: Request, error: Exception) -> Response:
        assert isinstance(error, PicasError)
        retry = isinstance(error, BusyError | TooManyRequestsError)
        headers = {"Retry-After": str(RETRY_AFTER_SECONDS)} if retry else {}
        return error_response(status, error.code, error.message, headers, error.params)

    return handle


def install_statuses(app: FastAPI, statuses: Mapping[type[PicasError], int]) -> None:
    """Answer each of a part's refusals with its HTTP status and the one error shape (its code,
    message and parameters). A part calls this with its own table of statuses when it is
    installed, so that the statuses stay beside the errors they are for."""
    for error_class, status in statuses.items():
        app.add_exception_handler(error_class, _domain_handler(status))


async def _validation_handler(request: Request, error: Exception) -> Response:
    assert isinstance(error, RequestValidationError)
    return error_response(400, "bad_request", describe_validation(error.errors()))


async def _http_handler(request: Request, error: Exception) -> Response:
    assert isinstance(error, StarletteHTTPException)
    code, message = HTTP_ERRORS.get(
        error.status_code, (f"http_{error.status_code}", "No se puede atender la petición.")
    )
    if error.status_code >= 500:
        log.error("HTTP %s en %s %s", error.status_code, request.method, request.url.path)
        message = INTERNAL_MESSAGE
    return error_response(error.status_code, code, message, error.headers)


async def _client_gone_handler(request: Request, error: Exception) -> Response:
    # Nobody reads this answer: the client has gone, and its job was stopped.
    return error_response(503, "client_gone", "La petición se ha cancelado.")


async def _internal_handler(request: Request, error: Exception) -> Response:
    log.error("Error interno en %s %s", request.method, request.url.path, exc_info=error)
    # Sent from outside the headers middleware: ``no-store`` too, as on every API answer.
    return error_response(500, "internal_error", INTERNAL_MESSAGE, {"Cache-Control": "no-store"})


def install(app: FastAPI) -> None:
    install_statuses(app, STATUS_BY_ERROR)
    app.add_exception_handler(RequestValidationError, _validation_handler)
    app.add_exception_handler(StarletteHTTPException, _http_handler)
    app.add_exception_handler(ClientGoneError, _client_gone_handler)
    app.add_exception_handler(Exception, _internal_handler)


# --- validation errors in Spanish ----------------------------------------------------------------

FIELD_HINTS: Mapping[str, str] = {
    "level": "El nivel debe ser «facil», «normal» o «dificil».",
    "code": "El código de partida debe ser un texto corto (8 caracteres).",
    "action": 'La acción es un canto (0 a 13), "blind_nil", "look", una carta ("QH") o, en'
    ' Corazones, un pase de tres cartas (["QS", "AS", "KS"]).',
    "save": 'La partida guardada debe ser un objeto {"record": {...}, "sig": "..."}.',
    "save.record": "La partida guardada no tiene un registro válido.",
    "save.sig": "La firma de la partida guardada debe ser un texto.",
    "hand_number": "«hand_number» es el número de una mano acabada (1, 2, 3…).",
    "record": "«record» debe ser una partida de Picas (un objeto JSON).",
    "game": f"«game» debe ser {' o '.join(f'«{key}»' for key in KEYS)}.",
}
"""The hints of the fields that are not a game's options (:func:`option_hint` says those)."""


def option_hint(game: str | None, field: str) -> str | None:
    """The refusal of a value a game's option does not take, from its declaration
    (``games/<key>/options.py``); ``game`` None is the first game's (its body may leave ``game``
    out)."""
    try:
        options = find_game(game or KEYS[0]).options
    except UnknownGame:
        return None
    option = options.get(field)
    return None if option is None else option.hint_es()


TYPE_WORDS: Mapping[str, str] = {
    "bool": "verdadero o falso",
    "int": "un número entero",
    "string": "un texto",
    "dict": "un objeto JSON",
    "model": "un objeto JSON",
    "model_attributes": "un objeto JSON",
}


def describe_validation(errors: Sequence[Any]) -> str:
    """A short Spanish sentence for the first problem pydantic found in a request."""
    if not errors:
        return "La petición no es válida."
    first = errors[0]
    kind = str(first.get("type", ""))
    loc = [str(part) for part in first.get("loc", ()) if isinstance(part, str)]
    game = next((part for part in loc if part in GAME_TAGS), None)
    names = [
        part
        for part in loc[1:]
        if part.isidentifier() and part not in _UNION_TAGS and part not in GAME_TAGS
    ]
    field = ".".join(names)
    if kind == "json_invalid":
        return "El cuerpo de la petición no es JSON válido."
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        return FIELD_HINTS["game"]
    if not field:
        if kind == "missing":
            return "Falta el cuerpo de la petición (un objeto JSON)."
        return "El cuerpo de la petición debe ser un objeto JSON (Content-Type: application/json)."
    if kind == "missing":
        return f"Falta «{field}»."
    if kind == "extra_forbidden":
        return f"«{field}» no es un campo de esta petición."
    hint = option_hint(game, field) or FIELD_HINTS.get(field)
    if hint is not None:
        return hint
    if kind.endswith("_type"):
        words = TYPE_WORDS.get(kind.removesuffix("_type"))
        if words is not None:
            return f"«{field}» debe ser {words}."
    if kind.startswith("string_too"):
        return f"«{field}» tiene una longitud no válida."
    return f"«{field}» no es válido."


_UNION_TAGS = frozenset({"int", "str", "bool", "dict", "list", "none"})
GAME_TAGS = frozenset(KEYS)
"""The tags of the bodies that differ by game (a discriminated union on ``game``)."""
