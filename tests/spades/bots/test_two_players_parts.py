"""The parts of the computer players at «Dos jugadores» that work on card masks: the draw, the
two-player count and bid, the two-seat play policy and Difícil's sampler and search. Behaviour on
constructed positions (tests/spades/bots/test_two_players_bots.py plays whole games)."""

from __future__ import annotations

import random

from picas.games.spades.bots.evaluate import feature_reasons
from picas.games.spades.bots.knowledge import Knowledge
from picas.games.spades.bots.search import SearchSettings
from picas.games.spades.bots.two_bid import (
    best_bid,
    bid_likelihood_two,
    bid_worth,
    two_bid_for_hand,
)
from picas.games.spades.bots.two_draw import (
    DRAW_REASONS_ES,
    dificil_draw,
    facil_draw,
    normal_draw,
)
from picas.games.spades.bots.two_evaluate import evaluate_two, features_two, tricks_two
from picas.games.spades.bots.two_policy import two_card
from picas.games.spades.bots.two_search import (
    TwoPricer,
    TwoSampler,
    playout_two,
    search_play_two,
    trick_winner_two,
)
from picas.games.spades.rules import Rules
from picas.shared.cards import FULL_DECK_MASK, Card, mask_of
from picas.shared.decks import STANDARD_DECK

S, W = 0, 1


def hand(text: str) -> int:
    return mask_of(Card.parse(word) for word in text.split())


def card(text: str) -> int:
    return int(Card.parse(text))


def unseen_for(mine: int, top: int, seen: int = 0) -> int:
    return FULL_DECK_MASK & ~mine & ~seen & ~(1 << top)


LEVELS = ("facil", "normal", "dificil")


def draw(level: str, mine: int, top: int, seen: int = 0, seed: int = 1) -> bool:
    unseen = unseen_for(mine, top, seen)
    if level == "facil":
        return facil_draw(top, unseen).keep
    if level == "normal":
        return normal_draw(mine, top, unseen).keep
    return dificil_draw(mine, top, unseen, random.Random(seed)).keep


# --- the draw ----------------------------------------------------------------------------------


def test_every_level_keeps_the_top_spades_and_the_aces() -> None:
    for level in LEVELS:
        for mine in (0, hand("4C 7D 9H"), hand("2S 5S KH QC 3D 8D 9C")):
            for top in ("AS", "KS", "AH", "AC"):
                assert draw(level, mine, card(top)), (level, top, mine)


def test_every_level_puts_a_lone_low_card_out_early() -> None:
    for level in LEVELS:
        assert not draw(level, 0, card("2C")), level
        assert not draw(level, hand("5H"), card("3D")), level
        assert not draw(level, hand("9S KD"), card("4H")), level


def test_a_fifth_low_card_of_a_long_side_suit_goes() -> None:
    mine = hand("3C 5C 7C 9C 4S 8D")
    for level in ("normal", "dificil"):
        assert not draw(level, mine, card("6C")), level
    choice = normal_draw(mine, card("6C"), unseen_for(mine, card("6C")))
    assert choice.reason == "draw_discard_long"
    assert choice.text_es().startswith("Descártala")


def test_the_reasons_speak_spanish_and_say_which_way() -> None:
    mine = hand("4C 7D 9H")
    kept = normal_draw(mine, card("AS"), unseen_for(mine, card("AS")))
    assert kept.keep
    assert kept.text_es() == "Quédatela: una pica alta es una baza segura"
    gone = normal_draw(mine, card("2C"), unseen_for(mine, card("2C")))
    assert not gone.keep
    assert gone.text_es() == "Descártala: la siguiente puede servir más"
    for code, words in DRAW_REASONS_ES.items():
        assert words.startswith("Quédatela" if code.startswith("draw_keep") else "Descártala")


