"""A rules oracle: legality and scoring written again, as plainly as possible, from the rules text
(cards as "QS" strings, sets and lists, no masks), and compared with the engine over many random
hands: the legal cards at every step, the refusal code of every other card, whose turn it is, who
wins each trick and every hand's points."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from picas.games.corazones import GameState, MoonForm, Pass, Phase, Rules
from picas.games.corazones.passing import direction_for
from picas.shared.cards import Card, cards_in
from picas.shared.seats import Seat
from picas.shared.tricks import Play

RANKS = "23456789TJQKA"
DECK = [rank + suit for suit in "CDHS" for rank in RANKS]
SHIFT = {"left": 1, "right": 3, "across": 2, "none": 0}


def is_point(card: str) -> bool:
    return card[1] == "H" or card == "QS"


def oracle_legal(hand: set[str], trick: list[str], first_trick: bool, broken: bool) -> set[str]:
    if not trick:
        if first_trick:
            return {"2C"}
        if broken:
            return set(hand)
        return {c for c in hand if c[1] != "H"} or set(hand)
    follow = {c for c in hand if c[1] == trick[0][1]}
    if follow:
        return follow
    if first_trick:
        return {c for c in hand if not is_point(c)} or set(hand)
    return set(hand)


def oracle_refusal(
    hand: set[str], trick: list[str], first_trick: bool, broken: bool, card: str
) -> str:
    """The refusal code the rules give for ``card``, the first problem first."""
    if card not in hand:
        return "card_not_in_hand"
    if not trick and first_trick:
        return "lead_two_of_clubs"
    if not trick:
        return "hearts_not_broken"
    if any(c[1] == trick[0][1] for c in hand):
        return "must_follow_suit"
    return "no_points_first_trick"


def oracle_winner(trick: list[str]) -> int:
    led = trick[0][1]
    ranks = [RANKS.index(c[0]) if c[1] == led else -1 for c in trick]
    return ranks.index(max(ranks))


def oracle_points(rules: Rules, taken: list[list[str]]) -> list[int]:
    raw = [sum(1 for c in cards if c[1] == "H") + (13 if "QS" in cards else 0) for cards in taken]
    points = list(raw)
    for shooter in range(4):
        if raw[shooter] == 26:
            if rules.moon is MoonForm.OTHERS:
                points = [0 if seat == shooter else 26 for seat in range(4)]
            else:
                points = [-26 if seat == shooter else 0 for seat in range(4)]
    if rules.jack_of_diamonds:
        for seat in range(4):
            if "JD" in taken[seat]:
                points[seat] -= 10
    return points


@dataclass
class OracleHand:
    """The oracle's own record of one hand, built from the deal and the actions alone."""

    hands: list[set[str]]
    turn: int = 0
    trick: list[str] = field(default_factory=list)
    leader: int = 0
    tricks_done: int = 0
    broken: bool = False
    taken: list[list[str]] = field(default_factory=lambda: [[], [], [], []])

    def play(self, card: str) -> None:
        self.hands[self.turn].remove(card)
        self.trick.append(card)
        self.broken = self.broken or is_point(card)
        if len(self.trick) < 4:
            self.turn = (self.turn + 1) % 4
            return
        winner = (self.leader + oracle_winner(self.trick)) % 4
        self.taken[winner].extend(self.trick)
        self.trick = []
        self.tricks_done += 1
        self.leader = self.turn = winner


def _codes(mask: int) -> set[str]:
    return {card.code for card in cards_in(mask)}


def _oracle_hand(game: GameState, rng: random.Random) -> tuple[GameState, OracleHand]:
    """Deal as the engine did, choose random passes, exchange them the oracle's way."""
    hand = game.hand
    hands = [_codes(hand.dealt[seat]) for seat in range(4)]
    shift = SHIFT[direction_for(hand.number, passing=game.rules.passing).value]
    assert hand.direction.value == direction_for(hand.number, passing=game.rules.passing).value
    if shift:
        chosen = [sorted(rng.sample(sorted(h), 3)) for h in hands]
        for seat in (2, 0, 3, 1):  # any order will do
            game = game.apply(Pass(tuple(Card.parse(c) for c in chosen[seat])), Seat(seat))
        for giver in range(4):
            hands[giver] -= set(chosen[giver])
        for giver in range(4):
            hands[(giver + shift) % 4] |= set(chosen[giver])
    first = next(seat for seat in range(4) if "2C" in hands[seat])
    return game, OracleHand(hands=hands, turn=first, leader=first)


