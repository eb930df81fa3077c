"""A day of the challenge in one process: its secret and commitment, its baseline, the attempts
(ranked, practice, abandoned), the scored duplicate, the table and the reveal."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
from pathlib import Path
from typing import Any

import pytest
from daily_world import DAY, Clock, abandon_until_over, person, play_out, world

import friends_redis
from picas.games import find_game
from picas.record import read_record
from picas.shared.cards import cards_in
from picas.shared.errors import PicasError
from picas.shared.seats import Seat
from picas.web.daily import days, score
from picas.web.daily.baseline import replay
from picas.web.daily.redis_store import RedisDaily
from picas.web.daily.service import NotOver
from picas.web.daily.store import SqliteDaily
from picas.web.friends.service import Refused

redis_server = friends_redis.redis_server
RedisServer = friends_redis.RedisServer


def test_the_commitment_published_first_is_the_hash_of_the_secret_revealed_after(
    tmp_path: Path,
) -> None:
    clock = Clock()
    w = world(tmp_path, clock)

    async def scenario() -> None:
        shown = await w.daily.day("corazones", DAY, prepare=False)
        assert shown is not None
        published = shown.commitment
        with pytest.raises(NotOver):
            await w.daily.reveal("corazones", DAY)
        await w.daily.prepare("corazones", DAY)
        clock.now = days.ends(DAY)
        revealed = await w.daily.reveal("corazones", DAY)
        secret = f"{revealed['code']}|{revealed['salt']}".encode()
        assert hashlib.sha256(secret).hexdigest() == published == revealed["commitment"]
        assert len(revealed["code"]) == 28  # 140 bits
        assert len(bytes.fromhex(revealed["salt"])) == 16

    asyncio.run(scenario())


def test_a_day_prepared_by_two_processes_keeps_one_secret_and_one_baseline(
    tmp_path: Path,
) -> None:
    clock = Clock()
    one, two = world(tmp_path, clock), world(tmp_path, clock)

    async def scenario() -> None:
        first, second = await asyncio.gather(
            one.daily.prepare("corazones", DAY), two.daily.prepare("corazones", DAY)
        )
        stored = await one.daily.store.day("corazones", DAY)
        assert stored is not None
        assert stored.opened is not None
        # One of them held the lease and played the baseline; the other did nothing.
        assert sorted([len(one.hands_run), len(two.hands_run)]) == [0, 4]
        done = [day for day in (first, second) if day is not None]
        assert all(day.code == stored.code for day in done)
        again = await two.daily.prepare("corazones", DAY)
        assert again is not None
        assert again.code == stored.code
        assert again.baseline == stored.baseline

    asyncio.run(scenario())


def test_the_baseline_is_the_same_on_every_run_and_passes_each_way_once(tmp_path: Path) -> None:
    clock = Clock()
    one = world(tmp_path / "a", clock)

    async def scenario() -> None:
        day = await one.daily.prepare("corazones", DAY)
        assert day is not None
        plan = days.plan_of("corazones")
        other = world(tmp_path / "b", clock)
        actions: list[object] = []
        for _ in range(plan.hands):
            actions += await other.daily._run_hand(
                "corazones", plan.rules, day.code, list(actions), one.daily.level
            )
        assert actions == day.baseline
        _, state = replay("corazones", plan.rules, day.code, actions)
        assert len(state.history) == 4
        directions = {result.hand.direction for result in state.history}
        assert len(directions) == 4  # left, right, across, none
        assert score.hand_results("corazones", state, 4) == day.baseline_hands

    asyncio.run(scenario())


def test_an_abandoned_attempt_is_finished_by_the_cpu_and_counts(tmp_path: Path) -> None:
    """The CPU finishing the attempt plays South exactly as the baseline did (the same
    computer player, seeded by the same code, index and seat): every hand scores 0 against it."""
    clock = Clock()
    w = world(tmp_path, clock)

    async def scenario() -> None:
        await w.daily.prepare("spades", DAY)
        ana = person(1)
        started = await w.daily.start(ana, "spades")
        assert started.ranked
        await abandon_until_over(w, started.seat.table.id)
        attempt = await w.daily.store.attempt("spades", DAY, ana.id)
        assert attempt is not None
        assert attempt.hands == [0] * 6
        assert attempt.total == 0
        day = await w.daily.store.day("spades", DAY)
        assert day is not None
        assert attempt.actions == day.baseline
        standing = await w.daily.standings("spades", DAY, ana, 0, 20)
        assert standing["players"] == 1
        assert standing["me"]["rank"] == 1

    asyncio.run(scenario())


def test_a_played_attempt_scores_each_hand_against_difficil_and_a_second_is_practice(
    tmp_path: Path,
) -> None:
    clock = Clock(days.ends(DAY) - 1800)  # late in the day: the table is still there at its end
    w = world(tmp_path, clock)
    events: list[dict[str, object]] = []
    hand_events = w.friends.hand_events
    assert hand_events is not None

    def spy(table: object, state: object) -> list[dict[str, object]]:
        made = hand_events(table, state)  # type: ignore[arg-type]
        events.extend(made)
        return made

    w.friends.hand_events = spy

    async def scenario() -> None:
        await w.daily.prepare("spades", DAY)
        ana = person(1)
        first = await w.daily.start(ana, "spades")
        await play_out(w, first.seat.table.id, first.seat.token)
        attempt = await w.daily.store.attempt("spades", DAY, ana.id)
        day = await w.daily.store.day("spades", DAY)
        assert attempt is not None
        assert day is not None
        assert attempt.hands is not None
        table = await w.friends.load(first.seat.table.id)
        _, state = w.friends.game_of(table)
        mine = score.hand_results("spades", state, 6)
        assert len(mine) == 6
        assert len(state.history) == 6
        assert attempt.hands == [
            own - base for own, base in zip(mine, day.baseline_hands, strict=False)
        ]
        assert [event["score"] for event in events] == attempt.hands
        assert [event["total"] for event in events][-1] == attempt.total
        assert [event["hand"] for event in events] == [1, 2, 3, 4, 5, 6]
        # The attempt's end carries no secret before the day is over.
        assert w.friends.end(table) is None
        # Its view is the last hand's, complete: the next deal (nobody's game) is never sent.
        assert state.hand.number == 7  # the engine did deal it
        ended = w.friends.view(table, Seat.SOUTH)
        assert ended is not None
        assert ended["hand_number"] == 6
        assert ended["phase"] == "complete"
        assert ended["hand"] == []
        assert ended["turn"] is None
        assert len(ended["tricks"]) == 13
        welcome = w.friends.welcome(table, Seat.SOUTH).view
        assert welcome is not None
        assert welcome["hand"] == []
        assert len(welcome["history"]) == 6
        # A second attempt is practice: its result changes nothing.
        second = await w.daily.start(ana, "spades")
        assert not second.ranked
        await abandon_until_over(w, second.seat.table.id)
        again = await w.daily.store.attempt("spades", DAY, ana.id)
        assert again is not None
        assert again.total == attempt.total
        assert again.table == first.seat.table.id
        standing = await w.daily.standings("spades", DAY, ana, 0, 20)
        assert standing["players"] == 1
        with pytest.raises(NotOver):
            await w.daily.reveal("spades", DAY, ana)
        clock.now = days.ends(DAY)
        end = w.friends.end(await w.friends.load(first.seat.table.id))
        assert end is not None
        assert end.code == day.code
        # After the day, the reveal carries the asker's own ranked attempt for the review.
        revealed = await w.daily.reveal("spades", DAY, ana)
        own = revealed["mine"]
        assert own["id"] == ana.id
        assert own["total"] == attempt.total
        assert own["hands"] == attempt.hands
        saved = read_record(own["save"]["record"])
        codec = find_game("spades").record.codec()
        assert [codec.action_json(action) for action in saved.actions] == attempt.actions
        assert w.table.verify(own["save"]["record"], own["save"]["sig"])
        assert (await w.daily.reveal("spades", DAY, person(2)))["mine"] is None
        assert (await w.daily.reveal("spades", DAY))["mine"] is None

    asyncio.run(scenario())


def test_hints_are_refused_at_a_days_table(tmp_path: Path) -> None:
    clock = Clock()
    w = world(tmp_path, clock)

    async def scenario() -> None:
        await w.daily.prepare("corazones", DAY)
        started = await w.daily.start(person(1), "corazones")
        table_id = started.seat.table.id
        _, who = await w.friends.person_for_token(table_id, started.seat.token)
        await w.friends.connect(table_id, who, "test")
        with pytest.raises(Refused) as refused:
            await w.friends.suggest(table_id, who, "hint")
        assert refused.value.code == "hints_off"

    asyncio.run(scenario())


def test_the_days_secret_code_is_refused_by_the_solo_checks_until_the_reveal(
    tmp_path: Path,
) -> None:
    clock = Clock()
    w = world(tmp_path, clock)

    async def scenario() -> None:
        day = await w.daily.prepare("spades", DAY)
        assert day is not None
        spaced = "-".join(day.code[i : i + 4] for i in range(0, 28, 4)).lower()
        assert w.daily.is_sealed(day.code)
        assert w.daily.is_sealed(spaced)
        assert not w.daily.is_sealed("K7PMX4QH")
        assert not w.daily.is_sealed(12)
        clock.now = days.ends(DAY)
        assert not w.daily.is_sealed(day.code)

    asyncio.run(scenario())


def test_results_streaks_and_the_table_survive_a_restart(tmp_path: Path) -> None:
    clock = Clock()
    w = world(tmp_path, clock)
    people = [person(number) for number in range(3)]

    async def scenario() -> dict[str, object]:
        for offset in (-1, 0):
            day = days.shifted(DAY, offset)
            clock.now = days.starts(day) + 60
            await w.daily.prepare("corazones", day)
            for someone in people[: 3 + offset]:
                started = await w.daily.start(someone, "corazones")
                await abandon_until_over(w, started.seat.table.id)
        table = await w.daily.standings("corazones", DAY, people[0], 0, 20)
        await w.daily.store.close()
        return table

    before = asyncio.run(scenario())
    assert before["players"] == 3
    assert before["me"]["streak"] == 2  # type: ignore[index]
    w2 = world(tmp_path, clock, SqliteDaily(tmp_path / "jugadores.sqlite3"))
    after = asyncio.run(w2.daily.standings("corazones", DAY, people[0], 0, 20))
    assert after == before
    yesterday = asyncio.run(w2.daily.standings("corazones", days.shifted(DAY, -1), None, 0, 20))
    assert yesterday["players"] == 2
    assert yesterday["over"]


def test_the_percentile_of_a_rank() -> None:
    assert [score_percentile(rank, 4) for rank in (1, 2, 3, 4)] == [100, 75, 50, 25]
    assert score_percentile(1, 1) == 100


def score_percentile(rank: int, players: int) -> int:
    from picas.web.daily.service import percentile

    return percentile(rank, players)


def test_an_unknown_game_or_day_is_refused() -> None:
    with pytest.raises(PicasError) as unknown:
        days.plan_of("mus")
    assert unknown.value.code == "daily_unknown_game"
    for text in ("2026-02-30", "2026-2-1", "x" * 10, "２０２６-01-01"):
        with pytest.raises(PicasError) as bad:
            days.parse_day(text)
        assert bad.value.code == "bad_day"


@pytest.mark.parametrize("game", ["spades", "corazones"])
def test_the_revealed_secret_replays_the_same_deals_in_solo(tmp_path: Path, game: str) -> None:
    from fastapi.testclient import TestClient

    from picas.record import iter_states, read_record
    from picas.shared.seats import Seat
    from picas.web import create_app
    from picas.web.games import table_for
    from picas.web.settings import Settings

    clock = Clock()
    w = world(tmp_path, clock)

    async def scenario() -> dict[str, object]:
        await w.daily.prepare(game, DAY)
        clock.now = days.ends(DAY) + 1
        return await w.daily.reveal(game, DAY)

    revealed = asyncio.run(scenario())
    baseline = read_record(revealed["baseline"]["save"]["record"])  # type: ignore[index]
    first_states: dict[int, Any] = {}
    for state in iter_states(baseline):
        first_states.setdefault(state.hand.number, state)
    plan = days.plan_of(game)
    assert set(range(1, plan.hands + 1)) <= set(first_states)
    # The solo table's own deals of the revealed code, hand by hand.
    solo = table_for(game).new_record({}, level="facil", code=str(revealed["code"]))
    for number in range(1, plan.hands + 1):
        dealt = table_for(game).code_deal(solo.start(), number)
        for seat in Seat:
            assert first_states[number].hand.hands[seat] == dealt[seat.value], (number, seat)
    # And the solo API: a new game on the revealed code deals South the same first hand.
    client = TestClient(create_app(Settings(key=b"another-server-key-0123456789abcdef")))
    answer = client.post("/api/games", json={"game": game, "code": revealed["code"]})
    assert answer.status_code == 200, answer.text
    south = {card.code for card in cards_in(first_states[1].hand.hands[Seat.SOUTH])}
    view = answer.json()["view"]
    shown = set(view["hand"])
    if game == "corazones" and view.get("received"):
        shown = shown - set(view["received"]) | set(view.get("passed") or [])
    assert shown == south


def test_two_processes_on_redis_keep_one_secret_and_one_result(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    clock = Clock()
    one = world(tmp_path / "a", clock, RedisDaily(redis_server.url))
    two = world(tmp_path / "b", clock, RedisDaily(redis_server.url))

    async def scenario() -> None:
        drawn = await asyncio.gather(
            one.daily.day("corazones", DAY, prepare=False),
            two.daily.day("corazones", DAY, prepare=False),
        )
        assert drawn[0] is not None
        assert drawn[1] is not None
        assert drawn[0].code == drawn[1].code
        await asyncio.gather(
            one.daily.prepare("corazones", DAY), two.daily.prepare("corazones", DAY)
        )
        assert sorted([len(one.hands_run), len(two.hands_run)]) == [0, 4]
        ana = person(1)
        started = await one.daily.start(ana, "corazones")
        again = await two.daily.start(ana, "corazones")
        assert started.ranked
        assert not again.ranked
        await abandon_until_over(one, started.seat.table.id)
        table = await two.daily.standings("corazones", DAY, ana, 0, 5)
        assert table["players"] == 1
        assert table["me"]["total"] == 0
        await one.daily.store.close()
        await two.daily.store.close()

    asyncio.run(scenario())


def test_at_the_days_end_the_cpu_finishes_an_attempt_and_the_person_can_no_longer_act(
    tmp_path: Path,
) -> None:
    clock = Clock(days.ends(DAY) - 600)
    w = world(tmp_path, clock)

    async def scenario() -> None:
        await w.daily.prepare("corazones", DAY)
        ana = person(1)
        started = await w.daily.start(ana, "corazones")
        table_id = started.seat.table.id
        _, who = await w.friends.person_for_token(table_id, started.seat.token)
        await w.friends.connect(table_id, who, "test")
        table = await w.friends.load(table_id)
        _, state = w.friends.game_of(table)
        three = [card.code for card in cards_in(state.hand.hands[Seat.SOUTH])][:3]
        clock.now = days.ends(DAY)
        with pytest.raises(Refused) as refused:
            await w.friends.act(table_id, who, three)
        assert refused.value.code == "daily_over"
        for _ in range(3000):
            await w.friends.tick()
            await w.friends.settle()
            if (await w.friends.load(table_id)).state == "over":
                break
        table = await w.friends.load(table_id)
        assert table.state == "over"
        assert table.seats["south"].connected  # the person stayed: the CPU played for them
        attempt = await w.daily.store.attempt("corazones", DAY, ana.id)
        assert attempt is not None
        assert attempt.hands is not None
        assert len(attempt.hands) == 4

    asyncio.run(scenario())


def test_a_result_the_finishing_process_did_not_write_is_written_by_the_next(
    tmp_path: Path,
) -> None:
    clock = Clock()
    w = world(tmp_path, clock)
    w.friends.on_over.clear()  # the process that stores the last change stops before writing

    async def scenario() -> None:
        await w.daily.prepare("corazones", DAY)
        ana = person(1)
        started = await w.daily.start(ana, "corazones")
        await abandon_until_over(w, started.seat.table.id)
        before = await w.daily.store.attempt("corazones", DAY, ana.id)
        assert before is not None
        assert before.total is None
        other = world(tmp_path, clock)
        await other.daily.settle_pending("corazones", DAY)
        after = await w.daily.store.attempt("corazones", DAY, ana.id)
        assert after is not None
        assert after.total == 0
        assert await w.daily.store.pending("corazones", DAY) == []

    asyncio.run(scenario())


def test_a_missed_preparation_is_done_on_the_first_request_and_a_dead_lease_is_taken_over(
    tmp_path: Path,
) -> None:
    clock = Clock()
    w = world(tmp_path, clock)

    async def scenario() -> None:
        # Another process drew the day, took its lease and died before opening it.
        drawn = await w.daily.day("corazones", DAY, prepare=False)
        assert drawn is not None
        assert await w.daily.store.lease("corazones", DAY, "dead", clock.now, 120.0)
        assert await w.daily.prepare("corazones", DAY) is None
        assert w.hands_run == []
        with pytest.raises(PicasError) as refused:
            await w.daily.start(person(1), "corazones")
        assert refused.value.code == "daily_not_open"
        clock.now += 121  # the lease runs out
        await w.daily.day("corazones", DAY)  # a request: the preparation starts
        await w.daily.wait_prepared("corazones", DAY)
        opened = await w.daily.store.day("corazones", DAY)
        assert opened is not None
        assert opened.opened is not None
        assert opened.code == drawn.code
        started = await w.daily.start(person(1), "corazones")
        assert started.ranked

    asyncio.run(scenario())


def test_the_loop_draws_and_prepares_today_and_tomorrow_before_anyone_asks(
    tmp_path: Path,
) -> None:
    """What a served process does by itself (``PICAS_RETO_AHEAD`` unset): each game's day and the
    next are drawn and prepared with no request, so tomorrow opens at midnight."""
    clock = Clock()
    w = world(tmp_path, clock)
    tomorrow = days.shifted(DAY, 1)

    async def scenario() -> None:
        loop = asyncio.get_running_loop().create_task(w.daily.run())
        try:
            for game in days.games():
                for day in (DAY, tomorrow):
                    for _ in range(600):
                        stored = await w.daily.store.day(game, day)
                        if stored is not None and stored.opened is not None:
                            break
                        await asyncio.sleep(0.1)
                    else:
                        raise AssertionError(f"{game} {day} was not prepared")
        finally:
            loop.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await loop
            await w.daily.settle()
        assert {game for game, _ in w.hands_run} == set(days.games())

    asyncio.run(scenario())
