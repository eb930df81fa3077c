"""Helpers for the Corazones tests (not a test module): cards from text, positions by hand, and a
random player that drives a game through its public API."""

from __future__ import annotations

import random

from picas.games.corazones import GameState, HandState, Pass, PassDirection, Phase
from picas.shared.cards import Card, mask_of
from picas.shared.seats import Seat
from picas.shared.tricks import Play, Trick

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST
Deal = tuple[int, int, int, int]


def card(text: str) -> Card:
    return Card.parse(text)


def mask(text: str) -> int:
    """A card mask from space-separated codes: ``mask("QS AH 2C")``."""
    return mask_of(Card.parse(word) for word in text.split())


def four_hands(south: str, west: str, north: str, east: str) -> Deal:
    hands = (mask(south), mask(west), mask(north), mask(east))
    assert [h.bit_count() for h in hands] == [13, 13, 13, 13]
    assert hands[0] | hands[1] | hands[2] | hands[3] == (1 << 52) - 1
    return hands


# A deal written out by suit blocks, used by the passing and first-trick tests.
# South: all the clubs; West: the diamonds; North: the spades; East: the hearts.
BLOCKS: Deal = four_hands(
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
)

# Some earlier trick, for positions after the first trick (its cards do not matter to legality).
EARLIER = Trick(S, (card("2C"), card("3C"), card("4C"), card("5C")), S)


def position(
    hands: tuple[str, str, str, str],
    *,
    turn: Seat,
    trick: str = "",
    leader: Seat | None = None,
    tricks_before: int = 1,
    broken: bool = False,
) -> HandState:
    """A playing position built by hand: ``hands`` are what each seat holds now, ``trick`` the
    cards already on the table (played from ``leader`` round to ``turn``)."""
    on_table = tuple(card(word) for word in trick.split())
    held = (mask(hands[0]), mask(hands[1]), mask(hands[2]), mask(hands[3]))
    return HandState(
        number=1,
        dealer=E,
        direction=PassDirection.NONE,
        dealt=held,
        passed=(0, 0, 0, 0),
        received=(0, 0, 0, 0),
        hands=held,
        phase=Phase.PLAYING,
        turn=turn,
        leader=leader if leader is not None else Seat((turn - len(on_table)) % 4),
        trick=on_table,
        tricks=(EARLIER,) * tricks_before,
        taken=(0, 0, 0, 0),
        hearts_broken=broken,
    )


def random_pass(hand: HandState, seat: Seat, rng: random.Random) -> Pass:
    return Pass(tuple(rng.sample(hand.hand_of(seat), 3)))


def random_step(game: GameState, rng: random.Random) -> GameState:
    """One random legal action: a random pass for the first seat still to pass, else a play."""
    hand = game.hand
    if hand.phase is Phase.PASSING:
        seat = hand.still_to_pass()[0]
        return game.apply(random_pass(hand, seat, rng), seat)
    legal = game.legal_actions()
    return game.apply(legal[rng.randrange(len(legal))])


def play_random_hand(game: GameState, rng: random.Random) -> GameState:
    """Play the current hand to its end (the next hand dealt, or the game over)."""
    number = game.hand.number
    while game.hand.number == number and not game.is_over:
        game = random_step(game, rng)
    return game


def plays(text: str) -> tuple[Play, ...]:
    return tuple(Play(card(word)) for word in text.split())
