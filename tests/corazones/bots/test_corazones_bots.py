"""The Corazones players: legal, deterministic, and driven by the bot loop like Spades' players."""

from __future__ import annotations

import random

import pytest

from corazones_helpers import E, N, S, W
from picas.games.corazones import GameState, MoonForm, Phase, PlayerView, Rules, view_for
from picas.games.corazones.bots import (
    DEFAULT_LEVEL,
    LEVELS,
    Bot,
    DificilBot,
    FacilBot,
    NormalBot,
    decide,
    next_bot_seat,
    play_bots,
)
from picas.games.corazones.bots.search import SearchSettings
from picas.shared.bots import decision_rng
from picas.shared.cards import CARDS, Card
from picas.shared.errors import IllegalAction
from picas.shared.seats import Seat


def _bots(level: str) -> dict[Seat, Bot]:
    if level == "dificil":  # legality does not need a deep search; whole games at 480 take minutes
        return {seat: DificilBot(SearchSettings(playouts=16)) for seat in Seat}
    return {seat: LEVELS[level]() for seat in Seat}


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize(
    "rules",
    [
        Rules(target=50),
        Rules(target=50, passing=False, jack_of_diamonds=True, moon=MoonForm.SELF),
    ],
)
def test_every_level_plays_whole_games_legally(level: str, rules: Rules) -> None:
    for code in ("BXTS2345", "BXTS6789"):
        game, position = play_bots(GameState.new(rules, code), _bots(level), position=0)
        assert game.is_over  # decide() raises on any illegal choice
        assert position == sum(52 + (4 if r.hand.passed[0] else 0) for r in game.history)


def test_the_same_code_gives_the_same_game() -> None:
    bots: dict[Seat, Bot] = {S: FacilBot(), W: NormalBot(), N: FacilBot(), E: NormalBot()}
    first, _ = play_bots(GameState.new(Rules(target=50), "SAME2345"), bots, position=0)
    again, _ = play_bots(GameState.new(Rules(target=50), "SAME2345"), bots, position=0)
    assert first == again
    other, _ = play_bots(GameState.new(Rules(target=50), "SAME2346"), bots, position=0)
    assert other != first


def test_bots_pass_without_waiting_for_the_person_and_then_wait_for_them() -> None:
    bots: dict[Seat, Bot] = {W: NormalBot(), N: NormalBot(), E: NormalBot()}
    game = GameState.new(Rules(), "WAJT2345")
    game, position = play_bots(game, bots, position=0)
    assert position == 3
    assert game.hand.phase is Phase.PASSING
    assert game.hand.still_to_pass() == (S,)
    assert next_bot_seat(game, bots) is None


def test_the_default_level_is_facil() -> None:
    assert DEFAULT_LEVEL == "facil"
    assert isinstance(LEVELS[DEFAULT_LEVEL](), FacilBot)


class _Cheat:
    """Plays a card it does not hold and passes the same card three times."""

    def pass_cards(self, view: PlayerView, rng: random.Random) -> tuple[Card, Card, Card]:
        return (view.hand[0], view.hand[0], view.hand[1])

    def play(self, view: PlayerView, rng: random.Random) -> Card:
        return next(card for card in CARDS if card not in view.hand)


def test_an_illegal_choice_fails_loudly() -> None:
    game = GameState.new(Rules(), "BADS2345")
    with pytest.raises(IllegalAction) as raised:
        decide(_Cheat(), view_for(game, S), decision_rng(game.code, 0, S))
    assert raised.value.code == "bot_illegal_action"
    game = GameState.new(Rules(passing=False), "BADS2345")
    seat = game.turn
    assert seat is not None
    with pytest.raises(IllegalAction) as raised:
        decide(_Cheat(), view_for(game, seat), decision_rng(game.code, 0, seat))
    assert raised.value.code == "bot_illegal_action"


def test_normal_takes_fewer_points_than_facil_over_a_few_deals() -> None:
    """A sanity check, not the strength figure (that is in the report, over many deals): Normal in
    each seat in turn against three Fácil, the same deals."""
    points = {"normal": 0, "facil": 0}
    for number in range(12):
        code = f"LVL{number + 2:02d}ABC".replace("1", "J").replace("0", "K")
        for normal_seat in Seat:
            bots: dict[Seat, Bot] = {
                seat: NormalBot() if seat == normal_seat else FacilBot() for seat in Seat
            }
            game = GameState.new(Rules(), code)
            game, _ = play_bots(game, bots, position=0, stop=lambda game: bool(game.history))
            for seat, value in enumerate(game.history[0].score.points):
                points["normal" if seat == normal_seat else "facil"] += value
    assert points["normal"] * 3 < points["facil"]
