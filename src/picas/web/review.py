"""Around the table: the play hint, «Rejugar esta mano» and opening a shared record.

Like :mod:`picas.web.table`, this is the game logic apart from HTTP; the routes are in
:mod:`picas.web.routers.review`. Everything works on records and views: the hint reads South's view,
a practice game is a new record built from a finished hand of the save, and a downloaded game is
opened like any save when this server signed it, else replayed with its computer players' actions
played again to check them.
"""

from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass
from typing import Any

from picas.games.spades import (
    Bid,
    BlindNil,
    GameState,
    IllegalAction,
    Phase,
    PicasError,
    Seat,
    action_to_json,
    deal_for,
)
from picas.games.spades.bots.base import Bot, decide, decision_rng, play_bots
from picas.games.spades.bots.hint import suggest_play
from picas.games.spades.bots.registry import LEVEL_NAMES_ES
from picas.games.spades.bots.tip import suggest_bid
from picas.games.spades.game import HandResult
from picas.games.spades.view import sheet_to_json, trick_to_json, view_for
from picas.record import Record, RecordError, iter_states
from picas.shared.deals import code_from_bytes
from picas.web import settings
from picas.web.errors import BadSignatureError
from picas.web.table import SOUTH, Table, Turn, bid_reason, level_of

PRACTICE_KEY = "practice"
"""``meta.practice`` of a practice game: the number of the hand it replays, as text."""
COMPARE_LEVEL = "dificil"
"""The level that plays South's seat in the practice comparison."""
VERIFY_LIMITS = settings.VERIFY_LIMITS
"""The default limits (:attr:`Settings.verify_limits`)."""


class NotReproducibleError(RecordError):
    """An imported record has a computer action its level would not have played there."""

    code = "not_reproducible"


# --- the play hint --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hint:
    """While playing, ``card`` and ``reason`` (and the reason's code and parameters); while bidding,
    ``bid`` and ``reasons`` (the tip)."""

    card: str | None
    reason: str
    bid: int | None
    reasons: tuple[str, ...]
    reason_code: str | None = None
    reason_params: dict[str, str | int] | None = None


def hint(table: Table, record_json: dict[str, Any], sig: str) -> Hint:
    """What the computer players' logic would do in South's seat now, and why."""
    state = table.open(record_json, sig).state
    view = view_for(state, SOUTH)
    if not view.my_turn:
        raise IllegalAction("La pista se pide cuando es tu turno.", code="no_hint")
    if view.hand is None:
        raise IllegalAction(
            "Tus cartas están boca abajo: primero elige Nil ciego o ver tus cartas.",
            code="no_hint",
        )
    if view.phase is Phase.BIDDING:
        tip = suggest_bid(view)
        return Hint(
            card=None, reason=", ".join(tip.reasons) or tip.text(), bid=tip.bid, reasons=tip.reasons
        )
    play = suggest_play(view)
    return Hint(
        card=play.card.code,
        reason=play.reason,
        bid=None,
        reasons=(play.reason,),
        reason_code=play.reason_code,
        reason_params=dict(play.reason_params),
    )


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
    """A new game whose first hand is finished hand ``hand_number`` of the save: the same cards,
    the same dealer, the same level, from 0–0."""
    saved = table.open(record_json, sig)
    history = saved.state.history
    if hand_number > len(history):
        raise IllegalAction(
            f"La mano {hand_number} aún no ha terminado: solo se puede rejugar una mano acabada.",
            code="hand_not_finished",
        )
    result = history[hand_number - 1]
    level = level_of(saved.record)
    record = practice_record(saved.record, result, level=level)
    # Both levels are loaded before any thinking, so a missing one fails fast (503).
    others = table.bot(level)
    south = table.bot(COMPARE_LEVEL)
    played = simulate_hand(record, south=south, others=others)
    turn = table.start(record)
    return Practice(turn, hand_summary(result), hand_summary(played))


def practice_code(code: str, hand_number: int) -> str:
    """The practice game's code, derived from the game's: the same hand asked twice gives the same
    practice game (its later hands and its computer players' seeds)."""
    digest = hashlib.sha256(f"picas/practice/v1/{code}/{hand_number}".encode()).digest()
    return code_from_bytes(digest[:5])


