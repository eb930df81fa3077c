"""One hand: bidding order, legality of every action, Blind Nil's decide-first step, tricks."""

from __future__ import annotations

import pytest
from engine_helpers import (
    SEED_000_BIDS,
    SEED_000_DEAL,
    SEED_000_PLAYS,
    SEED_000_TRICKS,
    E,
    N,
    S,
    W,
    card,
    cards,
    deal,
    hand_bid_all,
    hand_play_all,
    plays,
)

from picas.games.spades import (
    Bid,
    BlindNil,
    HandState,
    IllegalAction,
    InvalidAction,
    LookAtCards,
    Phase,
    Play,
    Seat,
    action_to_json,
    parse_action,
)
from picas.games.spades.actions import BIDS


def seed_hand(dealer: Seat = E) -> HandState:
    return HandState.deal(number=1, dealer=dealer, hands=SEED_000_DEAL)


def seed_hand_at_trick(number: int) -> HandState:
    """The seeds/000 hand with its first ``number - 1`` tricks played."""
    hand = hand_bid_all(seed_hand(), SEED_000_BIDS)
    return hand_play_all(hand, SEED_000_PLAYS[: 4 * (number - 1)])


def refusal_code(hand: HandState, action: Play | Bid | BlindNil | LookAtCards) -> str | None:
    refusal = hand.check(action)
    return None if refusal is None else refusal.code


# --- bidding --------------------------------------------------------------------------------------


def test_bidding_starts_left_of_the_dealer_and_goes_clockwise() -> None:
    hand = seed_hand(dealer=E)
    assert hand.phase is Phase.BIDDING
    order = []
    for tricks in (4, 2, 3, 3):
        assert hand.turn is not None
        order.append(hand.turn)
        hand = hand.apply(Bid(tricks))
    assert order == [S, W, N, E]
    assert hand.bids == (4, 2, 3, 3)
    assert hand.phase is Phase.PLAYING
    assert hand.turn is S  # the dealer's left leads the first trick
    assert hand.leader is S


def test_when_south_deals_west_bids_and_leads_first() -> None:
    hand = seed_hand(dealer=S)
    order = []
    for tricks in (1, 2, 3, 4):
        assert hand.turn is not None
        order.append(hand.turn)
        hand = hand.apply(Bid(tricks))
    assert order == [W, N, E, S]
    assert hand.bids == (4, 1, 2, 3)
    assert hand.turn is W


def test_every_bid_from_0_to_13_is_offered_no_pass() -> None:
    hand = seed_hand()
    assert hand.legal_actions() == tuple(Bid(n) for n in range(14))
    for n in range(14):
        assert hand.can(Bid(n))


def test_bid_out_of_turn_is_refused() -> None:
    hand = seed_hand()
    refusal = hand.check(Bid(3), W)
    assert refusal is not None
    assert refusal.code == "not_your_turn"
    assert refusal.message == "No es tu turno: le toca a Sur."
    with pytest.raises(IllegalAction) as info:
        hand.apply(Bid(3), W)
    assert info.value.code == "not_your_turn"
    assert hand.can(Bid(3), S)


def test_no_changing_a_bid_bidding_is_over_after_four() -> None:
    hand = hand_bid_all(seed_hand(), (4, 2, 3, 3))
    assert refusal_code(hand, Bid(5)) == "bidding_over"
    assert not hand.can(Bid(5), S)


def test_cards_cannot_be_played_while_bidding() -> None:
    hand = seed_hand()
    assert refusal_code(hand, Play(card("AC"))) == "bidding_not_over"


@pytest.mark.parametrize("value", [14, -1, 52])
def test_bid_out_of_range_is_refused_by_parse_action(value: int) -> None:
    with pytest.raises(InvalidAction) as info:
        parse_action(value)
    assert info.value.code == "bid_out_of_range"
    assert info.value.message == "El canto va de 0 a 13."


def test_bid_out_of_range_is_refused_by_check() -> None:
    assert refusal_code(seed_hand(), Bid(14)) == "bid_out_of_range"
    assert refusal_code(seed_hand(), Bid(-1)) == "bid_out_of_range"


@pytest.mark.parametrize(
    ("value", "action"),
    [
        (0, Bid(0)),
        (13, Bid(13)),
        ("blind_nil", BlindNil()),
        ("look", LookAtCards()),
        ("QH", Play(card("QH"))),
        ("10s", Play(card("TS"))),
    ],
)
def test_parse_action_reads_the_json_notation(
    value: int | str, action: Bid | BlindNil | LookAtCards | Play
) -> None:
    assert parse_action(value) == action
    assert parse_action(action_to_json(action)) == action


@pytest.mark.parametrize(("value", "code"), [(True, "bad_action"), (None, "bad_action"),
                                              ([3], "bad_action"), ("ZZ", "bad_card")])  # fmt: skip
