"""``picas arena`` and ``picas bench bots``: smoke tests on tiny runs."""

from __future__ import annotations

import pytest

from picas.cli import main
from picas.games.spades import Rules
from picas.games.spades.arena import (
    deal_code,
    format_result,
    play_both_tables,
    play_hand,
    run_arena,
)


def test_the_same_seed_gives_the_same_report_whatever_the_jobs() -> None:
    one = run_arena("normal", "facil", deals=6, games=1, seed=5, jobs=1)
    two = run_arena("normal", "facil", deals=6, games=1, seed=5, jobs=2)
    assert format_result(one) == format_result(two)
    assert len(one.diffs) == 6
    assert len(one.game_hands) == 2  # one duplicate game: two games
    assert one.side_a.hands == one.side_b.hands == 12
    other = run_arena("normal", "facil", deals=6, games=0, seed=6, jobs=1)
    assert other.diffs != one.diffs


@pytest.mark.parametrize("level", ["facil", "normal"])
def test_against_itself_the_swapped_table_is_the_same_game(level: str) -> None:
    # The arena plays a player against itself once a deal and reads the table from both sides;
    # that is only right if playing the swapped table really gives the same game. Fácil draws
    # from its generator (Blind Nil, bids), so the generators must not depend on the seating.
    rules = Rules().with_settings(target=250)
    for index in range(4):
        code = deal_code(2, "hand", index)
        both = play_both_tables(level, level, code, rules)
        assert play_hand(level, level, code, rules) == both
        assert both[0].a == both[1].b
        assert both[0].b == both[1].a


def test_a_player_against_itself_scores_exactly_even() -> None:
    result = run_arena("normal", "normal", deals=5, games=0, seed=2, jobs=1)
    assert result.diffs == [0.0] * 5
    assert result.side_a.hands == result.side_b.hands == 10
    assert "5 manos distintas" in format_result(result)


def test_deal_codes_are_readable_game_codes() -> None:
    codes = {deal_code(1, "hand", i) for i in range(50)}
    assert len(codes) == 50
    assert all(len(code) == 8 and not set(code) & set("01OI") for code in codes)


def test_the_command_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        [
            *("arena", "facil", "picas.games.spades.bots.normal:NormalBot"),
            *("--deals", "4", "--games", "1", "--seed", "3", "--jobs", "2"),
        ]
    )
    assert status == 0
    out = capsys.readouterr().out
    for needed in ("puntos por mano, A − B", "IC 95%", "ganadas: A", "manos por partida"):
        assert needed in out


def test_an_unknown_player_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "facil", "nadie", "--deals", "1"]) == 2
    assert "Jugador desconocido" in capsys.readouterr().err


def test_bench_bots_measures_every_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "bots", "--positions", "4"]) == 0
    out = capsys.readouterr().out
    for level in ("facil", "normal", "dificil"):
        assert level in out
    assert "partidas simuladas/s" in out
