"""The pass: the cycle of directions, choosing three cards, the exchange, the refusals."""

from __future__ import annotations

import pytest

from corazones_helpers import BLOCKS, E, N, S, W, card, mask
from picas.games.corazones import HandState, Pass, PassDirection, Phase, direction_for
from picas.shared.tricks import Play


def test_the_cycle_is_left_right_across_none() -> None:
    directions = [direction_for(number, passing=True) for number in range(1, 10)]
    assert [d.value for d in directions] == [
        "left",
        "right",
        "across",
        "none",
        "left",
        "right",
        "across",
        "none",
        "left",
    ]


def test_passing_off_never_passes() -> None:
    assert {direction_for(number, passing=False) for number in range(1, 9)} == {PassDirection.NONE}


@pytest.mark.parametrize(
    ("direction", "south_gives_to", "south_gets_from"),
    [
        (PassDirection.LEFT, W, E),
        (PassDirection.RIGHT, E, W),
        (PassDirection.ACROSS, N, N),
    ],
)
def test_receivers_and_givers(
    direction: PassDirection, south_gives_to: object, south_gets_from: object
) -> None:
    # Seats go clockwise South, West, North, East: South's left is West.
    assert direction.receiver(S) is south_gives_to
    assert direction.giver(S) is south_gets_from


def test_labels_in_spanish() -> None:
    assert PassDirection.LEFT.label_es == "Pasar a la izquierda"
    assert PassDirection.RIGHT.label_es == "Pasar a la derecha"
    assert PassDirection.ACROSS.label_es == "Pasar al de enfrente"


def _passing_hand(direction: PassDirection = PassDirection.LEFT) -> HandState:
    return HandState.deal(number=1, dealer=E, hands=BLOCKS, direction=direction)


def _pass(text: str) -> Pass:
    return Pass(tuple(card(word) for word in text.split()))


def test_the_exchange_happens_when_all_four_have_chosen() -> None:
    hand = _passing_hand(PassDirection.LEFT)
    assert hand.phase is Phase.PASSING
    hand = hand.apply(_pass("2C 3C AC"), S)
    hand = hand.apply(_pass("AD KD QD"), W)
    hand = hand.apply(_pass("QS KS AS"), N)
    # Before the last pass nothing has moved.
    assert hand.hands == BLOCKS
    assert hand.received == (0, 0, 0, 0)
    hand = hand.apply(_pass("2H 3H 4H"), E)
    assert hand.phase is Phase.PLAYING
    # To the left: South → West → North → East → South.
    assert hand.received == (mask("2H 3H 4H"), mask("2C 3C AC"), mask("AD KD QD"), mask("QS KS AS"))
    assert hand.hands[S] == BLOCKS[S] & ~mask("2C 3C AC") | mask("2H 3H 4H")
    assert hand.hands[W] == BLOCKS[W] & ~mask("AD KD QD") | mask("2C 3C AC")
    # The ♣2 went to West with South's pass: West leads.
    assert hand.turn is W
    assert hand.leader is W
    assert hand.dealt == BLOCKS


def test_passes_may_come_in_any_order_and_turn_is_the_first_still_to_choose() -> None:
    hand = _passing_hand(PassDirection.ACROSS)
    assert hand.turn is S
    hand = hand.apply(_pass("AD KD QD"), W)
    assert hand.turn is S
    assert hand.still_to_pass() == (S, N, E)
    hand = hand.apply(_pass("2C 3C 4C"))  # no seat given: the seat on turn, South
    assert hand.still_to_pass() == (N, E)
    assert hand.turn is N


def test_no_pass_hand_starts_with_the_two_of_clubs() -> None:
    hand = _passing_hand(PassDirection.NONE)
    assert hand.phase is Phase.PLAYING
    assert hand.turn is S  # South holds every club
    assert hand.check(_pass("2C 3C 4C"), S) is not None


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        ("2C 3C", "pass_three_cards"),
        ("2C 3C 4C 5C", "pass_three_cards"),
        ("2C 2C 3C", "pass_repeated_card"),
        ("2C 3C AD", "card_not_in_hand"),
    ],
)
def test_bad_passes_are_refused(cards: str, code: str) -> None:
    hand = _passing_hand()
    refusal = hand.check(_pass(cards), S)
    assert refusal is not None
    assert refusal.code == code


def test_refusal_messages_name_the_problem() -> None:
    hand = _passing_hand()
    missing = hand.check(_pass("2C 3C AD"), S)
    assert missing is not None
    assert missing.message == "No tienes esa carta (as de diamantes)."
    short = hand.check(_pass("2C"), S)
    assert short is not None
    assert short.message == "Hay que pasar exactamente tres cartas."


def test_a_seat_passes_only_once() -> None:
    hand = _passing_hand().apply(_pass("2C 3C 4C"), S)
    refusal = hand.check(_pass("5C 6C 7C"), S)
    assert refusal is not None
    assert refusal.code == "already_passed"


def test_no_play_before_the_exchange() -> None:
    hand = _passing_hand()
    refusal = hand.check(Play(card("2C")), S)
    assert refusal is not None
    assert refusal.code == "passing_not_over"
    assert refusal.message == "Antes de jugar se pasan tres cartas."


def test_no_pass_after_the_exchange() -> None:
    hand = _passing_hand()
    for seat, text in ((S, "2C 3C 4C"), (W, "2D 3D 4D"), (N, "2S 3S 4S"), (E, "2H 3H 4H")):
        hand = hand.apply(_pass(text), seat)
    refusal = hand.check(_pass("5C 6C 7C"), S)
    assert refusal is not None
    assert refusal.code == "passing_over"


def test_a_refused_pass_changes_nothing() -> None:
    hand = _passing_hand()
    with pytest.raises(Exception, match="tres cartas") as raised:
        hand.apply(_pass("2C 3C"), S)
    assert getattr(raised.value, "code", None) == "pass_three_cards"
    assert hand.passed == (0, 0, 0, 0)


def test_legal_passes_are_every_three_cards_of_the_hand() -> None:
    legal = _passing_hand().legal_actions()
    masks = {action.mask for action in legal if isinstance(action, Pass)}
    assert len(masks) == len(legal) == 286  # 13 choose 3, all different
    assert all(m.bit_count() == 3 and not m & ~BLOCKS[S] for m in masks)