def practice_record(record: Record, result: HandResult, *, level: str) -> Record:
    hand = result.hand
    return Record(
        rules=dataclasses.replace(record.rules, first_dealer=hand.dealer),
        code=practice_code(record.code, hand.number),
        deals=(hand.dealt,),
        meta={"level": level, PRACTICE_KEY: str(hand.number)},
    )


def simulate_hand(record: Record, *, south: Bot, others: Bot) -> HandResult:
    """The record's first hand played out by bots, each decision seeded like a real table's (the
    record's code and the action's index), so the same record always gives the same hand."""
    bots = {Seat.SOUTH: south, Seat.WEST: others, Seat.NORTH: others, Seat.EAST: others}
    state, _ = play_bots(record.start(), bots, position=0, stop=lambda game: bool(game.history))
    return state.history[0]


def hand_summary(result: HandResult) -> dict[str, Any]:
    """Bids, tricks and both teams' sheets of a hand; ``hand_totals`` are the sheets' line 5 (the
    running totals depend on the score the hand started from). ``tricks`` are the 13 tricks in
    order, so the page can set Difícil's play beside the player's, trick by trick."""
    hand = result.hand
    return {
        "bids": {seat.key: hand.bids[seat] for seat in Seat},
        "blind": {seat.key: hand.blind[seat] for seat in Seat},
        "won": {seat.key: hand.won[seat] for seat in Seat},
        "tricks": [trick_to_json(trick) for trick in hand.tricks],
        "sheets": [sheet_to_json(sheet) for sheet in result.sheets],
        "hand_totals": {sheet.team.key: sheet.hand_total for sheet in result.sheets},
    }


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
    record = Record.from_json(record_json)
    check_deals_from_code(record)
    level = level_of(record)
    bot = table.bot(level)  # refuses an unknown level (422) or a missing one (503)
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
            f" {LEVEL_NAMES_ES[level]} se comprueban hasta {limit}.",
            code="too_long_to_verify",
        )
    state = verify_record(record, bot, level=level)
    # A record may stop on a computer player's turn: they play on, as after South's action.
    return table.advance(record, state, [])


def check_deals_from_code(record: Record) -> None:
    """A plain record's explicit deals must be the ones its code deals: the code names the game
    (the page shows it, and a code played again gives the same cards), so a file cannot stack the
    deck under a code that says otherwise. A real deal of 52 distinct cards is checked by the
    engine when the game starts."""
    try:
        start = record.start()
    except PicasError as error:
        raise RecordError(error.message, code=error.code) from None
    for number, deal in enumerate(record.deals, start=1):
        if deal != deal_for(record.code, number, start.dealer_of(number)):
            raise RecordError(
                f"El reparto {number} no es el del código {record.code}: una partida con"
                " repartos propios no se puede abrir con ese código.",
                code="deal_not_from_code",
            )


def verify_record(record: Record, bot: Bot, *, level: str) -> GameState:
    """Replay ``record`` (an illegal action raises its record error) and check each computer
    action against ``bot``; the final position."""
    states = iter_states(record)
    before = next(states)
    for index, action in enumerate(record.actions):
        after = next(states)  # legality first: an illegal action is reported as such
        seat = before.turn
        if seat is not None and seat is not SOUTH:
            rng = decision_rng(record.code, index, seat)
            expected = decide(bot, view_for(before, seat), rng)
            if expected != action:
                raise NotReproducibleError(
                    f"Acción {index + 1}: {seat.name_es} hizo «{action_to_json(action)}», pero el"
                    f" jugador de la CPU de nivel {LEVEL_NAMES_ES.get(level, level)} habría hecho"
                    f" «{action_to_json(expected)}»: esta partida no se puede reproducir.",
                    index=index,
                )
        before = after
    return before


def bid_reasons(record: Record) -> dict[str, dict[str, str]]:
    """The «¿Por qué?» of every computer bid in ``record``: hand number (as text, a JSON key) →
    seat key → the reason its bid event carried. A bid's reason reads only the bidder's view
    just after the bid, so replaying the record gives the very words the table sent."""
    reasons: dict[str, dict[str, str]] = {}
    states = iter_states(record)
    before = next(states)
    for action in record.actions:
        after = next(states)
        seat = before.turn
        if isinstance(action, Bid | BlindNil) and seat is not None and seat is not SOUTH:
            reasons.setdefault(str(before.hand.number), {})[seat.key] = bid_reason(after, seat)
        before = after
    return reasons