def test_difficil_values_a_short_suit_late_when_its_spades_can_ruff() -> None:
    """Late in the draw, with many spades and one heart, a second low heart is worth less to
    Difícil than the average unseen card (the singleton ruffs); with no spades the shape counts
    for nothing."""
    long_spades = hand("4S 6S 8S 9S JS QS AC KC QD JD 5H 7C")
    heart = card("3H")
    gain = dificil_draw(long_spades, heart, unseen_for(long_spades, heart), random.Random(3)).gain
    assert gain < 0


def test_difficil_draw_is_deterministic_for_its_generator() -> None:
    mine = hand("4S KD 7C 9H 2D")
    top = card("QH")
    unseen = unseen_for(mine, top)
    first = dificil_draw(mine, top, unseen, random.Random(42))
    second = dificil_draw(mine, top, unseen, random.Random(42))
    assert first == second


# --- the count and the bid --------------------------------------------------------------------


def test_the_features_add_up_to_the_count() -> None:
    rng = random.Random(5)
    for _ in range(200):
        cards = rng.sample(range(52), 13)
        mask = mask_of(Card(c) for c in cards)
        evaluation = evaluate_two(mask)
        assert abs(evaluation.tricks - tricks_two(mask)) < 1e-9
        features = sum(f.tricks for f in features_two(mask))
        assert abs(features - (tricks_two(mask) - tricks_two(0))) < 1e-9


def test_stronger_hands_count_more() -> None:
    weak = hand("2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 6H")
    spades = hand("2C 3C 4C 5C 2D 3D 4D 5D 2S 3S 4S 5S 6S")
    honours = hand("AS KS QS AH KH AD KD AC KC QC QD QH JS")
    assert tricks_two(weak) < tricks_two(spades) < tricks_two(honours)
    assert tricks_two(honours) > 9


def test_the_bid_stays_under_the_count_where_a_set_costs_more() -> None:
    for count in (3.0, 5.5, 6.5, 8.0, 10.0):
        bid = best_bid(count)
        assert 1 <= bid <= round(count)
        assert bid_worth(bid, count) >= bid_worth(bid + 1, count)


def test_two_player_reasons_name_the_cards_and_say_you_alone() -> None:
    mask = hand("AS KS 5S 6S 7S AH 4H 5H 2D 3D 4D 5D 6C")
    decision = two_bid_for_hand(mask, None)
    assert decision.bid >= 3
    assert "♠A ♥A seguras" in decision.reasons
    assert "5 picas: las pequeñas también ganan" in decision.reasons
    told = feature_reasons(decision.evaluation, name_cards=False)
    assert any("picas" in r.text for r in told)


def test_a_two_player_nil_is_never_bid_from_a_hand_that_takes_tricks() -> None:
    assert two_bid_for_hand(hand("AS KS QS AH KH AD KD AC KC QC QD QH JS"), None).bid >= 8
    low = hand("2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 2S")
    assert two_bid_for_hand(low, None).bid == 1  # even the lowest hand: a Nil is rarely made


# --- play ------------------------------------------------------------------------------------


def test_second_hand_takes_cheaply_when_it_wants_tricks_and_ducks_when_it_does_not() -> None:
    mine = hand("3H 9H KH 4C")
    bids = [3, 4, -1, -1]
    played = two_card(S, mine, [card("8H")], 0, 0, bids, [0, 0, 0, 0], False, 4)
    assert played == card("9H")
    played = two_card(S, mine, [card("8H")], 0, 0, bids, [3, 3, 0, 0], False, 8)
    assert played == card("3H")  # the contract is made and setting West is out of reach
    played = two_card(S, mine, [card("8H")], 0, 0, bids, [3, 0, 0, 0], False, 4)
    assert played == card("9H")  # West needs all four tricks left: one more sets him


def test_second_hand_ruffs_with_its_lowest_spade_when_void() -> None:
    mine = hand("3S 9S 4C")
    bids = [5, 4, -1, -1]
    assert two_card(S, mine, [card("8H")], 0, 0, bids, [0, 0, 0, 0], True, 3) == card("3S")


