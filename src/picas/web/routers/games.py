"""``/api/games``: start a game, act in it, open a save. Either game: the body of a new game names
it, a save's record says it (docs/api.md, "Corazones")."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import TypeAdapter
from starlette.concurrency import run_in_threadpool

from picas.web import jobs
from picas.web.deps import ERROR_RESPONSES, RepliesDep, TableDep
from picas.web.guard import RustJsonRoute
from picas.web.heavy import HEAVY_LEVELS
from picas.web.schemas import (
    ActIn,
    AnyGameOut,
    AnyNewGameIn,
    CorazonesGameOut,
    GameOut,
    SaveOnlyIn,
)
from picas.web.table import GAMES, Turn, game_code

router = APIRouter(
    prefix="/api/games", tags=["games"], responses=ERROR_RESPONSES, route_class=RustJsonRoute
)

GAME_OUT: TypeAdapter[GameOut | CorazonesGameOut] = TypeAdapter(AnyGameOut)

# Plain ``def`` endpoints run in the thread pool; a Difícil reply goes to the heavy pool
# (picas.web.heavy), so neither blocks the event loop.


@router.post("", response_model=AnyGameOut, summary="Start a game")
def new_game(body: AnyNewGameIn, table: TableDep) -> GameOut | CorazonesGameOut:
    # Spades: South bids first in hand 1 of the casa rules (East deals). Corazones: South chooses
    # its pass first. So no computer player acts yet, except in Corazones without a pass.
    settings = body.model_dump(exclude={"game", "level", "code"})
    record = GAMES[body.game].new_record(settings, level=body.level, code=game_code(body.code))
    return game_out(table.start(record))


@router.post("/act", response_model=AnyGameOut, summary="South acts; the computer players answer")
async def act(
    body: ActIn, request: Request, table: TableDep, replies: RepliesDep
) -> GameOut | CorazonesGameOut:
    record, sig = body.save.record, body.save.sig
    if _claimed_level(record) in HEAVY_LEVELS:
        # Refused before the signature is checked when this address has its share of the
        # replies' lane already: a client repeating Difícil acts pays only for its body. (The
        # level is the unchecked record's; a false one fails the signature below.)
        refusal = replies.lane.refusal(replies.address(request))
        if refusal is not None:
            raise refusal
    # South's action and the replies, unless the save's level replies with heavy work (then
    # None, nothing done): one trip to the thread pool either way.
    turn = await run_in_threadpool(table.act_unless, record, sig, body.action, HEAVY_LEVELS)
    if turn is not None:
        return game_out(turn)
    answer = await replies.run(request, jobs.act, record, sig, body.action)
    return GAME_OUT.validate_python(answer)


@router.post("/resume", response_model=AnyGameOut, summary="Open a save")
def resume(body: SaveOnlyIn, table: TableDep) -> GameOut | CorazonesGameOut:
    return game_out(table.resume(body.save.record, body.save.sig))


def _claimed_level(record: dict[str, Any]) -> object:
    meta = record.get("meta")
    return meta.get("level") if isinstance(meta, dict) else None


def game_out(turn: Turn) -> GameOut | CorazonesGameOut:
    """The answer: South's view only; the other hands stay on the server's side of the view."""
    return GAME_OUT.validate_python(jobs.game_json(turn))
