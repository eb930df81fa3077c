"""The pieces every game's player view is built from, and their JSON.

Each game's ``view.py`` decides what a seat may know of its game; what is the same in every
trick-taking game — the table a seat sees (:class:`TableView`, filled by :func:`table_of` and
written out by :func:`table_json`), the cards played in order, how many cards each seat holds, the
reason for each card that may not be played, a trick and a seat-keyed table in JSON — is written
here once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

from picas.shared.cards import Card, cards_in
from picas.shared.errors import Params, Refusal
from picas.shared.position import PLAYING, Phase, TrickGame, TrickHand
from picas.shared.seats import Seat
from picas.shared.tricks import Trick

Refusals = tuple[tuple[Card, Refusal], ...]


@dataclass(frozen=True, slots=True)
class TableView:
    """What a seat sees of the table in every trick-taking game; each game's ``PlayerView`` adds
    its rules, the viewer's hand and legal actions, its scores."""

    seat: Seat
    hand_number: int
    dealer: Seat
    phase: Phase
    turn: Seat | None
    """Whose turn it is (while Corazones' cards are passed: the first seat still to choose);
    ``None`` once the game is over."""
    hand_sizes: tuple[int, int, int, int]
    leader: Seat
    trick: tuple[Card, ...]
    """The trick in progress, in play order from ``leader``."""
    tricks: tuple[Trick, ...]
    """Finished tricks of this hand."""
    refusals: Refusals
    """For each of the viewer's cards that may not be played now, the reason."""

    def played_cards(self) -> tuple[tuple[Seat, Card], ...]:
        """Every card played this hand with who played it, in order."""
        return played_cards(self.tricks, self.leader, self.trick)


class TableFields(TypedDict):
    """:class:`TableView`'s fields, as :func:`table_of` gives them to a game's ``PlayerView``."""

    seat: Seat
    hand_number: int
    dealer: Seat
    phase: Phase
    turn: Seat | None
    hand_sizes: tuple[int, int, int, int]
    leader: Seat
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    refusals: Refusals


def table_of(game: TrickGame, hand: TrickHand, seat: Seat) -> TableFields:
    """What ``seat`` sees of the table of ``game``, whose current hand is ``hand``: the public
    table, and the reason for each of the seat's cards that may not be played when it is the
    seat's turn to play a card."""
    refusals: Refusals = ()
    if not game.is_over and hand.turn is seat and hand.phase is PLAYING:
        refused = hand.hands[seat] & ~hand.legal_play_mask()
        refusals = refusals_for(hand.refusal_for_card, refused)
    return TableFields(
        seat=seat,
        hand_number=hand.number,
        dealer=hand.dealer,
        phase=hand.phase,
        turn=game.turn,
        hand_sizes=hand_sizes(hand.hands),
        leader=hand.leader,
        trick=hand.trick,
        tricks=hand.tricks,
        refusals=refusals,
    )


def played_cards(
    tricks: Sequence[Trick], leader: Seat, trick: Sequence[Card]
) -> tuple[tuple[Seat, Card], ...]:
    """Every card played this hand with who played it, in order: the finished ``tricks``, then the
    ``trick`` under way, led by ``leader``."""
    out: list[tuple[Seat, Card]] = []
    for done in tricks:
        size = len(done.cards)  # 2 at Spades' two players (South and West), else 4
        out.extend((Seat((done.leader + i) % size), card) for i, card in enumerate(done.cards))
    # A trick under way at two players holds only its lead (its second card closes it).
    out.extend((Seat((leader + i) % 4), card) for i, card in enumerate(trick))
    return tuple(out)


def hand_sizes(hands: Sequence[int]) -> tuple[int, int, int, int]:
    """How many cards each seat holds (public), from the four hands' masks."""
    return (
        hands[0].bit_count(),
        hands[1].bit_count(),
        hands[2].bit_count(),
        hands[3].bit_count(),
    )


def refusals_for(refusal_for_card: Callable[[Card], Refusal | None], cards: int) -> Refusals:
    """The reason each of ``cards`` (a mask: the viewer's cards that may not be played now) is
    refused, as the hand gives it."""
    return tuple(
        (card, refusal)
        for card in cards_in(cards)
        if (refusal := refusal_for_card(card)) is not None
    )


# --- JSON for the browser ------------------------------------------------------------------------


def table_json(view: TableView, *, over: bool) -> dict[str, Any]:
    """The table's part of a view's JSON (``over``: the game has ended, the phase says so)."""
    return {
        "seat": view.seat.key,
        "hand_number": view.hand_number,
        "dealer": view.dealer.key,
        "phase": "game_over" if over else view.phase.value,
        "turn": None if view.turn is None else view.turn.key,
        "hand_sizes": by_seat_json(view.hand_sizes),
        "leader": view.leader.key,
        "trick": cards_json(view.trick),
        "tricks": [trick_to_json(trick) for trick in view.tricks],
        "refusals": refusals_json(view.refusals),
    }


def cards_json(cards: Sequence[Card]) -> list[str]:
    """Card codes, two ASCII characters each ("QH")."""
    return [card.code for card in cards]


def by_seat_json(values: Sequence[object]) -> dict[str, Any]:
    """Four values by seat, keyed by the seats' names ("south", …)."""
    return {seat.key: values[seat] for seat in Seat}


def trick_to_json(trick: Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader.key,
        "cards": cards_json(trick.cards),
        "winner": trick.winner.key,
    }


def refusal_json(refusal: Refusal) -> dict[str, Any]:
    """A refusal on the wire: its stable code, the Spanish message and what the message names
    (``params``: codes and counts, for a page to say it in its own words)."""
    return {"code": refusal.code, "message": refusal.message, "params": params_json(refusal.params)}


def params_json(params: Params) -> dict[str, Any]:
    """Parameters as JSON: a tuple of codes becomes a list."""
    return {
        name: list(value) if isinstance(value, tuple) else value for name, value in params.items()
    }


def refusals_json(refusals: Refusals) -> dict[str, dict[str, Any]]:
    """Each refused card's reason by card code (:func:`refusal_json`)."""
    return {card.code: refusal_json(refusal) for card, refusal in refusals}


def replay_json(
    key: str, game: Any, result_json: Callable[[Any], dict[str, Any]], **own: object
) -> dict[str, Any]:
    """``picas replay --json`` of any game: its key, code, rules and each finished hand (written
    by ``result_json``), then what the game adds (``own``: its totals, its outcome)."""
    return {
        "game": key,
        "code": game.code,
        "rules": game.rules.to_json(),
        "hands": [result_json(result) for result in game.history],
        **own,
    }
