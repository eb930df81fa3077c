"""Around the table: the play hint, «Rejugar esta mano» and opening a shared record.

Like :mod:`picas.web.table`, this is the game logic apart from HTTP; the routes are in
:mod:`picas.web.routers.review`. Everything works on records and views: the hint reads South's view,
a practice game is a new record built from a finished hand of the save, and a downloaded game is
opened like any save when this server signed it, else replayed with its computer players' actions
played again to check them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from picas.games import find_game
from picas.record import AnyRecord, GameRecord, RecordError, iter_states, read_record
from picas.shared.bots import decision_rng
from picas.shared.deals import code_from_bytes
from picas.shared.errors import IllegalAction, Params, PicasError
from picas.shared.seats import Seat
from picas.web import settings
from picas.web.errors import BadSignatureError
from picas.web.table import SOUTH, Table, Turn, game_of, level_of

PRACTICE_KEY = "practice"
"""``meta.practice`` of a practice game: the number of the hand it replays, as text."""
VERIFY_LIMITS = settings.VERIFY_LIMITS
"""The default limits (:attr:`Settings.verify_limits`)."""


UNSIGNED: Params = {"form": "unsigned"}
"""``too_long_to_verify``'s sentence for a save whose signature is not this server's."""


class NotReproducibleError(RecordError):
    """An imported record has a computer action its level would not have played there."""

    code = "not_reproducible"


# --- the hint -------------------------------------------------------------------------------------


def hint(table: Table, record_json: dict[str, Any], sig: str) -> dict[str, Any]:
    """What the computer players' logic would do in South's seat now, and why (the answer of
    ``/api/hint``, the save's game's shape)."""
    saved = table.open(record_json, sig)
    return game_of(saved.record).hint(saved.state)


# --- «Rejugar esta mano» --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Practice:
    turn: Turn
    """The practice game, up to South's first turn."""
    original: dict[str, Any]
    """The hand as it was played in the save's game."""
    dificil: dict[str, Any]
    """The same deal from 0–0, Difícil in South's seat and the game's level in the others."""


def practice(table: Table, record_json: dict[str, Any], sig: str, hand_number: int) -> Practice:
    """A new game whose first hand is finished hand ``hand_number`` of the save: the same cards
    (and what the game keeps of the hand: Spades' dealer, Corazones' pass direction), the same
    level, from 0–0."""
    saved = table.open(record_json, sig)
    game = game_of(saved.record)
    history = saved.state.history
    if hand_number > len(history):
        raise IllegalAction(
            f"La mano {hand_number} aún no ha terminado: solo se puede rejugar una mano acabada.",
            code="hand_not_finished",
            params={"n": hand_number},
        )
    result = history[hand_number - 1]
    level = level_of(saved.record)
    record = replace(
        saved.record,
        rules=game.practice_rules(saved.record.rules, result),
        code=practice_code(saved.record.code, hand_number),
        deals=(result.hand.dealt,),
        actions=(),
        meta={"level": level, PRACTICE_KEY: str(hand_number)},
    )
    # Both levels are loaded before any thinking, so a missing one fails fast (503).
    others = table.bot(level, game=record.game)
    # The practice comparison's South: the game's strongest level (its levels go easiest first).
    south = table.bot(list(find_game(record.game).levels)[-1], game=record.game)
    bots = {Seat.SOUTH: south, Seat.WEST: others, Seat.NORTH: others, Seat.EAST: others}
    played = simulate_hand(record, bots)
    turn = table.start(record)
    return Practice(turn, game.hand_summary(result), game.hand_summary(played))


def simulate_hand(record: AnyRecord, bots: Mapping[Seat, Any]) -> Any:
    """The record's first hand played out by ``bots`` (South's seat too), each decision seeded
    like a real table's (the record's code and the action's index), so the same record always
    gives the same hand: its finished hand (with its sheet)."""
    state = game_of(record).play_bots(
        record.start(), bots, position=0, stop=lambda game: bool(game.history)
    )
    return state.history[0]


def practice_code(code: str, hand_number: int) -> str:
    """The practice game's code, derived from the game's: the same hand asked twice gives the same
    practice game (its later hands and its computer players' seeds)."""
    digest = hashlib.sha256(f"picas/practice/v1/{code}/{hand_number}".encode()).digest()
    return code_from_bytes(digest[:5])


# --- importing a record ---------------------------------------------------------------------------


