"""Both stores, the same promises: a result rated once however often and from wherever it is
recorded, boards and ranks, the week's board, recomputation to the same numbers, forgetting a
profile; Redis keeps what it acknowledged across a restart with its append-only file."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from ratings_helpers import DAY, MONDAY, corazones, open_store, picas, random_results

import friends_redis
from friends_redis import RedisServer
from picas.web.ratings.model import GAMES, RatedResult, RatingChange
from picas.web.ratings.rate import Replay
from picas.web.ratings.service import Ratings
from picas.web.ratings.stats import SoloStatsIn

redis_server = friends_redis.redis_server  # the fixture, by name
PEOPLE = [f"p{n:02d}" for n in range(8)]
FOUR = ("ana", "bea", "cai", "dan")


@pytest.fixture(params=["sqlite", "redis"])
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def url(kind: str, request: pytest.FixtureRequest) -> Iterator[str]:
    if kind == "sqlite":
        yield ""
        return
    server: RedisServer = request.getfixturevalue("redis_server")
    yield server.url


def make(kind: str, tmp_path: Path, url: str, now: float = MONDAY + 2 * DAY) -> Ratings:
    return Ratings(open_store(kind, tmp_path, url), clock=lambda: now)


async def snapshot(ratings: Ratings, players: list[str]) -> dict[str, object]:
    seen: dict[str, object] = {}
    for game in GAMES:
        for player in players:
            seen[f"{game}/{player}"] = (
                await ratings.rating(game, player),
                await ratings.history(game, player),
            )
        for week in (False, True):
            board = await ratings.board(game, week=week, start=0, count=100)
            seen[f"{game}/board/{week}"] = (board.rows, board.total)
    return seen


def test_a_result_recorded_again_changes_nothing_and_answers_the_first_changes(
    kind: str, url: str, tmp_path: Path
) -> None:
    async def go() -> None:
        ratings = make(kind, tmp_path, url)
        first = await ratings.record(picas("t1", FOUR, 500, 200))
        again = await ratings.record(picas("t1", FOUR, 200, 500))  # the same id, other scores
        assert again == first
        assert first["ana"].after > first["ana"].before
        state = await ratings.rating("spades", "ana")
        assert state is not None
        assert state.games == 1
        assert state.wins == 1
        assert len(await ratings.history("spades", "ana")) == 1
        assert len(await ratings.store.results("spades")) == 1
        await ratings.store.close()

    asyncio.run(go())


def test_the_same_result_recorded_at_once_from_two_stores_and_twice_in_each_rates_once(
    kind: str, url: str, tmp_path: Path
) -> None:
    """Two store objects (two connections, as two processes have), each in its own thread and
    event loop, each recording the same ends twice at once: every result is rated once."""
    results = [picas(f"c{n}", FOUR, 500 - n, 200 + n * 7, at=MONDAY + n * DAY) for n in range(6)]
    answers: list[list[dict[str, RatingChange]]] = []
    barrier = threading.Barrier(2)

    def process() -> None:
        async def go() -> list[dict[str, RatingChange]]:
            store = open_store(kind, tmp_path, url)
            ratings = Ratings(store)
            barrier.wait()
            got: list[dict[str, RatingChange]] = []
            for result in results:
                pair = await asyncio.gather(ratings.record(result), ratings.record(result))
                assert pair[0] == pair[1]
                got.append(pair[0])
            await store.close()
            return got

        answers.append(asyncio.run(go()))

    threads = [threading.Thread(target=process) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert len(answers) == 2
    assert answers[0] == answers[1]

    async def check() -> None:
        ratings = make(kind, tmp_path, url)
        state = await ratings.rating("spades", "ana")
        assert state is not None
        assert state.games == len(results)
        assert len(await ratings.history("spades", "ana")) == len(results)
        replay = Replay()
        for result in results:
            replay.add(result)
        assert state == replay.states["ana"]
        await ratings.store.close()

    asyncio.run(check())


def test_recompute_from_the_stored_results_gives_the_same_numbers(
    kind: str, url: str, tmp_path: Path
) -> None:
    results = random_results(7, 60, PEOPLE)

    async def go() -> None:
        ratings = make(kind, tmp_path, url, now=results[-1].ended)
        for result in results:
            await ratings.record(result)
        players = [*PEOPLE, "cpu:facil", "cpu:normal", "cpu:dificil"]
        before = await snapshot(ratings, players)
        assert any(v[0] is not None for v in before.values() if isinstance(v, tuple))
        for game in GAMES:
            await ratings.recompute(game)
        assert await snapshot(ratings, players) == before
        # and the same as rating the results in memory, one by one
        replay = Replay()
        for result in results:
            if result.game == "corazones":
                replay.add(result)
        for player in players:
            assert await ratings.rating("corazones", player) == replay.states.get(player)
        await ratings.store.close()

    asyncio.run(go())


def test_the_board_ranks_by_rating_and_shows_my_rank_however_far_down(
    kind: str, url: str, tmp_path: Path
) -> None:
    async def go() -> None:
        ratings = make(kind, tmp_path, url)
        people = [f"q{n:02d}" for n in range(40)]
        # Ten tables on one day: the first seat's team always wins, the last always loses.
        for n in range(10):
            four = tuple(people[n * 4 : n * 4 + 4])
            await ratings.record(picas(f"b{n}", four, 500, 100 + n * 30))  # type: ignore[arg-type]
        board = await ratings.board("spades", week=False, start=0, count=100, me=None)
        assert board.total == 40
        assert [r.rank for r in board.rows] == list(range(1, 41))
        shown = [r.state.display for r in board.rows]
        assert shown == sorted(shown, reverse=True)
        worst = board.rows[-1].id
        page = await ratings.board("spades", week=False, start=0, count=5, me=worst)
        assert len(page.rows) == 5
        assert page.me is not None
        assert page.me.rank == 40
        assert page.me.id == worst
        later = await ratings.board("spades", week=False, start=35, count=20, me=people[0])
        assert [r.rank for r in later.rows] == [36, 37, 38, 39, 40]
        assert later.rows == board.rows[35:]
        assert later.me is not None
        assert later.me == next(r for r in board.rows if r.id == people[0])
        none = await ratings.board("spades", week=False, start=0, count=5, me="nadie")
        assert none.me is None
        await ratings.store.close()

    asyncio.run(go())


def test_the_weeks_board_holds_this_weeks_results_only(kind: str, url: str, tmp_path: Path) -> None:
    async def go() -> None:
        ratings = make(kind, tmp_path, url, now=MONDAY + 8 * DAY)  # next week's Tuesday
        await ratings.record(picas("old", FOUR, 500, 100, at=MONDAY + DAY))
        await ratings.record(
            corazones("new", {"ana": 90, "eva": 10, "fin": 20, "gil": 30}, at=MONDAY + 7 * DAY + 5)
        )
        await ratings.record(
            picas("now", ("eva", "fin", "ana", "gil"), 100, 500, at=MONDAY + 8 * DAY)
        )
        week = await ratings.board("spades", week=True, start=0, count=20, me="bea")
        assert {r.id for r in week.rows} == {"eva", "fin", "ana", "gil"}
        assert week.me is None  # bea played last week only
        ana = next(r for r in week.rows if r.id == "ana")
        assert ana.state.games == 1
        assert ana.state.wins == 1
        all_time = await ratings.board("spades", week=False, start=0, count=20, me="bea")
        assert all_time.total == 7
        assert all_time.me is not None
        corazones_week = await ratings.board("corazones", week=True, start=0, count=20)
        assert next(r.id for r in corazones_week.rows) == "eva"
        await ratings.store.close()

    asyncio.run(go())


def test_a_forgotten_profile_leaves_the_boards_and_others_keep_their_ratings(
    kind: str, url: str, tmp_path: Path
) -> None:
    results = random_results(3, 40, PEOPLE)

    async def go() -> None:
        ratings = make(kind, tmp_path, url, now=results[-1].ended)
        for result in results:
            await ratings.record(result)
        await ratings.import_solo_stats("p03", _stats())
        others = [p for p in PEOPLE if p != "p03"] + ["cpu:dificil"]
        before = {(g, p): await ratings.rating(g, p) for g in GAMES for p in others}
        await ratings.forget("p03")
        for game in GAMES:
            assert await ratings.rating(game, "p03") is None
            assert await ratings.history(game, "p03") == []
            for week in (False, True):
                board = await ratings.board(game, week=week, start=0, count=100, me="p03")
                assert "p03" not in {r.id for r in board.rows}
                assert board.me is None
                assert all(not r.id.startswith("x:") for r in board.rows)
        assert await ratings.solo_stats("p03") is None
        assert {(g, p): await ratings.rating(g, p) for g in GAMES for p in others} == before
        for game in GAMES:
            assert all("p03" not in r.players for r in await ratings.store.results(game))
            await ratings.recompute(game)
            assert await ratings.rating(game, "p03") is None
        # Recomputed without the profile's id, everyone else's numbers are the same.
        assert {(g, p): await ratings.rating(g, p) for g in GAMES for p in others} == before
        await ratings.store.close()

    asyncio.run(go())


def _stats() -> SoloStatsIn:
    return SoloStatsIn.model_validate({"corazones": {"played": 3, "won": 1, "lost": 2}})


def test_redis_restarted_from_its_append_only_file_keeps_every_recorded_result(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    results = random_results(11, 20, PEOPLE)

    async def record() -> dict[str, object]:
        ratings = make("redis", tmp_path, redis_server.url, now=results[-1].ended)
        for result in results:
            await ratings.record(result)
        seen = await snapshot(ratings, PEOPLE)
        await ratings.store.close()
        return seen

    before = asyncio.run(record())
    assert redis_server.process is not None
    redis_server.process.kill()  # no shutdown: what the AOF holds is what survives
    redis_server.process.wait(timeout=10)
    redis_server.process = None
    redis_server.start()

    async def reread() -> None:
        ratings = make("redis", tmp_path, redis_server.url, now=results[-1].ended)
        assert await snapshot(ratings, PEOPLE) == before
        assert len(await ratings.store.results("spades")) + len(
            await ratings.store.results("corazones")
        ) == len(results)
        # The ends already written are still refused a second rating.
        again = await ratings.record(results[0])
        state = await ratings.rating(results[0].game, results[0].players[0])
        assert again
        assert state is not None
        assert await snapshot(ratings, PEOPLE) == before
        await ratings.store.close()

    asyncio.run(reread())


def test_different_results_recorded_at_once_are_rated_in_the_order_they_were_written(
    kind: str, url: str, tmp_path: Path
) -> None:
    """Two processes recording different ends of the same players at the same time: each result
    is rated on the ratings the other left, and the stored order replays to the same numbers."""
    ends = random_results(5, 40, PEOPLE[:5])
    halves = [ends[0::2], ends[1::2]]
    barrier = threading.Barrier(2)
    failures: list[BaseException] = []

    def process(mine: list[RatedResult]) -> None:
        async def go() -> None:
            store = open_store(kind, tmp_path, url)
            ratings = Ratings(store)
            barrier.wait()
            await asyncio.gather(*(ratings.record(end) for end in mine))
            await store.close()

        try:
            asyncio.run(go())
        except BaseException as error:  # reported below, in the test's own thread
            failures.append(error)

    threads = [threading.Thread(target=process, args=(half,)) for half in halves]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not failures

    async def check() -> None:
        ratings = make(kind, tmp_path, url, now=ends[-1].ended)
        for game in GAMES:
            stored = await ratings.store.results(game)
            assert sorted(r.id for r in stored) == sorted(e.id for e in ends if e.game == game)
            replay = Replay()
            for result in stored:
                replay.add(result)
            for player in [*PEOPLE[:5], "cpu:dificil"]:
                assert await ratings.rating(game, player) == replay.states.get(player)
                assert [p.result for p in await ratings.history(game, player)] == [
                    p.result for p in replay.history.get(player, [])
                ]
        await ratings.store.close()

    asyncio.run(check())
