"""The computer players at «Comodines»: the jokers are the top trumps for the evaluator, the play
policy, Difícil's samplers and the hint; the tip says so («con el comodín grande, una baza
segura»); every level plays legal joker games (tests/spades/engine/test_jokers.py has the rules)."""

from __future__ import annotations

import random

import pytest
from bot_helpers import ALL_LEVELS, E, N, S, W, act

from picas.games.spades import GameState, Rules, Seat, find_profile
from picas.games.spades.bots.base import play_bots
from picas.games.spades.bots.evaluate import NORMAL_STYLE, bid_for_hand, evaluate_hand
from picas.games.spades.bots.hint import label, suggest_play
from picas.games.spades.bots.knowledge import know
from picas.games.spades.bots.policy import choose, legal_mask
from picas.games.spades.bots.registry import load_bot
from picas.games.spades.bots.search import draw_sample, sample_hands
from picas.games.spades.bots.tip import suggest_bid
from picas.games.spades.view import view_for
from picas.shared.cards import JOKERS_MASK, Card, mask_of

JOKERS = find_profile("casa").with_settings(jokers=True)
OUT = mask_of(Card.parse(c) for c in ("2H", "2D"))


def hand(text: str) -> int:
    return mask_of(Card.parse(word) for word in text.split())


def joker_table(south: str, west: str = "", north: str = "", east: str = "") -> GameState:
    """A joker game whose first deal gives each seat the cards written for it; the rest of the
    variant's deck goes lowest first to the seats still short of 13 (West, North, East, South)."""
    given = [hand(south), hand(west), hand(north), hand(east)]
    deck = JOKERS.deck.cards
    union = given[0] | given[1] | given[2] | given[3]
    rest = [c for c in range(54) if deck >> c & 1 and not union >> c & 1]
    while rest:
        for seat in (W, N, E, S):
            if given[seat].bit_count() < 13 and rest:
                given[seat] |= 1 << rest.pop(0)
    rules = Rules.from_json({**JOKERS.to_json(), "first_dealer": "east"})
    return GameState.new(rules, "ABCDEFGH", deals=((given[0], given[1], given[2], given[3]),))


# --- the bid --------------------------------------------------------------------------------------

JOKER_HAND = "BJ LJ AS 3S 4C 5C 6C 7D 8D 9D 4H 5H 6H"


def test_the_evaluator_counts_both_jokers_as_sure_and_the_ace_under_them() -> None:
    evaluation = evaluate_hand(hand(JOKER_HAND), jokers=True)
    sure = {c for f in evaluation.features if f.kind == "sure" for c in f.cards}
    assert sure == {53, 52, 51}  # BJ, LJ and ♠A below them: three top trumps in a row
    # Without its jokers ♠A is the third trump: not sure, an honour.
    alone = evaluate_hand(hand("AS 3S 4S 4C 5C 6C 7D 8D 9D 4H 5H 6H 7H"), jokers=True)
    assert not any(f.kind == "sure" and 51 in f.cards for f in alone.features)
    assert any(f.kind == "honour" and 51 in f.cards for f in alone.features)
    # The standard game's count is unchanged: ♠A is sure there.
    standard = evaluate_hand(hand("AS 3S 4S 4C 5C 6C 7D 8D 9D 4H 5H 6H 7H"))
    assert any(f.kind == "sure" and 51 in f.cards for f in standard.features)


def test_the_big_joker_alone_is_a_sure_trick_and_the_tip_says_so() -> None:
    decision = bid_for_hand(
        hand("BJ 3S 4C 5C 6C 7D 8D 9D 4H 5H 6H 7H 8H"), None, None, NORMAL_STYLE, rules=JOKERS
    )
    assert "con el comodín grande, una baza segura" in decision.reasons
    assert decision.bid >= 1
    both = bid_for_hand(hand(JOKER_HAND), None, None, NORMAL_STYLE, rules=JOKERS)
    assert "con los dos comodines, dos bazas seguras" in both.reasons
    assert both.bid >= 2  # three sure trumps at Normal's 0.8


def test_a_joker_is_never_a_nil_hand() -> None:
    low = "LJ 3C 4C 5C 6C 3D 4D 5D 3H 4H 5H 6H 7H"
    assert evaluate_hand(hand(low), jokers=True).nil_danger >= 3.0
    assert bid_for_hand(hand(low), None, None, NORMAL_STYLE, rules=JOKERS).bid != 0


