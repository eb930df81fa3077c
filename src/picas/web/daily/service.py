"""The day's challenge: preparing a day (its secret, then Difícil's baseline in the heavy lane,
by one process at a time), the attempts (server-held tables of the friends' machinery), the
scored duplicate, the day's table and the reveal (docs/daily.md)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from picas.shared.deals import normalize_code
from picas.shared.errors import PicasError
from picas.web.daily import days, score
from picas.web.daily.baseline import replay
from picas.web.daily.model import AttemptDoc, DayDoc, draw_day
from picas.web.daily.store import DailyStore
from picas.web.events import Event
from picas.web.friends.messages import SeatOut
from picas.web.friends.model import FriendsTable, new_table_id
from picas.web.friends.service import Friends, TableNotFound
from picas.web.profiles.model import Profile
from picas.web.tasks import stop as stop_task

log = logging.getLogger("picas.web")

RunHand = Callable[[str, dict[str, Any], str, list[Any], str], Awaitable[list[Any]]]
"""One hand of the baseline in the heavy lane: (game, rules, code, actions so far, level) →
that hand's actions."""
Sign = Callable[[Any], tuple[dict[str, Any], str]]

LEASE_SECONDS = 120.0
"""How long a process holds a day's preparation without renewing it (it renews after each hand):
a process that dies mid-way is taken over after this."""
LOOP_SECONDS = 30.0
STREAK_DAYS = 400


class NotOpen(PicasError):  # noqa: N818 (named like the engine's errors)
    code = "daily_not_open"

    def __init__(self) -> None:
        super().__init__("El reto de hoy se está preparando: vuelve a intentarlo en un momento.")


class NotOver(PicasError):  # noqa: N818
    code = "daily_not_over"

    def __init__(self) -> None:
        super().__init__("Ese reto aún no ha terminado: sus repartos se muestran al acabar el día.")


class NoDay(PicasError):  # noqa: N818
    code = "daily_not_found"

    def __init__(self) -> None:
        super().__init__("No hay reto de ese día.")


class Sealed(PicasError):  # noqa: N818
    code = "daily_sealed"

    def __init__(self) -> None:
        super().__init__(
            "Los repartos del reto del día no se juegan fuera del reto hasta que acabe el día."
        )


@dataclass(frozen=True, slots=True)
class Started:
    seat: SeatOut
    ranked: bool
    day: str