def test_a_nil_ducks_under_the_card_led() -> None:
    mine = hand("3H 7H JH 4C")
    assert two_card(S, mine, [card("9H")], 0, 0, [0, 4, -1, -1], [0, 0, 0, 0], False, 4) == card(
        "7H"
    )


def test_the_leader_cashes_a_card_the_opponent_cannot_beat() -> None:
    mine = hand("AH 4H 5C 6D")
    opp = hand("3H 7H 9C 8D")  # exact: a playout's opponent
    assert two_card(S, mine, [], opp, 4, [4, 3, -1, -1], [0, 0, 0, 0], False, 4) == card("AH")


def test_the_trick_winner_of_two_cards() -> None:
    assert trick_winner_two(card("8H"), card("9H")) == 1
    assert trick_winner_two(card("8H"), card("2S")) == 1
    assert trick_winner_two(card("8H"), card("AD")) == 0
    assert trick_winner_two(card("2S"), card("AH")) == 0
    assert trick_winner_two(card("QS"), card("KS")) == 1


def test_a_playout_deals_out_all_thirteen_tricks() -> None:
    rng = random.Random(8)
    for _ in range(50):
        cards = rng.sample(range(52), 26)
        south = mask_of(Card(c) for c in cards[:13])
        west = mask_of(Card(c) for c in cards[13:])
        won = playout_two([south, west, 0, 0], [], 0, [0, 0, 0, 0], False, [4, 4, -1, -1], 13)
        assert won[0] + won[1] == 13
        assert won[2] == won[3] == 0


def test_the_pricer_scores_each_player_alone() -> None:
    rules = Rules()
    pricer = TwoPricer(rules, S, [5, 6, -1, -1], [0, 0])
    assert pricer.points(S, 6)[:2] == (51, 1)
    assert pricer.points(W, 5)[0] == -60
    nil = TwoPricer(rules, S, [0, 6, -1, -1], [0, 0])
    assert nil.points(S, 0)[0] == 100
    assert nil.points(S, 1)[0] == -99  # −100, and the trick is a bag worth +1 (seeds/000)


# --- Difícil's sampler: what it saw is never dealt to the opponent ---------------------------


def knowledge(
    mine: int, seen_out: int, played: int, opp_voids: int, opp_size: int, trick: tuple[int, ...]
) -> Knowledge:
    unseen = FULL_DECK_MASK & ~mine & ~seen_out & ~played
    voids = (0, opp_voids, 0, 0)
    void_cards = 0
    for suit in range(4):
        if opp_voids >> suit & 1:
            void_cards |= STANDARD_DECK.suit_masks[suit]
    return Knowledge(
        seat=S,
        mine=mine,
        played=played,
        unseen=unseen,
        voids=voids,
        possible=(mine, unseen & ~void_cards, 0, 0),
        seat_played=(0, 0, 0, 0),
        sizes=(mine.bit_count(), opp_size, 0, 0),
        trick=trick,
        leader=W if trick else S,
        bids=(4, 5, -1, -1),
        won=(2, 2, 0, 0),
        broken=True,
        tricks_left=mine.bit_count(),
        deck=STANDARD_DECK,
    )


def test_the_sampler_deals_the_opponent_only_cards_he_may_hold() -> None:
    rng = random.Random(4)
    for _ in range(30):
        cards = rng.sample(range(52), 52)
        mine = mask_of(Card(c) for c in cards[:9])
        seen_out = mask_of(Card(c) for c in cards[9:20])
        played = mask_of(Card(c) for c in cards[20:28])
        k = knowledge(mine, seen_out, played, 0b0100, 9, ())
        sampler = TwoSampler(k)
        hearts = STANDARD_DECK.suit_masks[2]
        for _ in range(20):
            hands = sampler.deal(rng)
            if hands is None:  # he may be void of hearts with too few other cards left
                continue
            opp = hands[W]
            assert opp.bit_count() == 9
            assert not opp & (mine | seen_out | played)
            assert not opp & hearts
            assert hands[S] == mine
            # The rest of the unseen cards are out of play, in the pile.
            assert opp | hands[2] == k.unseen


