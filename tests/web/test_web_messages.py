"""Messages that say what happened: a reply worker killed mid-act is not «muy ocupada»; ``resume``
re-signs a save signed with an old key, so the game survives the old key being dropped; every
error code the server can send is listed in docs/api.md, and the page knows the new ones."""

from __future__ import annotations

import ast
import multiprocessing
import os
import random
import re
import signal
import threading
import time
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient
from web_helpers import KEY, CountingBot, FixedLoader, act, error_of, make_app, serve_in_thread

from picas.games.spades import Bid, BlindNil, LookAtCards
from picas.games.spades.view import PlayerView
from picas.web import Settings, create_app

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "src" / "picas"
API_DOC = ROOT / "docs" / "api.md"
NEW_KEY = b"the-new-key-of-this-server-0123456789"
SHARED = multiprocessing.get_context("forkserver")
THINKING = SHARED.Value("i", 0)
"""The pid of the reply worker a slow bidder is thinking in (0: none)."""

Json = dict[str, Any]


class SlowBidderInWorker(CountingBot):
    """Thinks for ever over its bid in a reply worker (until that worker is killed)."""

    def __init__(self, thinking: Any) -> None:
        self.thinking = thinking

    def bid(self, view: PlayerView, rng: random.Random) -> Bid | BlindNil | LookAtCards:
        if multiprocessing.current_process().name != "MainProcess":
            self.thinking.value = os.getpid()
            while True:
                time.sleep(0.05)
        return super().bid(view, rng)


def test_a_reply_worker_killed_mid_act_says_so_not_busy() -> None:
    THINKING.value = 0
    loader = FixedLoader(SlowBidderInWorker(THINKING))
    app = create_app(
        Settings(key=KEY, bot_loaders={"spades": loader}, reply_workers=1, heavy_deadline=60)
    )
    with serve_in_thread(app) as (host, port), httpx2.Client(base_url=f"http://{host}:{port}") as c:
        game: Json = c.post("/api/games", json={"code": "K7PMX4QH", "level": "dificil"}).json()
        answers: list[httpx2.Response] = []
        body = {"save": game["save"], "action": game["view"]["legal"][0]}
        thread = threading.Thread(
            target=lambda: answers.append(c.post("/api/games/act", json=body, timeout=60))
        )
        thread.start()
        deadline = time.monotonic() + 20
        while THINKING.value == 0:
            assert time.monotonic() < deadline, "the reply never reached a worker"
            time.sleep(0.05)
        os.kill(THINKING.value, signal.SIGKILL)
        thread.join(timeout=30)
        assert answers, "no answer after the worker was killed"
        response = answers[0]
        assert response.status_code == 503
        assert response.headers["retry-after"].isdigit()
        error = response.json()["error"]
        assert error["code"] == "worker_crashed"
        assert "ocupada" not in error["message"]
        assert "se ha detenido" in error["message"]
        assert "sigue guardada" in error["message"]
        # Nothing was lost: the save sent still opens.
        assert c.post("/api/games/resume", json={"save": game["save"]}).status_code == 200
    THINKING.value = 0


def _both_keys() -> TestClient:
    return TestClient(
        create_app(Settings(key=NEW_KEY, old_keys=(KEY,), bot_loaders={"spades": _loader()}))
    )


def _new_key_only() -> TestClient:
    return TestClient(create_app(Settings(key=NEW_KEY, bot_loaders={"spades": _loader()})))


def _loader() -> FixedLoader:
    return FixedLoader(CountingBot())


def test_resume_re_signs_an_old_key_save_which_then_outlives_the_old_key() -> None:
    old = TestClient(make_app())
    game = old.post("/api/games", json={"code": "K7PMX4QH"}).json()
    game = act(old, game, game["view"]["legal"][0])
    old_save = game["save"]
    rotated = _both_keys()
    opened = rotated.post("/api/games/resume", json={"save": old_save})
    assert opened.status_code == 200
    new_save = opened.json()["save"]
    assert new_save["record"] == old_save["record"]
    assert new_save["sig"] != old_save["sig"], "resume must re-sign with the newest key"
    # A save made with the newest key comes back as it is.
    again = rotated.post("/api/games/resume", json={"save": new_save}).json()["save"]
    assert again == new_save
    # The old key dropped: the re-signed save opens and plays on; the old one is refused.
    later = _new_key_only()
    assert later.post("/api/games/resume", json={"save": new_save}).status_code == 200
    played = later.post(
        "/api/games/act", json={"save": new_save, "action": opened.json()["view"]["legal"][0]}
    )
    assert played.status_code == 200
    refused = later.post("/api/games/resume", json={"save": old_save})
    assert error_of(refused)[:2] == (400, "bad_signature")


# --- every code the server can send is documented ------------------------------------------------

NOT_FROM_THE_API = {
    "command_error": "the command line's own errors (picas.cli)",
    "bad_key": "a signing key refused when the server starts",
    "bad_settings": "incoherent limits refused when the server starts",
    "unknown_bot": "an arena or bench asked for a computer player that does not exist",
    "bad_json": "a record file that is not JSON, read by a command (the API's bodies: bad_request)",
    "wrong_game": "a record of the other game given to a command that reads one game",
}
CODE = re.compile(r"[a-z]+(?:_[a-z]+)*")
ERROR_BASES = re.compile(r"Error$|^IllegalAction$|^InvalidAction$|^InvalidCode$|^InvalidRules$")


def _literal(node: ast.AST) -> str | None:
    if (
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and CODE.fullmatch(node.value)
    ):
        return node.value
    return None


