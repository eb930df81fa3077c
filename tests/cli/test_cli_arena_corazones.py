"""``picas arena --game corazones``: any importable bot takes a seat (``module:attr``), the report
is in Spanish with the moons by side and seat, and the decisions' times go to stderr."""

from __future__ import annotations

import re

import pytest

import corazones_own_bot
from picas.cli import main
from picas.games.corazones.arena import PATTERNS, deal_code, hand_game, match, play_scored, report
from picas.games.corazones.bots import NormalBot
from picas.games.corazones.bots.registry import UnknownBot, load_bot
from picas.games.corazones.rules import Rules
from picas.shared.seats import Seat

OWN = "corazones_own_bot:LowestBot"


def test_an_importable_bot_takes_the_seats_of_a(capsys: pytest.CaptureFixture[str]) -> None:
    corazones_own_bot.DECISIONS.clear()
    result = match(OWN, "normal", 2, seed=1)
    # Pairs: A sits North and South on the first table, East and West on the second; 13 cards
    # (and a pass, on hands that have one) from each of its seats, in every deal.
    seats = {seat for seat, _ in corazones_own_bot.DECISIONS}
    assert seats == set(Seat)
    plays = len(corazones_own_bot.DECISIONS)
    assert 2 * 2 * 2 * 13 <= plays <= 2 * 2 * 2 * 14
    # It plays its own way: not as Normal would.
    assert result != match("normal", "normal", 2, seed=1)
    command = ["arena", "--game", "corazones", OWN, "normal", "--deals", "2", "--seed", "1"]
    assert main([*command, "--jobs", "2"]) == 0
    captured = capsys.readouterr()
    assert captured.out == report(result) + "\n"
    assert f"A = {OWN}, B = normal" in captured.out
    assert re.search(r"A: \d+ decisiones, media [\d.]+ ms", captured.err), captured.err


def test_a_bad_seat_is_refused_with_a_clear_message(capsys: pytest.CaptureFixture[str]) -> None:
    for spec, words in [
        ("nadie", "Jugador desconocido: «nadie»"),
        ("no_such_module:Bot", "No se puede cargar «no_such_module:Bot»"),
        ("corazones_own_bot:Missing", "No se puede cargar «corazones_own_bot:Missing»"),
        ("corazones_own_bot:NOT_A_BOT", "no tiene los métodos pass_cards y play"),
    ]:
        assert main(["arena", "--game", "corazones", "normal", spec, "--deals", "1"]) == 2
        assert words in capsys.readouterr().err
        with pytest.raises(UnknownBot):
            load_bot(spec)


def test_the_report_counts_each_sides_moons_by_seat() -> None:
    # Deal 31 of seed 3: four Normal players see East shoot the moon (tests/corazones
    # test_corazones_moon.py), so both tables of a Normal-against-Normal match do.
    game = hand_game(Rules(), deal_code(3, 31), 31 % 4 + 1)
    assert play_scored(game, {seat: NormalBot() for seat in Seat}).moon is Seat.EAST
    result = match("normal", "normal", 1, seed=3, start=31)
    # A sits East on one table of the two, B on the other.
    assert result.moons(by_a=True) == {**dict.fromkeys(Seat, 0), Seat.EAST: 1}
    assert result.moons(by_a=False) == {**dict.fromkeys(Seat, 0), Seat.EAST: 1}
    text = report(result)
    assert "lunas de A por asiento: 1 (Sur 0, Oeste 0, Norte 0, Este 1)" in text
    assert "lunas de B por asiento: 1 (Sur 0, Oeste 0, Norte 0, Este 1)" in text
    # In the pattern "one", A sits East once in four tables.
    one = match("normal", "normal", 1, seed=3, start=31, pattern="one")
    assert len(PATTERNS["one"]) == 4
    assert one.moons(by_a=True)[Seat.EAST] == 1
    assert one.moons(by_a=False)[Seat.EAST] == 3


def test_the_timings_do_not_change_the_result() -> None:
    first, second = match("normal", "facil", 3, seed=2), match("normal", "facil", 3, seed=2)
    assert first == second
    clock = first.clock()
    # Every decision of both sides was timed: 52 cards a table, and the passes.
    assert clock.a.decisions + clock.b.decisions >= 2 * 3 * 52
    assert clock.a.seconds > 0
