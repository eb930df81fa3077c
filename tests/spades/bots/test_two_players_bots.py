"""The computer players at «Dos jugadores» on real games and views: the draw keeps what the hand
needs, every level plays legal whole games (the draw, the bid and two-card tricks, jokers too),
the same code gives the same game, Difícil's samples never give the opponent a card the bot holds,
saw go out or saw played, and the hint and the tip speak of the draw and of one player alone."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from picas.games.spades import (
    Action,
    Bid,
    Discard,
    GameState,
    Keep,
    Phase,
    Play,
    Rules,
    Seat,
    find_profile,
)
from picas.games.spades.bots.base import decide, decision_rng, play_bots
from picas.games.spades.bots.dificil import DificilBot
from picas.games.spades.bots.facil import FacilBot
from picas.games.spades.bots.hint import suggest_draw, suggest_play
from picas.games.spades.bots.normal import NormalBot
from picas.games.spades.bots.search import SearchSettings
from picas.games.spades.bots.tip import explain_bid, suggest_bid
from picas.games.spades.bots.two_draw import DRAW_REASONS_ES
from picas.games.spades.bots.two_knowledge import know_two, seen_out_mask
from picas.games.spades.bots.two_search import TwoSampler
from picas.games.spades.hand import HandState
from picas.games.spades.view import PlayerView, view_for
from picas.shared.cards import Card

TWO = find_profile("casa").with_settings(players=2)
TWO_JOKERS = find_profile("casa").with_settings(players=2, jokers=True)
S, W = Seat.SOUTH, Seat.WEST
QUICK = SearchSettings(playouts=120, bid_samples=12, two_bid_samples=12)
"""Difícil with little work: the same code paths, a game in a second or two."""


def bots() -> dict[str, object]:
    return {"facil": FacilBot(), "normal": NormalBot(), "dificil": DificilBot(QUICK)}


def card(text: str) -> int:
    return int(Card.parse(text))


def draw_table(south_kept: list[str], top: str, rules: Rules = TWO) -> GameState:
    """A two-player game in South's draw: South has kept ``south_kept`` (in earlier turns, West
    keeping too), and the stock's top card is now ``top``. West deals, so South draws first."""
    fixed = [card(c) for c in [*south_kept, top]]
    rest = [c for c in rules.deck.order if c not in fixed]
    stock: list[int] = []
    for turn, kept in enumerate(fixed):
        stock.append(kept)
        if turn < len(south_kept):
            stock.extend(rest.pop() for _ in range(3))  # out unseen, West's keep, out unseen
    stock.extend(rest)
    hand = HandState.drawing(number=1, dealer=W, stock=tuple(stock))
    game = GameState(rules, "ABCDEFGH", (), W, hand, (0, 0), (0, 0), (), None)
    for _ in range(2 * len(south_kept)):
        game = game.apply(Keep())
    assert game.hand.phase is Phase.DRAWING
    assert game.turn is S
    return game


def draw_view(south_kept: list[str], top: str) -> PlayerView:
    view = view_for(draw_table(south_kept, top), S)
    assert view.draw is not None
    assert view.draw.top == Card.parse(top)
    return view


LEVEL_BOTS = (FacilBot(), NormalBot(), DificilBot(QUICK))


@pytest.mark.parametrize("top", ["AS", "KS", "AH"])
@pytest.mark.parametrize("kept", [[], ["4C", "9D"], ["2S", "QH", "7C", "3D", "TD"]])
def test_every_level_keeps_a_top_spade_or_an_ace(top: str, kept: list[str]) -> None:
    view = draw_view(kept, top)
    for bot in LEVEL_BOTS:
        assert bot.draw(view, random.Random(1)) == Keep(), (bot.name, top, kept)


@pytest.mark.parametrize(("kept", "top"), [([], "2C"), (["8H"], "3D"), (["KS", "QD"], "4H")])
def test_every_level_puts_a_lone_low_card_out_early(kept: list[str], top: str) -> None:
    view = draw_view(kept, top)
    for bot in LEVEL_BOTS:
        assert bot.draw(view, random.Random(1)) == Discard(), (bot.name, top, kept)


def test_the_draw_hint_says_keep_or_discard_and_why() -> None:
    keep = suggest_draw(draw_view(["4C"], "AS"))
    assert keep.keep
    assert keep.reason == "Quédatela: una pica alta es una baza segura"
    assert keep.reason_code == "draw_keep_top_spade"
    assert keep.reason_params == {"card": "AS"}
    out = suggest_draw(draw_view(["4C"], "2D"))
    assert not out.keep
    assert out.reason == "Descártala: la siguiente puede servir más"
    assert out.reason_code in DRAW_REASONS_ES


def test_no_draw_hint_when_it_is_not_the_viewers_draw() -> None:
    game = draw_table([], "AS").apply(Keep())  # West's turn now
    with pytest.raises(Exception, match="robar"):
        suggest_draw(view_for(game, S))


