"""Around the table: ``/api/hint``, ``/api/practice`` («Rejugar esta mano») and
``/api/games/import`` (open a downloaded game)."""

from __future__ import annotations

from fastapi import APIRouter

from picas.web import review
from picas.web.deps import ERROR_RESPONSES, TableDep
from picas.web.routers.games import game_out
from picas.web.schemas import HintOut, ImportIn, ImportOut, PracticeIn, PracticeOut, SaveOnlyIn

router = APIRouter(prefix="/api", tags=["review"], responses=ERROR_RESPONSES)

# Plain ``def`` endpoints run in the thread pool: the practice comparison and an import's check
# make the computer players think, off the event loop.


@router.post("/hint", response_model=HintOut, summary="A suggested card (or bid) and why")
def hint(body: SaveOnlyIn, table: TableDep) -> HintOut:
    answer = review.hint(table, body.save.record, body.save.sig)
    return HintOut(
        card=answer.card,
        reason=answer.reason,
        bid=answer.bid,
        reasons=list(answer.reasons),
        reason_code=answer.reason_code,
        reason_params=answer.reason_params,
    )


@router.post("/practice", response_model=PracticeOut, summary="Replay a finished hand")
def practice(body: PracticeIn, table: TableDep) -> PracticeOut:
    answer = review.practice(table, body.save.record, body.save.sig, body.hand_number)
    game = game_out(answer.turn)
    return PracticeOut.model_validate(
        {
            **game.model_dump(),
            "compare": {"original": answer.original, "dificil": answer.dificil},
        }
    )


@router.post("/games/import", response_model=ImportOut, summary="Open a downloaded game")
def import_game(body: ImportIn, table: TableDep) -> ImportOut:
    turn = review.import_record(table, body.record, body.sig)
    reasons = review.bid_reasons(turn.record)
    return ImportOut.model_validate({**game_out(turn).model_dump(), "reasons": reasons})
