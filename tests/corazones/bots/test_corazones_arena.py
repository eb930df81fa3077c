"""The Corazones arena: seats rotated so that the comparison between two levels is fair."""

from __future__ import annotations

import random

import pytest

from picas.cli import main
from picas.games.corazones import PassDirection, PlayerView, Rules
from picas.games.corazones.arena import PATTERNS, hand_game, match, play_deal, report
from picas.games.corazones.bots import NormalBot
from picas.shared.cards import Card
from picas.shared.seats import Seat


@pytest.mark.parametrize("pattern", sorted(PATTERNS))
def test_a_level_against_itself_saves_nothing(pattern: str) -> None:
    result = match("normal", "normal", 8, pattern=pattern)
    assert all(deal.saved == 0 for deal in result.deals)
    assert result.a_points == result.b_points


def test_in_pairs_swapping_the_levels_swaps_the_sign() -> None:
    forward = match("normal", "facil", 12)
    backward = match("facil", "normal", 12)
    for there, back in zip(forward.deals, backward.deals, strict=True):
        assert there.saved == pytest.approx(-back.saved)
        assert there.a_points == pytest.approx(back.b_points)


def test_every_seat_is_played_by_each_level_in_every_pattern() -> None:
    for arrangements in PATTERNS.values():
        for seat in Seat:
            assert any(seat in a_seats for a_seats in arrangements)
            assert any(seat not in a_seats for a_seats in arrangements)
        assert len({len(a_seats) for a_seats in arrangements}) == 1  # the same table each time


SEEN: list[tuple[str, Seat, int]] = []


class _Recorder(NormalBot):
    def play(self, view: PlayerView, rng: random.Random) -> Card:
        SEEN.append((self.name, view.seat, view.hand_number))
        return super().play(view, rng)


class _A(_Recorder):
    name = "a"


def test_a_deal_is_played_once_per_arrangement_on_the_same_cards() -> None:
    SEEN.clear()
    game = hand_game(Rules(), "ARNA2345", 3)
    play_deal(_A, _Recorder, game, PATTERNS["one"])
    # Four games of 52 cards; A played 13 cards from each seat, B 39.
    assert len(SEEN) == 4 * 52
    for seat in Seat:
        assert sum(1 for name, at, _ in SEEN if name == "a" and at == seat) == 13
    assert {number for _, _, number in SEEN} == {3}


def test_the_pass_direction_turns_with_the_deal() -> None:
    directions = [
        hand_game(Rules(), "ARNA2345", index % 4 + 1).hand.direction for index in range(4)
    ]
    assert set(directions) == set(PassDirection)


def test_the_match_is_deterministic_and_seeded() -> None:
    first = match("normal", "facil", 6, seed=4)
    assert first == match("normal", "facil", 6, seed=4)
    assert first != match("normal", "facil", 6, seed=5)
    assert match("normal", "facil", 3, seed=4, start=3).deals == first.deals[3:]


def test_normal_saves_points_against_facil() -> None:
    """A sanity check over a few deals; the figure with its interval is in docs/corazones.md."""
    result = match("normal", "facil", 40)
    assert result.saved - result.half_interval > 0
    assert result.a_points < result.b_points


def test_the_match_is_the_same_on_several_processes() -> None:
    assert match("normal", "facil", 5, seed=2, jobs=2) == match("normal", "facil", 5, seed=2)


def test_picas_arena_plays_corazones(capsys: pytest.CaptureFixture[str]) -> None:
    command = ["arena", "--game", "corazones", "normal", "facil", "--deals", "3", "--seed", "2"]
    assert main([*command, "--jobs", "2", "--log"]) == 0
    out = capsys.readouterr().out
    assert out.count("\ndeal ") + out.startswith("deal ") == 3
    assert out.endswith("\n" + report(match("normal", "facil", 3, seed=2)) + "\n")


def test_picas_arena_refuses_what_does_not_apply(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "corazones", "normal", "nadie", "--deals", "1"]) == 2
    assert "Jugador desconocido" in capsys.readouterr().err
    assert main(["arena", "--game", "corazones", "normal", "facil", "--games", "2"]) == 2
    assert "--games no se aplica" in capsys.readouterr().err
    assert main(["arena", "normal", "facil", "--pattern", "one"]) == 2
    assert "--pattern no se aplica" in capsys.readouterr().err