def test_the_page_tip_names_the_jokers() -> None:
    game = joker_table("BJ LJ AS 3S 4C 5C 6C 7D 8D 9D 4H 5H 6H")
    tip = suggest_bid(view_for(game, S))
    assert any("comodines" in reason for reason in tip.reasons)


# --- the play -------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_every_level_plays_legal_joker_games(level: str) -> None:
    rules = Rules.from_json({**JOKERS.to_json(), "target": 100})
    bots = {seat: load_bot(level) for seat in Seat}
    game, _ = play_bots(
        GameState.new(rules, "JK2MNPQR"),
        bots,
        position=0,
        stop=lambda g: len(g.history) >= 2,
    )
    assert game.history
    for result in game.history:
        assert len(result.hand.tricks) == 13
        for trick in result.hand.tricks:
            assert not any(1 << c & OUT for c in trick.cards)


def test_a_seat_needing_tricks_draws_trumps_with_the_big_joker() -> None:
    # South leads with spades broken and needs tricks, no side master: the policy leads the big
    # joker (nothing beats it) to draw trumps, as it leads ♠A in the standard game.
    mine = hand("BJ 3S 4S 5S 3C 4C 5C 6C 7C 3D 4D 5D 6D")
    others = JOKERS.deck.cards & ~mine
    card = choose(
        0, mine, [], 0, [mine, others, others, others], [6, 2, 1, 2], [0, 0, 0, 0], True, 13
    )
    assert card == 53
    # The little joker is not a master while the big one is out: it is kept.
    mine = hand("LJ 3S 4S 5S 3C 4C 5C 6C 7C 3D 4D 5D 6D")
    others = JOKERS.deck.cards & ~mine
    card = choose(
        0, mine, [], 0, [mine, others, others, others], [6, 2, 1, 2], [0, 0, 0, 0], True, 13
    )
    assert card != 52


def test_the_bots_follow_a_spade_lead_with_a_joker_and_a_joker_lead_with_spades() -> None:
    mine = hand("LJ 3C 4C 5C 6C 7C 3D 4D 5D 6D 7D 8D 9D")
    assert legal_mask(mine, [int(Card.parse("QS")), int(Card.parse("KS"))], True) == 1 << 52
    spades = hand("3S 9S 3C")
    assert legal_mask(spades, [53], True) == hand("3S 9S")


def test_difficils_samples_deal_the_variant_deck() -> None:
    game = joker_table("BJ 3S 4C 5C 6C 7D 8D 9D 4H 5H 6H 7H 8H")
    game = act(game, 3)
    k = know(view_for(game, W))
    assert k.unseen | k.mine == JOKERS.deck.cards
    rng = random.Random(5)
    for _ in range(20):
        hands = sample_hands(k, rng)
        assert hands is not None
        assert hands[0] | hands[1] | hands[2] | hands[3] == JOKERS.deck.cards
        assert not (hands[0] | hands[1] | hands[2] | hands[3]) & OUT
        weighed = draw_sample(k, rng)
        assert weighed is not None
        assert (weighed[0] | weighed[1] | weighed[2] | weighed[3]) & JOKERS_MASK == JOKERS_MASK


def test_a_seat_shown_out_of_spades_is_dealt_no_joker_in_the_samples() -> None:
    game = joker_table("BJ 3S 4C 5C 6C 7D 8D 9D 4H 5H 6H 7H 8H")
    game = act(game, 3)
    k = know(view_for(game, W))
    east_out_of_spades = k._replace(voids=(k.voids[0], k.voids[1], k.voids[2], 0b1000))
    rng = random.Random(2)
    for _ in range(20):
        hands = sample_hands(east_out_of_spades, rng)
        assert hands is not None
        assert not hands[E] & (JOKERS_MASK | 0x1FFF << 39)


def test_the_hint_names_a_joker() -> None:
    assert label(53) == "el comodín grande"
    assert label(52) == "el comodín pequeño"
    game = joker_table("BJ 3S 4C 5C 6C 7D 8D 9D 4H 5H 6H 7H 8H")
    game = act(game, 3, 1, 1, 1)
    hint = suggest_play(view_for(game, S))
    assert hint.card in (view_for(game, S).hand or ())
    if hint.card.code == "BJ":
        assert "comodín grande" in hint.reason
