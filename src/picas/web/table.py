"""The web table's game logic, apart from HTTP: open a save, let South act, let the computer
players answer, sign the new save and describe what happened as events to animate.

The flows are the same for every game; what is a game's own (its actions, its events, South's view,
its computer players) is its :class:`~picas.web.games.TableGame`, chosen by the record's ``game``
key from the games' registry (:mod:`picas.web.games`).

Nothing here is kept between requests except the replay cache, which only saves time: any process
with the same key can serve any request.
"""

from __future__ import annotations

import logging
import re
import secrets
import threading
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from picas import games
from picas.record import (
    AnyRecord,
    GameRecord,
    RecordError,
    check_lengths,
    final_state,
    read_record,
)
from picas.shared.deals import code_from_bytes, normalize_code
from picas.shared.errors import IllegalAction, PicasError, excerpt
from picas.shared.seats import Seat
from picas.web.cache import ReplayCache, Replayed
from picas.web.errors import BadSignatureError, MalformedSignatureError, UnavailableError
from picas.web.events import Event
from picas.web.games import TableGame, table_for
from picas.web.settings import Settings
from picas.web.signing import Signer

SOUTH = Seat.SOUTH
SIGNATURE = re.compile(r"[0-9a-f]{64}")
"""Every signature this server writes: an HMAC-SHA256 in lowercase hex."""
COMPUTER_SEATS = (Seat.WEST, Seat.NORTH, Seat.EAST)

log = logging.getLogger("picas.web")


def game_of(record: GameRecord[Any, Any, Any]) -> TableGame:
    return table_for(record.game)


def not_your_turn(turn: Seat | None) -> IllegalAction:
    """Not the asking seat's turn: whose it is (``nadie``, ``form: nobody``, between hands)."""
    if turn is None:
        return IllegalAction(
            "No es tu turno: le toca a nadie.", code="not_your_turn", params={"form": "nobody"}
        )
    return IllegalAction(
        f"No es tu turno: le toca a {turn.name_es}.",
        code="not_your_turn",
        params={"seat": turn.key},
    )


@dataclass(frozen=True, slots=True)
class Turn:
    """What one request produced: the signed record, the position it leads to, the events."""

    record: AnyRecord
    record_json: dict[str, Any]
    sig: str
    state: Any
    """The position after the record's last action (the record's game's)."""
    events: tuple[Event, ...]

    @property
    def level(self) -> str:
        return level_of(self.record)

    @property
    def game(self) -> TableGame:
        return game_of(self.record)


def level_of(record: GameRecord[Any, Any, Any]) -> str:
    return record.meta.get("level", games.find_game(record.game).default_level)


def game_code(code: str | None) -> str:
    """The code a new game is played with: the one asked for, or a fresh one."""
    return normalize_code(code) if code is not None else code_from_bytes(secrets.token_bytes(5))


