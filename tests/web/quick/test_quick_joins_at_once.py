"""A burst of queue ``hello``s is read a few at a time per process (``joins_at_once``): the
others wait their turn without holding the store's connections, which the tables need meanwhile.
The route is driven through Starlette's own socket over an in-memory ASGI channel."""

from __future__ import annotations

import asyncio
import json
from collections.abc import MutableMapping
from types import SimpleNamespace
from typing import Any, cast

from starlette.websockets import WebSocket

from picas.web.quick.routes import serve_queue
from picas.web.quick.service import Quick, QuickLimits

HELLO = json.dumps({"type": "hello", "token": "t" * 43, "game": "spades", "target": 250})


class Profiles:
    """Every token unknown (the socket is then told so and closed), each lookup a while long:
    counts how many lookups run at once."""

    def __init__(self) -> None:
        self.now = 0
        self.most = 0
        self.looked = 0

    async def by_token(self, token: str) -> None:
        self.now += 1
        self.most = max(self.most, self.now)
        await asyncio.sleep(0.02)
        self.now -= 1
        self.looked += 1


async def one_socket(app: Any) -> list[dict[str, Any]]:
    """One queue socket's whole life: it connects, says hello, and is answered."""
    incoming: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    incoming.put_nowait({"type": "websocket.connect"})
    incoming.put_nowait({"type": "websocket.receive", "text": HELLO})
    sent: list[dict[str, Any]] = []

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(dict(message))

    scope = {
        "type": "websocket",
        "path": "/api/ya/ws",
        "headers": [(b"host", b"picas.test"), (b"origin", b"http://picas.test")],
        "query_string": b"",
        "client": ("127.0.0.1", 40000),
        "app": app,
    }
    await serve_queue(WebSocket(scope, incoming.get, send))
    return sent


def test_a_burst_of_hellos_is_read_a_few_at_a_time() -> None:
    async def burst() -> tuple[Profiles, list[list[dict[str, Any]]]]:
        profiles = Profiles()
        limits = QuickLimits(joins_at_once=3)
        store = cast(Any, None)  # never reached: every token is unknown
        quick = Quick(store, cast(Any, None), lambda: None, limits)
        state = SimpleNamespace(quick=quick, profiles=profiles, quick_behind_proxy=False)
        app = SimpleNamespace(state=state)
        answers = await asyncio.gather(*(one_socket(app) for _ in range(12)))
        return profiles, list(answers)

    profiles, answers = asyncio.run(burst())
    assert profiles.looked == 12  # everyone was answered, in turn
    assert profiles.most == 3
    for sent in answers:
        texts = [json.loads(message["text"]) for message in sent if message.get("text")]
        assert [text["code"] for text in texts] == ["no_profile"]
        assert sent[-1]["type"] == "websocket.close"
