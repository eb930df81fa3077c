"""``/api/games``: start a game, act in it, open a save."""

from __future__ import annotations

from fastapi import APIRouter

from picas.engine import Seat
from picas.view import view_for, view_to_json
from picas.web.deps import ERROR_RESPONSES, TableDep
from picas.web.schemas import ActIn, GameOut, NewGameIn, SaveOnlyIn
from picas.web.table import Turn

router = APIRouter(prefix="/api/games", tags=["games"], responses=ERROR_RESPONSES)

# Plain ``def`` endpoints run in the thread pool: the computer players think off the event loop.


@router.post("", response_model=GameOut, summary="Start a game")
def new_game(body: NewGameIn, table: TableDep) -> GameOut:
    turn = table.new_game(
        target=body.target,
        bag_penalty=body.bag_penalty,
        blind_nil=body.blind_nil,
        level=body.level,
        code=body.code,
    )
    return game_out(turn)


@router.post("/act", response_model=GameOut, summary="South acts; the computer players answer")
def act(body: ActIn, table: TableDep) -> GameOut:
    return game_out(table.act(body.save.record, body.save.sig, body.action))


@router.post("/resume", response_model=GameOut, summary="Open a save")
def resume(body: SaveOnlyIn, table: TableDep) -> GameOut:
    return game_out(table.resume(body.save.record, body.save.sig))


def game_out(turn: Turn) -> GameOut:
    """The answer: South's view only; the other hands stay on the server's side of ``view_for``."""
    return GameOut.model_validate(
        {
            "save": {"record": turn.record_json, "sig": turn.sig},
            "view": view_to_json(view_for(turn.state, Seat.SOUTH)),
            "events": turn.events,
            "code": turn.record.code,
            "level": turn.level,
        }
    )
