"""What the page needs of a game it plays, given by the game's web part (``PAGE`` in
``web/games/<key>.py``): the names a link may use, the names its choice was stored under before,
the name of its downloads, the localStorage keys of its save, practice hand, settings and
statistics, and its help pages' menus. The page's manifest of games is written from these and the
registry (:mod:`picas.web.manifest`); a game without a ``PAGE`` is served by the API only."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

Language = Literal["es", "en"]


@dataclass(frozen=True, slots=True)
class Topic:
    """One entry of a help menu: a page (its path from the site's root) and its title there.
    ``own`` is False for an entry that leads to another set's page (it wears that set's header)."""

    path: str
    title: str
    own: bool = True


@dataclass(frozen=True, slots=True)
class HelpSet:
    """The help pages that share one header and one menu (:mod:`picas.web.help_pages`)."""

    lang: Language
    brand: str
    menu_label: str
    menu: tuple[Topic, ...]
    game: str | None = None
    """``data-juego`` on ``<html>`` (``js/ayuda.js`` reads it); None for the first game."""
    settings_note: bool = True
    """Whether the page has the box that says which rules it describes (``#ajustes-activos``)."""
    entry: str | None = None
    """What the pages of no game call this set in their menu (its ``menu_label`` if None)."""
    entry_brand: str | None = None
    """How the pages of no game name this game in their brand (its ``brand`` if None)."""

    @property
    def table(self) -> str:
        """Where «Volver a la mesa» goes, from the site's root: the table, with its game."""
        return f"?juego={self.game}" if self.game else ""

    @property
    def pages(self) -> tuple[str, ...]:
        return tuple(topic.path for topic in self.menu if topic.own)


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
class Choice:
    """The game's button on the first screen: the cards drawn on it (each a suit's sign, and
    whether it is red) and the keys of its name and its note in the page's words (``i18n.js``)."""

    suits: tuple[tuple[str, bool], ...]
    name: str
    note: str


@dataclass(frozen=True, slots=True)
class GamePage:
    links: tuple[str, ...]
    """The names a link's ``?juego=`` may use for the game (any case)."""
    download: str
    """The start of a downloaded game's file name."""
    storage: Storage
    choice: Choice
    """Its button on the first screen."""
    former: tuple[str, ...] = ()
    """Names the page stored the player's choice of this game under before it used the key."""
    partners: bool = False
    """Whether the game is played by two partnerships (North–South against East–West)."""
    help: tuple[HelpSet, ...] = ()
    """The game's help pages, a set for each language (Spanish first)."""
    help_counterparts: Mapping[str, str] = field(default_factory=dict)
    """Each of its Spanish help pages → the English one."""
    modules: Path | None = None
    """A game from outside the package: the folder of its page modules (its ``hooks.js``…),
    served at ``/js/games/<key>/``; the package's games keep theirs in ``static/js/games/``."""
