"""``/api/games``: start a game, act in it, open a save."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from picas.web import jobs
from picas.web.deps import ERROR_RESPONSES, RepliesDep, TableDep
from picas.web.heavy import HEAVY_LEVELS
from picas.web.schemas import ActIn, GameOut, NewGameIn, SaveOnlyIn
from picas.web.table import Table, Turn, level_of

router = APIRouter(prefix="/api/games", tags=["games"], responses=ERROR_RESPONSES)

# Plain ``def`` endpoints run in the thread pool; a Difícil reply goes to the heavy pool
# (picas.web.heavy), so neither blocks the event loop.


@router.post("", response_model=GameOut, summary="Start a game")
def new_game(body: NewGameIn, table: TableDep) -> GameOut:
    # South always bids first in hand 1 of the casa rules (East deals): no computer player acts.
    turn = table.new_game(
        target=body.target,
        bag_penalty=body.bag_penalty,
        blind_nil=body.blind_nil,
        level=body.level,
        code=body.code,
    )
    return game_out(turn)


@router.post("/act", response_model=GameOut, summary="South acts; the computer players answer")
async def act(body: ActIn, request: Request, table: TableDep, replies: RepliesDep) -> GameOut:
    record, sig = body.save.record, body.save.sig
    turn = await run_in_threadpool(_light_act, table, record, sig, body.action)
    if turn is not None:
        return game_out(turn)
    answer = await replies.run(request, jobs.act, record, sig, body.action)
    return GameOut.model_validate(answer)


def _light_act(table: Table, record: dict[str, Any], sig: str, action: object) -> Turn | None:
    """South's action and the replies, when the save's level replies quickly; None (nothing
    done) when its replies are heavy work. One trip to the thread pool either way."""
    saved = table.open(record, sig)
    if level_of(saved.record) in HEAVY_LEVELS:
        return None
    return table.act(record, sig, action)


@router.post("/resume", response_model=GameOut, summary="Open a save")
def resume(body: SaveOnlyIn, table: TableDep) -> GameOut:
    return game_out(table.resume(body.save.record, body.save.sig))


def game_out(turn: Turn) -> GameOut:
    """The answer: South's view only; the other hands stay on the server's side of ``view_for``."""
    return GameOut.model_validate(jobs.game_json(turn))
