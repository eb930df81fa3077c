"""``picas bench matcher`` runs on SQLite and on a real Redis, and its one pass seats everyone it
says it seated: four a table, the rest still waiting (a smoke test: the figure itself is in
docs/quick.md, «Figures»)."""

from __future__ import annotations

import re

import pytest

import friends_redis
from friends_redis import RedisServer
from picas.cli import main

redis_server = friends_redis.redis_server  # the fixture, by name
PEOPLE = 40


def _pass(text: str) -> tuple[int, int]:
    found = re.search(r"una pasada: [\d.]+ s, (\d+) mesas abiertas, (\d+) siguen esperando", text)
    assert found is not None, text
    return int(found.group(1)), int(found.group(2))


def test_one_pass_on_sqlite_seats_four_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "matcher", "--people", str(PEOPLE)]) == 0
    tables, waiting = _pass(capsys.readouterr().out)
    assert tables >= 1
    assert 4 * tables + waiting == PEOPLE


def test_one_pass_on_redis_seats_four_a_table(
    redis_server: RedisServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bench", "matcher", "--people", str(PEOPLE), "--store", redis_server.url]) == 0
    tables, waiting = _pass(capsys.readouterr().out)
    assert tables >= 1
    assert 4 * tables + waiting == PEOPLE
