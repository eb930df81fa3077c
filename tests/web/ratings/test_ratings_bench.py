"""``picas bench ratings`` runs and prints both figures, on SQLite and on a real Redis, and leaves
the Redis as it found it (a smoke test: the figures themselves are in docs/ratings.md)."""

from __future__ import annotations

import re

import pytest
import redis

import friends_redis
from friends_redis import RedisServer
from picas.cli import main

redis_server = friends_redis.redis_server  # the fixture, by name
SMALL = ["bench", "ratings", "--results", "60", "--people", "12", "--reads", "10"]


def _figures(text: str) -> dict[str, int]:
    found = re.findall(
        r"(record|board page): p50 [\d.]+ ms, p99 [\d.]+ ms, máx [\d.]+ ms \((\d+)\)", text
    )
    return {name: int(count) for name, count in found}


def test_the_bench_records_and_reads_on_sqlite(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(SMALL) == 0
    assert _figures(capsys.readouterr().out) == {"record": 60, "board page": 10}


def test_the_bench_on_redis_cleans_up_and_refuses_a_redis_in_use(
    redis_server: RedisServer, capsys: pytest.CaptureFixture[str]
) -> None:
    client = redis.Redis(port=redis_server.port)
    client.set("other:key", "kept")
    assert main([*SMALL, "--store", redis_server.url]) == 0
    assert _figures(capsys.readouterr().out) == {"record": 60, "board page": 10}
    assert client.keys("picas:valor:*") == []
    assert client.get("other:key") == b"kept"
    client.set("picas:valor:seq", "1")
    assert main([*SMALL, "--store", redis_server.url]) == 2
    assert "vacío" in capsys.readouterr().err
    client.close()
