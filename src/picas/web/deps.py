"""What routes share: the table (from the app's state) and the documented error answers."""

from __future__ import annotations

from typing import Annotated, Any, cast

from fastapi import Depends, Request

from picas.web.cache import AnswerCache
from picas.web.fair import FairLane
from picas.web.heavy import HeavyPool
from picas.web.schemas import ErrorOut
from picas.web.table import Table


async def get_table(request: Request) -> Table:
    """``async`` so that it runs on the event loop instead of taking a trip to the thread pool."""
    return cast(Table, request.app.state.table)


TableDep = Annotated[Table, Depends(get_table)]


async def get_heavy(request: Request) -> HeavyPool:
    return cast(HeavyPool, request.app.state.heavy)


HeavyDep = Annotated[HeavyPool, Depends(get_heavy)]


async def get_replies(request: Request) -> HeavyPool:
    """The lane for Difícil's replies (picas.web.heavy, "Two lanes")."""
    return cast(HeavyPool, request.app.state.replies)


RepliesDep = Annotated[HeavyPool, Depends(get_replies)]


async def get_hints(request: Request) -> FairLane:
    """The hints' lane (picas.web.fair): hints run in the thread pool, shared between addresses."""
    return cast(FairLane, request.app.state.hints)


HintsDep = Annotated[FairLane, Depends(get_hints)]


async def get_answers(request: Request) -> AnswerCache:
    return cast(AnswerCache, request.app.state.answers)


AnswersDep = Annotated[AnswerCache, Depends(get_answers)]
"""Answers that are pure functions of a signed save (a practice game, an import), by key."""


def documented_error(description: str) -> dict[str, Any]:
    """One status of a route's ``responses`` in the API schema: its body is an :class:`ErrorOut`
    (a stable code, a Spanish sentence), ``description`` says which codes and when."""
    return {"model": ErrorOut, "description": description}


ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    400: documented_error(
        "Malformed body (`bad_request`) or an edited or foreign save (`bad_signature`)."
    ),
    409: documented_error(
        "Not allowed in this position of the game: `must_follow_suit`, `not_your_turn`…"
    ),
    413: documented_error("Body over the size cap (`too_large`)."),
    429: documented_error(
        "This client address has its share of a lane of heavy work already"
        " (`too_many_requests`, with `Retry-After`)."
    ),
    422: documented_error(
        "Well-formed but unusable: `invalid_code`, `invalid_action`, a record code…"
    ),
    503: documented_error(
        "Busy: every worker for heavy work is taken (`busy`, with `Retry-After`), a job passed"
        " its deadline (`too_slow`), or a part of the server is not installed (`unavailable`)."
    ),
}
