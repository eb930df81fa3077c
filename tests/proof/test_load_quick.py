"""``picas load --quick`` in small (the figures are docs/benchmarks.md's): eight people make
profiles, are seated by «Jugar ya»'s matcher at two rated tables and play them, two or three of
them leaving or dropping their connection, with every seq received once and no error."""

from __future__ import annotations

import json

import pytest

from picas.cli import main
from picas.cli.friends_client import Sent
from picas.cli.load_quick import QuickSettings, forget_machine_plays


def test_eight_people_are_seated_at_two_rated_tables_and_play(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["load", "--spawn", "--workers", "1", "--quick", "8", "--seconds", "20", "--warmup", "3"]
    argv += ["--pace", "0.2", "0.5", "--leave", "0.25", "--seed", "1", "--json"]
    code = main(argv)
    report = json.loads(capsys.readouterr().out)
    (result,) = report["results"]
    assert result["errors"] == {}
    assert report["server_log_faults"] == 0
    assert code == 0
    assert result["tables"] == 2
    assert result["warmup"] == 3.0  # the command's, not the default (5 s of these 20)
    assert result["matcher"]["seated"] >= 8
    assert result["matcher"]["wait_ms"]["n"] == result["matcher"]["seated"]
    assert result["sockets"]["table"] >= 8
    assert result["lost"] == 0
    assert result["duplicated"] == 0
    assert result["never_welcomed"] == 0
    assert result["card_to_others_ms"]["n"] > 0
    going = result["going"]
    assert going["fated"] >= 1  # a quarter of eight, drawn: the seed makes it some
    assert going["left"] + going["dropped"] == going["fated"]
    assert result["timed_actions"] > 0
    assert result["server_cpu"]["server"]["cpu_seconds"] > 0
    assert result["machine"]["busy_cores"] >= result["server_cpu"]["server"]["cores"]
    # The generator's loop was watched through the timed stretch (a wake every 10 ms).
    assert result["load_generator_late_ms"]["n"] > 500


def test_a_warmup_as_long_as_the_run_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    # Nothing would be timed: refused before any server or person is started.
    code = main(["load", "--spawn", "--quick", "8", "--seconds", "10", "--warmup", "10"])
    assert code != 0
    assert "--warmup" in capsys.readouterr().err


def test_the_targets_are_the_games_shorter_and_longer() -> None:
    spades = [QuickSettings(4, "spades", kind, 1.0).target_points for kind in ("quick", "standard")]
    hearts = [
        QuickSettings(4, "corazones", kind, 1.0).target_points for kind in ("quick", "standard")
    ]
    assert spades[0] < spades[1]
    assert hearts[0] < hearts[1]


def _update(seat: str, card: str, kind: str, cpu_playing: bool = False) -> dict[str, object]:
    seats = [
        {"seat": key, "kind": "person", "cpu_playing": False} for key in ("south", "west", "north")
    ]
    seats.append({"seat": "east", "kind": kind, "cpu_playing": cpu_playing})
    return {
        "type": "update",
        "events": [{"type": "play", "seat": seat, "card": card}],
        "table": {"seats": seats},
    }


def test_a_computer_card_is_not_timed_by_a_person_stamp_of_an_earlier_hand() -> None:
    sent = Sent()
    sent.at[("t", "7H")] = 1.0
    sent.at[("t", "QS")] = 2.0
    forget_machine_plays(_update("south", "QS", "person"), sent, "t")
    assert sent.at == {("t", "7H"): 1.0, ("t", "QS"): 2.0}  # a person's card keeps its stamp
    forget_machine_plays(_update("east", "7H", "cpu"), sent, "t")
    assert ("t", "7H") not in sent.at
    sent.at[("t", "2C")] = 3.0
    forget_machine_plays(_update("east", "2C", "person", cpu_playing=True), sent, "t")
    assert ("t", "2C") not in sent.at
    assert sent.at == {("t", "QS"): 2.0}