def codes_in(tree: ast.AST) -> set[str]:
    """The error codes a module can send: an error class's ``code``, a ``code=`` given to any
    call, an engine ``Refusal``'s first argument, the code of every hand-made error answer
    (``error_response``, ``_refuse``), and the ``(status, reason, code, message)`` and
    ``(code, message)`` tuples and code-keyed tables of the server's own refusals."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and any(
            ERROR_BASES.search(ast.unparse(base)) for base in node.bases
        ):
            for item in node.body:
                if isinstance(item, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == "code" for t in item.targets
                ):
                    found.add(_literal(item.value) or "")
        elif isinstance(node, ast.Call):
            name = ast.unparse(node.func).split(".")[-1]
            found.update(
                code
                for keyword in node.keywords
                if keyword.arg == "code" and (code := _literal(keyword.value))
            )
            positional = {"Refusal": 0, "error_response": 1, "_refuse": 2}.get(name)
            if positional is not None and len(node.args) > positional:
                found.add(_literal(node.args[positional]) or "")
        elif isinstance(node, ast.Tuple) and len(node.elts) in (2, 4):
            first_int = isinstance(node.elts[0], ast.Constant) and type(node.elts[0].value) is int
            index = 2 if len(node.elts) == 4 and first_int else 0
            code_node, message = node.elts[index], node.elts[-1]
            if (
                (len(node.elts) == 2 or first_int)
                and isinstance(message, ast.Constant)
                and isinstance(message.value, str)
                and message.value[:1].isupper()
                and message.value.endswith(".")
            ):
                found.add(_literal(code_node) or "")
        elif isinstance(node, ast.Assign | ast.AnnAssign) and any(
            isinstance(t, ast.Name) and t.id.endswith("REFUSALS")
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
        ):
            value = node.value
            if isinstance(value, ast.Dict):
                found.update(_literal(key) or "" for key in value.keys if key is not None)
    found.discard("")
    return found


def _every_code() -> frozenset[str]:
    codes: set[str] = set()
    for path in SOURCE.rglob("*.py"):
        codes |= codes_in(ast.parse(path.read_text(encoding="utf-8")))
    return frozenset(codes)


EVERY_CODE = _every_code()
"""Read once, when this file is collected. CPython 3.11's ``ast.parse`` keeps a recursion depth
in module state that an error inside an earlier conversion can leave unbalanced; every later parse
in that process then fails with «AST constructor recursion depth mismatch» (seen once in a
worker that had run many other tests). At collection nothing else has run yet."""


def every_code() -> frozenset[str]:
    return EVERY_CODE


def test_the_code_finder_finds_what_it_is_meant_to() -> None:
    codes = every_code()
    # One of each way a code is made, so the finder itself is checked.
    for code in (
        "bad_signature",  # an error class
        "hand_not_finished",  # code= in a raise
        "must_follow_suit",  # an engine refusal
        "client_gone",  # error_response
        "request_timeout",  # the body cap's _refuse
        "url_too_long",  # protocol.py's refusal tuples
        "method_not_allowed",  # HTTP_ERRORS
        "too_deep",  # BODY_REFUSALS
        "worker_crashed",
        "malformed_signature",
    ):
        assert code in codes, code
    assert "ruff_lowest" not in codes  # a hint's reason code, not an error


def test_every_code_the_server_can_send_is_in_docs_api() -> None:
    documented = set(re.findall(r"`([a-z]+(?:_[a-z]+)*)`", API_DOC.read_text(encoding="utf-8")))
    missing = sorted(every_code() - documented - set(NOT_FROM_THE_API))
    assert not missing, f"codes the API can send but docs/api.md does not list: {missing}"


def test_the_page_has_english_words_for_the_new_codes_and_retries_a_crashed_worker() -> None:
    static = SOURCE / "web" / "static" / "js"
    english = (static / "i18n-en.js").read_text(encoding="utf-8")
    for code in ("malformed_signature", "save_too_large", "too_deep", "bad_number"):
        assert f'"server.{code}"' in english, code
    assert '"server.worker_crashed"' in english
    busy = re.search(r"BUSY_CODES = \[([^\]]*)\]", (static / "api.js").read_text(encoding="utf-8"))
    assert busy is not None
    assert '"worker_crashed"' in busy.group(1), "the page shows «Reintentar» for it"


def test_every_post_endpoint_is_in_the_refusal_tests() -> None:
    from test_web_bounds import POSTS

    # The friends' tables' own (tests/web/friends/test_friends_input.py refuses their bodies).
    friends = {
        "/api/mesas",
        *(f"/api/mesas/{{table_id}}/{end}" for end in ("seats", "host", "leave")),
    }
    # The profiles' own (tests/web/profiles/test_passkeys.py and test_profile_routes.py refuse
    # their bodies: malformed, oversized, foreign).
    profiles = {
        "/api/perfil",
        *(
            f"/api/perfil/{end}"
            for end in ("llaves/opciones", "llaves", "entrar/opciones", "entrar")
        ),
    }
    daily = {"/api/reto/{game}/intento"}  # its body is {} (tests/web/daily refuses others)
    # A block (tests/web/quick/test_quick_blocks_input.py refuses its bodies).
    quick = {"/api/ya/bloqueos"}
    paths = make_app().openapi()["paths"]
    posts = {path for path, methods in paths.items() if "post" in methods}
    assert posts == set(POSTS) | friends | profiles | daily | quick


@pytest.mark.parametrize("code", sorted(NOT_FROM_THE_API))
def test_the_codes_kept_out_of_the_api_docs_exist(code: str) -> None:
    assert code in every_code()
