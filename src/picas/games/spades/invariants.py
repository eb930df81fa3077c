"""Invariants that every Spades game must keep, checked over many played hands.

Used by ``picas check`` (hundreds of thousands of hands, by hand) and by the test suite (a few
hundred). Each check raises :class:`InvariantBroken` naming the code, hand and what broke, so a
failure is a bug report that can be replayed.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable

from picas.games.spades import (
    Action,
    Card,
    GameState,
    Phase,
    Play,
    Rules,
    Seat,
    cards_in,
    find_profile,
)
from picas.games.spades.actions import BIDS, BLIND_NIL, DRAWS, LOOK
from picas.games.spades.bots.base import decide, decision_rng
from picas.games.spades.bots.registry import load_bot
from picas.games.spades.game import HandResult
from picas.games.spades.record import SpadesRecord
from picas.games.spades.view import view_for, view_to_json
from picas.shared.deals import code_from_bytes
from picas.shared.invariants import InvariantBroken as InvariantBroken
from picas.shared.invariants import Tally as Tally
from picas.shared.invariants import play_checked, union_of_disjoint

Chooser = Callable[[GameState, int], Action]


def check_position(game: GameState, *, views: bool = True) -> None:
    """Invariants of any position: the cards, the turn, legality and (if ``views``) the views."""
    hand = game.hand
    held = union_of_disjoint(hand.hands)
    played = 0
    for trick in hand.tricks:
        for card in trick.cards:
            played |= 1 << card
    for card in hand.trick:
        played |= 1 << card
    # At two players the cards out of play and those still in the stock count too.
    aside = _check_draw(game) if game.rules.players == 2 else 0
    if held & played or held & aside or played & aside:
        raise InvariantBroken("the 52 cards are not conserved")
    if held | played | aside != game.rules.deck.cards:
        raise InvariantBroken("the 52 cards are not conserved")
    expected_played = game.rules.players * len(hand.tricks) + len(hand.trick)
    if played.bit_count() != expected_played:
        raise InvariantBroken("a card was played twice")
    if sum(hand.won) != len(hand.tricks):
        raise InvariantBroken("tricks won do not add up to tricks played")
    if game.outcome is not None:
        return
    turn = hand.turn
    if turn is None:
        raise InvariantBroken("nobody is on turn in a game that is not over")
    legal = set(game.legal_actions())
    if hand.phase is Phase.PLAYING:
        for card in cards_in(hand.hands[turn]):
            if game.can(Play(card)) != (Play(card) in legal):
                raise InvariantBroken(f"can() and legal_actions() disagree on {card.code}")
        if not legal:
            raise InvariantBroken("the seat on turn has no legal card")
    if hand.phase is Phase.DRAWING and set(DRAWS) != legal:
        raise InvariantBroken("the player drawing may not both keep and put out the top card")
    if hand.phase is not Phase.DRAWING:
        for draw in DRAWS:
            if game.can(draw):
                raise InvariantBroken(f"{draw} allowed outside the draw")
    if hand.phase is Phase.BIDDING:
        for action in (*BIDS, BLIND_NIL, LOOK):
            if game.can(action) != (action in legal):
                raise InvariantBroken(f"can() and legal_actions() disagree on {action}")
        if not legal:
            raise InvariantBroken("the seat on turn has no legal bid")
    if views:
        for seat in Seat:
            check_view(game, seat)


def _check_draw(game: GameState) -> int:
    """«Dos jugadores»: the stock and what went out of play (as a mask), checked against the
    hands: a player draws one card a turn, so the draw's progress fixes every hand's size."""
    hand = game.hand
    draw = hand.draw
    if draw is None:
        raise InvariantBroken("a two-player hand without its stock")
    if hand.hands[2] or hand.hands[3] or hand.bids[2] is not None or hand.bids[3] is not None:
        raise InvariantBroken("North or East holds cards or bid at two players")
    if draw.out.bit_count() != draw.taken // 2 or draw.out & draw.stock_mask:
        raise InvariantBroken("the cards out of play do not match the draw")
    seen = draw.seen_out[0] | draw.seen_out[1]
    if seen & ~draw.out or draw.seen_out[0] & draw.seen_out[1]:
        raise InvariantBroken("a card seen going out is not out of play")
    if hand.phase is Phase.DRAWING:
        turns = draw.taken // 2
        first = (hand.dealer + 1) & 1
        sizes = (hand.hands[first].bit_count(), hand.hands[first ^ 1].bit_count())
        if sizes != ((turns + 1) // 2, turns // 2) or hand.turn != (first + turns) & 1:
            raise InvariantBroken("the draw's turns do not alternate from the non-dealer")
    elif draw.left:
        raise InvariantBroken("the bidding started with cards left in the stock")
    return draw.out | draw.stock_mask


def check_view(game: GameState, seat: Seat) -> None:
    """A view shows the viewer's cards and what is public, never another seat's hidden cards: at
    two players neither the opponent's cards nor the stock's top card but to the player on turn
    in the draw, nor a card out of play the viewer did not see go out."""
    # Finished hands are public (all their cards were played face up), so leave them out.
    view = dataclasses.replace(view_for(game, seat), history=())
    text = json.dumps(view_to_json(view))
    for other in Seat:
        if other is seat:
            continue
        for card in cards_in(game.hand.hands[other]):
            if f'"{card.code}"' in text:
                raise InvariantBroken(f"{seat.key}'s view shows {other.key}'s {card.code}")
    draw = game.hand.draw
    if draw is None:
        return
    hidden = draw.stock_mask | (draw.out & ~(draw.seen_out[seat] if seat < 2 else 0))
    shown_top = view.draw.top if view.draw is not None else None
    if shown_top is not None:
        if game.hand.turn is not seat or game.hand.phase is not Phase.DRAWING:
            raise InvariantBroken(f"{seat.key}'s view shows the stock's top card out of turn")
        hidden &= ~(1 << shown_top)
    for card in cards_in(hidden):
        if f'"{card.code}"' in text:
            raise InvariantBroken(f"{seat.key}'s view shows the hidden {card.code}")


def check_hand_result(result: HandResult, rules: Rules, totals_before: tuple[int, int]) -> None:
    hand = result.hand
    if len(hand.tricks) != 13:
        raise InvariantBroken("a finished hand without 13 tricks")
    if any(len(trick.cards) != rules.players for trick in hand.tricks):
        raise InvariantBroken("a trick with a card too many or too few")
    for trick in hand.tricks:
        led = trick.cards[0].suit
        spades = [c for c in trick.cards if c.suit.name == "SPADES"]
        pool = spades or [c for c in trick.cards if c.suit == led]
        best = max(pool, key=_strength)
        if trick.played_by(trick.winner) != best:
            raise InvariantBroken("a trick went to the wrong seat")
    for sheet, before in zip(result.sheets, totals_before, strict=True):
        lines = sheet.lines
        if lines[4] != sum(lines[:4]):
            raise InvariantBroken("a hand total is not the sum of its lines")
        if lines[5] != before + lines[4]:
            raise InvariantBroken("a running total does not carry over")
        if rules.bag_penalty and not 0 <= sheet.bags_after < rules.bag_limit:
            raise InvariantBroken("bags outside 0…limit with the bag penalty on")
        if rules.team_minimum and (sheet.contract or 0) < rules.team_minimum:
            raise InvariantBroken("a team contract under the team minimum")


def _strength(card: Card) -> int:
    """A card's height in its suit: its rank, and a joker (a spade) above ♠A, big over little."""
    if card.is_joker:
        return 15 if card.code == "LJ" else 16
    return int(card.rank)


