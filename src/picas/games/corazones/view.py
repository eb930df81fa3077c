"""A player's view of a Corazones game: the only door out of the engine for a player.

It holds the viewer's own cards, the cards the viewer passed and received, and what is public on
the table (tricks are played face up, so the points each seat has taken are public). It never holds
another seat's hand or another seat's pass: bots and the page get a ``PlayerView``, never a
``GameState``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from picas.games.corazones.game import GameState, HandResult, Outcome
from picas.games.corazones.passing import PassDirection
from picas.games.corazones.rules import Rules
from picas.games.corazones.scoring import Four, card_points
from picas.shared.cards import Card, cards_in
from picas.shared.fast import plays_of
from picas.shared.position import PLAYING, Phase
from picas.shared.seats import Seat
from picas.shared.tricks import Play
from picas.shared.views import TableView, by_seat_json, cards_json, table_json, table_of
from picas.shared.views import (
    trick_to_json as trick_to_json,  # picas.web.games.corazones takes it from here
)


@dataclass(frozen=True, slots=True)
class PlayerView(TableView):
    """A Corazones seat's view: the shared table (:class:`~picas.shared.views.TableView`) and
    what is Corazones' own."""

    rules: Rules
    direction: PassDirection
    hand: tuple[Card, ...]
    """The viewer's cards, lowest first (after the exchange: including the cards received)."""
    must_pass: bool
    """The viewer still has to choose three cards to pass."""
    passed: tuple[Card, ...]
    """The cards the viewer chose to pass (empty until chosen)."""
    received: tuple[Card, ...]
    """The cards the viewer received (empty until all four have passed): the page marks them."""
    points_taken: Four
    """Points in the tricks each seat has taken this hand (before the moon)."""
    hearts_broken: bool
    totals: Four
    history: tuple[HandResult, ...]
    """Finished hands, all cards shown: by then every card has been played face up."""
    outcome: Outcome | None
    legal: tuple[Play, ...]
    """The viewer's legal plays (empty when it is not the viewer's turn to play)."""

    @property
    def my_turn(self) -> bool:
        return self.turn is self.seat and self.phase is Phase.PLAYING

    @property
    def pass_to(self) -> Seat | None:
        """Who gets the viewer's pass this hand (``None`` on a hand without a pass)."""
        if self.direction is PassDirection.NONE:
            return None
        return self.direction.receiver(self.seat)


def view_for(game: GameState, seat: Seat) -> PlayerView:
    """What ``seat`` may know of ``game``."""
    hand = game.hand
    mine = hand.hands[seat]
    my_turn = game.outcome is None and hand.phase is PLAYING and hand.turn is seat
    return PlayerView(
        **table_of(game, hand, seat),
        rules=game.rules,
        direction=hand.direction,
        hand=cards_in(mine),
        must_pass=game.outcome is None and seat in hand.still_to_pass(),
        passed=cards_in(hand.passed[seat]),
        received=cards_in(hand.received[seat]),
        points_taken=(
            card_points(hand.taken[0]),
            card_points(hand.taken[1]),
            card_points(hand.taken[2]),
            card_points(hand.taken[3]),
        ),
        hearts_broken=hand.hearts_broken,
        totals=game.totals,
        history=game.history,
        outcome=game.outcome,
        legal=plays_of(hand.legal_play_mask()) if my_turn else (),
    )


# --- JSON for the browser ------------------------------------------------------------------------


def result_to_json(result: HandResult) -> dict[str, Any]:
    hand, score = result.hand, result.score
    return {
        "number": hand.number,
        "dealer": hand.dealer.key,
        "direction": hand.direction.value,
        "dealt": {seat.key: cards_json(cards_in(hand.dealt[seat])) for seat in Seat},
        "passed": {seat.key: cards_json(cards_in(hand.passed[seat])) for seat in Seat},
        "tricks": [trick_to_json(trick) for trick in hand.tricks],
        "hearts": by_seat_json(score.hearts),
        "queen": None if score.queen is None else score.queen.key,
        "jack": None if score.jack is None else score.jack.key,
        "moon": None if score.moon is None else score.moon.key,
        "points": by_seat_json(score.points),
        "totals": by_seat_json(score.totals),
    }


def outcome_to_json(outcome: Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {
        "winner": outcome.winner.key,
        "totals": by_seat_json(outcome.totals),
        "hands_played": outcome.hands_played,
    }


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """The view as the browser would receive it. Card codes are two ASCII characters ("QS")."""
    return {
        "game": "corazones",
        **table_json(view, over=view.outcome is not None),
        "rules": view.rules.to_json(),
        "direction": view.direction.value,
        "pass_to": None if view.pass_to is None else view.pass_to.key,
        "hand": cards_json(view.hand),
        "must_pass": view.must_pass,
        "passed": cards_json(view.passed),
        "received": cards_json(view.received),
        "points_taken": by_seat_json(view.points_taken),
        "hearts_broken": view.hearts_broken,
        "totals": by_seat_json(view.totals),
        "history": [result_to_json(result) for result in view.history],
        "outcome": outcome_to_json(view.outcome),
        "playable": [play.card.code for play in view.legal],
    }
