"""``/api/games``: start a game, act in it, open a save. Any registered game: the body of a new
game names it, a save's record says it (docs/api.md, "Corazones"). The bodies and answers are the
union of every game's (:func:`picas.web.games.game_unions`), made when the app is."""

# Not ``from __future__ import annotations``: the endpoints' types are made at run time, from the
# games' registry, and FastAPI reads them off the functions.

from collections.abc import Sequence
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, TypeAdapter
from starlette.concurrency import run_in_threadpool

from picas import games
from picas.web import jobs
from picas.web.deps import ERROR_RESPONSES, RepliesDep, TableDep
from picas.web.games import game_unions, table_for
from picas.web.guard import RustJsonRoute
from picas.web.heavy import HEAVY_LEVELS
from picas.web.schemas import ActIn, SaveOnlyIn
from picas.web.table import Turn, game_code

# Plain ``def`` endpoints run in the thread pool; a Difícil reply goes to the heavy pool
# (picas.web.heavy), so neither blocks the event loop.


def games_router(keys: Sequence[str] | None = None) -> APIRouter:
    """The router for the games ``keys`` (every registered game by default)."""
    keys = games.keys() if keys is None else keys
    unions = game_unions(keys)
    new_game_in, game_out_type = unions.new_game_in, unions.game_out
    game_out_adapter: TypeAdapter[Any] = TypeAdapter(game_out_type)
    router = APIRouter(
        prefix="/api/games", tags=["games"], responses=ERROR_RESPONSES, route_class=RustJsonRoute
    )

    def game_out(turn: Turn) -> Any:
        """The answer: South's view only; the other hands stay on the server's side of it."""
        return game_out_adapter.validate_python(jobs.game_json(turn))

    @router.post("", response_model=game_out_type, summary="Start a game")
    def new_game(body: new_game_in, table: TableDep) -> Any:  # type: ignore[valid-type]
        # Spades: South bids first in hand 1 of the casa rules (East deals). Corazones: South
        # chooses its pass first. So no computer player acts yet, except in Corazones without a
        # pass.
        model: BaseModel = body
        game, level, code = (getattr(model, name) for name in ("game", "level", "code"))
        settings = model.model_dump(exclude={"game", "level", "code"})
        games.find_game(game).options.check(settings)  # the declared exclusions: invalid_rules
        record = table_for(game).new_record(settings, level=level, code=game_code(code))
        return game_out(table.start(record))

    @router.post(
        "/act", response_model=game_out_type, summary="South acts; the computer players answer"
    )
    async def act(body: ActIn, request: Request, table: TableDep, replies: RepliesDep) -> Any:
        record, sig = body.save.record, body.save.sig
        if _claimed_level(record) in HEAVY_LEVELS:
            # Refused before the signature is checked when this address has its share of the
            # replies' lane already: a client repeating Difícil acts pays only for its body.
            # (The level is the unchecked record's; a false one fails the signature below.)
            refusal = replies.lane.refusal(replies.address(request))
            if refusal is not None:
                raise refusal
        # South's action and the replies, unless the save's level replies with heavy work (then
        # None, nothing done): one trip to the thread pool either way.
        turn = await run_in_threadpool(table.act_unless, record, sig, body.action, HEAVY_LEVELS)
        if turn is not None:
            return game_out(turn)
        answer = await replies.run(request, jobs.act, record, sig, body.action)
        return game_out_adapter.validate_python(answer)

    @router.post("/resume", response_model=game_out_type, summary="Open a save")
    def resume(body: SaveOnlyIn, table: TableDep) -> Any:
        return game_out(table.resume(body.save.record, body.save.sig))

    return router


def _claimed_level(record: dict[str, Any]) -> object:
    meta = record.get("meta")
    return meta.get("level") if isinstance(meta, dict) else None
