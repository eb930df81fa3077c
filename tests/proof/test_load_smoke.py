"""``picas load`` in small: a few players against a spawned server play without a single error; the
client counts what goes wrong; it refuses any target that is not this machine."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import time
from typing import Any

import pytest

from picas.cli import CommandError, main
from picas.cli.load_addresses import check_loopback
from picas.cli.load_basics import LoopLag, machine_busy, percentiles
from picas.cli.load_level import run_level
from picas.cli.load_server import count_faults


# A Corazones game to 100 is about 190 actions of South's (Spades' to 250, about 60): its
# players do not think, so that one ends within the five seconds.
@pytest.mark.parametrize(("game", "think"), [("spades", "0.05"), ("corazones", "0")])
def test_a_few_players_play_whole_games_against_a_spawned_server(
    game: str, think: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["load", "--spawn", "--workers", "1", "--players", "5", "--seconds", "5"]
    argv += ["--warmup", "1", "--think", think, "--json", "--game", game]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    (result,) = report["results"]
    assert report["url"].startswith("http://127.0.0.1:")
    assert report["server_log_faults"] == 0
    assert result["level"] == "normal"
    assert result["errors"] == 0, result["error_kinds"]
    assert result["actions"] >= 50
    assert result["games_finished"] >= 1  # whole games, to the end
    act = result["latency_ms"]["act"]
    assert act["n"] == result["actions"]
    assert 0 < act["p50"] <= act["p95"] <= act["p99"] <= act["max"]
    assert {"new", "act", "all"} <= set(result["latency_ms"])


async def _failing_server(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Answers every request with a 500 (and keeps the connection)."""
    body = b'{"error": {"code": "internal_error", "message": "Algo ha fallado."}}'
    try:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            length = next(
                int(line.split(b":")[1])
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-length:")
            )
            await reader.readexactly(length)
            writer.write(
                b"HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/json\r\n"
                + f"Content-Length: {len(body)}\r\n\r\n".encode()
                + body
            )
            await writer.drain()
    except (asyncio.IncompleteReadError, ConnectionError):
        writer.close()


