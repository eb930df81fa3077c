"""«Dos jugadores» (docs/house-rules.md): South against West, no partners; each hand starts with the
draw from a stock the code fixes (keep the top card and the next goes out unseen, or put it out
and keep the next), then the usual bidding (no Blind Nil) and play, two cards a trick. Rule tests,
refusals, a property test over random games, an oracle of the scoring written from the rule text,
records and the views' hidden information."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from picas.games.spades import (
    Action,
    BlindNil,
    Card,
    Discard,
    GameState,
    Keep,
    Phase,
    Play,
    Rules,
    Seat,
    find_profile,
)
from picas.games.spades.actions import BIDS, action_to_json, parse_action
from picas.games.spades.invariants import check_hand_result, check_position
from picas.games.spades.record import SpadesRecord
from picas.games.spades.view import view_for, view_to_json
from picas.shared.cards import cards_in
from picas.shared.deals import code_from_bytes, shuffled_deck
from picas.shared.errors import IllegalAction, InvalidRules, PicasError

CASA = find_profile("casa")
TWO = CASA.with_settings(players=2)
CODE = "M4RT9QZX"
S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST


def drawn(game: GameState, rng: random.Random | None = None) -> GameState:
    """The game after its current draw, random keeps and discards (always keep without ``rng``)."""
    while game.hand.phase is Phase.DRAWING:
        keep = rng is None or rng.random() < 0.5
        game = game.apply(Keep() if keep else Discard())
    return game


def refusal(game: GameState, action: object, seat: Seat | None = None) -> str:
    with pytest.raises(IllegalAction) as caught:
        game.apply(action, seat)  # type: ignore[arg-type]
    return caught.value.code


# --- the rules field -------------------------------------------------------------------------


def test_players_field_named_only_at_two() -> None:
    assert "players" not in CASA.to_json()
    assert TWO.to_json()["players"] == 2
    assert TWO.variants == ("Dos jugadores",)
    assert Rules.from_json(TWO.to_json()) == TWO
    combined = CASA.with_settings(players=2, jokers=True, all_thirteen="bonus", ten_for_200=True)
    assert "Dos jugadores" in combined.variants


@pytest.mark.parametrize("players", [0, 1, 3, 5, 6])
def test_players_other_than_two_or_four_refused(players: int) -> None:
    with pytest.raises(InvalidRules, match="2 o a 4"):
        CASA.with_settings(players=players)


def test_two_players_exclude_blind_nil_and_team_minimum() -> None:
    with pytest.raises(InvalidRules, match="Nil ciego"):
        CASA.with_settings(players=2, blind_nil=True)
    with pytest.raises(InvalidRules, match="mínimo por pareja"):
        CASA.with_settings(players=2, team_minimum=True)
    with pytest.raises(InvalidRules):
        find_profile("doble-nil").with_settings(players=2)  # its Blind Nil is on


# --- the draw --------------------------------------------------------------------------------


def test_hand_starts_with_the_draw_non_dealer_first() -> None:
    game = GameState.new(TWO, CODE)
    hand = game.hand
    assert hand.phase is Phase.DRAWING
    assert hand.dealer is W  # the default first dealer, East, is West's team's seat
    assert hand.turn is S
    assert hand.hands == (0, 0, 0, 0)
    assert game.legal_actions() == (Keep(), Discard())
    assert hand.draw is not None
    assert hand.draw.stock == shuffled_deck(CODE, 1, TWO.deck)
    assert game.dealer_of(2) is S
    assert game.dealer_of(3) is W


def test_the_stock_order_is_pinned() -> None:
    """docs/record.md: the stock is the deals' shuffle of the rules' deck, top card first."""
    game = GameState.new(TWO, CODE)
    draw = game.hand.draw
    assert draw is not None
    assert " ".join(Card(c).code for c in draw.stock[:8]) == "9D QD KC 5H 4D 7D 2H 5S"
    jokers = CASA.with_settings(players=2, jokers=True)
    stock = shuffled_deck(CODE, 2, jokers.deck)
    assert " ".join(Card(c).code for c in stock[:8]) == "8H JD 4D TD AD JH KC 6H"


def test_keep_and_discard_take_the_stock_in_order() -> None:
    game = GameState.new(TWO, CODE)
    stock = game.hand.draw.stock  # type: ignore[union-attr]
    game = game.apply(Keep())  # South keeps the top card, the next goes out unseen
    assert game.hand.hands[S] == 1 << stock[0]
    assert game.hand.turn is W
    game = game.apply(Discard())  # West puts the top card out (seen) and keeps the next
    assert game.hand.hands[W] == 1 << stock[3]
    draw = game.hand.draw
    assert draw is not None
    assert draw.out == 1 << stock[1] | 1 << stock[2]
    assert draw.seen_out == (0, 1 << stock[2])
    assert draw.left == 48
    assert game.hand.turn is S


def test_after_26_turns_each_holds_13_and_26_are_out() -> None:
    game = drawn(GameState.new(TWO, CODE), random.Random(3))
    hand = game.hand
    assert hand.phase is Phase.BIDDING
    assert hand.turn is S
    assert [hand.hands[seat].bit_count() for seat in Seat] == [13, 13, 0, 0]
    assert hand.draw is not None
    assert hand.draw.out.bit_count() == 26
    assert hand.draw.left == 0
    assert hand.hands[S] | hand.hands[W] | hand.draw.out == TWO.deck.cards
    assert hand.dealt == hand.hands


def test_same_code_drawn_the_same_way_gives_the_same_game() -> None:
    one = drawn(GameState.new(TWO, CODE), random.Random(8))
    two = drawn(GameState.new(TWO, CODE), random.Random(8))
    assert one == two
    other_hand = drawn(GameState.new(TWO, CODE).apply(Keep()))  # a different choice
    assert other_hand.hand.hands != one.hand.hands or other_hand.hand.draw != one.hand.draw


def test_jokers_stock_is_the_jokers_deck() -> None:
    rules = CASA.with_settings(players=2, jokers=True)
    game = drawn(GameState.new(rules, CODE))
    draw = game.hand.draw
    assert draw is not None
    assert sorted(draw.stock) == list(rules.deck.order)


# --- bidding and play at two -----------------------------------------------------------------


def test_bidding_and_play_alternate_non_dealer_leads_two_card_tricks() -> None:
    game = drawn(GameState.new(TWO, CODE))
    game = game.apply(BIDS[4])
    assert game.hand.turn is W
    game = game.apply(BIDS[5])
    assert game.hand.phase is Phase.PLAYING
    assert game.hand.turn is S
    assert game.hand.leader is S
    lead = game.legal_actions()[0]
    game = game.apply(lead)
    assert game.hand.turn is W
    game = game.apply(game.legal_actions()[0])
    trick = game.hand.tricks[0]
    assert len(trick.cards) == 2
    assert trick.leader is S
    assert game.hand.turn is trick.winner
    assert trick.winner in (S, W)
    assert trick.played_by(S) == lead.card  # type: ignore[union-attr]


def test_spades_must_be_broken_before_led() -> None:
    for seed in range(40):
        game = drawn(GameState.new(TWO, code_from_bytes(bytes([seed]) * 5)))
        game = game.apply(BIDS[3]).apply(BIDS[3])
        held = game.hand.hands[S]
        spades = [c for c in cards_in(held) if c.suit.name == "SPADES"]
        if spades and len(spades) < 13:
            assert refusal(game, Play(spades[0])) == "spades_not_broken"
            return
    pytest.fail("no hand with a spade and another suit")


def test_refusals_have_stable_codes() -> None:
    game = GameState.new(TWO, CODE)
    assert refusal(game, Keep(), W) == "not_your_turn"  # drawing out of turn
    assert refusal(game, Keep(), N) == "not_your_turn"
    assert refusal(game, BIDS[3]) == "still_drawing"  # bidding during the draw
    assert refusal(game, BlindNil()) == "still_drawing"
    some_card = Card(game.hand.draw.stock[0])  # type: ignore[union-attr]
    assert refusal(game, Play(some_card)) == "still_drawing"
    bidding = drawn(game)
    assert refusal(bidding, Keep()) == "drawing_over"
    assert refusal(bidding, Discard()) == "drawing_over"
    assert refusal(bidding, BlindNil()) == "blind_nil_not_offered"  # no Blind Nil at two
    assert refusal(bidding, BIDS[2], W) == "not_your_turn"
    four = GameState.new(CASA, CODE)
    assert refusal(four, Keep()) == "no_draw"
    assert refusal(four, Discard()) == "no_draw"


def test_explicit_deals_refused_at_two() -> None:
    with pytest.raises(PicasError) as caught:
        GameState.new(TWO, CODE, deals=(GameState.new(CASA, CODE).hand.dealt,))
    assert caught.value.code == "invalid_deal"


# --- random games: the invariants, the views ---------------------------------------------------


VARIANTS = (
    TWO,
    CASA.with_settings(players=2, jokers=True),
    CASA.with_settings(players=2, all_thirteen="win", ten_for_200=True),
    find_profile("clasica").with_settings(players=2, all_thirteen="bonus"),
)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(VARIANTS))
def test_random_two_player_games_keep_the_invariants(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    code = code_from_bytes(rng.randbytes(5))
    game = GameState.new(rules, code)
    steps = 0
    while game.outcome is None and game.hand.number <= 3:
        check_position(game, views=steps % 5 == 0)
        if game.hand.phase is Phase.BIDDING and not game.hand.draw.left:  # type: ignore[union-attr]
            assert [game.hand.hands[s].bit_count() for s in (S, W)] == [13, 13]
        before = game.totals
        after = game.apply(rng.choice(game.legal_actions()))
        if len(after.history) > len(game.history):
            result = after.history[-1]
            check_hand_result(result, rules, before)
            assert len(result.hand.tricks) == 13
            assert sum(result.hand.won) == 13
            assert result.hand.won[N] == result.hand.won[E] == 0
        game = after
        steps += 1
    check_position(game)


def test_views_hide_the_opponent_and_the_top_card() -> None:
    rng = random.Random(5)
    game = GameState.new(TWO, CODE)
    while game.hand.phase is Phase.DRAWING:
        turn = game.hand.turn
        assert turn is not None
        top = game.hand.draw.top  # type: ignore[union-attr]
        for seat in Seat:
            data = view_to_json(view_for(game, seat))
            assert data["phase"] == "drawing"
            assert data["draw"]["stock"] == game.hand.draw.left  # type: ignore[union-attr]
            assert data["draw"]["top"] == (top.code if seat is turn else None)  # type: ignore[union-attr]
            assert data["legal"] == (["keep", "discard"] if seat is turn else [])
            mine = view_for(game, seat).hand or ()
            assert set(data["hand"]) == {c.code for c in mine}
        game = game.apply(Keep() if rng.random() < 0.5 else Discard())
        check_position(game)  # includes check_view for every seat
    south = view_to_json(view_for(game, S))
    west = view_to_json(view_for(game, W))
    draw = game.hand.draw
    assert draw is not None
    assert south["draw"]["seen_out"] == [c.code for c in cards_in(draw.seen_out[0])]
    assert west["draw"]["seen_out"] == [c.code for c in cards_in(draw.seen_out[1])]
    assert not set(south["draw"]["seen_out"]) & set(west["draw"]["seen_out"])
    assert south["rules"]["players"] == 2
    assert south["bids"]["north"] is None
    assert south["hand_sizes"]["north"] == 0


def test_history_shows_played_hands_never_the_cards_out() -> None:
    rng = random.Random(2)
    game = GameState.new(TWO, CODE)
    while not game.history:
        game = game.apply(rng.choice(game.legal_actions()))
    data = view_to_json(view_for(game, S))
    done = data["history"][0]
    out = game.history[0].hand.draw.out  # type: ignore[union-attr]
    text = json.dumps(done)
    assert len(done["dealt"]["south"]) == len(done["dealt"]["west"]) == 13
    assert done["dealt"]["north"] == done["dealt"]["east"] == []
    for c in cards_in(out):
        assert f'"{c.code}"' not in text
    for seat in (S, W):  # the view's objects too: a bot reads those
        assert all(result.hand.draw is None for result in view_for(game, seat).history)


# --- an oracle of the scoring, from the rule text ---------------------------------------------


def oracle(rules: Rules, bid: int, took: int, bags_before: int) -> tuple[int, int]:
    """One player's hand score and bags after, from docs/house-rules.md: the six lines of the
    standard game for a player alone (his bid is his contract)."""
    if bid == 0:
        points = rules.nil_points if took == 0 else -rules.nil_points
        bags = took
        points += took if rules.nil_tricks_score else 0
    elif took >= bid:
        points = 10 * bid
        if rules.ten_for_200 and bid >= 10:
            points = 200
        if bid == 13 and rules.all_thirteen == "bonus":
            points += rules.all_thirteen_points
        bags = took - bid
        points += bags
    else:
        points, bags = -10 * bid, 0
    total_bags = bags_before + bags
    if rules.bag_penalty:
        while total_bags >= rules.bag_limit:
            total_bags -= rules.bag_limit
            points -= rules.bag_penalty_points
    return points, total_bags


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(VARIANTS))
def test_scoring_matches_the_oracle(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    game = GameState.new(rules, code_from_bytes(rng.randbytes(5)))
    while game.outcome is None and len(game.history) < 2:
        hand = game.hand
        action: Action
        if hand.phase is Phase.BIDDING:
            action = BIDS[rng.choice((0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 13))]
        else:
            action = rng.choice(game.legal_actions())
        before_totals, before_bags = game.totals, game.bags
        after = game.apply(action)
        if len(after.history) > len(game.history):
            done = after.history[-1].hand
            for index, seat in enumerate((S, W)):
                bid = done.bids[seat]
                assert bid is not None
                points, bags = oracle(rules, bid, done.won[seat], before_bags[index])
                sheet = after.history[-1].sheets[index]
                assert sheet.hand_total == points
                assert sheet.running_total == before_totals[index] + points
                assert sheet.bags_after == bags
        game = after


# --- the record ------------------------------------------------------------------------------


def test_actions_json() -> None:
    assert action_to_json(Keep()) == "keep"
    assert action_to_json(Discard()) == "discard"
    assert parse_action("keep") == Keep()
    assert parse_action("discard") == Discard()


def test_record_round_trip_names_the_variant() -> None:
    rng = random.Random(4)
    game = GameState.new(TWO, CODE)
    actions = []
    while len(game.history) < 1:
        action = rng.choice(game.legal_actions())
        actions.append(action)
        game = game.apply(action)
    record = SpadesRecord(TWO, CODE).append(*actions)
    text = record.dumps()
    data = json.loads(text)
    assert data["rules"]["players"] == 2
    assert data["actions"][:2] == [action_to_json(actions[0]), action_to_json(actions[1])]
    again = SpadesRecord.loads(text)
    assert again == record
    replayed = again.start()
    for action in again.actions:
        replayed = replayed.apply(action)
    assert replayed == game


def test_standard_record_unchanged() -> None:
    rng = random.Random(6)
    game = GameState.new(CASA, CODE)
    actions = []
    for _ in range(30):
        action = rng.choice(game.legal_actions())
        actions.append(action)
        game = game.apply(action)
    record = SpadesRecord(CASA, CODE).append(*actions)
    text = record.dumps()
    assert "players" not in text
    assert SpadesRecord.loads(text).dumps() == text


def test_view_of_four_players_has_no_draw() -> None:
    data = view_to_json(view_for(GameState.new(CASA, CODE), S))
    assert "draw" not in data
    assert dataclasses.replace(view_for(GameState.new(CASA, CODE), S)).draw is None


def test_a_record_written_before_the_variant_opens_byte_identical() -> None:
    """tests/proof/good_saves: a save the server wrote before there were two games (and so
    before «Dos jugadores») reads with four players and writes back byte for byte."""
    path = Path(__file__).parents[2] / "proof" / "good_saves" / "spades-before-the-game-key.json"
    record_json = json.loads(path.read_text(encoding="utf-8"))["record"]
    record = SpadesRecord.from_json(record_json)
    assert record.rules.players == 4
    assert "players" not in record.dumps()
    assert json.loads(record.dumps()) == record_json
    again = SpadesRecord.loads(record.dumps())
    assert again.dumps() == record.dumps()
    game = record.start()
    for action in record.actions:
        game = game.apply(action)
    assert game.hand.draw is None
