"""Every save and download written before the games' registry still opens, and opens the same:
``tests/fixtures/saved_games/`` holds both games' saves (record and signature, as the page keeps
them) and downloads (the record alone; a Spades record has no ``game`` key, or spells it out), each
with what the server and ``picas replay`` answered for it then (written by ``make_saved_games.py``
on the code before the change, never since)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from picas import cli
from picas.record import read_record
from picas.web import Settings, create_app

FOLDER = Path(__file__).resolve().parent / "fixtures" / "saved_games"
KEY = b"picas-saved-games-fixture-key-0123"
SAVES = sorted(FOLDER.glob("*-save-*.json"))
DOWNLOADS = sorted(p for p in FOLDER.glob("*-download-*.json") if ".replay" not in p.name)


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings(key=KEY)))


def test_the_fixtures_cover_both_games_old_and_new_forms() -> None:
    names = {path.name for path in SAVES + DOWNLOADS}
    assert {"spades-save-mid-game.json", "corazones-save-finished.json"} <= names
    assert "game" not in load(FOLDER / "spades-download-mid-game.json")
    assert load(FOLDER / "spades-download-with-game-key.json")["game"] == "spades"
    assert load(FOLDER / "corazones-download-mid-game.json")["game"] == "corazones"


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_an_old_save_opens_with_the_same_view(client: TestClient, path: Path) -> None:
    fixture = load(path)
    opened = client.post("/api/games/resume", json={"save": fixture["save"]})
    assert opened.status_code == 200, opened.text
    assert {"game": opened.json()["game"], "view": opened.json()["view"]} == fixture["expected"]


@pytest.mark.parametrize("path", [p for p in SAVES if "mid-game" in p.name], ids=lambda p: p.stem)
def test_an_old_save_plays_on(client: TestClient, path: Path) -> None:
    save = load(path)["save"]
    view = load(path)["expected"]["view"]
    action = view["playable"][0] if view["playable"] else view["hand"][:3]
    played = client.post("/api/games/act", json={"save": save, "action": action})
    assert played.status_code == 200, played.text
    record = played.json()["save"]["record"]
    assert record.get("game") == save["record"].get("game")  # Spades still writes no key
    assert record["actions"][: len(save["record"]["actions"])] == save["record"]["actions"]


@pytest.mark.parametrize("path", DOWNLOADS, ids=lambda p: p.stem)
def test_an_old_download_reads_and_writes_back_the_same(path: Path) -> None:
    data = load(path)
    written = read_record(data).to_json()
    if data.get("game") == "spades":  # a Spades record is written without its key, as ever
        data = {key: value for key, value in data.items() if key != "game"}
    assert written == data


@pytest.mark.parametrize("path", DOWNLOADS, ids=lambda p: p.stem)
def test_an_old_download_replays_as_it_did(path: Path) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["replay", "--json", str(path)]) == 0
    assert json.loads(out.getvalue()) == load(path.with_suffix(".replay.json"))
