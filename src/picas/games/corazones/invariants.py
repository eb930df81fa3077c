"""Invariants every Corazones game must keep, checked over many played hands by ``picas check
--game corazones`` (the loop, the record round trip and the tally are shared with Spades:
:func:`picas.shared.invariants.play_checked`)."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable

from picas.games.corazones.actions import Action
from picas.games.corazones.bots import LEVELS, decide, next_bot_seat
from picas.games.corazones.game import GameState, HandResult
from picas.games.corazones.hand import HEARTS, QUEEN_OF_SPADES
from picas.games.corazones.record import CorazonesRecord
from picas.games.corazones.rules import MoonForm, Rules
from picas.games.corazones.scoring import ALL_POINTS, card_points
from picas.games.corazones.view import view_for, view_to_json
from picas.shared.bots import decision_rng
from picas.shared.cards import FULL_DECK_MASK, cards_in
from picas.shared.deals import code_from_bytes
from picas.shared.invariants import InvariantBroken, Tally, play_checked, union_of_disjoint
from picas.shared.position import Phase
from picas.shared.seats import Seat
from picas.shared.tricks import PLAYS

SEATS = tuple(Seat)
Chooser = Callable[[GameState, int], Action]


def check_position(game: GameState, *, views: bool = True) -> None:
    """The cards (held, on the table, taken: each once), the points taken, the turn, legality
    and (if ``views``) that no view shows another seat's hidden cards or pass."""
    hand = game.hand
    held = union_of_disjoint(hand.hands)
    on_table = sum(1 << card for card in hand.trick)
    taken = 0
    for mask in hand.taken:
        taken |= mask
    if held & on_table or held & taken or on_table & taken:
        raise InvariantBroken("a card is in two places")
    if held | on_table | taken != FULL_DECK_MASK:
        raise InvariantBroken("the 52 cards are not conserved")
    if taken.bit_count() != 4 * len(hand.tricks):
        raise InvariantBroken("the cards taken are not the tricks played")
    played = [card for trick in hand.tricks for card in trick.cards] + list(hand.trick)
    breakers = game.rules.breakers
    if hand.hearts_broken != any(1 << card & breakers for card in played):
        raise InvariantBroken("hearts broken without a breaking card played, or the other way")
    if game.outcome is not None:
        return
    if hand.phase is Phase.PASSING:
        if hand.hands != hand.dealt or any(hand.received):
            raise InvariantBroken("cards changed hands before the four passes")
        if any(mask and mask.bit_count() != game.rules.pass_size for mask in hand.passed):
            raise InvariantBroken("a pass of another number of cards than the rules'")
        return
    seat = hand.turn
    if seat is None or seat != (hand.leader + len(hand.trick)) % 4:
        raise InvariantBroken("the seat on turn is not the next one of the trick")
    legal = game.legal_actions()
    if not legal:
        raise InvariantBroken("the seat on turn has no legal card")
    for card in cards_in(hand.hands[seat]):
        if game.can(PLAYS[card]) != (PLAYS[card] in legal):
            raise InvariantBroken(f"can() and legal_actions() disagree on {card.code}")
    if views:
        for viewer in SEATS:
            check_view(game, viewer)


def check_view(game: GameState, seat: Seat) -> None:
    """A view names only the viewer's cards (as dealt and received) and the cards played: never
    another seat's cards, nor the cards another seat passed to a third."""
    hand = game.hand
    played = {card for trick in hand.tricks for card in trick.cards} | set(hand.trick)
    known = set(cards_in(hand.dealt[seat] | hand.received[seat])) | played
    view = view_to_json(view_for(game, seat))
    view["history"] = []  # finished hands: all their cards were played face up
    text = json.dumps(view)
    for card in cards_in(FULL_DECK_MASK):
        if card not in known and f'"{card.code}"' in text:
            raise InvariantBroken(f"{seat.key}'s view shows {card.code}")


def check_hand_result(
    result: HandResult, before: tuple[int, int, int, int], *, rules: Rules
) -> None:
    """13 tricks, 26 points (or a moon), the settings applied, the totals carried over."""
    hand, score = result.hand, result.score
    if len(hand.tricks) != 13:
        raise InvariantBroken("a finished hand without 13 tricks")
    raw = [card_points(hand.taken[seat]) for seat in SEATS]
    if sum(raw) != ALL_POINTS or sum(score.hearts) != HEARTS.bit_count():
        raise InvariantBroken("a hand does not hold 26 points")
    if score.queen is None or not hand.taken[score.queen] >> QUEEN_OF_SPADES & 1:
        raise InvariantBroken("♠Q went to the wrong seat")
    jack = 0
    for seat in SEATS:
        points = raw[seat]
        if score.moon is not None:
            shot = score.moon is seat
            if rules.moon is MoonForm.OTHERS:
                points = 0 if shot else ALL_POINTS
            else:
                points = -ALL_POINTS if shot else 0
        if score.jack is seat:
            points -= 10
            jack += 1
        if score.points[seat] != points:
            raise InvariantBroken(f"{seat.key} scored {score.points[seat]}, not {points}")
        if score.totals[seat] != before[seat] + points:
            raise InvariantBroken("a running total does not carry over")
    bonus = rules.bonus_bit
    if (bonus != 0) != (jack == 1):
        raise InvariantBroken("♦J or ♦10 scored when off, or not scored when on")
    if score.jack is not None and not hand.taken[score.jack] & bonus:
        raise InvariantBroken("the bonus card scored for a seat that did not take it")


def random_chooser(rng: random.Random) -> Chooser:
    def choose(game: GameState, position: int) -> Action:
        return rng.choice(game.legal_actions())

    return choose


def bot_chooser(level: str) -> Chooser:
    """All four seats played by ``level``, each decision seeded as at the web table."""
    bots = dict.fromkeys(SEATS, LEVELS[level]())

    def choose(game: GameState, position: int) -> Action:
        seat = next_bot_seat(game, bots)
        assert seat is not None
        return decide(bots[seat], view_for(game, seat), decision_rng(game.code, position, seat))

    return choose


def _rules(index: int) -> Rules:
    """Every combination of the settings, in turn: the bonus card (none, ♦J, ♦10 in Omnibus), the
    pass (of 3 or 4 cards, or none), whether ♠Q breaks hearts, the moon and the target."""
    bonus = index % 3
    return Rules(
        target=(100, 50)[index % 2],
        passing=index % 4 != 3,
        jack_of_diamonds=bonus == 1,
        omnibus=bonus == 2,
        pass_size=(3, 4)[index // 3 % 2],
        queen_breaks_hearts=index // 6 % 2 == 0,
        moon=(MoonForm.OTHERS, MoonForm.SELF)[index // 4 % 2],
    )


def run_games(seed: int, hands: int, level: str | None, *, check_every: int = 16) -> Tally:
    """Games with random legal actions (``level`` None) or between four ``level`` players, over
    every combination of the settings, until ``hands`` hands are done."""
    rng = random.Random(seed)
    tally = Tally()
    index = 0
    while tally.hands < hands:
        rules = _rules(index)
        choose = random_chooser(rng) if level is None else bot_chooser(level)
        tally.add(
            play_checked(
                CorazonesRecord(rules=rules, code=code_from_bytes(rng.randbytes(5))),
                choose,
                check_position=check_position,
                check_hand_result=functools.partial(check_hand_result, rules=rules),
                max_hands=hands - tally.hands,
                check_every=check_every,
            )
        )
        index += 1
    return tally
