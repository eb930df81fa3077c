"""``picas replay`` and ``picas bench engine``, through the command's own entry point."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from picas.cli import main
from picas.games.spades import Action, Bid, Card, GameState, Rules, mask_of
from picas.games.spades.record import SpadesRecord

SOUTH = "AS KS QS 2H 3H 4H 5H 6H 2D 3D 4D 5D 2C"
WEST = "JS TS 9S 7H 8H 9H TH 6D 7D 8D 3C 4C 5C"
NORTH = "8S 7S 6S JH QH KH AH 9D TD JD 6C 7C 8C"
EAST = "5S 4S 3S 2S QD KD AD 9C TC JC QC KC AC"


def _seeded_game() -> SpadesRecord:
    """One hand played to its end with the first legal card each time, from an explicit deal."""
    deal = tuple(
        mask_of(Card.parse(c) for c in hand.split()) for hand in (SOUTH, WEST, NORTH, EAST)
    )
    record = SpadesRecord(Rules(), "K7PMX4QH", deals=(deal,))  # type: ignore[arg-type]
    game = record.start()
    actions: list[Action] = [Bid(4), Bid(3), Bid(3), Bid(3)]
    for action in actions:
        game = game.apply(action)
    while game.hand.number == 1:
        action = game.legal_actions()[0]
        actions.append(action)
        game = game.apply(action)
    return record.append(*actions)


def _final(record: SpadesRecord) -> GameState:
    game = record.start()
    for action in record.actions:
        game = game.apply(action)
    return game


def test_replay_prints_every_line_of_every_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _seeded_game()
    path = tmp_path / "partida.json"
    path.write_text(record.dumps(), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    ns, ew = _final(record).history[0].sheets
    for name, left, right in zip(
        ("Contrato", "Sacos", "Nil", "Castigo por sacos", "Total de la mano", "Acumulado"),
        ns.lines,
        ew.lines,
        strict=True,
    ):
        line = next(row for row in out.splitlines() if row.strip().startswith(name))
        assert line.split()[-2:] == [str(left), str(right)]
    assert "Mano 1 — reparte Este" in out
    assert "Partida en curso" in out


def test_replay_json_is_for_machines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _seeded_game()
    path = tmp_path / "partida.json"
    path.write_text(record.dumps(), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    game = _final(record)
    assert data["code"] == "K7PMX4QH"
    assert data["totals"] == {"north_south": game.totals[0], "east_west": game.totals[1]}
    assert len(data["hands"]) == 1
    assert (
        data["hands"][0]["sheets"][0]["lines"]["hand_total"] == game.history[0].sheets[0].hand_total
    )
    assert data["outcome"] is None


@pytest.mark.parametrize(
    ("content", "code"),
    [
        ("{not json", "bad_json"),
        ('{"format": "picas.record", "version": 9}', "unknown_version"),
        (None, "illegal"),
    ],
)
def test_replay_errors_are_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, code: str
) -> None:
    path = tmp_path / "partida.json"
    if content is None:
        data = _seeded_game().to_json()
        data["actions"][5] = data["actions"][4]  # the same card twice: no longer in hand
        content = json.dumps(data)
        code = "card_not_in_hand"
    path.write_text(content, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith("picas: ")
    assert f"[{code}]" in captured.err
    assert "Traceback" not in captured.err


def test_replay_reads_a_downloaded_save_as_well(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _seeded_game()
    plain = tmp_path / "registro.json"
    plain.write_text(record.dumps(), encoding="utf-8")
    assert main(["replay", "--json", str(plain)]) == 0
    expected = capsys.readouterr().out
    # The page's download: the save it keeps, record and signature (not checked: no key here).
    save = tmp_path / "descargada.json"
    save.write_text(json.dumps({"record": record.to_json(), "sig": "0" * 64}, indent=2))
    assert main(["replay", "--json", str(save)]) == 0
    assert capsys.readouterr().out == expected
    save.write_text(json.dumps({"record": record.to_json()}))
    assert main(["replay", "--json", str(save)]) == 0
    assert capsys.readouterr().out == expected


@pytest.mark.parametrize(
    ("content", "code"),
    [
        ({"record": "x", "sig": "0"}, "invalid_record"),
        ({"record": {"format": "ajedrez"}, "sig": "0"}, "bad_format"),
        ({"record": {}, "sig": "0", "view": {}}, "bad_format"),
        ({"sig": "0"}, "bad_format"),
    ],
)
def test_a_malformed_save_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: object, code: str
) -> None:
    path = tmp_path / "partida.json"
    path.write_text(json.dumps(content), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"[{code}]" in err


def test_replay_of_a_missing_file_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "no-existe.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "no-existe.json" in err


def test_bench_engine_reports_hands_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--hands", "50"]) == 0
    out = capsys.readouterr().out
    assert "hands/s" in out
    rates = [float(rate.replace(",", "")) for rate in re.findall(r"([\d,]+) hands/s", out)]
    assert len(rates) == 2
    assert all(rate > 0 for rate in rates)


@pytest.mark.parametrize("where", ["meta", "code", "action", "level", "profile"])
def test_replay_of_a_record_with_a_lone_surrogate_is_one_line_and_status_2(
    where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _seeded_game().to_json()
    surrogate = "\ud800"
    if where == "meta":
        data["meta"] = {"note": surrogate}
    elif where == "code":
        data["code"] = surrogate * 8
    elif where == "action":
        data["actions"][0] = surrogate
    elif where == "level":
        data["meta"] = {"level": surrogate}
    else:
        data["rules"]["profile"] = surrogate
    path = tmp_path / "partida.json"
    path.write_text(json.dumps(data, ensure_ascii=True), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("picas: "), err
    assert err.count("\n") == 1, err
    err.encode("utf-8")


def test_replay_of_a_device_file_reads_only_up_to_the_cap(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["replay", "/dev/zero"]) == 2
    assert "[too_large]" in capsys.readouterr().err


def test_replay_of_a_huge_version_does_not_repeat_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _seeded_game().to_json()
    data["version"] = "1" * 200_000
    path = tmp_path / "partida.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "[unknown_version]" in err
    assert len(err) < 200


def test_replay_reads_a_record_with_a_long_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A friends' table's revealed record (its code the long form) replays like any other."""
    long = "ABCD-EFGH-JKLM-NPQR-STUV-WXYZ-2345"
    record = SpadesRecord(Rules(), long)
    game = record.start()
    actions: list[Action] = []
    while game.hand.number == 1:
        action = game.legal_actions()[0]
        actions.append(action)
        game = game.apply(action)
    path = tmp_path / "mesa.json"
    path.write_text(record.append(*actions).dumps(), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["code"] == "ABCDEFGHJKLMNPQRSTUVWXYZ2345"
    assert len(data["hands"]) == 1
