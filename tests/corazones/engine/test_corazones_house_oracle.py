"""An oracle for Corazones' house rules (issue 21), written again from the rule text alone, with
plain strings and lists and no engine code: each player passes 3 or 4 cards; in Omnibus whoever
takes the ten of diamonds scores −10 (the jack of diamonds setting does the same with the jack,
never both); when «la dama rompe corazones» is off, only a heart played breaks hearts (the queen
of spades does not). The engine is played alongside it on many random hands and must agree on
the legal cards at every step, the cards each seat holds after the pass, and every hand's
points."""

from __future__ import annotations

import random

import pytest

from picas.games.corazones import GameState, MoonForm, Pass, Rules
from picas.shared.arena import code_for
from picas.shared.cards import Card, cards_in
from picas.shared.seats import Seat
from picas.shared.tricks import Play

RANKS = "23456789TJQKA"
DECK = [rank + suit for suit in "CDHS" for rank in RANKS]
PASS_SHIFT = ["left", "right", "across", "none"]
"""Hand 1 passes left (one seat clockwise), then right, across, and no pass, again and again."""
SHIFT = {"left": 1, "right": 3, "across": 2, "none": 0}


def points_in(cards: list[str]) -> int:
    """A heart is one point, the queen of spades thirteen."""
    return sum(1 for c in cards if c[1] == "H") + (13 if "QS" in cards else 0)


def oracle_score(rules: Rules, taken: list[list[str]]) -> list[int]:
    """The hand's points from the rule text: the 26 points, a moon, then the −10 card."""
    raw = [points_in(cards) for cards in taken]
    score = list(raw)
    if 26 in raw:
        shooter = raw.index(26)
        if rules.moon is MoonForm.OTHERS:
            score = [0 if seat == shooter else 26 for seat in range(4)]
        else:
            score = [-26 if seat == shooter else 0 for seat in range(4)]
    minus_ten = "TD" if rules.omnibus else "JD" if rules.jack_of_diamonds else None
    for seat in range(4):
        if minus_ten in taken[seat]:
            score[seat] -= 10
    return score


def breaks_hearts(rules: Rules, card: str) -> bool:
    return card[1] == "H" or (card == "QS" and rules.queen_breaks_hearts)


def oracle_legal(hand: set[str], trick: list[str], first_trick: bool, broken: bool) -> set[str]:
    """Follow suit; the first trick opens with the two of clubs and takes no points if it can be
    helped; hearts are not led until broken (unless the hand holds nothing else)."""
    if not trick:
        if first_trick:
            return {"2C"}
        return set(hand) if broken else ({c for c in hand if c[1] != "H"} or set(hand))
    follow = {c for c in hand if c[1] == trick[0][1]}
    if follow:
        return follow
    if first_trick:
        return {c for c in hand if c[1] != "H" and c != "QS"} or set(hand)
    return set(hand)


def winner_of(trick: list[str]) -> int:
    led = trick[0][1]
    ranks = [RANKS.index(c[0]) if c[1] == led else -1 for c in trick]
    return ranks.index(max(ranks))


def codes(mask: int) -> set[str]:
    return {card.code for card in cards_in(mask)}


def play_hand(game: GameState, rng: random.Random) -> tuple[GameState, list[int]]:
    """One hand played at random by the oracle's rules, the engine following: its points."""
    rules = game.rules
    number = len(game.history) + 1
    hands = [codes(game.hand.dealt[seat]) for seat in range(4)]
    direction = PASS_SHIFT[(number - 1) % 4] if rules.passing else "none"
    assert game.hand.direction.value == direction
    if SHIFT[direction]:
        size = rules.pass_size
        chosen = [rng.sample(sorted(h), size) for h in hands]
        for seat in (3, 1, 0, 2):  # the four choose in any order
            game = game.apply(Pass(tuple(Card.parse(c) for c in chosen[seat])), Seat(seat))
        for giver in range(4):
            hands[giver] -= set(chosen[giver])
        for giver in range(4):
            hands[(giver + SHIFT[direction]) % 4] |= set(chosen[giver])
    assert [codes(game.hand.hands[seat]) for seat in range(4)] == hands
    turn = next(seat for seat in range(4) if "2C" in hands[seat])
    leader, broken = turn, False
    trick: list[str] = []
    taken: list[list[str]] = [[], [], [], []]
    for count in range(52):
        legal = oracle_legal(hands[turn], trick, count < 4, broken)
        assert codes(game.hand.legal_play_mask()) == legal
        card = rng.choice(sorted(legal))
        game = game.apply(Play(Card.parse(card)))
        hands[turn].remove(card)
        trick.append(card)
        broken = broken or breaks_hearts(rules, card)
        if len(trick) < 4:
            turn = (turn + 1) % 4
            continue
        winner = (leader + winner_of(trick)) % 4
        taken[winner] += trick
        leader = turn = winner
        trick = []
    assert [codes(m) for m in game.history[-1].hand.taken] == [set(t) for t in taken]
    return game, oracle_score(rules, taken)


HOUSE = [
    Rules(target=500, omnibus=True),
    Rules(target=500, omnibus=True, moon=MoonForm.SELF, pass_size=4),
    Rules(target=500, pass_size=4),
    Rules(target=500, queen_breaks_hearts=False),
    Rules(target=500, jack_of_diamonds=True, pass_size=4, queen_breaks_hearts=False),
    Rules(target=500, omnibus=True, passing=False, queen_breaks_hearts=False),
]


@pytest.mark.parametrize("rules", HOUSE, ids=lambda r: str(r.house_rules or "jack"))
def test_the_engine_agrees_with_the_house_rules_oracle(rules: Rules) -> None:
    for index, code in enumerate(["CASA2345", "WXYZ6789", "DAMA2345"]):
        rng = random.Random(index)
        game = GameState.new(rules, code)
        totals = [0, 0, 0, 0]
        for _ in range(8):
            game, points = play_hand(game, rng)
            assert list(game.history[-1].score.points) == points
            totals = [t + p for t, p in zip(totals, points, strict=True)]
            assert list(game.totals) == totals


def test_the_oracle_sees_the_queen_rule_change_what_may_be_led() -> None:
    """Over random hands with the queen not breaking hearts, some lead is refused by hearts not
    being broken after ♠Q was played (the rule makes a difference the engine agrees on)."""
    seen = 0
    for seed in range(30):
        rng = random.Random(seed)
        rules = Rules(queen_breaks_hearts=False, passing=False)
        game = GameState.new(rules, code_for(f"dama/{seed}"))
        hand = game.hand
        while hand.turn is not None:
            played = [c.code for t in hand.tricks for c in t.cards] + [c.code for c in hand.trick]
            if not hand.trick and "QS" in played and not any(c[1] == "H" for c in played):
                held = codes(hand.hands[hand.turn])
                if any(c[1] == "H" for c in held) and any(c[1] != "H" for c in held):
                    assert not any(c[1] == "H" for c in codes(hand.legal_play_mask()))
                    seen += 1
            choice = rng.choice(sorted(codes(hand.legal_play_mask())))
            hand = hand.apply(Play(Card.parse(choice)))
    assert seen > 0