def test_the_search_plays_a_legal_card_and_is_deterministic() -> None:
    rng = random.Random(6)
    settings = SearchSettings(playouts=200)
    for _ in range(10):
        cards = rng.sample(range(52), 52)
        mine = mask_of(Card(c) for c in cards[:6])
        played = mask_of(Card(c) for c in cards[6:20])
        k = knowledge(mine, 0, played, 0, 6, ())
        first = search_play_two(k, Rules(), (0, 0), random.Random(1), settings)
        second = search_play_two(k, Rules(), (0, 0), random.Random(1), settings)
        assert first == second
        assert mine >> first[0] & 1


def test_the_two_card_trick_winner_is_the_rules_on_either_deck() -> None:
    """The playouts' winner of a two-card trick against the engine's rule (the rules' trick rule:
    ♠ trump, at «Comodines» the jokers above it) for every pair of cards of each deck."""
    from picas.shared.trick_winner import trick_winner_index

    for rules in (Rules(), Rules(jokers=True, players=2)):
        cards = rules.deck.order
        rule = rules.trick_rule
        for first in cards:
            for second in cards:
                if first != second:
                    expected = trick_winner_index([first, second], rule.trump, rule.top)
                    assert trick_winner_two(first, second) == expected, (first, second)


def test_an_early_king_or_queen_is_kept_as_it_will_most_likely_be_guarded() -> None:
    for level in ("facil", "normal", "dificil"):
        assert draw(level, 0, card("KH")), level
        assert draw(level, hand("4C 9S"), card("KD")), level


# --- Difícil's sampler weighs the deals by the opponent's bid -------------------------------------


def test_an_opponents_bid_is_likeliest_with_the_hand_normal_would_bid_it_with() -> None:
    rules = Rules()
    strong = hand("AS KS QS JS TS 9S AH KH AD KD AC 2C 3C")
    weak = hand("2S 3H 4H 5H 6H 2D 3D 4D 5D 2C 3C 4C 5C")
    said = two_bid_for_hand(strong, None, rules=rules, use_score=False).bid
    assert bid_likelihood_two(said, strong, rules) == 1.0
    assert bid_likelihood_two(said - 2, strong, rules) < bid_likelihood_two(said - 1, strong, rules)
    assert bid_likelihood_two(0, strong, rules) < 0.2  # nobody Nils with that
    assert bid_likelihood_two(0, weak, rules) > bid_likelihood_two(0, strong, rules)


def test_weighed_deals_give_an_opponent_who_bid_high_a_stronger_hand() -> None:
    rng = random.Random(5)
    cards = rng.sample(range(52), 52)
    mine = mask_of(Card(c) for c in cards[:13])
    seen_out = mask_of(Card(c) for c in cards[13:26])
    rules = Rules.from_json({**Rules().to_json(), "players": 2})
    counts = []
    for bid in (2, 8):
        k = knowledge(mine, seen_out, 0, 0, 13, ())._replace(bids=(-1, bid, -1, -1))
        sampler = TwoSampler(k, rules)
        draws = [sampler.draw(random.Random(seed)) for seed in range(150)]
        counts.append(sum(evaluate_two(h[W], jokers=False).tricks for h in draws if h) / 150)
    unweighed = TwoSampler(knowledge(mine, seen_out, 0, 0, 13, ()))  # no rules: not weighed
    plain = [unweighed.draw(random.Random(seed)) for seed in range(150)]
    middle = sum(evaluate_two(h[W], jokers=False).tricks for h in plain if h) / 150
    assert counts[0] < middle < counts[1]