def _compare_step(game: GameState, oracle: OracleHand) -> None:
    hand = game.hand
    assert hand.phase is Phase.PLAYING
    assert hand.turn == oracle.turn
    assert [c.code for c in hand.trick] == oracle.trick
    first = oracle.tricks_done == 0
    held = oracle.hands[oracle.turn]
    expected = oracle_legal(held, oracle.trick, first, oracle.broken)
    assert _codes(hand.legal_play_mask()) == expected
    assert [a.card.code for a in hand.legal_actions() if isinstance(a, Play)] == sorted(
        expected, key=DECK.index
    )
    for code in DECK:
        refusal = hand.check(Play(Card.parse(code)))
        if code in expected:
            assert refusal is None, code
        else:
            assert refusal is not None, code
            assert refusal.code == oracle_refusal(held, oracle.trick, first, oracle.broken, code)


def _play_and_compare(rules: Rules, code: str, seed: int, hands: int) -> int:
    rng = random.Random(seed)
    game = GameState.new(rules, code)
    totals = [0, 0, 0, 0]
    played = 0
    while played < hands and not game.is_over:
        game, oracle = _oracle_hand(game, rng)
        for _ in range(52):
            _compare_step(game, oracle)
            held = oracle.hands[oracle.turn]
            choice = sorted(
                oracle_legal(held, oracle.trick, oracle.tricks_done == 0, oracle.broken)
            )
            card = rng.choice(choice)
            oracle.play(card)
            game = game.apply(Play(Card.parse(card)))
        result = game.history[-1]
        assert [[c.code for c in cards_in(m)] for m in result.hand.taken] == [
            sorted(t, key=DECK.index) for t in oracle.taken
        ]
        points = oracle_points(rules, oracle.taken)
        assert list(result.score.points) == points
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        assert list(game.totals) == totals
        played += 1
    return played


def test_the_engine_agrees_with_the_oracle_over_many_random_hands() -> None:
    played = 0
    settings = [
        Rules(target=500),
        Rules(target=500, passing=False),
        Rules(target=500, jack_of_diamonds=True, moon=MoonForm.SELF),
        Rules(target=500, jack_of_diamonds=True),
    ]
    for index, code in enumerate(["ABCD2345", "ZZZZ9999", "HEART234", "LUNA5678", "PASE2345"]):
        for rules in settings:
            played += _play_and_compare(rules, code, seed=index, hands=10)
    assert played == 5 * 4 * 10


STRONG = ["AC", "KC", "QC", "JC", "AD", "KD", "QD", "AS", "KS", "QS", "AH", "KH", "QH"]
"""The top cards of every suit: whoever holds them wins every trick, however anyone plays."""


def test_the_oracle_agrees_on_moons() -> None:
    """Random play rarely shoots the moon; a hand of top cards always does."""
    for seed in range(24):
        rng = random.Random(seed)
        rest = [c for c in DECK if c not in STRONG]
        rng.shuffle(rest)
        shooter = seed % 4
        others = [rest[0:13], rest[13:26], rest[26:39]]
        hands = [STRONG if seat == shooter else others.pop() for seat in range(4)]
        deal = tuple(sum(Card.parse(c).bit for c in hand) for hand in hands)
        rules = Rules(passing=False, moon=(MoonForm.OTHERS, MoonForm.SELF)[seed % 2 == 1])
        game = GameState.new(rules, "LUNA5678", deals=(deal,))  # type: ignore[arg-type]
        game, oracle = _oracle_hand(game, rng)
        for _ in range(52):
            _compare_step(game, oracle)
            held = oracle.hands[oracle.turn]
            legal = oracle_legal(held, oracle.trick, oracle.tricks_done == 0, oracle.broken)
            card = rng.choice(sorted(legal))
            oracle.play(card)
            game = game.apply(Play(Card.parse(card)))
        score = game.history[-1].score
        assert score.moon == shooter
        assert list(score.points) == oracle_points(rules, oracle.taken)
