"""The arena's referee of partner blunders (``picas.games.spades.blunders``), on hand-built
positions: it flags the rude card and passes the polite one beside it."""

from __future__ import annotations

from bot_helpers import S, W, act, table

from picas.games.spades import Card, GameState, Play
from picas.games.spades.blunders import PartnerWatch, overtakes_sure_trick


def _card(code: str) -> int:
    return int(Card.parse(code))


def _sure_trick() -> GameState:
    # West leads, North plays the king, East follows: South, last, holds the ace and the two.
    game = table("AH 2H AC KC QC 5D 6D 7D 8S 9S 2C 3C 4C", "5H", "KH", "7H", dealer=S)
    return act(game, 3, 3, 3, 4, "5H", "KH", "7H")


def test_overtaking_a_partners_sure_trick_is_a_blunder() -> None:
    game = _sure_trick()
    assert overtakes_sure_trick(game, S, _card("AH"))
    assert not overtakes_sure_trick(game, S, _card("2H"))


def test_beating_a_partner_who_may_still_lose_the_trick_is_not() -> None:
    # West deals: North leads the queen, East follows; West plays after South and may hold the
    # king, so North's trick is not sure and South's ace is no blunder.
    game = table("AH 2H AC KC QC 5D 6D 7D 8S 9S 2C 3C 4C", "", "QH", "5H", dealer=W)
    game = act(game, 3, 3, 3, 4, "QH", "5H")
    assert game.turn is S
    assert not overtakes_sure_trick(game, S, _card("AH"))


def _watched(game: GameState, *cards: str) -> list[int]:
    watch = PartnerWatch()
    for code in cards:
        seat = game.turn
        assert seat is not None
        action = Play(Card.parse(code))
        after = game.apply(action)
        watch.see(game, seat, action, after)
        game = after
    return watch.counts


def _nil_partner_winning() -> GameState:
    # West deals: North (Nil) leads a diamond, East plays under it, South holds the king.
    game = table("KD 3D 2C 3C 4C 5C 6C 7C 8C 9C 2H 3H 4H", "", "9D", "5D", dealer=W)
    return act(game, 0, 3, 4, 3, "9D", "5D")


def test_leaving_a_live_nil_to_break_is_a_blunder_of_that_team() -> None:
    game = _nil_partner_winning()
    assert game.turn is S
    west = game.hand.hands[1]
    west_card = Card(min(c for c in range(13, 26) if west >> c & 1))  # West follows low
    assert _watched(game, "3D", west_card.code) == [1, 0]  # North takes the trick: the Nil breaks
    assert _watched(game, "KD", west_card.code) == [0, 0]


def test_overtaking_when_every_legal_card_would_is_not() -> None:
    # As above, but the ace is South's only heart: it must follow with it.
    game = table("AH 3D AC KC QC 5D 6D 7D 8S 9S 2C 3C 4C", "5H", "KH", "7H", dealer=S)
    game = act(game, 3, 3, 3, 4, "5H", "KH", "7H")
    assert not overtakes_sure_trick(game, S, _card("AH"))
