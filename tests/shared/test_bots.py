"""The shared bot loop, seen through Spades' plug (Corazones' has its own tests in
tests/corazones): a faulty bot fails loudly, the loop stops at a person's seat and reports every
action, and every decision's generator depends on the code, the position and the seat only."""

from __future__ import annotations

import random

import pytest

from picas.games.spades import Bid, BlindNil, Card, GameState, IllegalAction, LookAtCards, Seat
from picas.games.spades.bots.base import Bot, decide, play_bots
from picas.games.spades.bots.facil import FacilBot
from picas.games.spades.rules import Rules
from picas.games.spades.view import PlayerView, view_for
from picas.shared.bots import decision_rng

S = Seat.SOUTH


class _Cheat:
    """Bids 14 tricks."""

    def bid(self, view: PlayerView, rng: random.Random) -> Bid | BlindNil | LookAtCards:
        return Bid(14)

    def play(self, view: PlayerView, rng: random.Random) -> Card:
        return view.legal[0].card  # type: ignore[union-attr]  # never reached


def test_an_illegal_choice_fails_loudly() -> None:
    game = GameState.new(Rules(), "BADS2345")
    seat = game.turn
    assert seat is not None
    cheat: Bot = _Cheat()
    with pytest.raises(IllegalAction) as raised:
        decide(cheat, view_for(game, seat), decision_rng(game.code, 0, seat))
    assert raised.value.code == "bot_illegal_action"


def test_the_loop_stops_at_a_person_and_reports_each_action() -> None:
    game = GameState.new(Rules(first_dealer=S), "LUPS2345")  # West bids first
    bots: dict[Seat, Bot] = {seat: FacilBot() for seat in Seat if seat != S}
    expected = []
    seat = game.turn
    while seat is not None and seat != S:
        expected.append(seat)
        seat = seat.left
    seen: list[Seat] = []
    after, position = play_bots(
        game, bots, position=5, on_action=lambda before, seat, action, after: seen.append(seat)
    )
    assert after.turn == S
    assert seen == expected
    assert position == 5 + len(expected)


def test_the_generator_depends_on_code_position_and_seat_only() -> None:
    first = decision_rng("ABCDEFGH", 3, S).random()
    assert decision_rng("ABCDEFGH", 3, S).random() == first
    others = {
        decision_rng("ABCDEFGJ", 3, S).random(),
        decision_rng("ABCDEFGH", 4, S).random(),
        decision_rng("ABCDEFGH", 3, Seat.WEST).random(),
    }
    assert first not in others
