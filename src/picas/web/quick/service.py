"""«Jugar ya»'s queue: who may join (bans, the join limit, the targets), the matcher's loop under
its lease, and what a waiting socket finds (docs/quick.md)."""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from picas.games import find_game
from picas.shared.errors import PicasError
from picas.web.friends.model import new_table_id, new_token
from picas.web.friends.store import NewTable
from picas.web.quick.matcher import SEATS, Found, Window, match
from picas.web.quick.model import CPU_PLAYER, Entry, Seating
from picas.web.quick.ports import rating_of
from picas.web.quick.rated import RatedTables
from picas.web.quick.store import Claim, QuickStore, Status
from picas.web.tasks import stop as stop_task

log = logging.getLogger("picas.web")

ENV_PREFIX = "PICAS_YA_"
OPEN_TOGETHER = 128
"""Tables a pass of the matcher seats and stores together: the first people of a long queue
are seated without waiting for the whole pass's tables to be dealt."""


@dataclass(frozen=True, slots=True)
class QuickLimits:
    joins_per_minute: int = 6
    """Queue joins (``hello``s) of one profile in a minute; past that ``too_many_joins``."""
    fill_after: float = 20.0
    """Seconds the oldest waits before two or three people start with the computer."""
    lease_ttl: float = 3.0
    """The matcher's lease: another process takes over this long after its holder's last renewal."""
    match_every: float = 0.25
    """Seconds between two passes of the matcher (each renews the lease)."""
    poll: float = 0.25
    """Seconds between two looks of a waiting socket at its entry."""
    alive_ttl: float = 10.0
    """A process that has not said it is alive for this long is taken for dead: the matcher
    drops the entries its sockets held (their people went with it)."""
    losses_to_ban: int = 3
    loss_window: float = 24 * 3600.0
    ban: float = 3600.0
    max_blocks: int = 200
    hello_timeout: float = 10.0
    max_message_bytes: int = 1024
    rate: float = 5.0
    burst: float = 10.0
    flood_close: int = 50
    apart_by_address: int = 1
    """1: two entries from one client address are never seated together (0: they may be)."""
    window_base: float = 150.0
    window_per_second: float = 25.0
    joins_at_once: int = 16
    """``hello``s a process reads the store for at a time (the profile, the ban, the count of
    joins, the rating, the entry: a round trip each). In a burst the others wait their turn
    without holding one of the store's connections, which the tables need meanwhile: a thousand
    hellos at once otherwise held every connection while the loop was too busy to finish any,
    and the last ones waited past the pool's limit and were refused («store_unavailable»)."""

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> QuickLimits:
        environ = os.environ if environ is None else environ
        values: dict[str, float | int] = {}
        for item in fields(cls):
            text = environ.get(ENV_PREFIX + item.name.upper())
            if text:
                values[item.name] = float(text) if item.type == "float" else int(text)
        return cls(**values)  # type: ignore[arg-type]


class Banned(PicasError):  # noqa: N818 (named like the engine's errors)
    code = "banned"

    def __init__(self, until: float) -> None:
        super().__init__(
            "Has dejado tres partidas puntuadas en 24 horas: no puedes usar «Jugar ya» "
            "durante una hora.",
            params={"until": int(until * 1000)},
        )


class TooManyJoins(PicasError):  # noqa: N818
    code = "too_many_joins"

    def __init__(self) -> None:
        super().__init__("Has entrado en la cola demasiadas veces: espera un minuto.")


class BadTarget(PicasError):  # noqa: N818
    code = "bad_target"

    def __init__(self) -> None:
        super().__init__("«Jugar ya» se juega al objetivo rápido o al normal de ese juego.")


def targets(game: str) -> tuple[int, ...]:
    """The targets «Jugar ya» offers for ``game``: those its options declare for the page (the
    quick one and the standard one)."""
    values: tuple[int, ...] = tuple(find_game(game).options["target"].values)
    return values


def ban_until(losses: list[float], limits: QuickLimits) -> float | None:
    """When the ban of these losses (times, oldest first) ends: an hour after any loss that made
    ``losses_to_ban`` within ``loss_window``; None if none did."""
    n = limits.losses_to_ban
    ends = [
        losses[i] + limits.ban
        for i in range(n - 1, len(losses))
        if losses[i] - losses[i - n + 1] <= limits.loss_window
    ]
    return max(ends) if ends else None


