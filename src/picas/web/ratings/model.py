"""What a rated result is, what a player's rating is, and the one number a person sees.

The display number is OpenSkill's conservative ordinal, ``mu - 3 sigma``, scaled:
``1000 + 20 * (mu - 3 sigma)``, never below 0. A new player (``mu`` 25, ``sigma`` 25/3) shows
exactly 1000; a strong, settled player (``mu`` ≈ 35, ``sigma`` ≈ 1.5) shows about 1600. The
conservative ordinal grows as the system grows sure of a player, so a lucky first game cannot put
anyone at the top of a board."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from picas.web.games import partners, rated_games

GAMES = rated_games()
"""The rated games: the registry's games whose web part declares ``RATED``."""
CPU_NAMES = {"cpu:facil": "Fácil", "cpu:normal": "Normal", "cpu:dificil": "Difícil"}
"""Each computer level is a rated player too, named on the boards by its Spanish level."""
CPU_PREFIX = "cpu:"
GONE_PREFIX = "x:"
"""A deleted profile's place in the stored results: an unlinkable id, never shown, so a
recomputation rates everyone else exactly as before."""

MU = 25.0
SIGMA = MU / 3
DISPLAY_BASE = 1000
DISPLAY_SCALE = 20
PROVISIONAL_GAMES = 10
HISTORY_KEPT = 200
"""Points of a player's history kept per game (the profile's plot shows the latest)."""

PICAS_TEAMS = (("s", "n"), ("w", "e"))
"""The partnerships of a game played by two (its ``PAGE.partners``): North–South, East–West."""
CORAZONES_SEATS = ("s", "w", "n", "e")
"""The four seats of every table, each a player of its own in a game without partnerships."""


class InvalidResult(ValueError):  # noqa: N818 (named like the engine's errors)
    """A result the table's end could not have made (the server's own bug, never a person's
    input): refused before anything is written."""


@dataclass(frozen=True, slots=True)
class RatedSeat:
    player: str
    seat: str
    score: int
    left: bool = False


@dataclass(frozen=True, slots=True)
class RatedResult:
    id: str
    game: str
    ended: float
    seats: tuple[RatedSeat, ...]

    @property
    def players(self) -> list[str]:
        return sorted({seat.player for seat in self.seats})

    @property
    def week(self) -> str:
        return iso_week(self.ended)

    @property
    def day(self) -> str:
        return utc_day(self.ended)


@dataclass(frozen=True, slots=True)
class RatingChange:
    before: int
    after: int
    provisional: bool


@dataclass(frozen=True, slots=True)
class PlayerState:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0
    wins: int = 0

    @property
    def display(self) -> int:
        return display(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


NEW = PlayerState()


@dataclass(frozen=True, slots=True)
class HistoryPoint:
    result: str
    at: float
    rating: int
    change: int


@dataclass(frozen=True, slots=True)
class BoardEntry:
    rank: int
    id: str
    state: PlayerState


def display(mu: float, sigma: float) -> int:
    return max(0, round(DISPLAY_BASE + DISPLAY_SCALE * (mu - 3 * sigma)))


def is_cpu(player: str) -> bool:
    return player.startswith(CPU_PREFIX)


def is_person(player: str) -> bool:
    return not is_cpu(player) and not player.startswith(GONE_PREFIX)


def iso_week(at: float) -> str:
    year, week, _ = dt.datetime.fromtimestamp(at, dt.UTC).isocalendar()
    return f"{year}-W{week:02d}"


def utc_day(at: float) -> str:
    return dt.datetime.fromtimestamp(at, dt.UTC).strftime("%Y-%m-%d")


def check(result: RatedResult) -> None:
    """The shape every table's end has: four seats, the game's seat keys, each profile once, a
    partnership's two seats with one score."""
    if result.game not in GAMES:
        raise InvalidResult(f"unknown game {result.game!r}")
    if not result.id or len(result.id) > 200:
        raise InvalidResult("a result needs an id")
    seats = {seat.seat: seat for seat in result.seats}
    if len(result.seats) != 4 or set(seats) != set(CORAZONES_SEATS):
        raise InvalidResult("a result has the four seats s, w, n, e")
    people = [seat.player for seat in result.seats if not is_cpu(seat.player)]
    if len(people) != len(set(people)) or any(not p for p in people):
        raise InvalidResult("a profile sits once at a table")
    for seat in result.seats:
        if is_cpu(seat.player) and seat.player not in CPU_NAMES:
            raise InvalidResult(f"unknown computer level {seat.player!r}")
    if partners(result.game):
        for first, second in PICAS_TEAMS:
            if seats[first].score != seats[second].score:
                raise InvalidResult("both seats of a team carry the team's score")


def result_to_json(result: RatedResult) -> dict[str, object]:
    return {
        "id": result.id,
        "game": result.game,
        "ended": result.ended,
        "seats": [[s.player, s.seat, s.score, s.left] for s in result.seats],
    }


def result_from_json(data: dict[str, object]) -> RatedResult:
    seats = data["seats"]
    assert isinstance(seats, list)
    return RatedResult(
        str(data["id"]),
        str(data["game"]),
        float(data["ended"]),  # type: ignore[arg-type]
        tuple(RatedSeat(str(p), str(s), int(sc), bool(lf)) for p, s, sc, lf in seats),
    )


def changes_to_json(changes: dict[str, RatingChange]) -> dict[str, list[object]]:
    return {p: [c.before, c.after, c.provisional] for p, c in sorted(changes.items())}


def changes_from_json(data: dict[str, list[object]]) -> dict[str, RatingChange]:
    return {
        p: RatingChange(int(b), int(a), bool(pr))  # type: ignore[call-overload]
        for p, (b, a, pr) in data.items()
    }


def state_to_json(state: PlayerState) -> list[float]:
    return [state.mu, state.sigma, state.games, state.wins]


def state_from_json(data: list[float]) -> PlayerState:
    mu, sigma, games, wins = data
    return PlayerState(float(mu), float(sigma), int(games), int(wins))
