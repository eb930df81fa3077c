"""Shared pieces of the web tests: an app with small computer players of the tests' own, and a
few calls. The web tier is tested apart from the real levels (they have their own tests)."""

from __future__ import annotations

import contextlib
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient

from picas.games.spades import Bid, BlindNil, Card, LookAtCards, Play, Rank
from picas.games.spades.bots.base import Bot
from picas.games.spades.view import PlayerView
from picas.web import Settings, create_app
from picas.web.help_pages import rendered

KEY = b"web-tests-key-0123456789abcdef"
OTHER_KEY = b"another-server-key-9876543210"
CODE = "K7PMX4QH"

Json = dict[str, Any]


class CountingBot:
    """Bids its queens, kings and aces; looks at its cards rather than bid Blind Nil; plays a
    legal card drawn with the seeded generator (so the seed's position matters)."""

    def bid(self, view: PlayerView, rng: random.Random) -> Bid | BlindNil | LookAtCards:
        if view.hand is None:
            return LookAtCards()
        return Bid(max(1, sum(1 for card in view.hand if card.rank >= Rank.QUEEN)))

    def play(self, view: PlayerView, rng: random.Random) -> Card:
        return rng.choice([action.card for action in view.legal if isinstance(action, Play)])


class OneBot(CountingBot):
    """Bids 1: a small contract its team makes easily."""

    def bid(self, view: PlayerView, rng: random.Random) -> Bid | BlindNil | LookAtCards:
        return LookAtCards() if view.hand is None else Bid(1)


class FixedLoader:
    """Every level is ``bot``. A class, not a closure: the settings travel to the heavy-work
    processes pickled."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def __call__(self, level: str) -> Bot:
        return self.bot


NUMBER_WORDS = {
    "es": ("cero", "una", "dos", "tres", "cuatro", "cinco", "seis", "siete"),
    "en": ("zero", "one", "two", "three", "four", "five", "six", "seven"),
}
"""How the help pages write small numbers, by language."""


def help_page(path: str) -> str:
    """A help page (its path from the site's root) as the server sends it: rendered from its
    template in ``picas/web/pages/``."""
    return rendered()[path].body.decode("utf-8")


def make_app(
    *,
    key: bytes = KEY,
    bot: Bot | None = None,
    static_dir: Path | None = None,
    loader: Callable[[str], Bot] | None = None,
    verify_limits: dict[str, int] | None = None,
) -> FastAPI:
    chosen = CountingBot() if bot is None else bot
    extra: dict[str, Any] = {} if static_dir is None else {"static_dir": static_dir}
    if verify_limits is not None:
        extra["verify_limits"] = verify_limits
    return create_app(
        Settings(key=key, bot_loaders={"spades": loader or FixedLoader(chosen)}, **extra)
    )


@contextlib.contextmanager
def serve_in_thread(app: FastAPI, **config: Any) -> Iterator[tuple[str, int]]:
    """``app`` on a real uvicorn server in a thread, on a free loopback port: (host, port)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", **config)
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield "127.0.0.1", port
    finally:
        server.should_exit = True
        thread.join(timeout=15)


def make_client(**options: Any) -> TestClient:
    return TestClient(make_app(**options))


def start(client: TestClient, **body: Any) -> Json:
    body.setdefault("code", CODE)
    response = client.post("/api/games", json=body)
    assert response.status_code == 200, response.text
    data: Json = response.json()
    return data


def act(client: TestClient, game: Json, action: object) -> Json:
    response = client.post("/api/games/act", json={"save": game["save"], "action": action})
    assert response.status_code == 200, response.text
    data: Json = response.json()
    return data


def first_legal(game: Json) -> object:
    return game["view"]["legal"][0]


def play_until(
    client: TestClient,
    game: Json,
    done: Callable[[Json], bool],
    *,
    choose: Callable[[Json], object] = first_legal,
    limit: int = 2000,
) -> Json:
    """South acts with ``choose`` until ``done(game)``; fails rather than loop for ever."""
    for _ in range(limit):
        if done(game):
            return game
        assert game["view"]["phase"] != "game_over", "the game ended first"
        game = act(client, game, choose(game))
    raise AssertionError("no such position within the limit")


def error_of(response: Any) -> tuple[int, str, str]:
    """Status, code and message of an error answer, checking its shape on the way."""
    body = response.json()
    assert set(body) == {"error"}
    assert set(body["error"]) == {"code", "message", "params"}
    assert isinstance(body["error"]["params"], dict)
    return response.status_code, body["error"]["code"], body["error"]["message"]