class Quick:
    def __init__(
        self,
        store: QuickStore,
        rated: RatedTables,
        ratings: Callable[[], Any],
        limits: QuickLimits,
        *,
        clock: Callable[[], float] = time.time,
        process: str | None = None,
    ) -> None:
        self.store = store
        self.rated = rated
        self._ratings = ratings
        self.limits = limits
        self.clock = clock
        self.process = process or secrets.token_hex(8)
        self.holding = False
        """Whether this process held the matcher's lease at its last look."""
        self.paused = False
        """A paused matcher neither matches nor renews its lease (another process takes over
        once it runs out): how a test stops one process's matcher as if the process had died."""
        self._matcher: asyncio.Task[None] | None = None
        self.looks = Looks(store, limits.poll)
        self.joining = asyncio.Semaphore(limits.joins_at_once)
        """Taken by a queue socket for its hello's reads and writes (``joins_at_once``)."""

    # --- joining --------------------------------------------------------------------------------

    async def banned_until(self, profile: str) -> float | None:
        now = self.clock()
        losses = await self.store.losses(profile, now - self.limits.loss_window)
        until = ban_until(losses, self.limits)
        return until if until is not None and until > now else None

    async def join(
        self, profile: str, name: str, game: str, target: int, address: str = ""
    ) -> Entry:
        """Queue ``profile`` (the socket's ``conn`` is the entry's), or refuse: a target the game
        does not offer, a ban, too many joins."""
        if target not in targets(game):
            raise BadTarget()
        until = await self.banned_until(profile)
        if until is not None:
            raise Banned(until)
        now = self.clock()
        if await self.store.join(profile, now) > self.limits.joins_per_minute:
            raise TooManyJoins()
        rating = await rating_of(self._ratings(), game, profile)
        await self.store.alive(self.process, now, self.limits.alive_ttl)
        conn = f"{self.process}/{secrets.token_hex(8)}"
        kept = address if self.limits.apart_by_address else ""
        entry = Entry(profile, name, game, target, rating, now, conn, kept)
        await self.store.put_entry(entry)
        return entry

    async def status(self, entry: Entry) -> Status:
        return await self.store.status(entry.profile, entry.conn)

    async def next_status(self, entry: Entry) -> Status:
        """``entry``'s status at this process's next look at its waiting sockets (every
        ``poll`` seconds, one read of the store for all of them)."""
        return await self.looks.next(entry.profile, entry.conn)

    async def leave(self, entry: Entry) -> None:
        await self.store.remove_entry(entry.profile, entry.conn)

    # --- the matcher ------------------------------------------------------------------------------

    def window(self) -> Window:
        return Window(self.limits.window_base, self.limits.window_per_second)

    async def match_once(self) -> int:
        """One pass of the matcher, if this process holds the lease (taken or renewed here):
        how many tables it opened."""
        now = self.clock()
        self.holding = await self.store.lease(self.process, now, self.limits.lease_ttl)
        if not self.holding:
            return 0
        entries = await self._living(await self.store.entries(), now)
        if not entries:
            return 0
        blocks = await self.store.blocks_among(sorted({entry.profile for entry in entries}))
        tables: list[Found] = []
        for game in sorted({entry.game for entry in entries}):
            cpu = await rating_of(self._ratings(), game, CPU_PLAYER)
            mine = [entry for entry in entries if entry.game == game]
            window = self.window()
            tables += match(
                mine, now, blocks, cpu_rating=cpu, fill_after=self.limits.fill_after, window=window
            )
        opened = 0
        for start in range(0, len(tables), OPEN_TOGETHER):
            opened += await self._open(tables[start : start + OPEN_TOGETHER], now)
        return opened

    async def _living(self, entries: list[Entry], now: float) -> list[Entry]:
        """The entries whose socket's process is alive; the others are taken out of the queue
        (a process that died cannot say that its sockets closed)."""
        processes = sorted({entry.conn.split("/")[0] for entry in entries})
        living = await self.store.living(processes, now)
        kept = []
        for entry in entries:
            if entry.conn.split("/")[0] in living:
                kept.append(entry)
            else:
                await self.store.remove_entry(entry.profile, entry.conn)
        return kept

    async def _open(self, tables: list[Found], now: float) -> int:
        """Seat the people of ``tables`` and open them: how many were opened. Each table is
        dealt first (the work that needs no store), then its people claimed (a table one of
        whose people left, or was seated, meanwhile is dropped: the next pass sees), then the
        claimed tables stored, all of them together: a round trip to the store for each step
        of a pass, not for each table."""
        ready: list[tuple[Found, NewTable, Claim]] = []
        for found in tables:
            table_id = new_table_id()
            seats = [(key, entry) for key, entry in zip(SEATS, found.seats, strict=True) if entry]
            tokens = {key: new_token() for key, _ in seats}
            seatings = tuple(
                Seating(entry.profile, entry.conn, table_id, key, tokens[key])
                for key, entry in seats
            )
            try:
                started = self.rated.friends.started(self.rated.table(table_id, found, tokens))
            except PicasError as error:  # nobody is claimed yet: they wait for the next pass
                log.warning("«Jugar ya»: no se pudo abrir la mesa: %s", error.message)
                continue
            ready.append((found, started, Claim(tuple(found.people), seatings)))
        claimed = await self.store.claim_many([claim for _, _, claim in ready], now)
        ready = [one for one, taken in zip(ready, claimed, strict=True) if taken]
        try:
            refused = await self.rated.friends.store_started([started for _, started, _ in ready])
        except PicasError as error:  # the store away: none was stored
            refused = [error] * len(ready)
        opened = 0
        for (found, _, _), refusal in zip(ready, refused, strict=True):
            if refusal is None:
                opened += 1
                continue
            # The table could not be opened (the tables are full, the store is away): the
            # people go back to the queue as they were; their sockets never saw the seat.
            log.warning("«Jugar ya»: no se pudo abrir la mesa: %s", refusal.message)
            for entry in found.people:
                await self.store.put_entry(entry)
        return opened

    async def run_matcher(self) -> None:
        try:
            while True:
                try:
                    # Every pass, matcher or not: this process's sockets hold their entries.
                    await self.store.alive(self.process, self.clock(), self.limits.alive_ttl)
                    if self.paused:
                        self.holding = False
                    else:
                        await self.match_once()
                except Exception:  # the matcher must keep running whatever one pass does
                    log.exception("«Jugar ya»: el emparejador falló")
                await asyncio.sleep(self.limits.match_every)
        finally:
            self.holding = False

    def start_matcher(self) -> None:
        if self._matcher is None:
            self._matcher = asyncio.get_running_loop().create_task(self.run_matcher())

    async def stop_matcher(self, *, release: bool = True) -> None:
        """Stop this process's matcher; without ``release`` its lease is left to run out, as
        when a process dies."""
        task, self._matcher = self._matcher, None
        if task is not None:
            await stop_task(task)
        if release:
            await self.store.release(self.process)


