"""A player's view: the only door out of the engine for a player, a bot or a browser.

It holds the viewer's own hand and what is public on the table, never another hand: bots and the
web page are handed a ``PlayerView``, never a ``GameState``, so hidden information is enforced by
construction rather than by discipline.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from picas.games.spades import (
    Action,
    Card,
    GameState,
    Phase,
    Play,
    Rules,
    Seat,
    action_to_json,
    cards_in,
)
from picas.games.spades.actions import BIDS
from picas.games.spades.game import HandResult, Outcome
from picas.games.spades.scoring import TeamSheet
from picas.shared.errors import Refusal
from picas.shared.views import TableView, cards_json, refusal_json, table_json, table_of
from picas.shared.views import trick_to_json as trick_to_json  # the web's events use it


@dataclass(frozen=True, slots=True)
class PlayerView(TableView):
    """A Spades seat's view: the shared table (:class:`~picas.shared.views.TableView`) and what is
    Spades' own."""

    rules: Rules
    hand: tuple[Card, ...] | None
    """The viewer's cards, lowest first; ``None`` while they lie face down (Blind Nil undecided)."""
    bids: tuple[int | None, int | None, int | None, int | None]
    blind: tuple[bool, bool, bool, bool]
    blind_nil_offered: bool
    """The viewer may still declare Blind Nil (and has not looked at their cards)."""
    won: tuple[int, int, int, int]
    spades_broken: bool
    totals: tuple[int, int]
    bags: tuple[int, int]
    history: tuple[HandResult, ...]
    """Finished hands, with all four hands shown: by then every card has been played face up."""
    outcome: Outcome | None
    legal: tuple[Action, ...]
    """The viewer's legal actions (empty when it is not the viewer's turn)."""
    bid_refusals: tuple[tuple[int, Refusal], ...] = ()
    """While the viewer bids: each bid the rules refuse (the team minimum) with its reason, for
    the bid pad to dim (in the JSON, with the cards' refusals, keyed by the bid: ``"2"``)."""
    draw: DrawView | None = None
    """«Dos jugadores»: what the viewer may know of the stock (``None`` at four players)."""

    @property
    def my_turn(self) -> bool:
        return self.turn is self.seat

    @property
    def partner(self) -> Seat:
        return self.seat.partner


@dataclass(frozen=True, slots=True)
class DrawView:
    """What a player of «Dos jugadores» may know of the stock: how many cards are left, its top
    card only while it is his turn to draw, and the cards he himself saw go out (never the
    opponent's, never a card that went out unseen)."""

    stock: int
    top: Card | None
    seen_out: tuple[Card, ...]


def draw_view(game: GameState, seat: Seat) -> DrawView | None:
    """``seat``'s part of the stock of a two-player hand (``None`` at four players)."""
    hand = game.hand
    draw = hand.draw
    if draw is None:
        return None
    shown = game.outcome is None and hand.phase is Phase.DRAWING and hand.turn is seat
    seen = draw.seen_out[seat] if seat < len(draw.seen_out) else 0
    return DrawView(stock=draw.left, top=draw.top if shown else None, seen_out=cards_in(seen))


def _without_stocks(history: tuple[HandResult, ...]) -> tuple[HandResult, ...]:
    """«Dos jugadores»' finished hands as a player may see them: both hands were played face up,
    but the stock and the cards out of play stay hidden (the hand's ``draw`` left out)."""
    return tuple(HandResult(result.hand._replace(draw=None), result.sheets) for result in history)


