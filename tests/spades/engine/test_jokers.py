"""«Comodines» (docs/house-rules.md): the big and the little joker are the two highest trumps
(big above little above ♠A), ♥2 and ♦2 leave the deck, and a joker is a spade for following suit,
leading and breaking spades. Rule tests, oracles written from the rule text (the trick winner, the
legal cards, the scoring of a hand), records that name the variant and the refusals of cards that
are not in the game's deck."""

from __future__ import annotations

import json
import random

import pytest
from engine_helpers import mask
from hypothesis import given, settings
from hypothesis import strategies as st

from picas.games.spades import (
    Bid,
    Card,
    GameState,
    HandState,
    Play,
    Rules,
    Seat,
    find_profile,
)
from picas.games.spades.bots.policy import winner_position
from picas.games.spades.record import SpadesRecord
from picas.record import read_record
from picas.shared.cards import ANY_CARD, JOKERS_MASK, cards_in
from picas.shared.deals import code_from_bytes, deal_for
from picas.shared.errors import PicasError
from picas.shared.record import final_state
from picas.shared.trick_winner import trick_winner_index

CASA = find_profile("casa")
JOKERS = CASA.with_settings(jokers=True)
CODE = "M4RT9QZX"
BJ, LJ = Card.parse("BJ"), Card.parse("LJ")
OUT = {Card.parse("2H"), Card.parse("2D")}
JOKER_DECK = [c for c in ANY_CARD if c not in OUT]


# --- the cards and the deck ----------------------------------------------------------------------


def test_the_jokers_are_spelt_named_and_read_back() -> None:
    assert (LJ.code, BJ.code) == ("LJ", "BJ")
    assert (int(LJ), int(BJ)) == (52, 53)
    assert (LJ.name_es, BJ.name_es) == ("comodín pequeño", "comodín grande")
    assert Card.parse("bj") is BJ
    assert Card.parse(" lj ") is LJ
    assert LJ.is_joker
    assert not Card.parse("AS").is_joker
    assert LJ.suit.name == "SPADES"  # a joker follows as a spade
    with pytest.raises(ValueError, match="comodín"):
        _ = BJ.rank


def test_the_variant_deck_is_52_cards_without_the_red_deuces_and_with_both_jokers() -> None:
    deck = JOKERS.deck
    assert deck.cards.bit_count() == 52
    assert set(cards_in(deck.cards)) == set(JOKER_DECK)
    assert not deck.cards & mask("2H 2D")
    assert deck.cards & JOKERS_MASK == JOKERS_MASK
    assert CASA.deck.cards == (1 << 52) - 1


@pytest.mark.parametrize("number", [1, 2, 9])
def test_a_code_deals_the_variant_deck_13_each_and_the_same_every_time(number: int) -> None:
    hands = deal_for(CODE, number, Seat.EAST, JOKERS.deck)
    assert [h.bit_count() for h in hands] == [13, 13, 13, 13]
    assert hands[0] | hands[1] | hands[2] | hands[3] == JOKERS.deck.cards
    assert deal_for(CODE, number, Seat.EAST, JOKERS.deck) == hands
    first = GameState.new(JOKERS, CODE).hand.hands
    assert first == GameState.new(JOKERS, CODE).hand.hands
    # The standard game's deals are untouched by the variant.
    assert GameState.new(CASA, CODE).hand.hands == deal_for(CODE, 1, Seat.EAST)


# --- the rules object and the record -------------------------------------------------------------


def test_the_record_names_the_variant_only_when_set() -> None:
    assert "jokers" not in CASA.to_json()
    data = JOKERS.to_json()
    assert data["jokers"] is True
    assert Rules.from_json(data) == JOKERS
    assert JOKERS.variants == ("Comodines",)
    with pytest.raises(PicasError):
        Rules.from_json({**CASA.to_json(), "jokers": 1})


def test_a_joker_record_replays_and_names_its_variant() -> None:
    game = GameState.new(JOKERS, CODE)
    actions = []
    rng = random.Random(3)
    while game.hand.number == 1 and game.outcome is None:
        action = rng.choice(game.legal_actions())
        actions.append(action)
        game = game.apply(action)
    record = SpadesRecord(JOKERS, game.code, actions=tuple(actions))
    text = json.dumps(record.to_json())
    assert '"jokers": true' in text
    again = read_record(json.loads(text))
    assert again.rules == JOKERS
    assert final_state(again) == game
    # Explicit deals with jokers are written and read back by their codes.
    dealt = SpadesRecord(JOKERS, game.code, deals=(game.history[0].hand.dealt,))
    assert '"BJ' in json.dumps(dealt.to_json()) or 'BJ"' in json.dumps(dealt.to_json())
    assert read_record(dealt.to_json()) == dealt


