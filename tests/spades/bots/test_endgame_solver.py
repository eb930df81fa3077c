"""The exact endgame of Difícil's playouts (:func:`search.solve`) is the minimax of the rest of the
hand: checked against a plain search of every legal card, with the engine's trick winner."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from picas.games.spades import Rules
from picas.games.spades.bots.policy import legal_mask
from picas.games.spades.bots.search import INF, Pricer, finish, solve
from picas.shared.cards import Suit
from picas.shared.trick_winner import trick_winner_index


def brute(
    hands: list[int],
    trick: list[int],
    leader: int,
    won: list[int],
    broken: bool,
    left: int,
    pricer: Pricer,
) -> float:
    """Every legal card of every seat, no pruning, no equivalent cards skipped."""
    turn = (leader + len(trick)) % 4
    values = []
    for card in range(52):
        if not legal_mask(hands[turn], trick, broken) >> card & 1:
            continue
        after = hands.copy()
        after[turn] -= 1 << card
        now_broken = broken or (bool(trick) and card // 13 == 3 and trick[0] // 13 != 3)
        played = [*trick, card]
        tricks = won.copy()
        if len(played) < 4:
            values.append(brute(after, played, leader, tricks, now_broken, left, pricer))
            continue
        winner = (leader + trick_winner_index(tuple(played), Suit.SPADES)) % 4
        tricks[winner] += 1
        if left == 1:
            values.append(pricer.value(tricks))
        else:
            values.append(brute(after, [], winner, tricks, now_broken, left - 1, pricer))
    return max(values) if turn % 2 == pricer.team else min(values)


Endgame = tuple[list[int], list[int], int, list[int], bool, int, Pricer]


@st.composite
def endgames(draw: st.DrawFn) -> Endgame:
    """The last one to three tricks of a hand: the cards left dealt at random (a trick perhaps
    begun), the earlier tricks shared out at random, random bids (Nils too) and bags."""
    deck = draw(st.permutations(range(52)))
    left = draw(st.integers(1, 3))
    played = draw(st.integers(0, 3))
    leader = draw(st.integers(0, 3))
    trick = deck[:played]
    rest = deck[played:]
    hands = [0, 0, 0, 0]
    for seat in range(4):
        for _ in range(left - (1 if (seat - leader) % 4 < played else 0)):
            hands[seat] |= 1 << rest.pop()
    won = [0, 0, 0, 0]
    for seat in draw(st.lists(st.integers(0, 3), min_size=13 - left, max_size=13 - left)):
        won[seat] += 1
    bids = draw(st.lists(st.integers(0, 6), min_size=4, max_size=4))
    bags = draw(st.lists(st.integers(0, 9), min_size=2, max_size=2))
    pricer = Pricer(Rules(), draw(st.integers(0, 1)), bids, [False] * 4, bags)
    return hands, trick, leader, won, draw(st.booleans()), left, pricer


@settings(max_examples=300, deadline=None)
@given(endgames())
def test_the_solver_is_the_minimax_of_every_legal_card(e: Endgame) -> None:
    hands, trick, leader, won, broken, left, pricer = e
    before = (hands.copy(), trick.copy(), won.copy())
    value, packed = solve(hands, trick, leader, won, broken, left, pricer, -INF, INF)
    assert (hands, trick, won) == before  # everything it tried is taken back
    assert value == brute(hands, trick, leader, won, broken, left, pricer)
    ends = [packed >> (4 * seat) & 15 for seat in range(4)]
    assert sum(ends) == 13
    assert pricer.value(ends) == value  # the tricks it returns are those of a line of that value


@settings(max_examples=50, deadline=None)
@given(endgames())
def test_a_playout_solved_to_the_end_takes_the_solvers_tricks(e: Endgame) -> None:
    hands, trick, leader, won, broken, left, pricer = e
    _, packed = solve(hands, trick, leader, won, broken, left, pricer, -INF, INF)
    ends = finish(hands, trick, leader, won, broken, [1, 1, 1, 1], left, pricer, left)
    assert ends == [packed >> (4 * seat) & 15 for seat in range(4)]


def test_a_card_in_the_trick_between_two_of_a_hand_keeps_them_apart() -> None:
    # Two tricks left; seat 0 has led the 9 of a side suit, and seat 1, who bid Nil, holds the 8
    # and the 10 of it: nothing in the hands lies between them, but the 9 does, so they are not
    # the same card (the 10 takes the trick and breaks the Nil, the 8 does not).
    side = 13 * 2
    nine, eight, ten = side + 7, side + 6, side + 8
    hands = [1 << 0, 1 << eight | 1 << ten, 1 << 13 | 1 << 14, 1 << 15 | 1 << 16]
    won = [4, 0, 4, 3]
    pricer = Pricer(Rules(), 0, [4, 0, 4, 3], [False] * 4, [0, 0])
    value, packed = solve(hands, [nine], 0, won, False, 2, pricer, -INF, INF)
    assert value == brute(hands, [nine], 0, won, False, 2, pricer)
    assert packed >> 4 & 15 == 0  # the Nil is kept: the 8 goes under the 9
