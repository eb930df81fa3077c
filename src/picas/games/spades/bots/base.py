"""The bot interface, the seeded generator each decision gets, and the loop that lets bots play.

A bot is any object with ``bid`` and ``play`` methods taking a :class:`PlayerView` and a
``random.Random``; it never sees a ``GameState``. The generator is derived from the game code and
the position, so the same code played the same way gives the same game on any machine. See
``docs/bots.md``.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

from picas.games.spades import (
    Action,
    Bid,
    BlindNil,
    Card,
    GameState,
    IllegalAction,
    LookAtCards,
    Phase,
    Play,
    Seat,
)
from picas.games.spades.view import PlayerView, view_for


@runtime_checkable
class Bot(Protocol):
    """A computer player. Both methods must be deterministic given the view and the generator."""

    def bid(self, view: PlayerView, rng: random.Random) -> Bid | BlindNil | LookAtCards:
        """Choose a bid. ``view.hand`` is ``None`` while Blind Nil is on offer and undecided: then
        return ``BlindNil()`` or ``LookAtCards()`` (and ``bid`` is called again after a look)."""
        ...

    def play(self, view: PlayerView, rng: random.Random) -> Card:
        """Choose a card among ``view.legal``."""
        ...


def decision_rng(code: str, position: int, seat: Seat) -> random.Random:
    """The generator for the decision at action index ``position`` of the game ``code``.

    Seeded from SHA-256 so it does not depend on Python's string hashing; ``random.Random`` seeded
    with an integer gives the same sequence on every platform.
    """
    digest = hashlib.sha256(f"picas/bot/v1/{code}/{position}/{seat.key}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def decide(bot: Bot, view: PlayerView, rng: random.Random) -> Action:
    """Ask ``bot`` for its action and check it is legal, so a faulty bot fails loudly."""
    action: Action = (
        bot.bid(view, rng) if view.phase is Phase.BIDDING else Play(bot.play(view, rng))
    )
    if action not in view.legal:
        raise IllegalAction(
            f"El jugador de la CPU en {view.seat.name_es} eligió una acción ilegal: {action!r}.",
            code="bot_illegal_action",
        )
    return action


def play_bots(
    game: GameState,
    bots: Mapping[Seat, Bot],
    *,
    position: int,
    stop: Callable[[GameState], bool] = lambda game: False,
    on_action: Callable[[GameState, Seat, Action, GameState], None] | None = None,
) -> tuple[GameState, int]:
    """Let the bots act while the seat on turn has a bot and ``stop`` is false.

    ``position`` is the index of the next action in the game's record (it seeds each decision).
    Returns the new state and the new position. ``on_action(before, seat, action, after)`` is called
    after each action (the web table turns these into events to animate).
    """
    while not game.is_over and not stop(game):
        seat = game.turn
        if seat is None or seat not in bots:
            break
        action = decide(bots[seat], view_for(game, seat), decision_rng(game.code, position, seat))
        after = game.apply(action)
        if on_action is not None:
            on_action(game, seat, action, after)
        game = after
        position += 1
    return game, position
