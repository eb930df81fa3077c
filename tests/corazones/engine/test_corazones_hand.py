"""The play: ♣2 leads, no points on the first trick, hearts not led until broken, follow suit,
no trump. Each rule is tested for what it refuses, why, and what it still allows."""

from __future__ import annotations

import pytest

from corazones_helpers import BLOCKS, E, N, S, W, card, mask, position
from picas.games.corazones import HandState, PassDirection, Phase
from picas.shared.cards import cards_in
from picas.shared.errors import IllegalAction
from picas.shared.trick_winner import trick_winner_index
from picas.shared.tricks import Play

# Four hands of eight cards for positions in the middle of a hand.
MIDDLE = (
    "3C 9C 4D 2H 5H QS 8S AS",  # South
    "5C 6C 7D 8D 3H 4H 6H 2S",  # West
    "7C 8C 9D TD 7H 8H 9H 3S",  # North
    "TC JC JD QD TH JH QH 4S",  # East
)


def _legal(hand: HandState) -> set[str]:
    return {card.code for card in cards_in(hand.legal_play_mask())}


def _code(hand: HandState, text: str) -> str | None:
    refusal = hand.check(Play(card(text)))
    return None if refusal is None else refusal.code


# --- the first lead --------------------------------------------------------------------------


def test_the_holder_of_the_two_of_clubs_leads_it() -> None:
    hand = HandState.deal(number=1, dealer=E, hands=BLOCKS, direction=PassDirection.NONE)
    assert hand.turn is S
    assert _legal(hand) == {"2C"}
    refusal = hand.check(Play(card("3C")))
    assert refusal is not None
    assert refusal.code == "lead_two_of_clubs"
    assert refusal.message == "La primera baza se abre con el 2 de tréboles."
    assert hand.apply(Play(card("2C"))).trick == (card("2C"),)


# --- no points on the first trick ------------------------------------------------------------


def test_no_heart_or_queen_on_the_first_trick_when_void_in_clubs() -> None:
    hand = position(
        ("QS 2H 3H 4D 5S", "", "", ""), turn=S, trick="2C 3C 4C", leader=W, tricks_before=0
    )
    assert _legal(hand) == {"4D", "5S"}
    assert _code(hand, "2H") == "no_points_first_trick"
    assert _code(hand, "QS") == "no_points_first_trick"
    refusal = hand.check(Play(card("QS")))
    assert refusal is not None
    assert refusal.message == "En la primera baza no se pueden jugar puntos."


def test_points_on_the_first_trick_when_nothing_else_is_held() -> None:
    hand = position(("QS 2H 3H", "", "", ""), turn=S, trick="2C", leader=E, tricks_before=0)
    assert _legal(hand) == {"QS", "2H", "3H"}
    after = hand.apply(Play(card("QS")))
    assert after.hearts_broken  # ♠Q breaks hearts


def test_the_first_trick_rule_ends_with_the_first_trick() -> None:
    hand = position(("QS 2H 4D", "", "", ""), turn=S, trick="3C", leader=E, tricks_before=1)
    assert _legal(hand) == {"QS", "2H", "4D"}


# --- follow suit, no trump -------------------------------------------------------------------


def test_must_follow_suit() -> None:
    hand = position(MIDDLE, turn=S, trick="7D", leader=E)
    assert _legal(hand) == {"4D"}
    refusal = hand.check(Play(card("AS")))
    assert refusal is not None
    assert refusal.code == "must_follow_suit"
    assert refusal.message == "Tienes diamantes: debes asistir."


def test_void_may_play_anything_after_the_first_trick() -> None:
    hand = position(MIDDLE, turn=W, trick="AS", leader=S)
    assert _legal(hand) == {"2S"}
    hand = position(MIDDLE, turn=E, trick="3D", leader=N)  # East holds diamonds: must follow
    assert _legal(hand) == {"JD", "QD"}
    void = position(("2C", "3H 4H QS", "", ""), turn=W, trick="3C", leader=S)
    assert _legal(void) == {"3H", "4H", "QS"}


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        ("5H 2S 3S AS", 0),  # spades are not trump in Corazones
        ("5H AH 2S KH", 1),
        ("2C 3C 4C AC", 3),
        ("TD 9D AS 2D", 0),
    ],
)
def test_the_highest_card_of_the_led_suit_wins(cards: str, winner: int) -> None:
    assert trick_winner_index([card(word) for word in cards.split()]) == winner