class Daily:
    def __init__(
        self,
        store: DailyStore,
        friends: Friends,
        *,
        run_hand: RunHand,
        sign: Sign,
        names: Callable[[list[str]], Awaitable[dict[str, str]]],
        level: str = "dificil",
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.friends = friends
        self._run_hand = run_hand
        self._sign = sign
        self._names = names
        self.level = level
        """The computer players' level: Difícil (tests may choose a quicker one)."""
        self._clock = clock
        self.owner = secrets.token_hex(8)
        self._sealed: dict[str, float] = {}
        """The codes of the days not over yet that this process knows (code → the reveal)."""
        self._preparing: dict[tuple[str, str], asyncio.Task[None]] = {}
        friends.hand_events = self.hand_events
        friends.on_over.append(self.finished)

    # --- the day --------------------------------------------------------------------------------

    def now(self) -> float:
        return self._clock()

    def today(self) -> str:
        return days.day_of(self._clock())

    async def settle(self) -> None:
        """Stop this process's preparations (the server is stopping; the lease lets another
        process finish them)."""
        for task in list(self._preparing.values()):
            task.cancel()
        for task in list(self._preparing.values()):
            await stop_task(task)

    async def day(self, game: str, day: str, *, prepare: bool = True) -> DayDoc | None:
        """The day (drawn now if it is today or tomorrow and nobody has drawn it); its
        preparation started if it is not open yet."""
        days.plan_of(game)
        stored = await self.store.day(game, day)
        today = self.today()
        if stored is None and day in (today, days.shifted(today, 1)):
            stored = await self.store.draw(draw_day(game, day, self._clock()))
        if stored is None:
            return None
        self._seal(stored)
        if stored.opened is None and prepare:
            self.prepare_soon(game, day)
        return stored

    def _seal(self, day: DayDoc) -> None:
        reveal = days.ends(day.day)
        if self._clock() < reveal:
            self._sealed[day.code] = reveal

    def is_sealed(self, code: object) -> bool:
        """Whether ``code`` (as typed) is a day's whose deals are still secret."""
        if not self._sealed:
            return False
        try:
            normal = normalize_code(code)
        except PicasError:
            return False
        reveal = self._sealed.get(normal)
        return reveal is not None and self._clock() < reveal

    def prepare_soon(self, game: str, day: str) -> None:
        key = (game, day)
        if key in self._preparing:
            return
        task = asyncio.get_running_loop().create_task(self._prepare_logged(game, day))
        self._preparing[key] = task
        task.add_done_callback(lambda _: self._preparing.pop(key, None))

    async def _prepare_logged(self, game: str, day: str) -> None:
        try:
            await self.prepare(game, day)
        except Exception:
            log.exception("Reto del día %s %s: la preparación ha fallado", game, day)

    async def prepare(self, game: str, day: str) -> DayDoc | None:
        """Play the baseline and open the day, if this process holds the day's lease (another
        process preparing it: None, nothing done)."""
        plan = days.plan_of(game)
        drawn = await self.store.day(game, day)
        if drawn is None:
            drawn = await self.store.draw(draw_day(game, day, self._clock()))
        if drawn.opened is not None:
            return drawn
        if not await self.store.lease(game, day, self.owner, self._clock(), LEASE_SECONDS):
            return None
        actions: list[Any] = []
        for _ in range(plan.hands):
            actions += await self._run_hand(game, plan.rules, drawn.code, list(actions), self.level)
            if not await self.store.lease(game, day, self.owner, self._clock(), LEASE_SECONDS):
                return None  # taken over (this process was too slow): the other finishes it
        _, state = replay(game, plan.rules, drawn.code, actions)
        drawn.baseline = actions
        drawn.baseline_hands = score.hand_results(game, state, plan.hands)
        opened = await self.store.open(drawn, self._clock())
        self._seal(opened)
        log.info("Reto del día %s %s abierto", game, day)
        return opened

    async def wait_prepared(self, game: str, day: str) -> None:
        """Wait for this process's preparation of the day, if one runs (tests, the bench)."""
        task = self._preparing.get((game, day))
        if task is not None:
            await task

    async def run(self) -> None:
        """Every process: keep today's and tomorrow's days drawn and prepared (the lease lets
        one process do each), and this process's list of secret codes fresh."""
        while True:
            try:
                today = self.today()
                for game in days.games():
                    for day in (today, days.shifted(today, 1)):
                        await self.day(game, day)
                    for day in (days.shifted(today, -1), today):
                        await self.settle_pending(game, day)
                now = self._clock()
                self._sealed = {code: end for code, end in self._sealed.items() if end > now}
            except Exception:  # the loop must keep running whatever the store does once
                log.exception("Reto del día: el bucle de preparación")
            await asyncio.sleep(LOOP_SECONDS)

    # --- an attempt -----------------------------------------------------------------------------

    async def start(self, profile: Profile, game: str) -> Started:
        """Today's attempt of ``profile``: ranked if it is its first of the day. Its tables
        count per profile against the friends' per-address limit (people behind one address,
        a school's or an office's, are not limited together)."""
        plan = days.plan_of(game)
        today = self.today()
        day = await self.day(game, today)
        assert day is not None
        if day.opened is None:
            raise NotOpen
        table_id = new_table_id()
        attempt = AttemptDoc(game, today, profile.id, table_id, self._clock())
        ranked = await self.store.claim(attempt)
        daily = {
            "day": today,
            "hands": plan.hands,
            "rules": plan.rules,
            "reveal": days.ends(today),
            "baseline": day.baseline_hands,
            "ranked": ranked,
            "profile": profile.id,
        }
        try:
            seat = await self.friends.start_daily(
                game,
                level=self.level,
                code=day.code,
                salt=day.salt,
                name=profile.name,
                address=f"perfil:{profile.id}",
                daily=daily,
                table_id=table_id,
            )
        except BaseException:
            if ranked:
                await self.store.unclaim(game, today, profile.id, table_id)
            raise
        return Started(seat, ranked, today)

    def hand_events(self, table: FriendsTable, state: Any) -> list[Event]:
        """After each hand of a day's table: the hand's score against Difícil and the total so
        far (the page words it: «+23 frente a Difícil en esta mano»)."""
        return self.scored(table, state)[-1:]

    def scored(self, table: FriendsTable, state: Any) -> list[Event]:
        """The ``reto`` event of every finished hand of a day's table (a page reloaded mid-way
        gets its score line back)."""
        if table.daily is None:
            return []
        baseline = list(table.daily.get("baseline", []))
        hands = int(table.daily.get("hands", 0))
        mine = score.hand_results(table.game, state, hands)
        scores = score.duplicate(table.game, mine, baseline)
        ranked = bool(table.daily.get("ranked"))
        return [
            {
                "type": "reto",
                "hand": index + 1,
                "result": mine[index],
                "baseline": baseline[index],
                "score": scores[index],
                "total": sum(scores[: index + 1]),
                "ranked": ranked,
            }
            for index in range(len(scores))
        ]

    async def progress(self, table_id: str) -> dict[str, Any]:
        """A day's table's scored hands so far (404 for any other table)."""
        table = await self.friends.load(table_id)
        if table.daily is None:
            raise TableNotFound()
        _, state = self.friends.game_of(table)
        return {
            "game": table.game,
            "day": table.daily.get("day"),
            "ranked": bool(table.daily.get("ranked")),
            "hands": int(table.daily.get("hands", 0)),
            "scored": self.scored(table, state),
            "over": table.state == "over",
        }

    async def finished(self, table: FriendsTable) -> None:
        """A day's table is over: a ranked attempt's result is written (once)."""
        daily = table.daily
        if daily is None or not daily.get("ranked") or table.state != "over":
            return
        _, state = self.friends.game_of(table)
        hands = int(daily["hands"])
        mine = score.hand_results(table.game, state, hands)
        scores = score.duplicate(table.game, mine, list(daily["baseline"]))
        done = AttemptDoc(
            game=table.game,
            day=str(daily["day"]),
            profile=str(daily["profile"]),
            table=table.id,
            started=table.created,
            total=sum(scores),
            hands=scores,
            actions=list(table.actions),
            finished=self._clock(),
        )
        await self.store.finish(done)

    async def settle_pending(self, game: str, day: str) -> None:
        """Attempts whose table is over but whose result was not written (the process that
        finished it stopped first): written now (by the loop, and before a reveal)."""
        for attempt in await self.store.pending(game, day):
            with contextlib.suppress(TableNotFound):
                table = await self.friends.load(attempt.table)
                if table.state == "over":
                    await self.finished(table)

    # --- the day's table ------------------------------------------------------------------------

    async def standings(
        self, game: str, day: str, profile: Profile | None, start: int, count: int
    ) -> dict[str, Any]:
        days.plan_of(game)
        standing = await self.store.standing(game, day, start, count)
        names = await self._names([row.profile for row in standing.rows])
        rows = []
        rank, previous = 0, None
        for index, row in enumerate(standing.rows):
            assert row.total is not None
            if previous is None:
                rank = 1 + await self.store.better(game, day, row.total)
            elif row.total != previous:
                rank = start + index + 1  # best first: everyone above scored more
            previous = row.total
            rows.append(
                {
                    "rank": rank,
                    "id": row.profile,
                    "name": names.get(row.profile, "?"),
                    "total": row.total,
                    "hands": row.hands or [],
                }
            )
        me = None
        if profile is not None:
            me = await self.mine(game, day, profile, standing.players)
        return {
            "game": game,
            "day": day,
            "over": self._clock() >= days.ends(day),
            "players": standing.players,
            "best": standing.best,
            "rows": rows,
            "me": me,
        }

    async def mine(
        self, game: str, day: str, profile: Profile, players: int | None = None
    ) -> dict[str, Any]:
        attempt = await self.store.attempt(game, day, profile.id)
        streak = await self.streak(game, profile.id)
        out: dict[str, Any] = {
            "played": attempt is not None,
            "finished": attempt is not None and attempt.total is not None,
            "table": None if attempt is None else attempt.table,
            "total": None,
            "hands": [],
            "rank": None,
            "percentile": None,
            "streak": streak,
        }
        if attempt is not None and attempt.total is not None:
            if players is None:
                players = (await self.store.standing(game, day, 0, 0)).players
            rank = 1 + await self.store.better(game, day, attempt.total)
            out.update(
                total=attempt.total,
                hands=attempt.hands or [],
                rank=rank,
                percentile=percentile(rank, players),
            )
        return out

    async def streak(self, game: str, profile: str) -> int:
        """Days in a row with a ranked attempt, up to today (or yesterday, today not yet played)."""
        played = await self.store.days_of(game, profile, STREAK_DAYS)
        today = self.today()
        expected = today if played and played[0] == today else days.shifted(today, -1)
        count = 0
        for day in played:
            if day != expected:
                break
            count += 1
            expected = days.shifted(expected, -1)
        return count

    # --- the reveal -----------------------------------------------------------------------------

    async def reveal(self, game: str, day: str, profile: Profile | None = None) -> dict[str, Any]:
        """The day's secret and, for the side-by-side review, signed saves of Difícil's play, of
        the day's best player's and (with ``profile``) of that profile's own ranked attempt: all
        after the day's end only."""
        plan = days.plan_of(game)
        if self._clock() < days.ends(day):
            raise NotOver
        stored = await self.store.day(game, day)
        if stored is None or stored.opened is None:
            raise NoDay
        await self.settle_pending(game, day)
        record, _ = replay(game, plan.rules, stored.code, stored.baseline)
        baseline_record, baseline_sig = self._sign(record)
        best = None
        top = await self.store.standing(game, day, 0, 1)
        if top.rows and top.rows[0].actions is not None:
            row = top.rows[0]
            played, _ = replay(game, plan.rules, stored.code, row.actions or [])
            best_record, best_sig = self._sign(played)
            names = await self._names([row.profile])
            best = {
                "id": row.profile,
                "name": names.get(row.profile, "?"),
                "total": row.total,
                "hands": row.hands or [],
                "save": {"record": best_record, "sig": best_sig},
            }
        mine = None
        if profile is not None:
            own = await self.store.attempt(game, day, profile.id)
            if own is not None and own.total is not None and own.actions is not None:
                played, _ = replay(game, plan.rules, stored.code, own.actions)
                own_record, own_sig = self._sign(played)
                mine = {
                    "id": profile.id,
                    "total": own.total,
                    "hands": own.hands or [],
                    "save": {"record": own_record, "sig": own_sig},
                }
        return {
            "game": game,
            "day": day,
            "code": stored.code,
            "salt": stored.salt,
            "commitment": stored.commitment,
            "hands": plan.hands,
            "baseline": {
                "hands": stored.baseline_hands,
                "save": {"record": baseline_record, "sig": baseline_sig},
            },
            "best": best,
            "mine": mine,
        }


def percentile(rank: int, players: int) -> int:
    """The share of the day's players this rank is level with or ahead of (the best: 100)."""
    if players <= 0:
        return 0
    return (100 * (players - rank + 1)) // players
