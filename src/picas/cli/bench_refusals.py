"""``picas bench server --refusals``: what the worst bodies that end in a 4xx cost a server process.

Every POST endpoint gets the worst bodies this module can build: the issue's own (a list nested 30
deep 3,000 times, 184 KB; a flat list of 254 KB), and the largest bodies that pass the checks made
on bytes (:mod:`picas.web.guard`) with the most costly shapes to parse and to make canonical
(small numbers, many keys, many empty strings, escapes, five levels of lists, whitespace up to the
body cap), each with a well-formed but wrong signature, or a malformed one; and the worst a
player can send with a real save: the longest save the record allows, signed by the server,
with an illegal action, on a process that has never seen it (no replay cache). Each is sent
in-process through the ASGI app, as ``picas bench server`` does, and timed by the process's CPU
(every thread of it: the event loop and the thread pool) and by the clock.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import statistics
import time
from collections.abc import Callable
from typing import Any

from picas.web import Settings, create_app

LARGEST = 83_000
"""Bytes of a body just under the bound of :mod:`picas.web.bounds` (83,239), so it is parsed."""
CAP = 256 * 1024
"""The body cap (:data:`picas.web.settings.MAX_BODY_BYTES`)."""
ZEROS = "0" * 64
SAVE_PATHS = ("/api/games/resume", "/api/games/act", "/api/tip", "/api/hint", "/api/practice")

Json = dict[str, Any]
Post = Callable[[str, bytes], Any]


def _compact(data: object) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _fill(
    make: Callable[[int], object], size: int, encode: Callable[[object], bytes] = _compact
) -> object:
    """``make(n)`` with the largest ``n`` whose JSON (``encode``) is at most ``size`` bytes."""
    low, high = 1, size
    while low < high:
        middle = (low + high + 1) // 2
        if len(encode(make(middle))) <= size:
            low = middle
        else:
            high = middle - 1
    return make(low)


def _nested(depth: int) -> object:
    value: object = 0
    for _ in range(depth):
        value = [value]
    return value


def record_shapes() -> dict[str, Callable[[int], Json]]:
    """Records of a costly shape, ``n`` units long."""
    return {
        "small ints": lambda n: {"actions": [0] * n},
        "many keys": lambda n: {f"k{i}": 0 for i in range(n)},
        "empty strings": lambda n: {"actions": [""] * n},
        "escapes": lambda n: {"meta": {"a": "\u00e9" * n}},
        "lists 5 deep": lambda n: {"actions": [[0]] * n},
    }


def _escaped(body: object) -> bytes:
    return json.dumps(body, ensure_ascii=True, separators=(",", ":")).encode("ascii")


def worst_bodies(save: Json, long_save: Json, action: object) -> list[tuple[str, str, bytes]]:
    """(name, path, body) for every POST endpoint: the worst bodies that end in a 4xx."""
    nested = _nested(30)
    bodies: list[tuple[str, str, bytes]] = []

    def wrap(path: str, record: object, sig: str) -> Json:
        if path == "/api/games/import":
            return {"record": record, "sig": sig}
        if path == "/api/games":
            return {"code": "K7PMX4QH", "x": record}
        body: Json = {"save": {"record": record, "sig": sig}}
        if path == "/api/games/act":
            body["action"] = 3
        if path == "/api/practice":
            body["hand_number"] = 1
        return body

    for path in ("/api/games", "/api/games/import", *SAVE_PATHS):

        def largest(
            record_of: Callable[[int], object],
            size: int = LARGEST,
            sig: str = ZEROS,
            encode: Callable[[object], bytes] = _compact,
            path: str = path,
        ) -> bytes:
            def body_of(n: int) -> object:
                return wrap(path, record_of(n), sig)

            return encode(_fill(body_of, size, encode))

        def flat(n: int) -> object:
            return {"actions": [0] * n}

        def nested_list(n: int) -> object:
            return {"x": [nested] * n}

        bodies.append(
            ("nested 30 × 3000 (issue)", path, _compact(wrap(path, {"x": [nested] * 3000}, ZEROS)))
        )
        bodies.append(("flat 254 KB (issue)", path, largest(flat, 254 * 1024)))
        bodies.append(("nested 30, largest", path, largest(nested_list)))
        for name, shape in record_shapes().items():
            encode = _escaped if name == "escapes" else _compact
            bodies.append((f"largest, {name}", path, largest(shape, encode=encode)))
        padded = largest(flat)
        bodies.append(("largest + spaces to the cap", path, padded + b" " * (CAP - len(padded))))
        bodies.append(("largest, malformed sig", path, largest(flat, sig="x")))
    bodies.append(
        (
            "longest signed save, illegal action, cold",
            "/api/games/act",
            _compact({"save": long_save, "action": action}),
        )
    )
    bodies.append(
        ("real save, illegal action", "/api/games/act", _compact({"save": save, "action": action}))
    )
    return bodies


def longest_signed_save(settings: Settings) -> Json:
    """The longest save the record allows (6,000 actions of a Spades game that never ends: no
    floor, no draw limit, every player bids 13), signed with the server's key: what a player
    who played that long would hold."""
    from picas.games.spades import Bid, GameState, Rules
    from picas.record import MAX_ACTIONS, Record
    from picas.web.signing import Signer

    rules = Rules(target=1000, floor=None, draw_after_hand=None)
    state = GameState.new(rules, "K7PMX4QH")
    actions: list[Any] = []
    while len(actions) < MAX_ACTIONS:
        legal = state.legal_actions()
        bids = [action for action in legal if isinstance(action, Bid)]
        action = max(bids, key=lambda bid: bid.tricks) if bids else legal[0]
        actions.append(action)
        state = state.apply(action)
    record = Record(rules=rules, code="K7PMX4QH", actions=tuple(actions), meta={"level": "normal"})
    record_json = record.to_json()
    return {"record": record_json, "sig": Signer(settings.key).sign(record_json)}


async def measure(repeats: int) -> list[tuple[str, str, int, int, str, list[float], list[float]]]:
    """(name, path, bytes, status, code, CPU ms, wall ms) per body."""
    from picas.cli.bench_server import _post

    settings = Settings(key=secrets.token_bytes(32), cache_size=0)
    app = create_app(settings)
    status, raw = await _post(app, "/api/games", b'{"code": "K7PMX4QH", "level": "normal"}')
    game = json.loads(raw)
    long_save = longest_signed_save(settings)
    illegal = "AS" if game["view"]["phase"] == "bidding" else 14
    rows = []
    for name, path, body in worst_bodies(game["save"], long_save, illegal):
        cpu: list[float] = []
        wall: list[float] = []
        status, answer = 0, b""
        for _ in range(repeats):
            started_cpu, started = time.process_time(), time.perf_counter()
            status, answer = await _post(app, path, body)
            cpu.append((time.process_time() - started_cpu) * 1000)
            wall.append((time.perf_counter() - started) * 1000)
        code = _code(answer)
        rows.append((name, path, len(body), status, code, cpu, wall))
    app.state.heavy.close()
    app.state.replies.close()
    return rows


def _code(answer: bytes) -> str:
    try:
        return str(json.loads(answer)["error"]["code"])
    except (ValueError, KeyError, TypeError):
        return "-"


def run(repeats: int) -> int:
    rows = asyncio.run(measure(repeats))
    print(f"{'body':42} {'endpoint':18} {'KB':>4} answer{'':21} CPU p50   p90   max  wall p50")
    for name, path, size, status, code, cpu, wall in sorted(rows, key=lambda r: -_p90(r[5])):
        print(
            f"{name:42} {path:18} {size / 1024:4.0f} {status} {code:20}"
            f" {statistics.median(cpu):6.2f} {_p90(cpu):5.2f} {max(cpu):5.2f}"
            f" {statistics.median(wall):7.2f} ms"
        )
    four = [row for row in rows if 400 <= row[3] < 500]
    forged = [row for row in four if not row[0].startswith("longest signed")]
    for label, chosen in (("a forged body", forged), ("any body", four)):
        worst = max(chosen, key=lambda r: statistics.median(r[5]))
        print(
            f"worst 4xx, {label}: {worst[0]} on {worst[1]}: CPU p50"
            f" {statistics.median(worst[5]):.2f} ms, p90 {_p90(worst[5]):.2f} ms"
        )
    print(
        f"({len(four)} of {len(rows)} bodies answered 4xx, {repeats} times each; in-process ASGI,"
        " no replay cache; CPU of the whole process, so a garbage collection lands in a max)"
    )
    return 0


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