class Looks:
    """This process's waiting sockets' looks at the store, taken together: every ``every``
    seconds one :meth:`QuickStore.statuses` for all the sockets that asked since the last look.
    A socket polling on its own made a round trip or three each, four times a second: at a few
    thousand people in the queue the server spent its time on that (docs/quick.md, «Figures»)."""

    def __init__(self, store: QuickStore, every: float) -> None:
        self._store = store
        self._every = every
        self._asked: dict[tuple[str, str], asyncio.Future[Status]] = {}
        self._task: asyncio.Task[None] | None = None

    async def next(self, profile: str, conn: str) -> Status:
        loop = asyncio.get_running_loop()
        future = self._asked.get((profile, conn))
        if future is None:
            future = loop.create_future()
            future.add_done_callback(_retrieved)
            self._asked[(profile, conn)] = future
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._look())
        return await asyncio.shield(future)

    async def _look(self) -> None:
        while self._asked:
            await asyncio.sleep(self._every)
            asked, self._asked = self._asked, {}
            keys = list(asked)
            try:
                found = await self._store.statuses(keys)
            except Exception as error:  # the store away: each socket hears it (and closes)
                for future in asked.values():
                    if not future.done():
                        future.set_exception(error)
                continue
            for key, status in zip(keys, found, strict=True):
                if not asked[key].done():
                    asked[key].set_result(status)


def _retrieved(future: asyncio.Future[Status]) -> None:
    """A look nobody waits for any more (its socket closed) leaves no «never retrieved» log."""
    if not future.cancelled():
        future.exception()