def test_parse_action_refuses_malformed_actions(value: object, code: str) -> None:
    with pytest.raises(InvalidAction) as info:
        parse_action(value)
    assert info.value.code == code


# --- Blind Nil: decide before looking -------------------------------------------------------------


def blind_hand(offered: tuple[bool, bool, bool, bool]) -> HandState:
    return HandState.deal(number=2, dealer=E, hands=SEED_000_DEAL, blind_offered=offered)


def test_an_eligible_seat_must_first_choose_blind_nil_or_look() -> None:
    hand = blind_hand((True, False, True, False))
    assert hand.looked == (False, True, False, True)
    assert hand.turn is S
    assert hand.legal_actions() == (BlindNil(), LookAtCards())
    assert refusal_code(hand, Bid(3)) == "decide_blind_nil"
    assert refusal_code(hand, Bid(0)) == "decide_blind_nil"


def test_looking_turns_the_cards_up_and_then_the_seat_bids_normally() -> None:
    hand = blind_hand((True, False, True, False)).apply(LookAtCards())
    assert hand.turn is S  # looking is not a bid
    assert hand.looked[S]
    assert hand.bids == (None, None, None, None)
    assert hand.legal_actions() == BIDS
    assert refusal_code(hand, BlindNil()) == "cards_already_seen"
    assert refusal_code(hand, LookAtCards()) == "cards_already_seen"
    hand = hand.apply(Bid(0))
    assert hand.bids[S] == 0
    assert hand.blind[S] is False  # a seen Nil is an ordinary Nil


def test_blind_nil_is_a_blind_zero_bid() -> None:
    hand = blind_hand((True, False, True, False)).apply(BlindNil())
    assert hand.bids[S] == 0
    assert hand.blind[S] is True
    assert hand.looked[S] is True
    assert hand.turn is W
    assert hand.legal_actions() == BIDS  # West was not offered Blind Nil
    hand = hand.apply(Bid(3))
    assert hand.turn is N
    assert hand.legal_actions() == (BlindNil(), LookAtCards())


def test_blind_nil_not_offered_is_refused() -> None:
    hand = seed_hand()
    assert refusal_code(hand, BlindNil()) == "blind_nil_not_offered"
    assert refusal_code(hand, LookAtCards()) == "cards_already_seen"
    assert BlindNil() not in hand.legal_actions()


def test_a_seat_not_on_turn_cannot_decide_for_itself_early() -> None:
    # Deciding is a turn like a bid: North, eligible, waits for its turn.
    hand = blind_hand((True, False, True, False))
    assert hand.check(LookAtCards(), N) is not None
    assert not hand.can(BlindNil(), N)


# --- playing: follow suit, spades breaking --------------------------------------------------------


def test_first_trick_is_led_by_the_dealers_left() -> None:
    hand = seed_hand_at_trick(1)
    assert hand.turn is S
    assert hand.led_suit is None


def test_spade_lead_refused_before_spades_are_broken() -> None:
    hand = seed_hand_at_trick(1)  # South holds A♠ K♠ Q♠ J♠ and other suits
    refusal = hand.check(Play(card("AS")))
    assert refusal is not None
    assert refusal.code == "spades_not_broken"
    assert refusal.message == "Las picas aún no se han roto."
    assert hand.refusal_for_card(card("AS")) == refusal
    with pytest.raises(IllegalAction) as info:
        hand.verify(Play(card("AS")))
    assert info.value.code == "spades_not_broken"
    with pytest.raises(IllegalAction):
        hand.apply(Play(card("AS")))
    assert hand.legal_actions() == plays("2C 3C AC 4D 6D 9D 3H 5H 8H")


def test_spade_lead_refused_before_broken_even_late_in_the_hand() -> None:
    hand = seed_hand_at_trick(10)  # East holds J♥ and three spades; no spade has been played
    assert hand.turn is E
    assert not hand.spades_broken
    assert refusal_code(hand, Play(card("4S"))) == "spades_not_broken"
    assert hand.legal_actions() == (Play(card("JH")),)


def test_spade_on_another_suit_breaks_spades() -> None:
    hand = seed_hand_at_trick(10)
    hand = hand_play_all(hand, [card("JH"), card("AS")])  # South is void in hearts: trumps
    assert hand.spades_broken


def test_seed_003_illustrated_trick_two_of_spades_beats_ace_of_hearts() -> None:
    # "A: A♥; B: 2♥; C: 2♠; D: K♥. Gana el dos de picas de C. Las picas quedan abiertas y el
    # ganador puede salir a picas en la siguiente baza."
    hands = deal(
        "AH 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
        "2H 3H 4H 5H 6H 7H AC 2D 3D 4D 5D 6D 7D",
        "2S 3S 4S 5S 6S 7S 8S 8D 9D TD JD QD KD",  # no hearts
        "8H 9H TH JH QH KH 9S TS JS QS KS AS AD",
    )
    hand = hand_bid_all(HandState.deal(number=1, dealer=E, hands=hands), (3, 3, 3, 3))
    assert refusal_code(hand_play_all(hand, [card("AH")]), Play(card("AC"))) == ("must_follow_suit")
    hand = hand_play_all(hand, cards("AH 2H 2S KH"))
    (trick,) = hand.tricks
    assert trick.winner is N
    assert trick.played_by(N) == card("2S")
    assert trick.led_suit.name_es == "corazones"
    assert hand.spades_broken
    assert hand.turn is N
    # North still holds diamonds, yet may lead a spade now.
    assert hand.can(Play(card("3S")))
    assert hand.can(Play(card("8D")))