def view_for(game: GameState, seat: Seat) -> PlayerView:
    """What ``seat`` may know of ``game``."""
    hand = game.hand
    looked = hand.looked[seat]
    my_turn = game.outcome is None and hand.turn is seat
    lowest = hand.lowest_bid(seat) if hand.phase is Phase.BIDDING else 0
    bid_refusals: tuple[tuple[int, Refusal], ...] = ()
    if my_turn and looked and lowest:
        bid_refusals = tuple(
            (bid, refusal)
            for bid in range(lowest)
            if (refusal := hand.check(BIDS[bid])) is not None
        )
    return PlayerView(
        **table_of(game, hand, seat),
        rules=game.rules,
        hand=cards_in(hand.hands[seat]) if looked else None,
        bids=hand.bids,
        blind=hand.blind,
        blind_nil_offered=hand.blind_offered[seat] and not looked and not lowest,
        won=hand.won,
        spades_broken=hand.spades_broken,
        totals=game.totals,
        bags=game.bags,
        history=game.history if hand.draw is None else _without_stocks(game.history),
        outcome=game.outcome,
        legal=game.legal_actions() if my_turn else (),
        bid_refusals=bid_refusals,
        draw=draw_view(game, seat),
    )


# --- JSON for the browser ------------------------------------------------------------------------


def sheet_to_json(sheet: TeamSheet) -> dict[str, Any]:
    return {
        "team": sheet.team.key,
        "contract": sheet.contract,
        "counted_tricks": sheet.counted_tricks,
        "nil_tricks": sheet.nil_tricks,
        "made": sheet.made,
        "overtricks": sheet.overtricks,
        "lines": {
            "contract": sheet.contract_points,
            "bags": sheet.bag_points,
            "nil": sheet.nil_points,
            "bag_penalty": sheet.bag_penalty,
            "hand_total": sheet.hand_total,
            "running_total": sheet.running_total,
        },
        "nils": [
            {"seat": n.seat.key, "blind": n.blind, "tricks": n.tricks, "points": n.points}
            for n in sheet.nils
        ],
        "bags_before": sheet.bags_before,
        "bags_added": sheet.bags_added,
        "bags_after": sheet.bags_after,
    }


def result_to_json(result: HandResult) -> dict[str, Any]:
    hand = result.hand
    return {
        "number": hand.number,
        "dealer": hand.dealer.key,
        "dealt": {seat.key: cards_json(cards_in(hand.dealt[seat])) for seat in Seat},
        "bids": {seat.key: hand.bids[seat] for seat in Seat},
        "blind": {seat.key: hand.blind[seat] for seat in Seat},
        "won": {seat.key: hand.won[seat] for seat in Seat},
        "tricks": [trick_to_json(trick) for trick in hand.tricks],
        "sheets": [sheet_to_json(sheet) for sheet in result.sheets],
    }


def outcome_to_json(outcome: Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {
        "winner": None if outcome.winner is None else outcome.winner.key,
        "reason": outcome.reason,
        "totals": list(outcome.totals),
        "hands_played": outcome.hands_played,
    }


def draw_to_json(draw: DrawView) -> dict[str, Any]:
    return {
        "stock": draw.stock,
        "top": None if draw.top is None else draw.top.code,
        "seen_out": cards_json(draw.seen_out),
    }


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """The view as the browser receives it. Card codes are two ASCII characters ("QH"). At «Dos
    jugadores» it adds ``draw`` (every view of the game, the draw's and the play's)."""
    playable = [action.card.code for action in view.legal if isinstance(action, Play)]
    table = table_json(view, over=view.outcome is not None)
    for bid, refusal in view.bid_refusals:
        table["refusals"][str(bid)] = refusal_json(refusal)
    extra = {} if view.draw is None else {"draw": draw_to_json(view.draw)}
    return {
        **table,
        "rules": view.rules.to_json(),
        "hand": None if view.hand is None else cards_json(view.hand),
        "bids": {seat.key: view.bids[seat] for seat in Seat},
        "blind": {seat.key: view.blind[seat] for seat in Seat},
        "blind_nil_offered": view.blind_nil_offered,
        "won": {seat.key: view.won[seat] for seat in Seat},
        "spades_broken": view.spades_broken,
        "totals": {"north_south": view.totals[0], "east_west": view.totals[1]},
        "bags": {"north_south": view.bags[0], "east_west": view.bags[1]},
        "history": [result_to_json(result) for result in view.history],
        "outcome": outcome_to_json(view.outcome),
        "legal": [action_to_json(action) for action in view.legal],
        "playable": playable,
        **extra,
    }
