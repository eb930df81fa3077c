"""Around the table: ``/api/hint``, ``/api/practice`` («Rejugar esta mano») and
``/api/games/import`` (open a downloaded game). The answers are the union of every game's
(:func:`picas.web.games.game_unions`), made when the app is."""

# Not ``from __future__ import annotations``: the endpoints' types are made at run time, from the
# games' registry, and FastAPI reads them off the functions.

import hashlib
from collections.abc import Sequence
from typing import Any

from fastapi import APIRouter, Request
from pydantic import TypeAdapter
from starlette.concurrency import run_in_threadpool

from picas import games
from picas.record import RecordError, check_encodable, read_envelope
from picas.web import jobs, review
from picas.web.deps import ERROR_RESPONSES, AnswersDep, HeavyDep, HintsDep, TableDep
from picas.web.games import game_unions
from picas.web.guard import RustJsonRoute
from picas.web.schemas import ImportIn, PracticeIn, SaveOnlyIn
from picas.web.signing import canonical_json

# The hint is Normal's logic on South's view (a few milliseconds): a plain ``def`` in the thread
# pool. The practice comparison and an import's check make the computer players play whole hands:
# they run in the heavy pool (picas.web.heavy), and their answers, pure functions of the request,
# are kept by signature.


def review_router(keys: Sequence[str] | None = None) -> APIRouter:
    """The router for the games ``keys`` (every registered game by default)."""
    unions = game_unions(games.keys() if keys is None else keys)
    hint_out: TypeAdapter[Any] = TypeAdapter(unions.hint_out)
    practice_out: TypeAdapter[Any] = TypeAdapter(unions.practice_out)
    import_out: TypeAdapter[Any] = TypeAdapter(unions.import_out)
    router = APIRouter(
        prefix="/api", tags=["review"], responses=ERROR_RESPONSES, route_class=RustJsonRoute
    )

    @router.post(
        "/hint", response_model=unions.hint_out, summary="A suggested card, bid or pass, and why"
    )
    async def hint(
        body: SaveOnlyIn, request: Request, table: TableDep, heavy: HeavyDep, hints: HintsDep
    ) -> Any:
        # The hints' lane shares the thread pool's time between addresses (picas.web.fair).
        ticket = hints.enter(heavy.address(request))
        try:
            await ticket.granted
            answer = await run_in_threadpool(review.hint, table, body.save.record, body.save.sig)
        finally:
            hints.leave(ticket)
        return hint_out.validate_python(answer)

    @router.post("/practice", response_model=unions.practice_out, summary="Replay a finished hand")
    async def practice(
        body: PracticeIn, request: Request, table: TableDep, heavy: HeavyDep, answers: AnswersDep
    ) -> Any:
        record, sig = body.save.record, body.save.sig
        table.verify(record, sig)  # only a save this server signed names its answer by signature
        key = f"practice/{sig}/{body.hand_number}"
        answer = answers.get(key)
        if answer is None:
            answer = await heavy.run(request, jobs.practice, record, sig, body.hand_number)
            answers.put(key, answer)
        return practice_out.validate_python(answer)

    @router.post(
        "/games/import", response_model=unions.import_out, summary="Open a downloaded game"
    )
    async def import_game(
        body: ImportIn, request: Request, heavy: HeavyDep, answers: AnswersDep, table: TableDep
    ) -> Any:
        key = await run_in_threadpool(_import_key, body)
        answer = None if key is None else answers.get(key)
        if answer is None:
            answer = await heavy.run(request, jobs.import_record, body.record, body.sig)
            if key is not None:
                answers.put(key, answer)
        return import_out.validate_python(answer)

    return router


def _import_key(body: ImportIn) -> str | None:
    """An import's answer depends on the file only (the record and the signature it came with):
    its digest. None for a file that cannot be written as canonical JSON (it is refused anyway).
    A record whose envelope is malformed is refused here first, before the digest and the trip
    to a worker (both in proportion to its size)."""
    try:
        read_envelope(body.record)
    except RecordError:
        check_encodable(body.record)  # a lone surrogate is ``bad_text`` first, as read_record says
        raise
    try:
        data = canonical_json({"record": body.record, "sig": body.sig})
    except (ValueError, TypeError, RecursionError):
        return None
    return "import/" + hashlib.sha256(data).hexdigest()