class Table:
    def __init__(self, settings: Settings) -> None:
        self._signer = Signer(settings.key, *settings.old_keys)
        self.verify_limits = settings.verify_limits
        self._cache = ReplayCache(settings.cache_size)
        self._loaders: Mapping[str, Callable[[str], Any]] = settings.bot_loaders
        self._bots: dict[tuple[str, str], Any] = {}
        self._bots_lock = threading.Lock()

    @property
    def cache(self) -> ReplayCache:
        return self._cache

    # --- the three ways into a game ------------------------------------------------------------

    def start(self, record: AnyRecord) -> Turn:
        """A record with no actions yet (a new game, a practice game): the first deal, then the
        computer players until South's first turn."""
        state = record.start()
        return self.advance(record, state, [game_of(record).deal_event(state)])

    def advance(self, record: AnyRecord, state: Any, events: list[Event]) -> Turn:
        """Let the computer players act from ``state`` (the last position of ``record``) until
        South's turn or the end, then sign; ``events`` come first in the answer."""
        game = game_of(record)
        log_ = _ActionLog(game)
        log_.events.extend(events)
        state = game.play_bots(
            state, self._bots_for(record), position=len(record.actions), on_action=log_
        )
        return self.seal(record.append(*log_.actions), state, log_.events)

    def act(self, record_json: dict[str, Any], sig: str, action: object) -> Turn:
        """South's action on a save, then the computer players' answers.

        A refused action raises before anything is signed: the page keeps its old save.
        """
        return self._act_on(self.open(record_json, sig), action)

    def act_unless(
        self, record_json: dict[str, Any], sig: str, action: object, levels: Collection[str]
    ) -> Turn | None:
        """:meth:`act`, unless the save's level is one of ``levels``: then ``None``, the save
        read but not replayed (the server process hands those to a worker, which opens it)."""
        self.verify(record_json, sig)
        saved = self._cache.get(sig)
        record = saved.record if saved is not None else read_record(record_json)
        if level_of(record) in levels:
            return None
        return self._act_on(saved if saved is not None else self._replay(sig, record), action)

    def _act_on(self, saved: Replayed, action: object) -> Turn:
        game = game_of(saved.record)
        state = saved.state
        if state.outcome is not None:
            raise IllegalAction("La partida ha terminado.", code="game_over")
        if state.turn is not SOUTH:
            raise not_your_turn(state.turn)
        bots = self._bots_for(saved.record)
        south_action = game.parse_action(action)
        after = state.apply(south_action, SOUTH)
        log_ = _ActionLog(game)
        log_(state, SOUTH, south_action, after)
        # The decision at record index i is seeded with position i: South's action is at
        # len(actions), so the first computer reply is at len(actions) + 1.
        after = game.play_bots(after, bots, position=len(saved.record.actions) + 1, on_action=log_)
        return self.seal(saved.record.append(*log_.actions), after, log_.events)

    def resume(self, record_json: dict[str, Any], sig: str) -> Turn:
        """The save as it is, signed with the newest key: a game only opened during a key change
        (never played) is not lost when the old key is dropped."""
        current = self.verify(record_json, sig)
        saved = self._opened(record_json, sig)
        if current != sig:
            self._cache.put(current, saved)
        return Turn(saved.record, record_json, current, saved.state, ())

    def tip(self, record_json: dict[str, Any], sig: str) -> Any:
        """The bid tip, in a game that bids (its table part has ``tip``)."""
        saved = self.open(record_json, sig)
        tip = getattr(game_of(saved.record), "tip", None)
        if tip is None:
            name = games.find_game(saved.record.game).name_es
            raise IllegalAction(f"En {name} no se canta: no hay consejo de canto.", code="no_tip")
        return tip(saved.state)

    # --- saves -----------------------------------------------------------------------------------

    def verify(self, record_json: dict[str, Any], sig: str) -> str:
        """Refuse a save whose signature is not one of this server's keys'; the save's signature
        with the newest key (``sig`` itself unless an older key made it).

        A ``sig`` that is no signature of this server's shape (64 lowercase hex characters) is
        refused first, for nothing: the record is not made canonical. The message of a
        well-formed one that does not match blames nobody: a save signed with a key this server
        no longer has (after a key change without ``PICAS_OLD_KEYS``) cannot be told apart from
        an edited one.
        """
        if not SIGNATURE.fullmatch(sig):
            raise MalformedSignatureError(
                "La firma de esta partida guardada no tiene la forma de una firma de este servidor"
                " (64 caracteres hexadecimales): la partida se ha modificado o dañado."
            )
        # What no record can be, whoever signed it, is refused by the reader's own words
        # before the canonical form is paid for.
        check_lengths(record_json)
        current = self._signer.check(record_json, sig)
        if current is None:
            raise BadSignatureError(
                "Este servidor no reconoce la firma de esta partida guardada (puede que se"
                " guardara con una clave anterior del servidor, o en otro): no se puede continuar"
                " aquí."
            )
        return current

    def open(self, record_json: dict[str, Any], sig: str) -> Replayed:
        """Check a save's signature, then replay it (or find it in the cache). Either game."""
        self.verify(record_json, sig)
        return self._opened(record_json, sig)

    def _opened(self, record_json: dict[str, Any], sig: str) -> Replayed:
        """A save whose signature ``sig`` is checked, replayed or found in the cache."""
        cached = self._cache.get(sig)
        return cached if cached is not None else self._replay(sig, read_record(record_json))

    def _replay(self, sig: str, record: AnyRecord) -> Replayed:
        """Replay a save's record whose signature ``sig`` is checked, and remember it."""
        check_level(level_of(record), record.game)  # before any answer names it: refused everywhere
        saved = Replayed(record, final_state(record))
        self._cache.put(sig, saved)
        return saved

    def sign(self, record: AnyRecord) -> tuple[dict[str, Any], str]:
        record_json = record.to_json()
        return record_json, self._signer.sign(record_json)

    def seal(self, record: AnyRecord, state: Any, events: list[Event]) -> Turn:
        """Sign ``record`` (whose last position is ``state``) and remember its replay."""
        record_json, sig = self.sign(record)
        self._cache.put(sig, Replayed(record, state))
        return Turn(record, record_json, sig, state, tuple(events))

    # --- computer players ------------------------------------------------------------------------

    def _bots_for(self, record: AnyRecord) -> Mapping[Seat, Any]:
        return dict.fromkeys(COMPUTER_SEATS, self.bot(level_of(record), game=record.game))

    def bot(self, level: str, *, game: str = games.KEYS[0]) -> Any:
        """The computer player of a level of a game. One object per level is shared: a bot decides
        from the view and the seeded generator only, so it holds nothing between calls."""
        check_level(level, game)
        with self._bots_lock:
            bot = self._bots.get((game, level))
            if bot is None:
                try:
                    bot = self._loaders.get(game, games.find_game(game).load_bot)(level)
                except PicasError as error:
                    log.error("No se puede cargar el nivel %s: %s", level, error.message)
                    raise UnavailableError(
                        "Los jugadores de la CPU de ese nivel no están disponibles ahora."
                    ) from None
                self._bots[(game, level)] = bot
        return bot


def check_level(level: str, game: str) -> None:
    """A level of the game's, as its spec lists them."""
    if level not in games.find_game(game).levels:
        raise RecordError(f"Nivel desconocido: {excerpt(level)}.", code="unknown_level")


# --- events ---------------------------------------------------------------------------------------


class _ActionLog:
    """Collects the actions (for the record) and the events (for the page) as they happen."""

    def __init__(self, game: TableGame) -> None:
        self._game = game
        self.actions: list[Any] = []
        self.events: list[Event] = []

    def __call__(self, before: Any, seat: Seat, action: Any, after: Any) -> None:
        self.actions.append(action)
        self.events.extend(self._game.events_for(before, seat, action, after))
