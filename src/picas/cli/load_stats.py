"""What a solo run of ``picas load`` measured (one computer level at a time) and its summary: the
sustained actions per second, latency percentiles per endpoint, every error, the heavy and the
abusive clients' answers, and the CPU of the server and of the load generator itself."""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from picas import games
from picas.cli.load_basics import percentiles

Json = dict[str, Any]
ENDPOINTS = ("new", "act", "tip", "resume")
"""The endpoints a solo player asks, in the summary's order."""


@dataclass
class Stats:
    """What one level's run measured."""

    level: str
    players: int
    seconds: float = 0.0
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: Counter[str] = field(default_factory=Counter)
    games_started: int = 0
    games_finished: int = 0
    loop_lag: list[float] = field(default_factory=list)
    heavy_latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    """The heavy clients' requests, by endpoint and status (``practice 200``, ``import 503``)."""
    heavy_errors: Counter[str] = field(default_factory=Counter)
    """Heavy answers that are neither a 200 nor a 503 ``busy``/``too_slow``."""
    abuse: Json = field(default_factory=dict)
    """What ``--abuse`` saw: how each abusive connection ended, and when."""
    abusive: Json = field(default_factory=dict)
    """What the abusive clients (picas.cli.load_abusive) got, and what the newcomer and the
    polite player were served."""
    server_cpu: Json = field(default_factory=dict)
    """CPU seconds of the spawned server's processes in the measured stretch."""
    client_cpu: float = 0.0
    """CPU seconds of this process (the load generator) in the measured stretch."""
    window: tuple[float, float] = (0.0, float("inf"))
    """The measured stretch (``perf_counter`` times): a request counts if it starts inside it,
    however long it takes. Before it is the warm-up; after it, the players stop."""

    def counts(self, start: float) -> bool:
        return self.window[0] <= start < self.window[1]

    @property
    def measuring(self) -> bool:
        return self.counts(time.perf_counter())

    @property
    def actions(self) -> int:
        return len(self.latencies["act"])

    @property
    def requests(self) -> int:
        return sum(len(times) for times in self.latencies.values())

    def summary(self) -> Json:
        every = [t for times in self.latencies.values() for t in times]
        return {
            "level": self.level,
            "players": self.players,
            "seconds": round(self.seconds, 2),
            "actions": self.actions,
            "actions_per_second": round(self.actions / self.seconds, 1) if self.seconds else 0.0,
            "requests": self.requests,
            "requests_per_second": round(self.requests / self.seconds, 1) if self.seconds else 0.0,
            "games_started": self.games_started,
            "games_finished": self.games_finished,
            "errors": sum(self.errors.values()),
            "error_kinds": dict(self.errors),
            "latency_ms": {
                name: percentiles(times)
                for name, times in [*((n, self.latencies[n]) for n in ENDPOINTS), ("all", every)]
                if times
            },
            "client_loop_lag_ms": percentiles(self.loop_lag),
            "heavy": {
                "latency_ms": {
                    name: percentiles(times) for name, times in sorted(self.heavy_latencies.items())
                },
                "errors": sum(self.heavy_errors.values()),
                "error_kinds": dict(self.heavy_errors),
            },
            "abuse": self.abuse,
            "abusive": self.abusive,
            "server_cpu": self.server_cpu,
            "client_cpu": {
                "cpu_seconds": round(self.client_cpu, 2),
                "ms_per_request": (
                    round(self.client_cpu * 1000 / self.requests, 3) if self.requests else None
                ),
            },
        }


def polite_failed(result: Json) -> bool:
    """The polite player (``--polite``) was refused a practice, or fewer than 95 % of its acts
    were served."""
    polite = result["abusive"].get("polite")
    if not polite:
        return False
    share = polite["acts_served_pct"]
    return polite["practices_served"] < polite["practices"] or (share is not None and share < 95)


def describe(result: Json, args: argparse.Namespace) -> str:
    lines = [
        f"load: {'' if args.game == games.KEYS[0] else args.game + ', '}level {result['level']},"
        f" {result['players']} players, think {args.think} s,"
        f" {result['seconds']} s: {result['actions']:,} actions ({result['actions_per_second']}/s),"
        f" {result['requests']:,} requests ({result['requests_per_second']}/s),"
        f" {result['games_finished']:,} games finished, {result['errors']} errors"
    ]
    for name, figures in result["latency_ms"].items():
        lines.append(
            f"  {name:<7} n={figures['n']:<7,} p50 {figures['p50']} ms  p95 {figures['p95']} ms"
            f"  p99 {figures['p99']} ms  max {figures['max']} ms"
        )
    lag = result["client_loop_lag_ms"]
    if lag["n"]:
        lines.append(f"  client event-loop lag: p99 {lag['p99']} ms, max {lag['max']} ms")
    for kind, count in sorted(result["error_kinds"].items()):
        lines.append(f"  error {kind}: {count}")
    heavy = result["heavy"]
    for name, figures in heavy["latency_ms"].items():
        lines.append(
            f"  heavy {name:<13} n={figures['n']:<6,} p50 {figures['p50']} ms"
            f"  p95 {figures['p95']} ms  p99 {figures['p99']} ms  max {figures['max']} ms"
        )
    for kind, count in sorted(heavy["error_kinds"].items()):
        lines.append(f"  heavy error {kind}: {count}")
    for name, figures in result["abuse"].items():
        lines.append(f"  abuse {name}: {json.dumps(figures)}")
    for name, figures in result["abusive"].items():
        lines.append(f"  {name}: {json.dumps(figures, ensure_ascii=False)}")
    for kind, figures in result["server_cpu"].items():
        lines.append(f"  server cpu ({kind} processes): {json.dumps(figures)}")
    mine = result["client_cpu"]
    lines.append(
        f"  load generator cpu: {mine['cpu_seconds']} s, {mine['ms_per_request']} ms a request"
    )
    return "\n".join(lines)