def test_the_client_counts_every_error() -> None:
    async def scenario() -> dict[str, Any]:
        server = await asyncio.start_server(_failing_server, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        args = argparse.Namespace(
            players=3,
            seconds=0.5,
            warmup=0.0,
            think=0.05,
            seed=1,
            max_actions=0,
            heavy=0,
            abuse=0,
            game="spades",
            addresses=1,
            bad_bodies=0,
            hold_idle=0,
            hammer=0,
            polite=False,
            server_group=None,
        )
        async with server:
            stats = await run_level(f"http://127.0.0.1:{port}", "normal", args)
        return stats.summary()

    result = asyncio.run(scenario())
    assert result["actions"] == 0
    assert result["errors"] >= 3
    assert set(result["error_kinds"]) == {"new: 500 internal_error"}


@pytest.mark.parametrize("url", ["http://192.0.2.1:8000", "http://10.0.0.1", "ftp://127.0.0.1"])
def test_only_this_machine_is_a_target(url: str) -> None:
    with pytest.raises(CommandError):
        check_loopback(url)


def test_loopback_names_are_accepted() -> None:
    assert check_loopback("http://127.0.0.1:8000/api") == "http://127.0.0.1:8000"
    assert check_loopback("http://localhost:9") == "http://localhost:9"
    assert check_loopback("http://[::1]:8000") == "http://[::1]:8000"


def test_percentiles_are_nearest_rank_in_milliseconds() -> None:
    values = [i / 1000 for i in range(1, 101)]  # 1 … 100 ms
    assert percentiles(values) == {"n": 100, "p50": 50.0, "p95": 95.0, "p99": 99.0, "max": 100.0}
    assert percentiles([]) == {"n": 0}


def test_the_generators_loop_lateness_is_what_blocked_it() -> None:
    async def watch() -> tuple[dict[str, Any], dict[str, Any]]:
        lag = LoopLag(tick=0.005)
        lag.start()
        await asyncio.sleep(0.1)
        idle = percentiles(list(lag.late))
        lag.restart()
        await asyncio.sleep(0.02)
        time.sleep(0.2)  # the loop held up, as a burst of messages would
        await asyncio.sleep(0.05)
        return idle, lag.stop()

    idle, blocked = asyncio.run(watch())
    assert idle["n"] >= 5
    assert blocked["max"] >= 190  # the one wake that waited out the block
    assert blocked["max"] > 10 * idle["p50"]


def test_the_machines_busy_time_is_everything_but_idle_and_waiting_for_disk() -> None:
    tick = os.sysconf("SC_CLK_TCK")
    # user, nice, system, idle, iowait, irq, softirq, steal, guest, guest_nice
    busy, steal = machine_busy("cpu  100 200 300 4000 500 60 70 80 0 0\n")
    assert busy == pytest.approx((100 + 200 + 300 + 60 + 70 + 80) / tick)
    assert steal == pytest.approx(80 / tick)
    assert machine_busy("intr 1 2 3\n") == (0.0, 0.0)  # not the line it reads


def test_faults_in_the_server_log_are_counted() -> None:
    log = (
        "INFO:     Started server process [1]\n"
        'INFO:     127.0.0.1:5 - "POST /api/games/act HTTP/1.1" 200 OK\n'
        "ERROR:    Error interno en POST /api/games/act\n"
        "Traceback (most recent call last):\n"
    )
    assert count_faults(log) == 2
    assert count_faults("INFO: fine\n") == 0


def test_heavy_clients_get_fast_refusals_and_abusive_connections_are_closed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The smoke version of docs/benchmarks.md's "Heavy work and abuse": Normal players keep
    playing without an error while heavy clients hammer practice and import (200, 429 over
    their address's share or 503 busy, nothing else) and a 1 MB header, a trickled head and
    idle connections are refused or closed within the server's limits (head deadline 10 s)."""
    argv = ["load", "--spawn", "--workers", "1", "--players", "3", "--seconds", "8"]
    argv += ["--warmup", "1", "--think", "0.2", "--heavy", "3", "--abuse", "20", "--json"]
    assert main(argv) == 0
    (result,) = json.loads(capsys.readouterr().out)["results"]
    assert result["errors"] == 0, result["error_kinds"]
    assert result["actions"] > 0
    heavy = result["heavy"]
    assert heavy["errors"] == 0, heavy["error_kinds"]
    assert heavy["latency_ms"], "the heavy clients were answered"
    # 429: the heavy clients share one address, which has its share of the lane at once.
    kinds = {
        f"{endpoint} {status}" for endpoint in ("practice", "import") for status in (200, 429, 503)
    }
    assert set(heavy["latency_ms"]) <= kinds
    abuse = result["abuse"]
    assert abuse["header_1mb"]["status"] == 431
    assert abuse["header_1mb"]["seconds"] < 5
    assert abuse["trickle_1_byte_per_second"]["status"] == 408
    assert abuse["trickle_1_byte_per_second"]["seconds"] < 15
    assert abuse["idle"]["endings"] == {"408": 20}
    assert abuse["idle"]["max_seconds"] < 15


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    code = main(argv)
    (result,) = json.loads(capsys.readouterr().out)["results"]
    return code, result


def test_the_worst_bodies_get_only_quick_refusals(capsys: pytest.CaptureFixture[str]) -> None:
    """The smoke version of docs/benchmarks.md's worst-bodies figure: the players play on
    without an error while two clients loop on the worst bodies, which get 4xx answers only."""
    argv = ["load", "--spawn", "--workers", "1", "--players", "3", "--seconds", "6"]
    argv += ["--warmup", "1", "--think", "0.2", "--bad-bodies", "2", "--json"]
    code, result = _run(argv, capsys)
    assert code == 0
    assert result["errors"] == 0, result["error_kinds"]
    statuses = result["abusive"]["bad_bodies"]["statuses"]
    assert statuses, "the bad bodies were answered"
    for kind in statuses:
        status = kind.split()[2]
        assert status.isdigit(), kind
        assert 400 <= int(status) < 500, kind


def test_an_address_holding_idle_connections_leaves_room_for_a_newcomer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """300 idle connections from one address (over its 250 per process): the server refuses
    the extra ones at once, and a newcomer from another address keeps being served."""
    argv = ["load", "--spawn", "--workers", "1", "--players", "0", "--seconds", "4"]
    argv += ["--warmup", "1", "--hold-idle", "300", "--json"]
    code, result = _run(argv, capsys)
    assert code == 0
    held = result["abusive"]["hold_idle"]["events"]
    assert held["closed 503"] >= 50, held  # refused at once, over the per-address cap
    newcomer = result["abusive"]["newcomer"]
    assert set(newcomer["statuses"]) == {"200"}, newcomer
    assert newcomer["latency_ms"]["n"] >= 4


def test_a_polite_player_is_served_while_one_address_hammers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Ten clients hammer Difícil acts and practice from one address (more than its share);
    the polite Difícil player from another gets every act and its practice, the hammering ones
    200 or 429."""
    argv = ["load", "--spawn", "--workers", "1", "--players", "0", "--seconds", "16"]
    argv += ["--warmup", "1", "--hammer", "10", "--polite", "--json"]
    code, result = _run(argv, capsys)
    polite = result["abusive"]["polite"]
    assert polite["acts"] >= 1, polite  # one every 2 s, on a machine that may be loaded
    assert polite["acts_served"] == polite["acts"], polite
    assert polite["practices"] >= 1, polite
    assert polite["practices_served"] == polite["practices"], polite
    hammer = result["abusive"]["hammer"]["statuses"]
    assert any(kind.endswith("429 too_many_requests") for kind in hammer), hammer
    assert {kind.split(" ", 1)[1] for kind in hammer} <= {"200 -", "429 too_many_requests"}
    assert code == 0