# --- following, leading, breaking ----------------------------------------------------------------

# Hand-built: South holds LJ as its only "spade"; West holds BJ and spades; spades unbroken.
_SOUTH = "LJ AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C"
_WEST = "BJ AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"
_NORTH = "2C AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D"
_EAST = "2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H"


def _hand() -> HandState:
    hand = HandState.deal(
        number=1,
        dealer=Seat.EAST,
        hands=(mask(_SOUTH), mask(_WEST), mask(_NORTH), mask(_EAST)),
        top=JOKERS_MASK,
    )
    for _ in range(4):
        hand = hand.apply(Bid(3))
    return hand


def _codes(hand: HandState) -> set[str]:
    return {c.code for c in cards_in(hand.legal_play_mask())}


def test_a_joker_may_not_be_led_before_spades_are_broken_while_other_suits_are_held() -> None:
    hand = _hand()
    assert "LJ" not in _codes(hand)
    refusal = hand.check(Play(LJ))
    assert refusal is not None
    assert refusal.code == "spades_not_broken"


def test_a_player_whose_only_spade_is_a_joker_must_play_it_on_a_spade_lead() -> None:
    hand = _hand()
    hand = hand.apply(Play(Card.parse("3C")))  # S leads a club
    hand = hand.apply(Play(Card.parse("3S")))  # W is void in clubs: a spade breaks spades
    assert hand.spades_broken
    hand = hand.apply(Play(Card.parse("2C")))  # N
    hand = hand.apply(Play(Card.parse("3H")))  # E discards; W's ♠3 wins
    assert hand.tricks[-1].winner is Seat.WEST
    hand = hand.apply(Play(Card.parse("4S")))  # W leads a spade
    assert hand.turn is Seat.NORTH
    hand = hand.apply(Play(Card.parse("3D")))  # N has no spade and no joker: any card
    assert _codes(hand) == {"2S"}  # E must follow with its only spade
    hand = hand.apply(Play(Card.parse("2S")))
    assert _codes(hand) == {"LJ"}  # S: the joker is its only spade
    refusal = hand.check(Play(Card.parse("AC")))
    assert refusal is not None
    assert refusal.code == "must_follow_suit"
    hand = hand.apply(Play(LJ))
    assert hand.tricks[-1].winner is Seat.SOUTH  # the little joker over ♠4


def test_a_joker_led_is_a_spade_lead_and_the_big_joker_beats_the_little_one() -> None:
    hand = _hand()
    hand = hand.apply(Play(Card.parse("3C")))
    hand = hand.apply(Play(BJ))  # W void in clubs: the big joker breaks spades and wins
    assert hand.spades_broken
    hand = hand.apply(Play(Card.parse("2C")))
    hand = hand.apply(Play(Card.parse("3H")))
    assert hand.tricks[-1].winner is Seat.WEST
    # West leads ♠A; then the little joker wins it over the ace.
    hand = hand.apply(Play(Card.parse("AS")))
    hand = hand.apply(Play(Card.parse("4D")))
    hand = hand.apply(Play(Card.parse("2S")))
    hand = hand.apply(Play(LJ))
    assert hand.tricks[-1].winner is Seat.SOUTH
    # A joker led: spades must follow (E has none left: any card).
    hand2 = _hand().apply(Play(Card.parse("4C"))).apply(Play(BJ))
    hand2 = hand2.apply(Play(Card.parse("2C"))).apply(Play(Card.parse("3H")))
    assert hand2.leader is Seat.WEST
    hand2 = hand2.apply(Play(Card.parse("3S")))  # W leads a spade
    hand2 = hand2.apply(Play(Card.parse("5D")))
    assert _codes(hand2) == {"2S"}


# --- cards not in the game's deck ----------------------------------------------------------------


def test_a_joker_in_a_game_without_jokers_is_refused_with_a_clear_code() -> None:
    game = GameState.new(CASA, CODE)
    for _ in range(4):
        game = game.apply(game.legal_actions()[-1])
    refusal = game.check(Play(BJ))
    assert refusal is not None
    assert refusal.code == "card_not_in_deck"
    assert "comodín grande" in refusal.message


def test_a_red_deuce_in_a_joker_game_is_refused_with_a_clear_code() -> None:
    game = GameState.new(JOKERS, CODE)
    for _ in range(4):
        game = game.apply(game.legal_actions()[-1])
    for code in ("2H", "2D"):
        refusal = game.check(Play(Card.parse(code)))
        assert refusal is not None
        assert refusal.code == "card_not_in_deck"
        assert "Comodines" in refusal.message


