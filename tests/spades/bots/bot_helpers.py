"""Helpers for the computer players' tests (not a test module): hand-built tables and positions."""

from __future__ import annotations

from picas.games.spades import Action, Bid, Card, GameState, Play, Rules, Seat, mask_of
from picas.games.spades.bots.base import Bot, decide, decision_rng
from picas.games.spades.bots.registry import LEVELS, load_bot
from picas.games.spades.view import view_for

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST
ALL_LEVELS = tuple(LEVELS)


def mask(text: str) -> int:
    return mask_of(Card.parse(word) for word in text.split())


def table(
    south: str,
    west: str = "",
    north: str = "",
    east: str = "",
    *,
    dealer: Seat = E,
    rules: Rules | None = None,
    code: str = "ABCDEFGH",
) -> GameState:
    """A game whose first deal gives each seat the cards written for it; the cards nobody was
    given are dealt lowest first to the seats still short of 13, West, North, East, South."""
    given = [mask(south), mask(west), mask(north), mask(east)]
    union = 0
    for hand in given:
        assert not union & hand, "a card given twice"
        union |= hand
    rest = [c for c in range(52) if not union >> c & 1]
    order = (W, N, E, S)
    while rest:
        for seat in order:
            if given[seat].bit_count() < 13 and rest:
                given[seat] |= 1 << rest.pop(0)
    assert [h.bit_count() for h in given] == [13, 13, 13, 13]
    base = rules or Rules()
    rules = Rules.from_json({**base.to_json(), "first_dealer": dealer.key})
    return GameState.new(rules, code, deals=((given[0], given[1], given[2], given[3]),))


def act(game: GameState, *moves: int | str) -> GameState:
    """Apply bids (ints) and cards ("AH") in turn order."""
    for move in moves:
        action: Action = Bid(move) if isinstance(move, int) else Play(Card.parse(move))
        game = game.apply(action)
    return game


def ask(level: str | Bot, game: GameState, seat: Seat | None = None) -> Action:
    """The action the bot on turn chooses (seeded like a real table, at position 0)."""
    bot = load_bot(level) if isinstance(level, str) else level
    who = game.turn if seat is None else seat
    assert who is not None
    return decide(bot, view_for(game, who), decision_rng(game.code, 0, who))


def ask_card(level: str, game: GameState) -> Card:
    action = ask(level, game)
    assert isinstance(action, Play)
    return action.card


def ask_bid(level: str, game: GameState) -> int:
    action = ask(level, game)
    assert isinstance(action, Bid)
    return action.tricks
