"""Shared pieces of the Corazones web tests: a client with the real computer players (Fácil is a
few microseconds a decision), a whole game played through the API, and saves of positions made to
order (explicit deals signed with the tests' key)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from fastapi.testclient import TestClient
from web_helpers import CODE, KEY, Json, act, start

from picas.games.corazones import GameState, Rules
from picas.games.corazones.record import CorazonesRecord
from picas.record import final_state, read_record
from picas.shared.cards import Card, mask_of
from picas.web import Settings, create_app
from picas.web.table import Table

SETTINGS = Settings(key=KEY)


def corazones_client() -> TestClient:
    """An app with the real levels of both games (the Corazones table has no test players)."""
    return TestClient(create_app(SETTINGS))


def new_game(client: TestClient, **body: Any) -> Json:
    return start(client, game="corazones", **body)


def lowest(game: Json) -> object:
    """South passes its first three cards and plays its first playable one."""
    view = game["view"]
    return view["hand"][:3] if view["must_pass"] else view["playable"][0]


def play_game(
    client: TestClient, game: Json, choose: Callable[[Json], object] = lowest, limit: int = 400
) -> Iterator[Json]:
    """Every answer of a game from ``game`` to its end, South choosing with ``choose``."""
    yield game
    for _ in range(limit):
        if game["view"]["phase"] == "game_over":
            return
        game = act(client, game, choose(game))
        yield game
    raise AssertionError("the game did not end within the limit")


def deal(**hands: str) -> tuple[int, int, int, int]:
    """A deal from four hands of card codes separated by spaces."""
    masks = [mask_of(Card.parse(code) for code in hands[seat].split()) for seat in SEATS]
    return (masks[0], masks[1], masks[2], masks[3])


SEATS = ("south", "west", "north", "east")
CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"


def saved_position(dealt: tuple[int, int, int, int], *, level: str = "facil") -> Json:
    """A signed save of a game without passes whose first hand is ``dealt``, the computer players
    having played up to South's first turn (as the table would have)."""
    record = CorazonesRecord(
        rules=Rules(passing=False), code=CODE, deals=(dealt,), meta={"level": level}
    )
    turn = Table(SETTINGS).start(record)
    return {"save": {"record": turn.record_json, "sig": turn.sig}}


def corazones_record(record_json: Json) -> CorazonesRecord:
    record = read_record(record_json)
    assert isinstance(record, CorazonesRecord)
    return record


def state_of(record_json: Json) -> GameState:
    """The position a Corazones record leads to (the server's side: every hand)."""
    return final_state(corazones_record(record_json))
