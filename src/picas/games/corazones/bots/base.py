"""Corazones' bot interface and the loop that lets bots pass and play.

A bot has two methods, ``pass_cards`` and ``play``, each taking a :class:`PlayerView` and a
``random.Random``; it never sees a ``GameState``. The generator and the loop are the shared ones
(:mod:`picas.shared.bots`: game code, action index, seat), so a code played the same way gives the
same game.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Protocol, runtime_checkable

from picas.games.corazones.actions import Action, Pass
from picas.games.corazones.game import GameState
from picas.games.corazones.view import PlayerView, view_for
from picas.shared.bots import BotLoop, CardPlayer
from picas.shared.cards import Card
from picas.shared.position import Phase
from picas.shared.seats import Seat
from picas.shared.tricks import Play


@runtime_checkable
class Bot(CardPlayer[PlayerView], Protocol):
    """A Corazones computer player: it passes, and plays (the shared
    :class:`~picas.shared.bots.CardPlayer`)."""

    def pass_cards(self, view: PlayerView, rng: random.Random) -> tuple[Card, ...]:
        """Choose ``view.rules.pass_size`` cards (3, or 4 by a house rule) of ``view.hand`` to
        pass to ``view.pass_to``."""
        ...


def next_bot_seat(game: GameState, seats: Collection[Seat]) -> Seat | None:
    """The seat whose bot acts next: while passing, the first bot still to choose (bots do not wait
    for a person to pass); while playing, the seat on turn if it has a bot."""
    if game.is_over:
        return None
    hand = game.hand
    if hand.phase is Phase.PASSING:
        return next((seat for seat in hand.still_to_pass() if seat in seats), None)
    return hand.turn if hand.turn in seats else None


def _ask(bot: Bot, view: PlayerView, rng: random.Random) -> Action:
    if view.must_pass:
        return Pass(tuple(bot.pass_cards(view, rng)))
    return Play(bot.play(view, rng))


def _is_legal(view: PlayerView, action: Action) -> bool:
    if isinstance(action, Pass):
        cards = set(action.cards)
        return len(cards) == view.rules.pass_size and cards <= set(view.hand)
    return action in view.legal


CORAZONES_BOTS: BotLoop[GameState, PlayerView, Action, Bot] = BotLoop(
    next_seat=next_bot_seat,
    view_for=view_for,
    ask=_ask,
    is_legal=_is_legal,
    apply=lambda game, action, seat: game.apply(action, seat),
    code_of=lambda game: game.code,
)
decide = CORAZONES_BOTS.decide
play_bots = CORAZONES_BOTS.play_bots
