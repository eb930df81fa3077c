"""The fair share of a lane between client addresses (picas.web.fair): plain calls on the
bookkeeping, then the asyncio lane stepped by hand (no clock anywhere), then the address a
request counts against."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.types import Message, Receive, Scope, Send
from web_helpers import KEY

from picas.web import Settings, create_app
from picas.web.errors import RETRY_AFTER_SECONDS, BusyError, TooManyRequestsError
from picas.web.fair import FairLane, FairShare, RepeatedRefusals, client_address
from picas.web.heavy import FairGateMiddleware


def _share(
    slots: int = 1, per_address: int = 2, waiting: int = 8, reserve: int | None = None
) -> FairShare[str]:
    """A lane; ``reserve``: jobs one address may run at once (None: every slot)."""
    return FairShare(slots, per_address=per_address, waiting=waiting, running_per_address=reserve)


def _drain(share: FairShare[str], first: str) -> list[str]:
    """Finish jobs one at a time, starting with one of ``first``'s: the waiters in the order
    their turns come."""
    order = []
    turn = share.leave(first)
    while turn is not None:
        order.append(turn[1])
        turn = share.leave(turn[0])
    return order


def test_a_free_slot_runs_at_once_and_a_busy_lane_queues() -> None:
    share = _share(slots=2)
    assert share.enter("a", "a1") is True
    assert share.enter("b", "b1") is True
    assert share.enter("c", "c1") is False
    assert (share.running_total, share.waiting_total) == (2, 1)
    assert share.leave("a") == ("c", "c1")
    assert (share.running("a"), share.running("c"), share.waiting_total) == (0, 1, 0)


def test_one_address_over_its_quota_is_refused_and_others_are_not() -> None:
    share = _share(per_address=2)
    share.enter("greedy", "g1")
    share.enter("greedy", "g2")
    assert isinstance(share.refusal("greedy"), TooManyRequestsError)
    with pytest.raises(TooManyRequestsError):
        share.enter("greedy", "g3")
    assert share.refusal("polite") is None
    assert share.enter("polite", "p1") is False
    # The refused job left no trace: the greedy address still has exactly two.
    assert share.admitted("greedy") == 2


def test_a_full_queue_is_busy_for_everyone() -> None:
    share = _share(slots=1, per_address=5, waiting=2)
    share.enter("a", "a1")
    share.enter("a", "a2")
    share.enter("b", "b1")
    assert isinstance(share.refusal("c"), BusyError)
    with pytest.raises(BusyError):
        share.enter("c", "c1")
    share.leave("a")  # a2 runs: one place in the queue again
    assert share.refusal("c") is None


def test_turns_go_round_robin_between_addresses_not_first_come_first_served() -> None:
    share = _share(slots=1, per_address=10, waiting=20)
    share.enter("x", "running")
    # The greedy address queues five jobs before the others queue one each.
    for n in range(5):
        share.enter("greedy", f"g{n}")
    share.enter("p", "p0")
    share.enter("q", "q0")
    share.enter("p", "p1")
    assert _drain(share, "x") == ["g0", "p0", "q0", "g1", "p1", "g2", "g3", "g4"]


def test_a_newcomer_goes_before_an_address_that_has_a_job_running() -> None:
    share = _share(slots=2, per_address=3, waiting=8, reserve=2)
    share.enter("greedy", "g1")
    share.enter("greedy", "g2")
    share.enter("greedy", "g3")  # waits
    share.enter("polite", "p1")  # waits, arrived later
    # One of greedy's jobs ends: greedy still runs one, polite none, so polite goes first.
    assert share.leave("greedy") == ("polite", "p1")
    assert share.leave("polite") == ("greedy", "g3")


def test_one_address_runs_at_most_its_reserve_and_a_newcomer_finds_a_free_slot() -> None:
    share = _share(slots=2, per_address=3, waiting=8, reserve=1)
    assert share.enter("greedy", "g1") is True
    assert share.enter("greedy", "g2") is False  # a slot is free, but kept for someone else
    assert share.running_total == 1
    assert share.enter("polite", "p1") is True  # at once: no job of greedy's to wait for
    assert share.leave("polite") is None  # greedy is at its reserve: the slot stays free
    assert share.leave("greedy") == ("greedy", "g2")
    assert (share.running("greedy"), share.waiting_total) == (1, 0)


def test_the_server_s_lanes_keep_half_their_slots_from_any_one_address() -> None:
    lanes = [FairLane(slots, per_address=9, waiting=9) for slots in (1, 2, 4)]
    assert [lane.share.running_per_address for lane in lanes] == [1, 1, 2]


def test_a_waiter_that_gives_up_frees_its_place_and_its_quota() -> None:
    share = _share(slots=1, per_address=2, waiting=1)
    share.enter("a", "a1")
    share.enter("b", "b1")
    assert isinstance(share.refusal("b"), BusyError)
    assert share.withdraw("b", "b1") is True
    assert share.withdraw("b", "b1") is False
    assert share.admitted("b") == 0
    assert share.leave("a") is None
    assert share.running_total == 0


def test_the_bookkeeping_forgets_idle_addresses() -> None:
    share = _share(slots=1, per_address=1, waiting=1)
    for n in range(1000):
        share.enter(f"10.0.{n // 250}.{n % 250}", "job")
        share.leave(f"10.0.{n // 250}.{n % 250}")
    assert len(share._turns) <= share.slots + share.waiting + 1


def test_a_lane_needs_a_slot_and_a_quota() -> None:
    with pytest.raises(ValueError, match="a lane needs"):
        FairShare(0, per_address=1, waiting=0)
    with pytest.raises(ValueError, match="a lane needs"):
        FairShare(1, per_address=0, waiting=0)
    with pytest.raises(ValueError, match="a lane needs"):
        FairShare(1, per_address=1, waiting=0, running_per_address=0)


# --- the asyncio lane ---------------------------------------------------------------------------


def test_the_lane_grants_turns_in_the_fair_order() -> None:
    async def scenario() -> list[str]:
        lane = FairLane(1, per_address=3, waiting=10)
        ran: list[str] = []
        first = lane.enter("greedy")
        assert first.granted.done()
        tickets = [lane.enter(a) for a in ("greedy", "greedy", "polite")]
        assert not any(t.granted.done() for t in tickets)

        async def job(name: str, ticket: object) -> None:
            assert isinstance(ticket, type(first))
            await ticket.granted
            ran.append(name)
            lane.leave(ticket)

        tasks = [
            asyncio.create_task(job(n, t)) for n, t in zip(("g2", "g3", "p1"), tickets, strict=True)
        ]
        lane.leave(first)
        await asyncio.gather(*tasks)
        return ran

    assert asyncio.run(scenario()) == ["p1", "g2", "g3"]


def test_a_cancelled_waiter_passes_its_turn_on() -> None:
    async def scenario() -> tuple[bool, bool, int]:
        lane = FairLane(1, per_address=2, waiting=4)
        running = lane.enter("a")
        gone = lane.enter("b")
        next_one = lane.enter("c")
        waiter = asyncio.create_task(asyncio.wait_for(gone.granted, None))
        await asyncio.sleep(0)  # the task starts waiting (a step of the loop, not a timer)
        waiter.cancel()  # its client left: the future is cancelled before its owner leaves
        lane.leave(running)
        lane.leave(gone)  # the owner's ``finally``: nothing more to give back
        return gone.granted.cancelled(), next_one.granted.done(), lane.share.running_total

    assert asyncio.run(scenario()) == (True, True, 1)


def test_leaving_without_a_turn_only_withdraws() -> None:
    async def scenario() -> tuple[int, int]:
        lane = FairLane(1, per_address=2, waiting=4)
        running = lane.enter("a")
        waiting = lane.enter("b")
        lane.leave(waiting)
        assert waiting.granted.cancelled()
        lane.leave(running)
        return lane.share.running_total, lane.share.waiting_total

    assert asyncio.run(scenario()) == (0, 0)


# --- the address -------------------------------------------------------------------------------


def _scope(peer: str, **headers: str) -> dict[str, object]:
    raw = [(name.replace("_", "-").encode(), value.encode()) for name, value in headers.items()]
    return {"type": "http", "client": (peer, 40000), "headers": raw}


def test_the_address_is_the_peer_and_a_forwarding_header_is_ignored() -> None:
    scope = _scope("127.0.0.2", x_real_ip="10.9.9.9", x_forwarded_for="10.8.8.8")
    assert client_address(scope, behind_proxy=False) == "127.0.0.2"


def test_behind_a_proxy_the_address_is_nginx_s_header() -> None:
    scope = _scope("127.0.0.1", x_real_ip="203.0.113.7")
    assert client_address(scope, behind_proxy=True) == "203.0.113.7"
    # A request without the header (not through nginx) counts against its peer.
    assert client_address(_scope("127.0.0.1"), behind_proxy=True) == "127.0.0.1"


# --- the gate in front of the routes ----------------------------------------------------------


def _through_gate(lane: FairLane, path: str, body: bytes, peer: str) -> tuple[int, list[bytes]]:
    """One request through :class:`FairGateMiddleware` (the app behind it answers 200 with the
    body it read): the status and what the app received."""

    async def scenario() -> tuple[int, list[bytes]]:
        seen: list[bytes] = []
        sent: list[Message] = []

        async def app(scope: Scope, receive: Receive, send: Send) -> None:
            seen.append((await receive())["body"])
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"{}"})

        async def receive() -> Message:
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message: Message) -> None:
            sent.append(message)

        gate = FairGateMiddleware(
            app,
            lanes={"/api/practice": lane},
            marked={"/api/games/act": (lane, (b'"dificil"',))},
            behind_proxy=False,
        )
        scope = {"type": "http", "path": path, "client": (peer, 1), "headers": []}
        await gate(scope, receive, send)
        return sent[0]["status"], seen

    return asyncio.run(scenario())


def test_the_gate_refuses_an_address_over_its_share_before_the_route() -> None:
    lane = FairLane(1, per_address=1, waiting=4)
    lane.share.enter("127.0.0.2", None)  # type: ignore[arg-type]  # its one job, running
    assert _through_gate(lane, "/api/practice", b"{}", "127.0.0.2") == (429, [])
    assert _through_gate(lane, "/api/practice", b"{}", "127.0.0.3") == (200, [b"{}"])


def test_an_act_is_refused_early_only_when_its_body_says_dificil() -> None:
    lane = FairLane(1, per_address=1, waiting=4)
    lane.share.enter("127.0.0.2", None)  # type: ignore[arg-type]
    dificil = b'{"save":{"record":{"meta":{"level":"dificil"}}},"action":1}'
    normal = b'{"save":{"record":{"meta":{"level":"normal"}}},"action":1}'
    assert _through_gate(lane, "/api/games/act", dificil, "127.0.0.2") == (429, [])
    # A Normal act of the same address, and anyone else's Difícil act, reach the route with
    # their body intact.
    assert _through_gate(lane, "/api/games/act", normal, "127.0.0.2") == (200, [normal])
    assert _through_gate(lane, "/api/games/act", dificil, "127.0.0.3") == (200, [dificil])


def test_a_difficult_act_spelled_with_escapes_is_still_refused_by_the_route() -> None:
    client = TestClient(create_app(Settings(key=KEY)))
    game = client.post("/api/games", json={"level": "dificil"}).json()
    replies = client.app.state.replies.lane  # type: ignore[attr-defined]
    for _ in range(replies.share.per_address):
        replies.share.enter("testclient", None)  # this client's share, taken
    body = json.dumps({"save": game["save"], "action": game["view"]["legal"][0]})
    escaped = body.replace('"dificil"', '"\\u0064ificil"')
    assert '"dificil"' not in escaped
    answer = client.post(
        "/api/games/act", content=escaped, headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 429
    assert answer.json()["error"]["code"] == "too_many_requests"
    assert answer.headers["retry-after"].isdigit()


# --- a loop that ignores Retry-After ------------------------------------------------------------


def test_an_address_is_remembered_as_refused_for_its_retry_after_only() -> None:
    refusals = RepeatedRefusals(5.0)
    assert not refusals.repeated("127.0.0.2", 100.0)
    refusals.note("127.0.0.2", 100.0)
    assert refusals.repeated("127.0.0.2", 104.9)
    assert not refusals.repeated("127.0.0.3", 104.9)  # only the address refused
    assert not refusals.repeated("127.0.0.2", 105.0)


def test_remembered_addresses_are_bounded_and_the_stale_ones_go_first() -> None:
    refusals = RepeatedRefusals(5.0, limit=2)
    refusals.note("a", 0.0)
    refusals.note("b", 3.0)
    refusals.note("c", 4.0)  # full, none stale: c is not remembered
    assert not refusals.repeated("c", 4.5)
    refusals.note("c", 6.0)  # a is stale by now and makes room
    assert refusals.repeated("c", 6.5)
    assert refusals.repeated("b", 6.5)
    assert not refusals.repeated("a", 6.5)


def _gate_with_pauses(lane: FairLane, pauses: list[float], clock: list[float]) -> Any:
    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        await receive()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    async def sleep(seconds: float) -> None:
        pauses.append(seconds)
        clock[0] += seconds

    return FairGateMiddleware(
        app,
        lanes={"/api/practice": lane},
        marked={"/api/games/act": (lane, (b'"dificil"',))},
        behind_proxy=False,
        pause=1.0,
        clock=lambda: clock[0],
        sleep=sleep,
    )


def _status(gate: Any, path: str, body: bytes, peer: str) -> int:
    async def scenario() -> int:
        sent: list[Message] = []

        async def receive() -> Message:
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message: Message) -> None:
            sent.append(message)

        scope = {"type": "http", "path": path, "client": (peer, 1), "headers": []}
        await gate(scope, receive, send)
        return int(sent[0]["status"])

    return asyncio.run(scenario())


def test_a_refusal_asked_for_again_inside_retry_after_is_held_first() -> None:
    lane = FairLane(1, per_address=1, waiting=4)
    lane.share.enter("127.0.0.2", None)  # type: ignore[arg-type]  # its one job, running
    pauses: list[float] = []
    clock = [1000.0]
    gate = _gate_with_pauses(lane, pauses, clock)
    dificil = b'{"save":{"record":{"meta":{"level":"dificil"}}},"action":1}'
    assert _status(gate, "/api/practice", b"{}", "127.0.0.2") == 429
    assert pauses == []  # the first refusal: at once
    assert _status(gate, "/api/practice", b"{}", "127.0.0.2") == 429
    assert _status(gate, "/api/games/act", dificil, "127.0.0.2") == 429
    assert pauses == [1.0, 1.0]  # asked again without waiting: each refusal held a second
    # Another address is not slowed, and nor is this one once it has waited its Retry-After.
    assert _status(gate, "/api/practice", b"{}", "127.0.0.3") == 200
    clock[0] += RETRY_AFTER_SECONDS
    assert _status(gate, "/api/practice", b"{}", "127.0.0.2") == 429
    assert pauses == [1.0, 1.0]


def test_a_held_refusal_is_the_one_decided_when_the_request_arrived() -> None:
    lane = FairLane(1, per_address=1, waiting=4)
    lane.share.enter("127.0.0.2", None)  # type: ignore[arg-type]
    pauses: list[float] = []
    clock = [0.0]
    gate = _gate_with_pauses(lane, pauses, clock)
    assert _status(gate, "/api/practice", b"{}", "127.0.0.2") == 429
    original_sleep = gate._sleep

    async def sleep_while_the_job_ends(seconds: float) -> None:
        await original_sleep(seconds)
        lane.share.leave("127.0.0.2")  # its running job ends during the pause

    gate._sleep = sleep_while_the_job_ends
    assert _status(gate, "/api/practice", b"{}", "127.0.0.2") == 429
    assert pauses == [1.0]
    # Its share is free now: the next request (after its Retry-After) goes on at once.
    clock[0] += RETRY_AFTER_SECONDS
    assert _status(gate, "/api/practice", b"{}", "127.0.0.2") == 200
    assert pauses == [1.0]