# --- whole games -----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [TWO, TWO_JOKERS], ids=["standard", "jokers"])
@pytest.mark.parametrize("south", ["facil", "normal", "dificil"])
@pytest.mark.parametrize("west", ["facil", "normal", "dificil"])
def test_every_level_plays_legal_hands(rules: Rules, south: str, west: str) -> None:
    """``play_bots`` asks through ``decide``, which refuses an illegal answer."""
    players = bots()
    for code in ("M4RT9QZX", "K7PMX4QH", "93222222"):
        game = GameState.new(rules, code)
        table = {S: players[south], W: players[west]}
        game, _ = play_bots(game, table, position=0, stop=lambda g: len(g.history) >= 2)  # type: ignore[arg-type]
        for result in game.history:
            assert result.hand.won[S] + result.hand.won[W] == 13
            assert 0 <= (result.hand.bids[S] or 0) <= 13


def test_normal_plays_whole_games_to_their_end() -> None:
    for index in range(6):
        game = GameState.new(TWO, f"2222222{index + 2}")
        game, _ = play_bots(game, {S: NormalBot(), W: FacilBot()}, position=0)
        assert game.outcome is not None
        assert 2 <= game.outcome.hands_played <= 20


def test_the_same_code_gives_the_same_game() -> None:
    records = []
    for _ in range(2):
        game = GameState.new(TWO, "M4RT9QZX")
        game, actions = play_bots(
            game,
            {S: DificilBot(QUICK), W: NormalBot()},
            position=0,
            stop=lambda g: bool(g.history),
        )
        records.append((actions, game.history[0].hand.won))
    assert records[0] == records[1]


# --- no peeking: Difícil's samples deal only what the view leaves possible -------------------


def test_difficil_never_deals_the_opponent_a_card_it_has_seen() -> None:
    checked = 0
    for code in ("M4RT9QZX", "K7PMX4QH"):
        game = GameState.new(TWO, code)
        rng = random.Random(code)
        table = {S: NormalBot(), W: NormalBot()}
        position = 0
        while game.outcome is None and not game.history:
            view = view_for(game, game.turn)  # type: ignore[arg-type]
            if view.phase is Phase.PLAYING:
                k = know_two(view)
                me = int(view.seat)
                seen = seen_out_mask(view) | k.mine | k.played
                opp_void_cards = 0
                for suit in range(4):
                    if k.voids[me ^ 1] >> suit & 1:
                        opp_void_cards |= view.rules.deck.suit_masks[suit]
                sampler = TwoSampler(k)
                for _ in range(15):
                    hands = sampler.deal(rng)
                    assert hands is not None
                    opp = hands[me ^ 1]
                    assert opp.bit_count() == view.hand_sizes[me ^ 1]
                    assert not opp & seen
                    assert not opp & opp_void_cards
                    checked += 1
            action = decide(table[game.turn], view, decision_rng(game.code, position, game.turn))  # type: ignore[index, arg-type]
            game = game.apply(action)
            position += 1
    assert checked > 300


def test_a_view_at_two_players_holds_no_card_of_the_opponent() -> None:
    """The bots decide from a view: its hand is the viewer's, its seen discards its own."""
    game = GameState.new(TWO, "K7PMX4QH")
    game, _ = play_bots(
        game,
        {S: NormalBot(), W: NormalBot()},
        position=0,
        stop=lambda g: g.hand.phase is Phase.PLAYING,
    )
    view = view_for(game, S)
    assert view.hand is not None
    south = sum(1 << c for c in view.hand)
    assert south == game.hand.hands[S]
    assert not south & game.hand.hands[W]
    assert not seen_out_mask(view) & game.hand.hands[W]


# --- the bid and the play hints speak of one player --------------------------------------------


def test_the_tip_and_the_reasons_at_two_players() -> None:
    game = GameState.new(TWO, "M4RT9QZX")
    game, _ = play_bots(
        game,
        {S: NormalBot(), W: NormalBot()},
        position=0,
        stop=lambda g: g.hand.phase is Phase.BIDDING and g.turn is S,
    )
    view = view_for(game, S)
    tip = suggest_bid(view)
    assert 1 <= tip.bid <= 13
    assert not any("compañero" in reason or "vais" in reason for reason in tip.reasons)
    # The bid Normal makes is the tip.
    assert decide(NormalBot(), view, random.Random(0)) == Bid(tip.bid)
    after = game.apply(decide(NormalBot(), view, random.Random(0)))
    while after.turn is not None and after.hand.phase is Phase.BIDDING:
        after = after.apply(decide(NormalBot(), view_for(after, after.turn), random.Random(0)))
    for seat in (S, W):
        reasons = explain_bid(view_for(after, seat)).reasons
        assert reasons
        assert not any(symbol in reason for reason in reasons for symbol in "♠♥♦♣")


