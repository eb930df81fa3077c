"""The playouts on each seat's own view (``SearchSettings.views``): a seat that chooses on what
it could know plays exactly as Normal, which chooses on the view the engine gives it."""

from __future__ import annotations

import random

from picas.games.spades import Bid, GameState, Phase, Play, Rules, Seat
from picas.games.spades.bots.base import decide
from picas.games.spades.bots.knowledge import know, void_mask
from picas.games.spades.bots.normal import NormalBot
from picas.games.spades.bots.search import PlayFit, playout, playout_views, start_hidden
from picas.games.spades.view import view_for
from picas.shared.bots import decision_rng
from picas.shared.deals import CODE_ALPHABET

NORMAL = NormalBot()


def _bid(game: GameState, nil: bool) -> GameState:
    """Normal's bids, the first bidder's a Nil if ``nil`` (Normal's own Nils are rare)."""
    while game.turn is not None and game.hand.phase is not Phase.PLAYING:
        seat = game.turn
        if nil:
            game, nil = game.apply(Bid(0)), False
            continue
        game = game.apply(decide(NORMAL, view_for(game, seat), decision_rng(game.code, 0, seat)))
    return game


def _normal_card(game: GameState) -> Play:
    seat = game.turn
    assert seat is not None
    action = decide(NORMAL, view_for(game, seat), decision_rng(game.code, 0, seat))
    assert isinstance(action, Play)
    return action


def _position(game: GameState) -> tuple[list[int], list[int], int, list[int], bool, list[int], int]:
    hand = game.hand
    bids = [0 if b is None else b for b in hand.bids]
    return (
        list(hand.hands),
        [int(c) for c in hand.trick],
        int(hand.leader),
        list(hand.won),
        hand.spades_broken,
        bids,
        13 - len(hand.tricks),
    )


def _positions(count: int) -> list[tuple[GameState, int]]:
    """Hands bid by Normal (a Nil in every third), each with a point in its play to start from."""
    rng = random.Random(29)
    out = []
    for index in range(count):
        code = "".join(rng.choice(CODE_ALPHABET) for _ in range(8))
        out.append((_bid(GameState.new(Rules(), code), index % 3 == 0), rng.randrange(52)))
    return out


def test_every_seat_on_its_own_view_plays_normals_hand() -> None:
    nils = 0
    for game, cards in _positions(60):
        nils += game.hand.bids.count(0)
        for _ in range(cards):
            game = game.apply(_normal_card(game))
        seat = game.turn
        assert seat is not None
        hands, trick, leader, won, broken, bids, left = _position(game)
        hidden = [void_mask(v) for v in know(view_for(game, seat)).voids]
        # Normal plays the hand out at the table...
        number = game.hand.number
        while game.hand.number == number and game.outcome is None:
            game = game.apply(_normal_card(game))
        # ... and the playout with every seat on its own view ends with the same tricks.
        got = playout_views(hands, trick, leader, won, broken, bids, left, hidden, 0b1111)
        assert tuple(got) == game.history[-1].hand.won
    assert nils  # the Nils' plays (ducking, covering, attacking) are among them


def test_the_views_start_from_the_voids_a_card_shows() -> None:
    for game, cards in _positions(40):
        for _ in range(cards):
            game = game.apply(_normal_card(game))
        seat = game.turn
        assert seat is not None
        k = know(view_for(game, seat))
        action = _normal_card(game)
        after = game.apply(action)
        if after.hand.number != game.hand.number:
            continue  # the hand's last card: the next hand's voids are not this one's
        other = Seat((int(seat) + 1) & 3)  # what another seat then knows of every seat's voids
        voids = know(view_for(after, other)).voids
        assert start_hidden(k, int(action.card)) == [void_mask(v) for v in voids]


def test_no_seat_on_its_view_is_the_plain_playout() -> None:
    for game, cards in _positions(30):
        for _ in range(cards):
            game = game.apply(_normal_card(game))
        hands, trick, leader, won, broken, bids, left = _position(game)
        plain = playout(list(hands), list(trick), leader, list(won), broken, bids, left)
        seen = playout_views(hands, trick, leader, won, broken, bids, left, [0, 0, 0, 0], 0)
        assert seen == plain


def _history(game: GameState) -> list[tuple[int, list[int]]]:
    hand = game.hand
    out = [(int(t.leader), [int(c) for c in t.cards]) for t in hand.tricks]
    if hand.trick:
        out.append((int(hand.leader), [int(c) for c in hand.trick]))
    return out


def test_the_true_deal_fits_every_card_normal_played() -> None:
    misfits = 0
    for game, cards in _positions(40):
        for _ in range(cards):
            game = game.apply(_normal_card(game))
        seat = game.turn
        assert seat is not None
        k = know(view_for(game, seat))
        fit = PlayFit(k, _history(game), 0.5)
        true = list(game.hand.hands)
        assert fit.weight(true, 1.0, 0.0) == 1.0
        # The same hands with two of the other seats' cards swapped: a deal Normal's play so far
        # may not fit (a swap of cards it would play alike keeps the weight).
        lho, rho = (int(seat) + 1) & 3, (int(seat) + 3) & 3
        if true[lho] and true[rho]:
            a, b = true[lho] & -true[lho], true[rho] & -true[rho]
            swapped = true.copy()
            swapped[lho] ^= a | b
            swapped[rho] ^= a | b
            weight = fit.weight(swapped, 1.0, 0.0)
            misfits += weight < 1.0
            assert weight in {0.5**n for n in range(40)}
    assert misfits  # the fit does tell deals apart
