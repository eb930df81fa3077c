"""Around the table: ``/api/hint``, ``/api/practice`` («Rejugar esta mano») and
``/api/games/import`` (open a downloaded game)."""

from __future__ import annotations

import hashlib

from fastapi import APIRouter, Request
from pydantic import TypeAdapter
from starlette.concurrency import run_in_threadpool

from picas.record import RecordError, check_encodable, read_envelope
from picas.web import jobs, review
from picas.web.deps import ERROR_RESPONSES, AnswersDep, HeavyDep, HintsDep, TableDep
from picas.web.guard import RustJsonRoute
from picas.web.schemas import (
    AnyHintOut,
    AnyImportOut,
    AnyPracticeOut,
    CorazonesHintOut,
    CorazonesImportOut,
    CorazonesPracticeOut,
    HintOut,
    ImportIn,
    ImportOut,
    PracticeIn,
    PracticeOut,
    SaveOnlyIn,
)
from picas.web.signing import canonical_json

router = APIRouter(
    prefix="/api", tags=["review"], responses=ERROR_RESPONSES, route_class=RustJsonRoute
)

HINT_OUT: TypeAdapter[HintOut | CorazonesHintOut] = TypeAdapter(AnyHintOut)
PRACTICE_OUT: TypeAdapter[PracticeOut | CorazonesPracticeOut] = TypeAdapter(AnyPracticeOut)
IMPORT_OUT: TypeAdapter[ImportOut | CorazonesImportOut] = TypeAdapter(AnyImportOut)

# The hint is Normal's logic on South's view (a few milliseconds): a plain ``def`` in the thread
# pool. The practice comparison and an import's check make the computer players play whole hands:
# they run in the heavy pool (picas.web.heavy), and their answers, pure functions of the request,
# are kept by signature.


@router.post("/hint", response_model=AnyHintOut, summary="A suggested card, bid or pass, and why")
async def hint(
    body: SaveOnlyIn, request: Request, table: TableDep, heavy: HeavyDep, hints: HintsDep
) -> HintOut | CorazonesHintOut:
    # The hints' lane shares the thread pool's time between addresses (picas.web.fair).
    ticket = hints.enter(heavy.address(request))
    try:
        await ticket.granted
        answer = await run_in_threadpool(review.hint, table, body.save.record, body.save.sig)
    finally:
        hints.leave(ticket)
    return HINT_OUT.validate_python(answer)


@router.post("/practice", response_model=AnyPracticeOut, summary="Replay a finished hand")
async def practice(
    body: PracticeIn, request: Request, table: TableDep, heavy: HeavyDep, answers: AnswersDep
) -> PracticeOut | CorazonesPracticeOut:
    record, sig = body.save.record, body.save.sig
    table.verify(record, sig)  # only a save this server signed names its answer by signature
    key = f"practice/{sig}/{body.hand_number}"
    answer = answers.get(key)
    if answer is None:
        answer = await heavy.run(request, jobs.practice, record, sig, body.hand_number)
        answers.put(key, answer)
    return PRACTICE_OUT.validate_python(answer)


@router.post("/games/import", response_model=AnyImportOut, summary="Open a downloaded game")
async def import_game(
    body: ImportIn, request: Request, heavy: HeavyDep, answers: AnswersDep
) -> ImportOut | CorazonesImportOut:
    key = await run_in_threadpool(_import_key, body)
    answer = None if key is None else answers.get(key)
    if answer is None:
        answer = await heavy.run(request, jobs.import_record, body.record, body.sig)
        if key is not None:
            answers.put(key, answer)
    return IMPORT_OUT.validate_python(answer)


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
