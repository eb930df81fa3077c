"""Every level plays whole games legally and deterministically."""

from __future__ import annotations

import pytest
from bot_helpers import ALL_LEVELS

from picas.games.spades import Action, GameState, Rules, Seat
from picas.games.spades.bots.base import Bot, play_bots
from picas.games.spades.bots.registry import DEFAULT_LEVEL, LEVELS, UnknownBot, load_bot


def _record(
    game: GameState, bots: dict[Seat, Bot], **kwargs: object
) -> tuple[GameState, list[Action]]:
    actions: list[Action] = []
    game, _ = play_bots(
        game,
        bots,
        position=0,
        on_action=lambda before, seat, action, after: actions.append(action),
        **kwargs,  # type: ignore[arg-type]
    )
    return game, actions


def test_the_default_level_is_facil_and_every_level_loads() -> None:
    assert DEFAULT_LEVEL == "facil"
    for name in LEVELS:
        assert isinstance(load_bot(name), Bot)


def test_a_bot_can_be_any_importable_object() -> None:
    assert type(load_bot("picas.games.spades.bots.normal:NormalBot")).__name__ == "NormalBot"
    with pytest.raises(UnknownBot):
        load_bot("picas.games.spades.bots.normal:Missing")
    with pytest.raises(UnknownBot):
        load_bot("nonsense")


@pytest.mark.parametrize("level", ["facil", "normal"])
@pytest.mark.parametrize("code", ["ABCDEFGH", "K7PMX4QH", "23456789"])
def test_whole_games_are_legal(level: str, code: str) -> None:
    # play_bots checks every action against the view's legal actions (decide raises otherwise).
    bot = load_bot(level)
    rules = Rules(blind_nil=True)
    game, actions = _record(GameState.new(rules, code), dict.fromkeys(Seat, bot))
    assert game.outcome is not None
    assert len(actions) >= 56 * game.outcome.hands_played


def test_dificil_plays_a_whole_game_legally_against_normal() -> None:
    dificil, normal = load_bot("dificil"), load_bot("normal")
    bots = {Seat.SOUTH: dificil, Seat.NORTH: dificil, Seat.WEST: normal, Seat.EAST: normal}
    game, _ = _record(GameState.new(Rules(target=100), "QRSTUVWX"), bots)
    assert game.outcome is not None


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_the_same_code_gives_the_same_game(level: str) -> None:
    def one_hand() -> list[Action]:
        bot = load_bot(level)
        game = GameState.new(Rules(), "MNPQRSTU")
        _, actions = _record(game, dict.fromkeys(Seat, bot), stop=lambda g: bool(g.history))
        return actions

    first, second = one_hand(), one_hand()
    assert len(first) == 56
    assert first == second


def test_different_codes_give_different_games() -> None:
    bot = load_bot("dificil")
    games = []
    for code in ("MNPQRSTU", "MNPQRSTV"):
        _, actions = _record(
            GameState.new(Rules(), code),
            dict.fromkeys(Seat, bot),
            stop=lambda g: bool(g.history),
        )
        games.append(actions)
    assert games[0] != games[1]
