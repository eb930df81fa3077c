"""The proof of the shape (issue 19; docs/design.md, "What a new game adds"): Minibazas, a third
trick-taking game in its own folder under ``tests/``, registered through the games' registry alone,
is replayed, checked and matched by the ``picas`` command and played through the API like the
site's two, with no line of ``record.py``, ``web/``, ``cli/`` or the page naming it."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from proof_server import PicasServer

import picas
from minibazas.spec import SPEC, MinibazasRecord
from picas import games
from picas.record import iter_states, read_record
from picas.shared.seats import Seat
from picas.web import Settings, create_app
from picas.web.games import table_for

TESTS = Path(__file__).resolve().parent
PACKAGE = Path(picas.__file__).resolve().parent
KEY = b"picas-third-game-test-key-0123456789"


@pytest.fixture
def registered() -> Iterator[None]:
    games.register(SPEC)
    table_for.cache_clear()
    try:
        yield
    finally:
        games.unregister(SPEC.key)
        table_for.cache_clear()


def picas_command(*args: str) -> subprocess.CompletedProcess[str]:
    """``picas ARGS`` in a new process that finds Minibazas by ``PICAS_GAMES`` alone."""
    env = {
        **os.environ,
        games.GAMES_ENV: "minibazas.spec:SPEC",
        "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]),
        "PICAS_PURE": "1",
    }
    return subprocess.run(
        [sys.executable, "-m", "picas.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def bots_record(code: str = "K7PMX4QH") -> MinibazasRecord:
    record = MinibazasRecord(rules=SPEC.rules(hands=2), code=code, meta={"level": "normal"})
    actions: list[Any] = []
    assert SPEC.bots is not None
    SPEC.bots.play_bots(
        record.start(),
        dict.fromkeys(Seat, SPEC.load_bot("normal")),
        position=0,
        on_action=lambda _before, _seat, action, _after: actions.append(action),
    )
    return record.append(*actions)


def test_nothing_above_the_games_names_the_third_game() -> None:
    named = [
        path.relative_to(PACKAGE)
        for path in PACKAGE.rglob("*")
        if path.is_file()
        and path.suffix in {".py", ".js", ".html", ".css", ".json"}
        and "minibazas" in path.read_text(encoding="utf-8", errors="replace").lower()
    ]
    assert named == []


def test_its_record_round_trips_through_the_shared_envelope(registered: None) -> None:
    record = bots_record()
    data = json.loads(record.dumps())
    assert data["game"] == "minibazas"
    assert read_record(data) == record
    assert len(record.actions) == 2 * 20  # two hands of five tricks of four cards


def test_picas_replay_shows_it(tmp_path: Path) -> None:
    path = tmp_path / "minibazas.json"
    record = bots_record()
    path.write_text(record.dumps(), encoding="utf-8")
    text = picas_command("replay", str(path))
    assert text.returncode == 0, text.stderr
    assert text.stdout.startswith("Partida K7PMX4QH — Minibazas a 2 manos")
    as_json = picas_command("replay", "--json", str(path))
    assert as_json.returncode == 0, as_json.stderr
    data = json.loads(as_json.stdout)
    assert data["game"] == "minibazas"
    assert sum(data["totals"].values()) == 10  # every trick is a point
    assert len(data["hands"]) == 2


def test_picas_check_plays_it_checking_its_invariants() -> None:
    done = picas_command("check", "--game", "minibazas", "--hands", "200", "--bot-hands", "40")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("check (minibazas): 2")
    assert "no invariant broken" in done.stdout


def test_picas_arena_matches_two_of_its_levels() -> None:
    done = picas_command("arena", "dificil", "facil", "--game", "minibazas", "--deals", "20")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("dificil − facil: ")
    assert "20 repartos" in done.stdout
    unknown = picas_command("arena", "dificil", "facil", "--game", "minibazas", "--pattern", "one")
    assert unknown.returncode == 2
    assert "--pattern no se aplica a --game minibazas" in unknown.stderr


def test_picas_bench_engine_runs_it() -> None:
    done = picas_command("bench", "engine", "--game", "minibazas", "--hands", "200")
    assert done.returncode == 0, done.stderr
    assert "minibazas, hands:" in done.stdout


def test_a_game_is_started_and_played_to_the_end_through_the_api(registered: None) -> None:
    client = TestClient(create_app(Settings(key=KEY)))
    # Normal: its replies run in the server process, where the game was registered (a Difícil
    # reply runs in a worker process, which finds a game by PICAS_GAMES, as any process does).
    answer = client.post("/api/games", json={"game": "minibazas", "hands": 2, "level": "normal"})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["game"] == "minibazas"
    assert body["save"]["record"]["game"] == "minibazas"
    view = body["view"]
    assert set(view) >= {"hand", "legal", "trick", "totals"}
    assert len(view["hand"]) + len(view["trick"]) >= 4  # South's five, less one if it has played
    turns = 0
    while body["view"]["outcome"] is None:
        legal = body["view"]["legal"]
        assert legal, body["view"]
        answer = client.post("/api/games/act", json={"save": body["save"], "action": legal[0]})
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["events"][0] == {"type": "action", "seat": "south", "action": legal[0]}
        turns += 1
    assert turns == 10  # five cards a hand, two hands
    assert sum(body["view"]["outcome"]["totals"].values()) == 10
    assert body["events"][-1] == {"type": "game_over"}
    resumed = client.post("/api/games/resume", json={"save": body["save"]})
    assert resumed.status_code == 200
    assert resumed.json()["view"] == body["view"]


def test_the_api_refuses_bad_minibazas_input_clearly(registered: None) -> None:
    client = TestClient(create_app(Settings(key=KEY)))
    bad_option = client.post("/api/games", json={"game": "minibazas", "hands": 3})
    assert bad_option.status_code == 400
    assert bad_option.json()["error"]["code"] == "bad_request"
    assert "hands" in bad_option.json()["error"]["message"]
    body = client.post("/api/games", json={"game": "minibazas"}).json()
    held = set(body["view"]["hand"])
    not_held = next(c for c in ("TS", "JS", "QS", "KS", "AS", "TH", "JH") if c not in held)
    refused = client.post("/api/games/act", json={"save": body["save"], "action": not_held})
    assert refused.status_code == 409  # an illegal action, as in every game
    assert refused.json()["error"]["code"] == "not_in_hand"
    no_hint = client.post("/api/hint", json={"save": body["save"]})
    assert no_hint.status_code == 409
    assert no_hint.json()["error"]["code"] == "no_hint"


def test_without_registering_it_a_minibazas_save_is_an_unknown_game() -> None:
    client = TestClient(create_app(Settings(key=KEY)))
    answer = client.post("/api/games", json={"game": "minibazas"})
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "bad_request"
    assert "minibazas" not in games.keys()  # noqa: SIM118 (a function, not a dict)


def _imports(path: Path) -> set[str]:
    imported = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
    return {name for name in imported if name.startswith(("picas", "minibazas"))}


def test_the_third_game_imports_only_the_shared_floor_and_itself() -> None:
    # Its web part (web.py, the page's panel) stands on the web tier's games, as each game's
    # web/games/<key>.py does; the game itself stands on the shared floor alone.
    game = [path for path in (TESTS / "minibazas").glob("*.py") if path.name != "web.py"]
    ours = set().union(*(_imports(path) for path in game))
    assert ours
    assert all(name.startswith(("picas.shared.", "minibazas")) for name in ours), ours
    web = _imports(TESTS / "minibazas" / "web.py")
    assert all(name.startswith(("picas.web.games.", "minibazas")) for name in web), web


def test_a_served_game_replies_at_dificil_and_opens_its_download(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A real server in its own processes: its worker processes (Difícil's replies, imports) find
    # the game by PICAS_GAMES as the server does.
    monkeypatch.setenv(games.GAMES_ENV, "minibazas.spec:SPEC")
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])
    )
    with PicasServer(tmp_path) as server:
        body = _post(server, "/api/games", {"game": "minibazas", "level": "dificil"})
        for _ in range(3):
            body = _post(
                server, "/api/games/act", {"save": body["save"], "action": body["view"]["legal"][0]}
            )
        assert body["level"] == "dificil"
        opened = _post(server, "/api/games/import", dict(body["save"]))
        assert opened["game"] == "minibazas"
        assert opened["view"] == body["view"]
        assert opened["reasons"] == {}
        # A plain record: every computer action is decided again and must be the record's.
        checked = _post(server, "/api/games/import", {"record": body["save"]["record"]})
        assert checked["view"] == body["view"]
        record = body["save"]["record"]
        index, other = next(
            (i, next(c.code for c in state.legal() if c.code != record["actions"][i]))
            for i, state in enumerate(iter_states(read_record(record)))
            if i < len(record["actions"])
            and state.turn is not Seat.SOUTH
            and len(state.legal()) > 1
        )
        forged = {**record, "actions": [*record["actions"][:index], other]}
        status, refused = _post_raw(server, "/api/games/import", {"record": forged})
        assert status == 422, refused  # that card is not the one its level plays there
        assert refused["error"]["code"]


def _post_raw(server: PicasServer, path: str, body: object) -> tuple[int, Any]:
    request = urllib.request.Request(
        server.base + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _post(server: PicasServer, path: str, body: object) -> Any:
    status, answer = _post_raw(server, path, body)
    assert status == 200, answer
    return answer
