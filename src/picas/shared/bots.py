"""The bot interface every game shares: the seeded generator each decision gets, the checked
decision, and the loop that lets the computer players act until a person's turn.

A game plugs in through a :class:`BotLoop`: how to find the next seat a bot plays, the seat's view,
how to ask a bot for its action, whether that action is legal, how to apply it. The loop itself,
the seeding and the refusal of an illegal choice are written once, here. Bots get views, never
the state.
"""

from __future__ import annotations

import hashlib
import importlib
import random
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar, runtime_checkable

from picas.shared.cards import Card
from picas.shared.errors import IllegalAction, PicasError
from picas.shared.seats import Seat


class SeatedView(Protocol):
    """What the loop reads of any game's view: whose it is."""

    @property
    def seat(self) -> Seat: ...


GameT = TypeVar("GameT")
ViewT = TypeVar("ViewT", bound=SeatedView)
ActionT = TypeVar("ActionT")
BotT = TypeVar("BotT")
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)


@runtime_checkable
class CardPlayer(Protocol[ViewT_contra]):
    """What a computer player of every game does; each game's ``Bot`` adds its own decisions
    (Spades' bids, Corazones' pass). Deterministic given the view and the generator."""

    def play(self, view: ViewT_contra, rng: random.Random) -> Card:
        """Choose a card among ``view.legal``."""
        ...


def decision_rng(code: str, position: int, seat: Seat) -> random.Random:
    """The generator for the decision at action index ``position`` of the game ``code``.

    Seeded from SHA-256 so it does not depend on Python's string hashing; ``random.Random`` seeded
    with an integer gives the same sequence on every platform. Both games use it, so a code played
    the same way gives the same game on any machine.
    """
    digest = hashlib.sha256(f"picas/bot/v1/{code}/{position}/{seat.key}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


@dataclass(frozen=True, slots=True)
class BotLoop(Generic[GameT, ViewT, ActionT, BotT]):
    """How one game's bots take their turns: what the shared loop asks the game."""

    next_seat: Callable[[GameT, Collection[Seat]], Seat | None]
    """The seat among these (the bots') that acts next, or ``None`` (a person's turn, the end)."""
    view_for: Callable[[GameT, Seat], ViewT]
    ask: Callable[[BotT, ViewT, random.Random], ActionT]
    """The bot's action from its view, by the game's kind of decision (bid, pass, card)."""
    is_legal: Callable[[ViewT, ActionT], bool]
    apply: Callable[[GameT, ActionT, Seat], GameT]
    code_of: Callable[[GameT], str]

    def decide(self, bot: BotT, view: ViewT, rng: random.Random) -> ActionT:
        """Ask ``bot`` for its action and check it is legal, so a faulty bot fails loudly."""
        action = self.ask(bot, view, rng)
        if not self.is_legal(view, action):
            seat = view.seat.name_es
            raise IllegalAction(
                f"El jugador de la CPU en {seat} eligió una acción ilegal: {action!r}.",
                code="bot_illegal_action",
            )
        return action

    def play_bots(
        self,
        game: GameT,
        bots: Mapping[Seat, BotT],
        *,
        position: int,
        stop: Callable[[GameT], bool] = lambda game: False,
        on_action: Callable[[GameT, Seat, ActionT, GameT], None] | None = None,
    ) -> tuple[GameT, int]:
        """Let the bots act while one can and ``stop`` is false.

        ``position`` is the index of the next action in the game's record (it seeds each
        decision). Returns the new state and the new position. ``on_action(before, seat, action,
        after)`` is called after each action (the web table turns these into events to animate).
        """
        while True:
            seat = self.next_seat(game, bots.keys())
            if seat is None or stop(game):
                return game, position
            rng = decision_rng(self.code_of(game), position, seat)
            action = self.decide(bots[seat], self.view_for(game, seat), rng)
            after = self.apply(game, action, seat)
            if on_action is not None:
                on_action(game, seat, action, after)
            game = after
            position += 1


LEVEL_NAMES_ES = {"facil": "Fácil", "normal": "Normal", "dificil": "Difícil"}
"""The levels every game offers, easiest first (the first is a new game's), with their names."""


class UnknownBot(PicasError):  # noqa: N818 (named like the engine's errors)
    code = "unknown_bot"


def load_player(
    spec: str, levels: Mapping[str, Callable[[], object] | str], kind: type, does: str
) -> object:
    """A computer player from a level name or ``module:attr``, for any game: a level is a
    factory or a ``module:attr`` path; ``attr`` may be a bot object, or a class (or factory) that
    takes no arguments (a class gives a new bot at each call). ``kind`` is the game's bot protocol
    (runtime-checkable) and ``does`` names its methods for the refusal («bid y play»)."""
    level = levels.get(spec, spec)
    if callable(level):
        return level()
    module_name, sep, attr = level.partition(":")
    if not sep or not module_name or not attr:
        known = ", ".join(levels)
        raise UnknownBot(f"Jugador desconocido: «{spec}» (niveles: {known}, o módulo:atributo).")
    try:
        obj: object = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as error:
        raise UnknownBot(f"No se puede cargar «{spec}»: {error}.") from None
    bot = obj() if isinstance(obj, type) or (callable(obj) and not isinstance(obj, kind)) else obj
    if not isinstance(bot, kind):
        raise UnknownBot(f"«{spec}» no tiene los métodos {does} de un jugador.")
    return bot
