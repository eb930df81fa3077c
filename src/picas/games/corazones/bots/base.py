"""The Corazones bot interface and the loop that lets bots pass and play.

A bot has two methods, ``pass_cards`` and ``play``, each taking a :class:`PlayerView` and a
``random.Random``; it never sees a ``GameState``. The generator is the Spades one
(:func:`picas.games.spades.bots.base.decision_rng`: game code, action index, seat), so a code
played the same way gives the same game. When the shared ``decide``/``play_bots`` are parameterised
by the game, these two functions fold into them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

from picas.games.corazones.actions import PASS_SIZE, Action, Pass
from picas.games.corazones.game import GameState
from picas.games.corazones.hand import Phase
from picas.games.corazones.view import PlayerView, view_for
from picas.games.spades.bots.base import decision_rng
from picas.shared.cards import Card
from picas.shared.errors import IllegalAction
from picas.shared.seats import Seat
from picas.shared.tricks import Play


@runtime_checkable
class Bot(Protocol):
    """A Corazones computer player. Both methods must be deterministic given view and generator."""

    def pass_cards(self, view: PlayerView, rng: random.Random) -> tuple[Card, Card, Card]:
        """Choose three cards of ``view.hand`` to pass to ``view.pass_to``."""
        ...

    def play(self, view: PlayerView, rng: random.Random) -> Card:
        """Choose a card among ``view.legal``."""
        ...


def decide(bot: Bot, view: PlayerView, rng: random.Random) -> Action:
    """Ask ``bot`` for its pass or its card and check it is legal, so a faulty bot fails loudly."""
    if view.must_pass:
        cards = tuple(bot.pass_cards(view, rng))
        if len(set(cards)) == PASS_SIZE and set(cards) <= set(view.hand):
            return Pass(cards)
        action: Action = Pass(cards)
    else:
        action = Play(bot.play(view, rng))
        if action in view.legal:
            return action
    raise IllegalAction(
        f"El jugador de la CPU en {view.seat.name_es} eligió una acción ilegal: {action!r}.",
        code="bot_illegal_action",
    )


def next_bot_seat(game: GameState, bots: Mapping[Seat, Bot]) -> Seat | None:
    """The seat whose bot acts next: while passing, the first bot still to choose (bots do not wait
    for a person to pass); while playing, the seat on turn if it has a bot."""
    if game.is_over:
        return None
    hand = game.hand
    if hand.phase is Phase.PASSING:
        return next((seat for seat in hand.still_to_pass() if seat in bots), None)
    return hand.turn if hand.turn in bots else None


def play_bots(
    game: GameState,
    bots: Mapping[Seat, Bot],
    *,
    position: int,
    stop: Callable[[GameState], bool] = lambda game: False,
) -> tuple[GameState, int]:
    """Let the bots act while one can and ``stop`` is false. ``position`` is the index of the next
    action in the game's record (it seeds each decision). Returns the new state and position."""
    while not stop(game):
        seat = next_bot_seat(game, bots)
        if seat is None:
            break
        action = decide(bots[seat], view_for(game, seat), decision_rng(game.code, position, seat))
        game = game.apply(action, seat)
        position += 1
    return game, position