def import_record(table: Table, record_json: dict[str, Any], sig: str | None = None) -> Turn:
    """Open a downloaded game: a save of this server's, or a record checked action by action.

    With ``sig`` this server's signature of ``record_json`` (the page downloads the save it
    keeps), the game opens like any save (:meth:`Table.open`): this server wrote and signed that
    record, so nothing is played again. Without a signature, or with one that is not this server's
    (another server's key, an edited file), the record is checked as a plain record, action by
    action (:func:`verify_record`, within the settings' ``verify_limits``), then signed: South's
    actions need only be legal, and every other action must be the one the record's level plays
    in that position with that position's seed, so a file cannot make the computer players do
    what they would not do.
    """
    if sig is not None:
        try:
            saved = table.open(record_json, sig)
        except BadSignatureError:
            pass  # another server's save, or an edited one: checked like a plain record below
        else:
            # A save always stops on South's turn (or the end): they play on only if it did not.
            return table.advance(saved.record, saved.state, [])
    record = read_record(record_json)
    check_deals_from_code(record)
    level = level_of(record)
    bot = table.bot(level, game=record.game)  # an unknown level: 422; a missing one: 503
    limit = table.verify_limits.get(level)
    if limit is not None and len(record.actions) > limit:
        unsigned = (
            ""
            if sig is None
            else "La firma no es de este servidor (o la partida se ha modificado), así que hay"
            " que comprobarla entera. "
        )
        raise RecordError(
            f"{unsigned}Esta partida tiene {len(record.actions)} acciones: las de nivel"
            f" {find_game(record.game).levels[level].name_es} se comprueban hasta {limit}.",
            code="too_long_to_verify",
            params={
                "n": len(record.actions),
                "limit": limit,
                "level": level,
                **({} if sig is None else UNSIGNED),
            },
        )
    state = verify_record(record, bot, level=level)
    # A record may stop on a computer player's turn: they play on, as after South's action.
    return table.advance(record, state, [])


def check_deals_from_code(record: AnyRecord) -> None:
    """A plain record's explicit deals must be the ones its code deals: the code names the game
    (the page shows it, and a code played again gives the same cards), so a file cannot stack the
    deck under a code that says otherwise. A real deal of 52 distinct cards is checked by the
    engine when the game starts."""
    try:
        start = record.start()
    except PicasError as error:
        raise RecordError(error.message, code=error.code, params=error.params) from None
    game = game_of(record)
    for number, deal in enumerate(record.deals, start=1):
        if deal != game.code_deal(start, number):
            raise RecordError(
                f"El reparto {number} no es el del código {record.code}: una partida con"
                " repartos propios no se puede abrir con ese código.",
                code="deal_not_from_code",
                params={"n": number, "code": record.code},
            )


def verify_record(record: GameRecord[Any, Any, Any], bot: Any, *, level: str) -> Any:
    """Replay ``record`` (an illegal action raises its record error) and check each computer
    action against ``bot``; the final position."""
    game = game_of(record)
    states = iter_states(record)
    before = next(states)
    for index, action in enumerate(record.actions):
        after = next(states)  # legality first: an illegal action is reported as such
        seat = before.turn
        if seat is not None and seat is not SOUTH:
            expected = game.decide(bot, before, seat, decision_rng(record.code, index, seat))
            if expected != action:
                raise NotReproducibleError(
                    f"Acción {index + 1}: {seat.name_es} hizo «{record.describe(action)}», pero"
                    f" el jugador de la CPU de nivel {_level_name(record.game, level)} habría"
                    f" hecho «{record.describe(expected)}»: esta partida no se puede reproducir.",
                    index=index,
                    params={
                        "action": index + 1,
                        "seat": seat.key,
                        "played": record.describe(action),
                        "expected": record.describe(expected),
                        "level": level,
                    },
                )
        before = after
    return before


def bid_reasons(record: AnyRecord) -> dict[str, dict[str, Any]]:
    """The «¿Por qué?» of every computer bid in ``record`` (none in Corazones), as the events of
    the table carried them: ``reasons`` (hand number as text → seat key → the Spanish reason) and
    ``reason_codes`` (the same, as codes)."""
    whys = game_of(record).reasons(record)
    return {
        "reasons": {
            hand: {seat: why.text for seat, why in seats.items()} for hand, seats in whys.items()
        },
        "reason_codes": {
            hand: {seat: why.codes for seat, why in seats.items()} for hand, seats in whys.items()
        },
    }


def _level_name(game: str, level: str) -> str:
    """A level's Spanish name, as its game's spec has it (the key itself for a level it lacks)."""
    found = find_game(game).levels.get(level)
    return found.name_es if found is not None else level
