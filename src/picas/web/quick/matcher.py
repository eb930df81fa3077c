"""Who sits with whom: the queue of one game and target matched by rating (docs/quick.md).

Pure functions of the entries, the time and the blocks, so a test gives them a queue and reads
the tables. The oldest entry chooses first: the people whose ratings are within both its window
and theirs (a window widens with the wait), nearest rating first, never two who blocked one
another, never two from one client address. Four make a table at once; after ``fill_after``
seconds of the oldest's wait, two or three do, the computer (Difícil) in the empty seats. In
Picas the partners are the pairing of the four ratings (the computer's included) whose teams'
sums are nearest.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import groupby

from picas.web.games import partners
from picas.web.quick.model import Entry

SEATS = ("south", "west", "north", "east")
PAIRINGS = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2))
"""The three ways four players make two teams: (a, b) against (c, d)."""


@dataclass(frozen=True, slots=True)
class Window:
    """How far apart two ratings may be, by how long a person has waited."""

    base: float = 150.0
    per_second: float = 25.0
    widest: float = 1000.0

    def of(self, waited: float) -> float:
        return min(self.widest, self.base + self.per_second * max(0.0, waited))


@dataclass(frozen=True, slots=True)
class Found:
    """A table the matcher made: each seat's person (None: the computer)."""

    game: str
    target: int
    seats: tuple[Entry | None, Entry | None, Entry | None, Entry | None]

    @property
    def people(self) -> list[Entry]:
        return [entry for entry in self.seats if entry is not None]


def blocked_pair(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


def match(
    entries: Iterable[Entry],
    now: float,
    blocks: set[frozenset[str]],
    *,
    cpu_rating: int,
    fill_after: float = 20.0,
    window: Window = Window(),
) -> list[Found]:
    """The tables to make now from the queue (each entry in one at most)."""
    found: list[Found] = []
    ordered = sorted(entries, key=lambda entry: (entry.queue, entry.joined, entry.profile))
    for _, group in groupby(ordered, key=lambda entry: entry.queue):
        found.extend(_match_queue(list(group), now, blocks, cpu_rating, fill_after, window))
    return found


def _match_queue(
    waiting: list[Entry],
    now: float,
    blocks: set[frozenset[str]],
    cpu_rating: int,
    fill_after: float,
    window: Window,
) -> list[Found]:
    found: list[Found] = []
    free = _ByRating(waiting)

    def fits(a: Entry, b: Entry) -> bool:
        if blocked_pair(a.profile, b.profile) in blocks:
            return False
        if a.address and a.address == b.address:
            return False  # one person's two profiles would rate each other
        apart = abs(a.rating - b.rating)
        return apart <= window.of(now - a.joined) and apart <= window.of(now - b.joined)

    for anchor in waiting:
        if not free.holds(anchor):
            continue
        chosen = [anchor]
        # Nobody farther than the anchor's own window fits it: the walk stops there.
        for other in free.nearest(anchor, window.of(now - anchor.joined)):
            if all(fits(other, one) for one in chosen):
                chosen.append(other)
                if len(chosen) == 4:
                    break
        if len(chosen) == 4 or (len(chosen) >= 2 and now - anchor.joined >= fill_after):
            free.remove(chosen)
            found.append(seat(anchor.game, anchor.target, chosen, cpu_rating))
    return found


class _ByRating:
    """The entries not seated yet, by rating: an anchor's candidates come nearest rating first
    (ties by the time they joined, then profile) without sorting the whole queue for each
    anchor (some 500 sorts of the whole queue for 2,000 people: a few tenths of a second)."""

    def __init__(self, entries: list[Entry]) -> None:
        self._entries = sorted(
            entries, key=lambda entry: (entry.rating, entry.joined, entry.profile)
        )
        self._ratings = [entry.rating for entry in self._entries]
        self._profiles = {entry.profile for entry in entries}

    def holds(self, entry: Entry) -> bool:
        return entry.profile in self._profiles

    def nearest(self, anchor: Entry, reach: float) -> Iterator[Entry]:
        """The others, by ``abs(rating - anchor.rating)``, then joined, then profile, up to
        ``reach`` apart. Nothing may be removed while this runs."""
        entries, ratings, rating = self._entries, self._ratings, anchor.rating
        below = bisect_left(ratings, rating) - 1
        above = below + 1
        while True:
            down = rating - ratings[below] if below >= 0 else math.inf
            up = ratings[above] - rating if above < len(ratings) else math.inf
            apart = min(down, up)
            if apart > reach:
                return
            tied: list[Entry] = []
            while below >= 0 and rating - ratings[below] == apart:
                tied.append(entries[below])
                below -= 1
            while above < len(ratings) and ratings[above] - rating == apart:
                tied.append(entries[above])
                above += 1
            tied.sort(key=lambda entry: (entry.joined, entry.profile))
            yield from (entry for entry in tied if entry.profile != anchor.profile)

    def remove(self, seated: list[Entry]) -> None:
        for entry in seated:
            self._profiles.discard(entry.profile)
            at = bisect_left(self._ratings, entry.rating)
            while self._entries[at].profile != entry.profile:
                at += 1
            del self._entries[at]
            del self._ratings[at]


def seat(game: str, target: int, people: Sequence[Entry], cpu_rating: int) -> Found:
    """Four seats for ``people`` (two to four), the computer in the rest: in Picas, partners by
    the nearest teams' sums; in Corazones, as they came."""
    players: list[Entry | None] = [*people, *([None] * (4 - len(people)))]
    if partners(game):
        ratings = [cpu_rating if p is None else p.rating for p in players]

        def imbalance(pairing: tuple[int, int, int, int]) -> tuple[int, int]:
            a, b, c, d = pairing
            return (abs(ratings[a] + ratings[b] - ratings[c] - ratings[d]), PAIRINGS.index(pairing))

        a, b, c, d = min(PAIRINGS, key=imbalance)
        # South and North are partners, West and East the other team.
        players = [players[a], players[c], players[b], players[d]]
    south, west, north, east = players
    return Found(game, target, (south, west, north, east))


def team_sums(found: Found, cpu_rating: int) -> tuple[int, int]:
    """North–South's and West–East's ratings summed (the computer's for its seats)."""
    ratings = [cpu_rating if e is None else e.rating for e in found.seats]
    return ratings[0] + ratings[2], ratings[1] + ratings[3]
