"""What a game says of itself to the tools: its :class:`GameSpec` (the list of games is
:mod:`picas.games`). Plain data and functions, so that a game describes itself with the shared
nouns only, and importing this module loads none of the compiled hot path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from picas.shared.bots import LEVEL_NAMES_ES, BotLoop
from picas.shared.errors import PicasError
from picas.shared.options import Options

if TYPE_CHECKING:  # not at run time: picas.compiled reads the registry before any hot module loads
    from picas.shared.invariants import Tally
    from picas.shared.record import GameRecord


class UnknownGame(PicasError):  # noqa: N818 (named like the engine's errors)
    code = "unknown_game"


@dataclass(frozen=True, slots=True)
class Level:
    """One level of a game's computer players, as the tools see it: its Spanish name and what the
    web tier must know of its cost."""

    name_es: str
    heavy: bool = False
    """Every reply at this level is heavy work (a Difícil decision runs thousands of playouts), so
    the web tier runs it in its worker processes."""
    verify_limit: int | None = None
    """The longest plain record (in actions) an import checks at this level; None: the record
    format's own cap is enough (a decision takes well under a millisecond)."""


def levels(
    names: Mapping[str, str],
    *,
    heavy: frozenset[str] = frozenset(),
    verify_limits: Mapping[str, int] | None = None,
) -> dict[str, Level]:
    """A game's levels from their names (easiest first), with the heavy ones and the limits."""
    limits = verify_limits or {}
    return {
        key: Level(name, heavy=key in heavy, verify_limit=limits.get(key))
        for key, name in names.items()
    }


def three_levels(dificil_verify_limit: int) -> dict[str, Level]:
    """Fácil, Normal and Difícil, the levels every game of the site offers: Difícil's replies are
    heavy work, and an import checks a record at Difícil up to ``dificil_verify_limit`` actions
    (the game's own figure: its Difícil's time a decision)."""
    return levels(
        LEVEL_NAMES_ES,
        heavy=frozenset({"dificil"}),
        verify_limits={"dificil": dificil_verify_limit},
    )


@dataclass(frozen=True, slots=True)
class ArenaOption:
    """One of a game's own ``picas arena`` options (``--name``), with its default."""

    name: str
    help: str
    default: Any
    choices: tuple[Any, ...] | None = None
    flag: bool = False
    """A switch (``--log``) rather than an option with a value."""


@dataclass(frozen=True, slots=True)
class ArenaRequest:
    """A match ``picas arena`` asks of a game: ``a`` against ``b`` on ``deals`` deals of ``seed``,
    on ``jobs`` processes, with the game's own ``options``; ``say`` takes the partial reports and
    progress lines that some options ask for."""

    a: str
    b: str
    deals: int
    seed: int
    jobs: int
    options: Mapping[str, Any]
    say: Callable[[str], None]


@dataclass(frozen=True, slots=True)
class Arena:
    """A game's ``picas arena``: two players on the same deals, the seats rotated. ``run`` plays
    the match and returns the report and a note on the time it took (the report is the same for
    the same seed whatever the number of processes, the note is not)."""

    run: Callable[[ArenaRequest], tuple[str, str]]
    deals: int
    seed: int
    options: tuple[ArenaOption, ...] = ()


@dataclass(frozen=True, slots=True)
class EngineBench:
    """A game's ``picas bench engine``: ``hands(count, seed)`` plays ``count`` random hands at the
    hand level and returns the actions applied; ``games`` does the same through whole games
    (totals carry over, the next hand is dealt)."""

    hands: Callable[..., int]
    games: Callable[..., int]
    """(A game that takes ``--rules``: both also take ``rules=``.)"""


@dataclass(frozen=True, slots=True)
class Replay:
    """A game's ``picas replay``: its position after its record, every hand and the result in
    words (``text``) or as JSON (``json``, ``--json``)."""

    text: Callable[[Any], str]
    json: Callable[[Any], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Longest:
    """A game's longest record, for the web tier's bound on a request's size: ``rules()`` its
    rules as JSON with every field at its longest value, ``hand()`` the actions of the hand that
    takes the most bytes (each card in its longest spelling, :mod:`picas.shared.bounds`)."""

    rules: Callable[[], dict[str, Any]]
    hand: Callable[[], list[Any]]


# --- the parts a game's folder gives by its modules' names -------------------------------


class ArenaModule(Protocol):
    @property
    def ARENA(self) -> Arena: ...  # noqa: N802 (the module's constant)


class BenchModule(Protocol):
    @property
    def random_hands(self) -> Callable[..., int]: ...
    @property
    def random_game_hands(self) -> Callable[..., int]: ...


class ReportModule(Protocol):
    @property
    def replay_text(self) -> Callable[[Any], str]: ...
    @property
    def replay_json(self) -> Callable[[Any], dict[str, Any]]: ...


class ViewModule(Protocol):
    @property
    def view_for(self) -> Callable[[Any, Any], Any]: ...
    @property
    def view_to_json(self) -> Callable[[Any], dict[str, Any]]: ...


def folder_parts(
    arena: ArenaModule, bench: BenchModule, report: ReportModule, view: ViewModule
) -> dict[str, Any]:
    """The parts of a :class:`GameSpec` that a game's folder gives by the names every game's
    modules use (docs/design.md, "What a new game adds"): ``arena.ARENA``, the bench's random
    hands and games, the replay report in words and JSON, and a seat's view as JSON. Written once,
    so a game's spec names its modules, not each of their functions again."""
    return {
        "arena": arena.ARENA,
        "bench": EngineBench(bench.random_hands, bench.random_game_hands),
        "replay": Replay(report.replay_text, report.replay_json),
        "view_json": lambda state, seat: view.view_to_json(view.view_for(state, seat)),
    }


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game, as every tool sees it (the model: OpenSpiel's registered game type and
    python-chess's variant classes)."""

    key: str
    """The record's ``game`` key, ``--game``'s value, the web tier's and the page's folder."""
    name_es: str
    name_en: str
    record: type[GameRecord[Any, Any, Any]]
    """The game's record type; its codec reads and writes the rules and actions."""
    rules: Callable[..., Any]
    """The rules type: ``rules()`` is the default table, ``rules(**options)`` a variant."""
    options: Options
    """What a new game may choose: each option's values, default, range and words, the «Reglas de
    la casa» and the exclusions, declared once in the game's ``options.py``
    (:mod:`picas.shared.options`)."""
    levels: Mapping[str, Level]
    """The computer players by level (the first is the default), each with its Spanish name, and
    whether its replies are heavy work and how long a record an import checks at it."""
    load_bot: Callable[[str], Any]
    """A computer player by level, or (where the game takes them) by ``module:attr``."""
    check: Callable[..., Tally]
    """``picas check``: ``check(seed, hands, level, views_every)`` plays ``hands`` hands (random
    ones when ``level`` is None) checking the game's invariants at every position; a game that
    takes ``picas check --rules`` accepts its rules as a fifth argument."""
    arena: Arena
    bench: EngineBench
    """``picas bench engine``: the game's random hands, alone and through whole games."""
    replay: Replay
    """``picas replay``: the game's position after its record, in words or as JSON."""
    bots: BotLoop[Any, Any, Any, Any] | None = None
    """How the game's computer players take their turns (the shared loop's plug)."""
    view_json: Callable[[Any, Any], dict[str, Any]] | None = None
    """A seat's view of a position as JSON (``view_json(state, seat)``): what the web tier's
    generic table sends for a game that has no table part of its own."""
    longest: Longest | None = None
    """Its longest record (None: a game the web tier does not serve)."""
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def default_level(self) -> str:
        return next(iter(self.levels))