def test_the_play_hint_at_two_players_plays_normals_card() -> None:
    game = GameState.new(TWO, "93222222")
    game, _ = play_bots(
        game,
        {S: NormalBot(), W: NormalBot()},
        position=0,
        stop=lambda g: g.hand.phase is Phase.PLAYING and g.turn is S and bool(g.hand.trick),
    )
    view = view_for(game, S)
    hint = suggest_play(view)
    assert Play(hint.card) in view.legal
    assert hint.card == NormalBot().play(view, random.Random(0))
    assert "compañero" not in hint.reason


def test_the_pages_hint_in_the_draw_names_the_top_card_and_the_way() -> None:
    """``/api/hint``'s answer in the draw (picas.web.games.spades: the same fields as a play's)."""
    from picas.web.games.spades import TABLE, HintOut

    game = draw_table(["4C"], "AS")
    hint = TABLE.hint(game, S)
    assert hint == {
        "game": "spades",
        "card": "AS",
        "reason": "Quédatela: una pica alta es una baza segura",
        "bid": None,
        "reasons": ["Quédatela: una pica alta es una baza segura"],
        "reason_code": "draw_keep_top_spade",
        "reason_params": {"card": "AS"},
        "reason_codes": [{"code": "draw_keep_top_spade", "params": {"card": "AS"}}],
    }
    HintOut.model_validate(hint)
    out = TABLE.hint(draw_table(["4C"], "2D"), S)
    assert str(out["reason_code"]).startswith("draw_discard_")


def test_the_pages_tables_and_the_api_doc_have_every_draw_code() -> None:
    root = Path(__file__).resolve().parents[3]
    static = root / "src/picas/web/static/js"
    for name in ("i18n.js", "i18n-en.js"):
        text = static.joinpath(name).read_text(encoding="utf-8")
        entries = dict(re.findall(r'^\s*"hint\.(draw_\w+)": "([^"]*)",$', text, re.MULTILINE))
        assert set(entries) == set(DRAW_REASONS_ES), name
        if name == "i18n.js":
            assert entries == DRAW_REASONS_ES
    api = (root / "docs/api.md").read_text(encoding="utf-8")
    for code in DRAW_REASONS_ES:
        assert f"`{code}`" in api, code


def _drawn_game(stock: tuple[int, ...]) -> GameState:
    hand = HandState.drawing(number=1, dealer=W, stock=stock)
    return GameState(TWO, "PEEK2345", (), W, hand, (0, 0), (0, 0), (), None)


def test_cards_hidden_from_south_change_neither_its_view_nor_any_move() -> None:
    """Two games whose stocks differ only in where two cards South never saw lie: one West holds,
    one that went out of play unseen by South (same suit, so every past action stays legal). At
    each of South's turns to play, while West still holds the card, South's views are equal and so
    is every level's move."""
    stock = GameState.new(TWO, "PEEK2345").hand.draw.stock  # type: ignore[union-attr]
    game = _drawn_game(stock)
    table = {S: NormalBot(), W: NormalBot()}
    actions: list[Action] = []
    while game.hand.phase is Phase.DRAWING:
        seat = game.turn
        assert seat is not None
        action = decide(
            table[seat], view_for(game, seat), decision_rng(game.code, len(actions), seat)
        )
        actions.append(action)
        game = game.apply(action)
    draw = game.hand.draw
    assert draw is not None
    west = game.hand.hands[W]
    hidden_out = draw.out & ~draw.seen_out[0]  # out of play, and South never saw them
    pairs = [
        (x, y)
        for x in range(52)
        for y in range(52)
        if west >> x & 1 and hidden_out >> y & 1 and x // 13 == y // 13
    ]
    assert pairs
    compared = 0
    for x, y in random.Random(7).sample(pairs, 8):
        swapped = list(stock)
        i, j = swapped.index(x), swapped.index(y)
        swapped[i], swapped[j] = y, x
        one, other = _drawn_game(stock), _drawn_game(tuple(swapped))
        position = 0
        while not one.history:
            seat = one.turn
            assert seat is not None
            view = view_for(one, seat)
            if seat is S and view.phase is not Phase.DRAWING:
                assert view == view_for(other, S)
                rng = decision_rng(one.code, position, S)
                for bot in (FacilBot(), NormalBot(), DificilBot(QUICK)):
                    first = decide(bot, view, decision_rng(one.code, position, S))
                    second = decide(bot, view_for(other, S), rng)
                    assert first == second, (bot.name, x, y, position)
                compared += 1
            if position < len(actions):
                action = actions[position]
            else:
                action = decide(table[seat], view, decision_rng(one.code, position, seat))
                actions.append(action)
            if action == Play(Card(x)):
                break  # West plays the card: from here the games differ in what West holds
            one, other = one.apply(action), other.apply(action)
            position += 1
    assert compared >= 30, compared
