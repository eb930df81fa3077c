"""``picas check --game corazones``: random and bot games of Corazones, every invariant checked;
and each check catches what it is there for."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import picas.games.corazones.invariants as invariants
from picas.cli import main
from picas.games.corazones import GameState, Rules, view_to_json
from picas.games.corazones.scoring import HandScore
from picas.games.spades import Seat
from picas.shared.cards import cards_in
from picas.shared.invariants import InvariantBroken


def test_check_corazones_plays_random_and_bot_hands(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["check", "--game", "corazones", "--hands", "12", "--bot-hands", "8", "--jobs", "1"]
    assert main([*args, "--views-every", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("check (corazones): ")
    hands = int(out.split(": ")[1].split(" hands")[0])
    assert hands >= 20


def test_every_combination_of_the_settings_is_played() -> None:
    settings = {dataclasses.astuple(invariants._rules(index)) for index in range(8)}
    assert len(settings) == 8


def _a_position() -> GameState:
    game = GameState.new(Rules(), "K7PMX4QH")
    while game.hand.phase.value == "passing":
        game = game.apply(game.legal_actions()[0])
    return game.apply(game.legal_actions()[0])


def test_a_view_that_shows_another_hand_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _a_position()
    west = [card.code for card in cards_in(game.hand.hands[Seat.WEST])]
    real = view_to_json

    def leaky(view: Any) -> dict[str, Any]:
        return {**real(view), "west": west}

    invariants.check_view(game, Seat.SOUTH)
    monkeypatch.setattr(invariants, "view_to_json", leaky)
    with pytest.raises(InvariantBroken, match="south's view shows"):
        invariants.check_view(game, Seat.SOUTH)


def test_a_wrong_sheet_is_caught() -> None:
    game = GameState.new(Rules(), "K7PMX4QH")
    while not game.history:
        game = game.apply(game.legal_actions()[0])
    result = game.history[0]
    invariants.check_hand_result(result, (0, 0, 0, 0), rules=Rules())
    south, west, north, east = result.score.points
    wrong = result.score._replace(points=(south + 1, west, north, east))
    assert isinstance(wrong, HandScore)
    with pytest.raises(InvariantBroken, match="scored"):
        invariants.check_hand_result(result._replace(score=wrong), (0, 0, 0, 0), rules=Rules())
    with pytest.raises(InvariantBroken, match="carry over"):
        invariants.check_hand_result(result, (1, 0, 0, 0), rules=Rules())