def test_the_winner_of_a_trick_leads_the_next_and_takes_its_cards() -> None:
    hand = position(MIDDLE, turn=S, trick="", leader=S, broken=True)
    for text in ("5H", "3H", "7H", "QH"):
        hand = hand.apply(Play(card(text)))
    assert hand.turn is E
    assert hand.leader is E
    assert hand.trick == ()
    assert hand.taken[E] == mask("5H 3H 7H QH")
    assert hand.tricks[-1].winner is E


# --- hearts not led until broken -------------------------------------------------------------


def test_hearts_are_not_led_until_broken() -> None:
    hand = position(MIDDLE, turn=S)
    assert "2H" not in _legal(hand)
    assert _legal(hand) == {"3C", "9C", "4D", "QS", "8S", "AS"}
    refusal = hand.check(Play(card("5H")))
    assert refusal is not None
    assert refusal.code == "hearts_not_broken"
    assert refusal.message == "Los corazones aún no se han roto."


def test_hearts_may_be_led_once_broken() -> None:
    hand = position(MIDDLE, turn=S, broken=True)
    assert {"2H", "5H"} <= _legal(hand)


def test_a_leader_with_only_hearts_may_lead_them() -> None:
    hand = position(("2H 9H", "", "", ""), turn=S)
    assert _legal(hand) == {"2H", "9H"}


def test_a_leader_with_hearts_and_the_queen_must_lead_the_queen() -> None:
    hand = position(("2H 9H QS", "", "", ""), turn=S)
    assert _legal(hand) == {"QS"}


def test_a_heart_discarded_on_another_suit_breaks_hearts() -> None:
    hand = position(("2C", "3H 4D", "", ""), turn=W, trick="9C", leader=S)
    assert not hand.hearts_broken
    assert hand.apply(Play(card("3H"))).hearts_broken
    assert not hand.apply(Play(card("4D"))).hearts_broken


def test_the_queen_of_spades_breaks_hearts() -> None:
    hand = position(("2C", "QS 4D", "", ""), turn=W, trick="9C", leader=S)
    assert hand.apply(Play(card("QS"))).hearts_broken


# --- turns and refusals ----------------------------------------------------------------------


def test_card_not_in_hand_and_not_your_turn() -> None:
    hand = position(MIDDLE, turn=S)
    assert _code(hand, "KH") == "card_not_in_hand"
    refusal = hand.check(Play(card("5C")), W)
    assert refusal is not None
    assert refusal.code == "not_your_turn"
    assert refusal.message == "No es tu turno: le toca a Sur."


def test_a_refused_play_raises_and_changes_nothing() -> None:
    hand = position(MIDDLE, turn=S)
    before = hand
    with pytest.raises(IllegalAction) as raised:
        hand.apply(Play(card("5H")))
    assert raised.value.code == "hearts_not_broken"
    assert hand == before


def test_the_hot_path_refuses_exactly_what_check_refuses() -> None:
    positions = [
        position(MIDDLE, turn=S),
        position(MIDDLE, turn=S, broken=True),
        position(MIDDLE, turn=W, trick="AS", leader=S),
        position(("QS 2H 3H 4D", "", "", ""), turn=S, trick="2C", leader=E, tricks_before=0),
        HandState.deal(number=1, dealer=E, hands=BLOCKS, direction=PassDirection.NONE),
    ]
    for hand in positions:
        for code in (c.code for c in cards_in((1 << 52) - 1)):
            play = Play(card(code))
            refusal = hand.check(play)
            if refusal is None:
                hand.apply(play)
            else:
                with pytest.raises(IllegalAction) as raised:
                    hand.apply(play)
                assert raised.value.code == refusal.code


def test_thirteen_tricks_complete_the_hand() -> None:
    hand = HandState.deal(number=1, dealer=E, hands=BLOCKS, direction=PassDirection.NONE)
    while hand.phase is not Phase.COMPLETE:
        hand = hand.apply(hand.legal_actions()[0])
    assert len(hand.tricks) == 13
    assert hand.turn is None
    assert hand.hands == (0, 0, 0, 0)
    # South holds every club and leads them all, so South takes every trick.
    assert hand.taken[S] == (1 << 52) - 1
    refusal = hand.check(Play(card("2C")))
    assert refusal is not None
    assert refusal.code == "hand_over"
