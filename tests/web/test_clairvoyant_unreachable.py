"""The clairvoyant bound of ``picas arena`` sees every hand: the server and the page must never
seat it. Their levels come from the games' registry; it is not among them, under any name."""

from __future__ import annotations

import pytest

from picas import games
from picas.games.spades.bots.registry import LEVELS, UnknownBot, load_bot
from picas.games.spades.clairvoyant import NAME, ClairvoyantBot
from picas.shared.errors import PicasError
from picas.web.table import check_level


def test_no_level_of_any_game_is_the_clairvoyant() -> None:
    for spec in games.games():
        assert NAME not in spec.levels
        for level in spec.levels:
            bot = spec.load_bot(level)
            assert not isinstance(bot, ClairvoyantBot)
    assert NAME not in LEVELS


def test_the_web_refuses_its_name_as_a_level() -> None:
    for key in games.KEYS:
        with pytest.raises(PicasError) as refused:
            check_level(NAME, key)
        assert refused.value.code == "unknown_level"


def test_the_bots_registry_does_not_know_its_name() -> None:
    with pytest.raises(UnknownBot):
        load_bot(NAME)
