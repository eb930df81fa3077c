"""«Jugar ya» on two server processes sharing a real redis-server: people queued on either are
seated together by the one matcher, play the whole rated game with their sockets on different
processes, and the end is rated by exactly one of the two."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from quick_helpers import hello, person, profile, run, server, until

import friends_redis
from friends_redis import RedisServer

redis_server = friends_redis.redis_server
Json = dict[str, Any]


def test_two_processes_seat_and_rate_one_table(tmp_path: Path, redis_server: RedisServer) -> None:
    url = redis_server.url
    with (
        server(tmp_path / "a", PICAS_STORE=url) as one,
        server(tmp_path / "b", PICAS_STORE=url) as two,
    ):
        made = [
            profile(srv.base, name)
            for srv, name in ((one, "Ana"), (two, "Luis"), (one, "Marta"), (two, "Jorge"))
        ]
        homes = [one, two, one, two]

        async def scenario() -> list[Json]:
            sockets = [
                await hello(srv, token, "corazones", 50)
                for srv, (_, token) in zip(homes, made, strict=True)
            ]
            try:
                seated = list(await asyncio.gather(*(until(ws, "seated") for ws in sockets)))
            finally:
                for ws in sockets:
                    await ws.close()
            # Each plays through the other process than the one that queued them.
            players = [
                person(two if srv is one else one, s["table"], s["token"])
                for srv, s in zip(homes, seated, strict=True)
            ]
            await asyncio.gather(*(p.run() for p in players))
            for p in players:
                assert p.lost == 0
                assert p.duplicated == 0
            return seated

        seated = run(scenario())
        table_id = seated[0]["table"]
        assert {s["table"] for s in seated} == {table_id}
        holders = [one.app.state.quick.holding, two.app.state.quick.holding]
        assert sorted(holders) == [False, True]  # one matcher at a time

        deadline = time.monotonic() + 20
        while not [r for srv in (one, two) for r in srv.ratings.recorded]:
            assert time.monotonic() < deadline, "not rated"
            time.sleep(0.1)
        time.sleep(1.0)
        results = [r for srv in (one, two) for r in srv.ratings.recorded if r.id == table_id]
        assert len(results) == 1
        assert sorted(seat.player for seat in results[0].seats) == sorted(p for p, _ in made)