def test_a_record_with_a_card_not_in_its_deck_is_refused_at_its_position() -> None:
    record = SpadesRecord(CASA, CODE).to_json()
    record["actions"] = [3, 3, 3, 3, "BJ"]
    with pytest.raises(PicasError) as info:
        final_state(read_record(record))
    assert info.value.code == "card_not_in_deck"
    assert "Acción 5 (BJ)" in info.value.message
    # An explicit deal with a joker in a game without them is refused too.
    joker_deal = deal_for(CODE, 1, Seat.EAST, JOKERS.deck)
    with pytest.raises(PicasError) as dealt:
        GameState.new(CASA, CODE, deals=(joker_deal,))
    assert dealt.value.code == "invalid_deal"


# --- oracles from the rule text ------------------------------------------------------------------


def oracle_winner(cards: list[Card]) -> int:
    """The rule text: the big joker, else the little one, else the highest spade, else the highest
    card of the led suit (a joker led is a spade lead)."""
    for joker in (BJ, LJ):
        if joker in cards:
            return cards.index(joker)
    spades = [c for c in cards if c.code.endswith("S")]
    if spades:
        return cards.index(max(spades))
    led = cards[0].code[-1]
    return cards.index(max(c for c in cards if c.code[-1] == led))


@settings(max_examples=400, deadline=None)
@given(st.permutations(JOKER_DECK).map(lambda deck: deck[:4]))
def test_the_trick_winner_agrees_with_the_oracle(cards: list[Card]) -> None:
    expected = oracle_winner(cards)
    assert trick_winner_index(cards, 3, JOKERS_MASK) == expected
    assert winner_position([int(c) for c in cards]) == expected  # the bots' own rule


def oracle_legal(held: list[Card], trick: list[Card], broken: bool) -> set[Card]:
    """The rule text: follow the led suit if able (jokers are spades); a spade or a joker is led
    only once spades are broken or when nothing else is held."""

    def suit(card: Card) -> str:
        return "S" if card.is_joker else card.code[-1]

    if trick:
        follow = {c for c in held if suit(c) == suit(trick[0])}
        return follow or set(held)
    if broken:
        return set(held)
    return {c for c in held if suit(c) != "S"} or set(held)


def oracle_team(bids: tuple[int, int], tricks: tuple[int, int]) -> tuple[int, int, int]:
    """Lines 1–3 of a team's first hand at the casa rules (seeds/000's text): a Nil bidder's tricks
    are bags worth +1 and never count for the partner; Nil ±100; the contract ±10 a trick, +1 a
    bag over it."""
    contract = sum(b for b in bids if b)
    counted = sum(t for b, t in zip(bids, tricks, strict=True) if b)
    nil_bags = sum(t for b, t in zip(bids, tricks, strict=True) if not b)
    nil = sum((100 if not t else -100) for b, t in zip(bids, tricks, strict=True) if not b)
    if not contract:
        return (0, nil_bags, nil)
    if counted >= contract:
        return (10 * contract, counted - contract + nil_bags, nil)
    return (-10 * contract, nil_bags, nil)


@settings(max_examples=40, deadline=None)
@given(seed=st.binary(min_size=5, max_size=5), picks=st.randoms(use_true_random=False))
def test_random_joker_hands_keep_the_rules_and_score_as_the_oracle(
    seed: bytes, picks: random.Random
) -> None:
    game = GameState.new(JOKERS, code_from_bytes(seed))
    broken = False
    won = [0, 0, 0, 0]
    while game.hand.number == 1 and game.outcome is None:
        hand = game.hand
        legal = game.legal_actions()
        if hand.phase.value == "playing":
            assert hand.turn is not None
            held = list(cards_in(hand.hands[hand.turn]))
            assert not set(held) & OUT
            assert {a.card for a in legal if isinstance(a, Play)} == oracle_legal(
                held, list(hand.trick), broken
            )
            action = picks.choice(legal)
            assert isinstance(action, Play)
            trick = [*hand.trick, action.card]
            if len(trick) > 1 and (action.card >= 39 and trick[0] < 39):
                broken = True
            if len(trick) == 4:
                won[(hand.leader + oracle_winner(trick)) & 3] += 1
        else:
            action = picks.choice(legal)
        game = game.apply(action)
    result = game.history[0]
    assert list(result.hand.won) == won
    bids = result.hand.bids
    for team, sheet in enumerate(result.sheets):
        pair = (bids[team], bids[team + 2])
        assert None not in pair
        expected = oracle_team((int(pair[0] or 0), int(pair[1] or 0)), (won[team], won[team + 2]))
        assert sheet.lines[:3] == expected
