"""What the page needs of a game it plays, given by the game's web part (``PAGE`` in
``web/games/<key>.py``): the names a link may use, the names its choice was stored under before,
the name of its downloads and the localStorage keys of its save, practice hand, settings and
statistics. The page's manifest of games is written from these and the registry
(:mod:`picas.web.manifest`); a game without a ``PAGE`` is served by the API only."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Storage:
    """The localStorage keys of one game (kept as they were first written: renaming them would
    lose a player's save)."""

    game: str
    practice: str
    settings: str
    aside: str
    """The prefix of an unreadable save kept aside."""
    stats: str


@dataclass(frozen=True, slots=True)
class GamePage:
    links: tuple[str, ...]
    """The names a link's ``?juego=`` may use for the game (any case)."""
    download: str
    """The start of a downloaded game's file name."""
    storage: Storage
    former: tuple[str, ...] = ()
    """Names the page stored the player's choice of this game under before it used the key."""