def random_chooser(rng: random.Random) -> Chooser:
    def choose(game: GameState, position: int) -> Action:
        return rng.choice(game.legal_actions())

    return choose


def play_checked_game(
    rules: Rules, code: str, choose: Chooser, *, max_hands: int, check_every: int = 1
) -> Tally:
    """Play one game, checking every position, the views at every ``check_every``-th one, each
    finished hand, and at the end the record round trip and replay."""
    return play_checked(
        SpadesRecord(rules, code),
        choose,
        check_position=check_position,
        check_hand_result=lambda result, before: check_hand_result(result, rules, before),
        max_hands=max_hands,
        check_every=check_every,
    )


PROFILE_CYCLE = ("casa", "clasica", "doble-nil")


def run_random_games(
    seed: int, hands: int, *, check_every: int = 16, rules: Rules | None = None
) -> Tally:
    """Random legal games over every profile (Blind Nil on) until ``hands`` hands are done; with
    ``rules``, every game at those rules."""
    rng = random.Random(seed)
    tally = Tally()
    index = 0
    while tally.hands < hands:
        profile = find_profile(PROFILE_CYCLE[index % len(PROFILE_CYCLE)])
        played = profile.with_settings(blind_nil=True) if index % 2 else profile
        code = code_from_bytes(rng.randbytes(5))
        tally.add(
            play_checked_game(
                played if rules is None else rules,
                code,
                random_chooser(rng),
                max_hands=min(40, hands - tally.hands),
                check_every=check_every,
            )
        )
        index += 1
    return tally


def bot_chooser(level: str) -> Chooser:
    """All four seats played by the bot ``level``, each decision seeded as at the web table."""
    bot = load_bot(level)

    def choose(game: GameState, position: int) -> Action:
        seat = game.turn
        assert seat is not None
        return decide(bot, view_for(game, seat), decision_rng(game.code, position, seat))

    return choose


def run_bot_games(
    seed: int, hands: int, level: str, *, check_every: int = 16, rules: Rules | None = None
) -> Tally:
    """Games between four ``level`` bots (default rules, Blind Nil on; or ``rules``) until
    ``hands`` are done."""
    rng = random.Random(seed)
    rules = rules or find_profile("casa").with_settings(blind_nil=True)
    tally = Tally()
    while tally.hands < hands:
        code = code_from_bytes(rng.randbytes(5))
        tally.add(
            play_checked_game(
                rules,
                code,
                bot_chooser(level),
                max_hands=hands - tally.hands,
                check_every=check_every,
            )
        )
    return tally
