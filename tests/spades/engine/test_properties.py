"""Properties over random legal games (Hypothesis picks the seed; a seeded Random plays).

The oracles here (trick winner, follow suit, spade leads, the end of the game, the score sheet)
are written independently from the rules in SPEC.md §1, by rank and suit comparison, without calling
the engine's own helpers.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from picas.games.spades import (
    CARDS,
    Action,
    Bid,
    BlindNil,
    Card,
    GameState,
    IllegalAction,
    LookAtCards,
    Phase,
    Play,
    Rank,
    Rules,
    Seat,
    Suit,
    Team,
    TeamSheet,
    cards_in,
    find_profile,
    mask_of,
)
from picas.games.spades.game import HandResult
from picas.shared.deals import code_from_bytes

FULL = (1 << 52) - 1
RULESETS = (
    find_profile("casa"),
    find_profile("casa").with_settings(blind_nil=True),
    find_profile("casa").with_settings(bag_penalty=False),
    find_profile("clasica"),
    find_profile("doble-nil"),
    # A short game, so that ends (and the occasional draw) happen within a few hands.
    Rules(profile="corta", target=60, floor=-60, draw_after_hand=3, blind_nil=True),
)
SEEDS = st.integers(min_value=0, max_value=2**64)
PROPERTY = settings(max_examples=50, deadline=None)


def choose(game: GameState, rng: random.Random) -> Action:
    """A random legal action. Bids roughly follow the hand (kings, aces, long spades) so that
    games last a few hands and end both ways: at the target and at the floor."""
    legal = game.legal_actions()
    hand = game.hand
    if hand.phase is Phase.BIDDING and hand.turn is not None:
        if BlindNil() in legal:
            return BlindNil() if rng.random() < 0.5 else LookAtCards()
        if rng.random() < 0.05:
            return Bid(0)
        cards = hand.hand_of(hand.turn)
        high = sum(c.rank >= Rank.KING for c in cards)
        spades = sum(c.suit is Suit.SPADES for c in cards)
        return Bid(max(1, min(13, high + max(0, spades - 3) + rng.randint(-1, 1))))
    return rng.choice(legal)


def random_game(seed: int, max_hands: int) -> Iterator[tuple[GameState, Action]]:
    """Every position of a random game (up to ``max_hands`` hands), with the action taken there."""
    rng = random.Random(seed)
    game = GameState.new(rng.choice(RULESETS), code_from_bytes(rng.randbytes(5)))
    while not game.is_over and len(game.history) < max_hands:
        action = choose(game, rng)
        yield game, action
        game = game.apply(action)


def final_state(seed: int, max_hands: int) -> GameState:
    positions = list(random_game(seed, max_hands))
    game, action = positions[-1]
    return game.apply(action)


def oracle_winner_position(cards: tuple[Card, ...]) -> int:
    """Highest spade if any spade was played, else the highest card of the led suit."""
    spades = [i for i, c in enumerate(cards) if c.suit is Suit.SPADES]
    candidates = spades or [i for i, c in enumerate(cards) if c.suit is cards[0].suit]
    return max(candidates, key=lambda i: int(cards[i].rank))


def team_of(seat: Seat) -> int:
    return 0 if seat in (Seat.SOUTH, Seat.NORTH) else 1


# --- cards and tricks -----------------------------------------------------------------------------


@PROPERTY
@given(SEEDS)
def test_every_card_is_held_or_played_exactly_once(seed: int) -> None:
    for game, _ in random_game(seed, max_hands=3):
        hand = game.hand
        played = [c for t in hand.tricks for c in t.cards] + list(hand.trick)
        assert len(set(played)) == len(played)
        held = hand.hands
        for i in range(4):
            for j in range(i + 1, 4):
                assert held[i] & held[j] == 0
        assert sum(m.bit_count() for m in held) + len(played) == 52
        assert held[0] | held[1] | held[2] | held[3] | mask_of(played) == FULL
        # Each seat's cards are what it was dealt, minus what it has played.
        played_by: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
        for t in hand.tricks:
            for seat in Seat:
                played_by[seat].append(t.played_by(seat))
        for position, c in enumerate(hand.trick):
            played_by[Seat((hand.leader + position) % 4)].append(c)
        for seat in Seat:
            assert held[seat] | mask_of(played_by[seat]) == hand.dealt[seat]
            assert held[seat] & mask_of(played_by[seat]) == 0
        if hand.phase is Phase.PLAYING:
            assert hand.turn == Seat((hand.leader + len(hand.trick)) % 4)


def audit_hand(result: HandResult) -> None:
    """Replay a finished hand from its deal and check every trick against the rules."""
    hand = result.hand
    assert len(hand.tricks) == 13
    assert sum(hand.won) == 13
    holding = {seat: set(cards_in(hand.dealt[seat])) for seat in Seat}
    assert all(len(cards) == 13 for cards in holding.values())
    leader = hand.dealer.left
    broken = False
    for trick in hand.tricks:
        assert trick.leader is leader
        led = trick.cards[0].suit
        for position, c in enumerate(trick.cards):
            seat = Seat((leader + position) % 4)
            assert c in holding[seat]
            if position == 0 and c.suit is Suit.SPADES and not broken:
                assert all(h.suit is Suit.SPADES for h in holding[seat]), "spade led too early"
            if position > 0 and c.suit is not led:
                assert all(h.suit is not led for h in holding[seat]), "did not follow suit"
            holding[seat].remove(c)
        if led is not Suit.SPADES and any(c.suit is Suit.SPADES for c in trick.cards):
            broken = True
        winner = Seat((leader + oracle_winner_position(trick.cards)) % 4)
        assert trick.winner is winner
        leader = winner
    assert all(not cards for cards in holding.values())
    assert hand.won == tuple(sum(t.winner is seat for t in hand.tricks) for seat in Seat)
    assert None not in hand.bids


@PROPERTY
@given(SEEDS)
def test_every_hand_has_13_tricks_won_by_the_highest_spade_else_the_highest_of_the_led_suit(
    seed: int,
) -> None:
    game = final_state(seed, max_hands=4)
    assert game.history
    for result in game.history:
        audit_hand(result)


# --- legality: check, can, verify, apply and legal_actions agree ----------------------------------

ALL_ACTIONS: tuple[Action, ...] = (
    *(Play(c) for c in CARDS),
    *(Bid(n) for n in range(-1, 15)),
    BlindNil(),
    LookAtCards(),
)


@PROPERTY
@given(SEEDS)
def test_can_check_verify_and_apply_agree_with_legal_actions(seed: int) -> None:
    rng = random.Random(seed ^ 0x5EED)
    for game, _ in random_game(seed, max_hands=3):
        legal = set(game.legal_actions())
        assert legal
        assert len(legal) == len(game.legal_actions())
        turn = game.turn
        assert turn is not None
        # Checking every action everywhere is slow-ish; a random sample of positions is plenty.
        if rng.random() > 0.12:
            continue
        for action in ALL_ACTIONS:
            refusal = game.check(action)
            allowed = action in legal
            assert (refusal is None) == allowed, (action, refusal)
            assert game.can(action) == allowed
            assert game.hand.can(action) == allowed
            assert game.can(action, turn) == allowed
            assert not game.can(action, turn.left)  # nobody may act for the seat on turn
            if allowed:
                game.verify(action)
                assert game.apply(action) != game
            else:
                assert refusal is not None
                with pytest.raises(IllegalAction) as verified:
                    game.verify(action)
                assert (verified.value.code, verified.value.message) == (
                    refusal.code,
                    refusal.message,
                )
                with pytest.raises(IllegalAction) as applied:
                    game.apply(action)
                assert (applied.value.code, applied.value.message) == (
                    refusal.code,
                    refusal.message,
                )
            if isinstance(action, Play):
                assert (game.hand.refusal_for_card(action.card) is None) == allowed
                in_mask = bool(game.hand.legal_play_mask() >> action.card & 1)
                assert in_mask == allowed


@PROPERTY
@given(SEEDS)
def test_unlooked_seat_may_only_choose_blind_nil_or_look(seed: int) -> None:
    for game, _ in random_game(seed, max_hands=6):
        hand = game.hand
        if hand.phase is Phase.BIDDING and hand.turn is not None and not hand.looked[hand.turn]:
            assert game.legal_actions() == (BlindNil(), LookAtCards())
        if hand.phase is Phase.PLAYING:
            assert all(hand.looked)
            assert all(not b or hand.bids[s] == 0 for s, b in enumerate(hand.blind))


# --- the score sheet and the end ------------------------------------------------------------------


def oracle_sheet(
    rules: Rules, team: int, result: HandResult, before: tuple[int, int]
) -> tuple[tuple[int, int, int, int, int, int], int]:
    """The six lines and the bags after, straight from SPEC §1 scoring (and the profiles)."""
    hand = result.hand
    seats = [s for s in Seat if team_of(s) == team]
    bids = {s: hand.bids[s] for s in seats}
    bidders = [s for s in seats if bids[s] != 0]
    nil_tricks = sum(hand.won[s] for s in seats if bids[s] == 0)
    contract = sum(bids[s] or 0 for s in bidders)
    taken = sum(hand.won[s] for s in bidders)
    if not bidders:
        line1, over = 0, 0
    elif taken >= contract:
        line1, over = 10 * contract, taken - contract
    else:
        line1, over = -10 * contract, 0
    line2 = over + (nil_tricks if rules.nil_tricks_score else 0)
    line3 = 0
    for s in seats:
        if bids[s] == 0:
            value = 200 if hand.blind[s] else 100
            line3 += value if hand.won[s] == 0 else -value
    bags = before[1] + over + nil_tricks
    line4 = 0
    if rules.bag_penalty:
        while bags >= 10:
            bags -= 10
            line4 -= 100
    line5 = line1 + line2 + line3 + line4
    return (line1, line2, line3, line4, line5, before[0] + line5), bags


@PROPERTY
@given(SEEDS)
def test_totals_sheets_and_bags_add_up(seed: int) -> None:
    game = final_state(seed, max_hands=15)
    rules = game.rules
    totals = [0, 0]
    bags = [0, 0]
    for result in game.history:
        sheets = result.sheets
        assert sheets[0].team is Team.NORTH_SOUTH
        assert sheets[1].team is Team.EAST_WEST
        for team in (0, 1):
            sheet: TeamSheet = sheets[team]
            lines = sheet.lines
            assert lines[4] == sheet.hand_total == sum(lines[:4])
            assert lines[5] == sheet.running_total == totals[team] + sheet.hand_total
            assert sheet.bags_before == bags[team]
            if rules.bag_penalty:
                assert 0 <= sheet.bags_after < rules.bag_limit
            assert (lines, sheet.bags_after) == oracle_sheet(
                rules, team, result, (totals[team], bags[team])
            )
            totals[team] = sheet.running_total
            bags[team] = sheet.bags_after
    assert game.totals == (totals[0], totals[1])
    assert game.totals == tuple(sum(r.sheets[t].hand_total for r in game.history) for t in (0, 1))
    assert game.bags == (bags[0], bags[1])


def oracle_end(rules: Rules, totals: tuple[int, int], number: int) -> tuple[bool, Team | None]:
    """SPEC §1 "End": (is the game over, the winner or None for a draw)."""
    ns, ew = totals
    over = max(ns, ew) >= rules.target
    if rules.floor is not None and min(ns, ew) <= rules.floor:
        over = True
    if not over:
        return False, None
    if ns > ew:
        return True, Team.NORTH_SOUTH
    if ew > ns:
        return True, Team.EAST_WEST
    if rules.draw_after_hand is not None and number >= rules.draw_after_hand:
        return True, None
    return False, None


@PROPERTY
@given(SEEDS)
def test_the_game_ends_exactly_when_the_rules_say(seed: int) -> None:
    game = final_state(seed, max_hands=15)
    for index, result in enumerate(game.history):
        number = index + 1
        assert result.hand.number == number
        assert result.hand.dealer is game.dealer_of(number)
        totals = (result.sheets[0].running_total, result.sheets[1].running_total)
        over, winner = oracle_end(game.rules, totals, number)
        last = number == len(game.history)
        if not last:
            assert not over
        elif game.outcome is None:
            assert not over
            assert game.hand.number == number + 1
        else:
            assert over
            assert game.outcome.winner is winner
            assert game.outcome.totals == totals
            assert game.outcome.hands_played == number
            assert game.turn is None
            assert game.legal_actions() == ()


@PROPERTY
@given(SEEDS)
def test_blind_nil_is_offered_exactly_to_a_team_far_enough_behind(seed: int) -> None:
    game = final_state(seed, max_hands=15)
    rules = game.rules
    totals = (0, 0)
    for result in (*game.history, None):
        if result is None:
            if game.is_over:
                break
            hand = game.hand
        else:
            hand = result.hand
        for seat in Seat:
            own = totals[team_of(seat)]
            other = totals[1 - team_of(seat)]
            expected = rules.blind_nil and other - own >= rules.blind_nil_deficit
            assert hand.blind_offered[seat] == expected
            if hand.blind[seat]:
                assert expected
                assert hand.bids[seat] == 0
        if result is not None:
            totals = (result.sheets[0].running_total, result.sheets[1].running_total)
