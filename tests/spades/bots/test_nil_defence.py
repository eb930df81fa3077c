"""With ``nil_defence`` (off by default), Difícil's card decisions after an opponent's Nil use
their own margin, and only those: the rest of the play is searched as before."""

from __future__ import annotations

from bot_helpers import E, N, S, W

from picas.games.spades import Bid, GameState, Rules, Seat
from picas.games.spades.bots.base import decide
from picas.games.spades.bots.dificil import DificilBot
from picas.games.spades.bots.registry import load_bot
from picas.games.spades.bots.search import SearchSettings
from picas.games.spades.view import view_for
from picas.shared.bots import decision_rng

QUICK = SearchSettings(playouts=200)
BIDS = {S: 4, W: 0, N: 3, E: 4}
"""West bids Nil: the opponents of South and North, the partner of East."""


def _hands(codes: tuple[str, ...]) -> list[GameState]:
    """Every position of these deals' first hands, the cards played by Normal."""
    normal = load_bot("normal")
    positions = []
    for code in codes:
        game = GameState.new(Rules(), code)
        while game.hand.bids.count(None):
            seat = game.turn
            assert seat is not None
            game = game.apply(Bid(BIDS[seat]))
        index = 4
        while not game.history:
            seat = game.turn
            assert seat is not None
            positions.append(game)
            game = game.apply(decide(normal, view_for(game, seat), decision_rng(code, index, seat)))
            index += 1
    return positions


def _card(bot: DificilBot, game: GameState, seat: Seat) -> object:
    """The bot's card, or ``None`` when it had one card to choose (of a group of equivalent ones,
    which it names as it likes: no search)."""
    before = bot.playouts
    card = bot.play(view_for(game, seat), decision_rng(game.code, 99, seat))
    return card if bot.playouts > before else None


def test_against_a_nil_the_defence_margin_decides_and_elsewhere_nothing_changes() -> None:
    normal = load_bot("normal")
    # Never leaves the heuristic's card against a Nil; elsewhere the search as it is.
    stubborn = DificilBot(QUICK, nil_defence=(1e6, 0.0))
    plain = DificilBot(QUICK, nil_defence=None)
    # Never leaves it elsewhere; against a Nil the best average wins.
    keen = DificilBot(SearchSettings(playouts=200, margin=1e6, confidence=0.0), nil_defence=(0, 0))
    defenders = 0
    searched = 0
    for game in _hands(("MNPQRSTU", "K7PMX4QH")):
        seat = game.turn
        assert seat is not None
        view = view_for(game, seat)
        heuristic = normal.play(view, decision_rng(game.code, 99, seat))
        if _card(plain, game, seat) is None:
            continue
        if seat in (S, N):  # West's Nil is theirs to break
            defenders += 1
            assert _card(stubborn, game, seat) == heuristic
            searched += _card(keen, game, seat) != heuristic
        else:  # West's partner, and West: the settings of any other hand
            assert _card(keen, game, seat) == heuristic
            before = plain.playouts, stubborn.playouts
            assert _card(stubborn, game, seat) == _card(plain, game, seat)
            assert stubborn.playouts - before[1] == plain.playouts - before[0]
    assert defenders > 20
    assert searched  # the defence's settings, not the others, chose those cards
