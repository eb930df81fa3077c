"""``/api/tip``: the suggested bid for South's hand and the reasons, in short Spanish."""

from __future__ import annotations

from fastapi import APIRouter

from picas.web.deps import ERROR_RESPONSES, TableDep
from picas.web.games.spades import TipOut
from picas.web.guard import RustJsonRoute
from picas.web.schemas import ReasonCodeOut, SaveOnlyIn

router = APIRouter(
    prefix="/api", tags=["tip"], responses=ERROR_RESPONSES, route_class=RustJsonRoute
)


@router.post("/tip", response_model=TipOut, summary="The bid tip")
def tip(body: SaveOnlyIn, table: TableDep) -> TipOut:
    suggestion = table.tip(body.save.record, body.save.sig)
    return TipOut(
        bid=suggestion.bid,
        reasons=list(suggestion.reasons),
        reason_codes=[ReasonCodeOut(**why) for why in suggestion.reason_codes],
    )
