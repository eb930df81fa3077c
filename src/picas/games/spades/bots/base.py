"""Spades' bot interface and the loop that lets bots bid and play.

A bot is any object with ``bid`` and ``play`` methods taking a :class:`PlayerView` and a
``random.Random`` (and ``draw``, for «Dos jugadores»' draw: :class:`Drawer`); it never sees a
``GameState``. The generator and the loop are the shared ones
(:mod:`picas.shared.bots`), so the same code played the same way gives the same game on any machine.
See ``docs/bots.md``.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Protocol, runtime_checkable

from picas.games.spades import (
    Action,
    Bid,
    BlindNil,
    Discard,
    GameState,
    Keep,
    LookAtCards,
    Phase,
    Play,
    Seat,
)
from picas.games.spades.view import PlayerView, view_for
from picas.shared.bots import BotLoop, CardPlayer, decision_rng

__all__ = ["SPADES_BOTS", "Bot", "Drawer", "decide", "decision_rng", "play_bots"]


@runtime_checkable
class Bot(CardPlayer[PlayerView], Protocol):
    """A Spades computer player: it bids, and plays (:class:`~picas.shared.bots.CardPlayer`)."""

    def bid(self, view: PlayerView, rng: random.Random) -> Bid | BlindNil | LookAtCards:
        """Choose a bid. ``view.hand`` is ``None`` while Blind Nil is on offer and undecided: then
        return ``BlindNil()`` or ``LookAtCards()`` (and ``bid`` is called again after a look)."""
        ...


@runtime_checkable
class Drawer(Protocol):
    """A bot that plays «Dos jugadores»' draw itself (every level does); one that does not (a
    test's bot written for four) draws with :func:`placeholder_draw`."""

    def draw(self, view: PlayerView, rng: random.Random) -> Keep | Discard:
        """Keep the stock's top card (``view.draw.top``) or put it out and keep the next one."""
        ...


def _next_seat(game: GameState, seats: Collection[Seat]) -> Seat | None:
    """The seat on turn, if a bot plays it: in Spades one seat at a time acts."""
    turn = game.turn  # None once the game is over
    return turn if turn in seats else None


def _ask(bot: Bot, view: PlayerView, rng: random.Random) -> Action:
    if view.phase is Phase.DRAWING:
        return bot.draw(view, rng) if isinstance(bot, Drawer) else placeholder_draw(view)
    return bot.bid(view, rng) if view.phase is Phase.BIDDING else Play(bot.play(view, rng))


def placeholder_draw(view: PlayerView) -> Keep | Discard:
    """The draw of a bot written for four players (one loaded by ``module:attr`` without a
    ``draw``): legal and plain — keep a spade (a joker too) or an ace, else put it out. Every
    level of the registry draws its own way (``bots/two_draw.py``)."""
    top = view.draw.top if view.draw is not None else None
    if top is not None and (top.is_joker or top.code[0] == "A" or top.code[1] == "S"):
        return Keep()
    return Discard()


SPADES_BOTS: BotLoop[GameState, PlayerView, Action, Bot] = BotLoop(
    next_seat=_next_seat,
    view_for=view_for,
    ask=_ask,
    is_legal=lambda view, action: action in view.legal,
    # The seat is the one on turn: the engine's fast path (no seat to check) applies it.
    apply=lambda game, action, seat: game.apply(action),
    code_of=lambda game: game.code,
)
decide = SPADES_BOTS.decide
play_bots = SPADES_BOTS.play_bots
