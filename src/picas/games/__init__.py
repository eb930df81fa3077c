"""The games played on the site: one list, :data:`KEYS`, and for each game one :class:`GameSpec`
that says everything the tools need of it. The record, the CLI, :mod:`picas.compiled`, the web tier
and the page's manifest of games all read this list; nothing else names the games.

Each game is a folder named by its key (``games/<key>/``), importing only :mod:`picas.shared` and
itself; its ``spec.py`` holds its :class:`~picas.shared.spec.GameSpec` (``SPEC``) and its
``hot.py`` the modules the compiled build takes (read by file, before anything of the game is
imported). A game from outside
the package (an example, a plug-in) is added with :func:`register`, or named by ``module:attr`` in
the ``PICAS_GAMES`` environment variable (comma-separated) so that every process finds it.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import Any

from picas.shared.errors import excerpt
from picas.shared.spec import Arena, ArenaOption, GameSpec, Level, UnknownGame

__all__ = [
    "KEYS",
    "Arena",
    "ArenaOption",
    "GameSpec",
    "Level",
    "UnknownGame",
    "default_game",
    "find_game",
    "games",
    "heavy_levels",
    "hot_modules",
    "keys",
    "register",
    "unregister",
    "verify_limits",
]

KEYS = ("spades", "corazones")
"""The games of the site, in the order the first screen shows them. The first is the game of a
record without a ``game`` key."""

GAMES_ENV = "PICAS_GAMES"


_registered: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game from outside :data:`KEYS` (an example or a plug-in) to this process's list."""
    if spec.key in _registered and _registered[spec.key] is not spec:
        raise UnknownGame(f"Ya hay un juego «{spec.key}».", code="duplicate_game")
    _registered[spec.key] = spec
    return spec


def unregister(key: str) -> None:
    """Take a game added by :func:`register` off this process's list (the site's stay)."""
    if key not in KEYS:
        _registered.pop(key, None)


def games() -> tuple[GameSpec, ...]:
    """Every game: the site's, in :data:`KEYS` order, then the registered ones, then those
    ``PICAS_GAMES`` names now."""
    for key in KEYS:
        if key not in _registered:
            module = importlib.import_module(f"picas.games.{key}.spec")
            _registered[key] = module.SPEC
    extra = [spec for key, spec in _registered.items() if key not in KEYS]
    for spec in _env_games(os.environ.get(GAMES_ENV, "")):
        if all(spec.key != other.key for other in (*extra, *(_registered[k] for k in KEYS))):
            extra.append(spec)
    return (*(_registered[key] for key in KEYS), *extra)


_from_env: dict[str, tuple[GameSpec, ...]] = {}


def _env_games(value: str) -> tuple[GameSpec, ...]:
    """The games a ``PICAS_GAMES`` value names (``module:attr``, comma-separated), loaded once."""
    if value not in _from_env:
        specs = []
        for target in filter(None, (part.strip() for part in value.split(","))):
            module_name, _, attr = target.partition(":")
            specs.append(getattr(importlib.import_module(module_name), attr))
        _from_env[value] = tuple(specs)
    return _from_env[value]


def keys() -> tuple[str, ...]:
    return tuple(spec.key for spec in games())


def find_game(key: object) -> GameSpec:
    """The game of ``key`` (a record's ``game``, ``--game``'s value), or a clear refusal."""
    for spec in games():
        if spec.key == key:
            return spec
    raise UnknownGame(f"Juego desconocido: {excerpt(key)} (hay: {', '.join(keys())}).")


def hot_modules() -> tuple[str, ...]:
    """The site's games' modules in the compiled group, read from each game's ``hot.py`` by file:
    importing the game would load the very modules the build replaces."""
    names: list[str] = []
    for key in KEYS:
        path = Path(__file__).resolve().parent / key / "hot.py"
        scope: dict[str, Any] = {}
        exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), scope)
        names.extend(f"{__name__}.{key}.{name}" for name in scope["HOT_MODULES"])
    return tuple(names)


def default_game() -> GameSpec:
    """The game of a record without a ``game`` key."""
    return find_game(KEYS[0])


def heavy_levels() -> frozenset[str]:
    """The levels whose replies are heavy work in some game (the web tier's replies' lane)."""
    return frozenset(key for spec in games() for key, level in spec.levels.items() if level.heavy)


def verify_limits() -> dict[str, int]:
    """The longest plain record an import checks, by level: the strictest game's at each."""
    limits: dict[str, int] = {}
    for spec in games():
        for key, level in spec.levels.items():
            if level.verify_limit is not None:
                limits[key] = min(limits.get(key, level.verify_limit), level.verify_limit)
    return limits