def test_leader_with_only_spades_may_lead_a_spade_before_broken() -> None:
    hands = deal(
        "AC KC 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS",
        "KS AS 2C 3C 2D 3D 4D 5D 6D 7D 8D 9D TD",
        "4C 5C 6C 7C 8C 9C JD QD KD AD 2H 3H 4H",
        "TC JC QC 5H 6H 7H 8H 9H TH JH QH KH AH",
    )
    hand = hand_bid_all(HandState.deal(number=1, dealer=E, hands=hands), (3, 3, 3, 3))
    assert refusal_code(hand, Play(card("2S"))) == "spades_not_broken"
    hand = hand_play_all(hand, cards("AC 2C 4C TC KC 3C 5C JC"))
    assert hand.turn is S
    assert not hand.spades_broken
    assert all(c.suit.name_es == "picas" for c in hand.hand_of(S))
    assert hand.can(Play(card("2S")))
    assert len(hand.legal_actions()) == 11
    # West must follow spades with one of its two.
    hand = hand.apply(Play(card("2S")))
    assert refusal_code(hand, Play(card("2D"))) == "must_follow_suit"
    hand = hand_play_all(hand, cards("AS 2H 5H"))
    assert hand.tricks[-1].winner is W
    # SPEC §1: spades are broken by "a spade played on a trick led in another suit"; a spade led
    # from an all-spade hand does not break them, so West (still holding diamonds) may not lead K♠.
    assert not hand.spades_broken
    assert refusal_code(hand, Play(card("KS"))) == "spades_not_broken"


def test_must_follow_suit_when_able() -> None:
    hand = seed_hand_at_trick(7)  # North leads 2♥; East holds hearts and spades
    hand = hand.apply(Play(card("2H")))
    assert hand.turn is E
    assert hand.led_suit is not None
    refusal = hand.check(Play(card("4S")))
    assert refusal is not None
    assert refusal.code == "must_follow_suit"
    assert refusal.message == "Tienes corazones: debes asistir."
    assert hand.legal_actions() == plays("JH QH KH AH")


def test_must_follow_suit_message_names_the_led_suit() -> None:
    hand = seed_hand_at_trick(1).apply(Play(card("AC")))
    refusal = hand.check(Play(card("2D")))
    assert refusal is not None
    assert refusal.message == "Tienes tréboles: debes asistir."


def test_void_in_the_led_suit_may_discard_without_trumping() -> None:
    hand = hand_play_all(seed_hand_at_trick(10), [card("JH"), card("AS")])
    assert hand.turn is W  # West: no hearts; J♣ and spades
    assert hand.can(Play(card("JC")))
    assert hand.can(Play(card("TS")))


def test_card_not_in_hand_is_refused() -> None:
    hand = seed_hand_at_trick(1)
    refusal = hand.check(Play(card("KH")))
    assert refusal is not None
    assert refusal.code == "card_not_in_hand"
    assert refusal.message == "No tienes esa carta (rey de corazones)."


def test_play_out_of_turn_is_refused() -> None:
    hand = seed_hand_at_trick(1)
    refusal = hand.check(Play(card("4C")), W)
    assert refusal is not None
    assert refusal.code == "not_your_turn"
    assert hand.can(Play(card("AC")), S)
    assert not hand.can(Play(card("4C")), W)


def test_refused_apply_changes_nothing() -> None:
    hand = seed_hand_at_trick(1)
    before = hand
    with pytest.raises(IllegalAction):
        hand.apply(Play(card("AS")))
    assert hand == before
    assert hand.hands == SEED_000_DEAL


def test_the_seed_hand_tricks_winners_and_leaders() -> None:
    hand = hand_bid_all(seed_hand(), SEED_000_BIDS)
    for leader, trick_cards, winner in SEED_000_TRICKS:
        assert hand.turn is leader
        hand = hand_play_all(hand, cards(trick_cards))
        trick = hand.tricks[-1]
        assert (trick.leader, trick.winner) == (leader, winner)
    assert hand.phase is Phase.COMPLETE
    assert hand.is_complete()
    assert hand.turn is None
    assert len(hand.tricks) == 13
    assert hand.won == (5, 2, 3, 3)
    assert hand.hands == (0, 0, 0, 0)
    assert hand.legal_actions() == ()
    assert refusal_code(hand, Play(card("AS"))) == "hand_over"
