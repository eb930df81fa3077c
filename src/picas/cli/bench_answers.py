"""``picas bench bots --game corazones --answers``: Corazones' Difícil answers as a player meets
them. A real server (``picas serve``, started on a free loopback port with a fresh key) and whole
hands played over HTTP on one keep-alive connection at a person's pace: South passes and plays
(cards drawn with a seeded generator, so every run plays the same games), waits ``--think``
seconds before each action (the page animates each computer card meanwhile), and each answer —
South's action and the computer players' replies up to South's next turn, or the passes at a new
hand — is timed from the request to the last byte of the response. After each hand, «Rejugar esta
mano» of it is timed the same way (the practice game and its comparison at Difícil).

The client sleeps between requests, so it takes nothing from the cores while the server thinks;
the figures are the server's, on a machine other work may share (say its load with them).
"""

from __future__ import annotations

import http.client
import json
import random
import statistics
import time
from typing import Any
from urllib.parse import urlsplit

from picas.cli import CommandError
from picas.cli.load import spawned_server
from picas.shared.bench import percentile

ANSWER_CODES = ("REVQ7K2M", "REVX3N8P", "REV4HJ9T", "BENCH234", "BENCH567", "BENCH89A")
"""The games played, in order (``--games`` takes the first ones)."""


class Client:
    """One keep-alive connection, like a browser tab."""

    def __init__(self, base: str) -> None:
        parts = urlsplit(base)
        assert parts.hostname is not None
        self._connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)

    def post(self, path: str, body: dict[str, Any]) -> tuple[float, dict[str, Any]]:
        """The answer's JSON and the seconds from sending the request to reading it all."""
        data = json.dumps(body).encode()
        start = time.perf_counter()
        self._connection.request(
            "POST", path, body=data, headers={"Content-Type": "application/json"}
        )
        response = self._connection.getresponse()
        raw = response.read()
        seconds = time.perf_counter() - start
        if response.status != 200:
            raise CommandError(f"{path}: {response.status} {raw[:300]!r}")
        answer: dict[str, Any] = json.loads(raw)
        return seconds, answer

    def close(self) -> None:
        self._connection.close()


def south_action(view: dict[str, Any], rng: random.Random) -> object:
    """Three cards to pass, or a playable card, drawn with ``rng``."""
    if view["must_pass"]:
        return rng.sample(sorted(view["hand"]), 3)
    return rng.choice(sorted(view["playable"]))


def play(
    client: Client, code: str, *, hands: int, think: float, seed: int
) -> tuple[list[float], list[float]]:
    """The first ``hands`` hands of a Difícil game of ``code``: each answer's seconds, and each
    finished hand's «Rejugar esta mano»."""
    rng = random.Random(seed)
    _, answer = client.post("/api/games", {"game": "corazones", "level": "dificil", "code": code})
    answers: list[float] = []
    practices: list[float] = []
    while answer["view"]["outcome"] is None and len(answer["view"]["history"]) < hands:
        action = south_action(answer["view"], rng)
        time.sleep(think)
        finished = len(answer["view"]["history"])
        seconds, answer = client.post("/api/games/act", {"save": answer["save"], "action": action})
        answers.append(seconds)
        if len(answer["view"]["history"]) > finished:
            time.sleep(think)
            body = {"save": answer["save"], "hand_number": finished + 1}
            seconds, practice = client.post("/api/practice", body)
            if "dificil" not in practice["compare"]:
                raise CommandError("La respuesta de «Rejugar esta mano» no trae la comparación.")
            practices.append(seconds)
    return answers, practices


def _line(name: str, times: list[float]) -> str:
    """The distribution, and the first answer apart: the server starts the lane's worker processes
    for it (the replies' lane for a card, the heavy lane for «Rejugar»)."""
    return (
        f"{name}: {len(times)} respuestas, mediana {1000 * statistics.median(times):.0f} ms,"
        f" p95 {1000 * percentile(times, 0.95):.0f} ms, máx {1000 * max(times):.0f} ms,"
        f" {sum(1 for t in times if t > 1)} de más de 1 s (la primera, que arranca sus procesos"
        f" de trabajo: {1000 * times[0]:.0f} ms)"
    )


def run_answers(*, games: int, hands: int, think: float, workers: int) -> int:
    if not 1 <= games <= len(ANSWER_CODES) or hands < 1 or think < 0 or workers < 1:
        raise CommandError(
            f"Hacen falta 1 ≤ --games ≤ {len(ANSWER_CODES)}, --hands ≥ 1, --think ≥ 0 y"
            " --workers ≥ 1."
        )
    answers: list[float] = []
    practices: list[float] = []
    with spawned_server(workers) as (base, _log):
        client = Client(base)
        try:
            for index, code in enumerate(ANSWER_CODES[:games]):
                got, practiced = play(client, code, hands=hands, think=think, seed=index)
                answers += got
                practices += practiced
        finally:
            client.close()
    print(
        f"Corazones, Difícil, un servidor real ({workers} proceso(s)), {games} partidas,"
        f" {hands} mano(s) cada una, {think:g} s de pausa antes de cada acción"
    )
    print(_line("cartas y pases (respuesta de la CPU)", answers))
    print(_line("«Rejugar esta mano»", practices))
    return 0
