"""Views: the only door out of the engine. A view never shows another player's cards."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from picas.games.spades import Bid, GameState, LookAtCards, Rules, Seat, cards_in
from picas.games.spades.game import Deal
from picas.games.spades.view import view_for, view_to_json
from picas.shared.deals import deal_for


def _swap_hidden_cards(deal: Deal, a: Seat, b: Seat, rng: random.Random) -> Deal:
    """Swap one random card between seats ``a`` and ``b`` (same suit, so legality is unchanged)."""
    hands = list(deal)
    for _ in range(100):
        card_a = rng.choice(cards_in(hands[a]))
        same_suit = [c for c in cards_in(hands[b]) if c.suit == card_a.suit]
        if same_suit:
            card_b = rng.choice(same_suit)
            hands[a] ^= (1 << card_a) | (1 << card_b)
            hands[b] ^= (1 << card_a) | (1 << card_b)
            break
    return (hands[0], hands[1], hands[2], hands[3])


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.sampled_from(list(Seat)))
def test_states_differing_only_in_hidden_cards_give_identical_views(
    seed: int, viewer: Seat
) -> None:
    rng = random.Random(seed)
    deal = deal_for("K7PMX4QH", 1, Seat.EAST)
    others = [seat for seat in Seat if seat is not viewer]
    a, b = rng.sample(others, 2)
    twin_deal = _swap_hidden_cards(deal, a, b, rng)
    assert twin_deal != deal

    game = GameState.new(Rules(), "K7PMX4QH", deals=(deal,))
    twin = GameState.new(Rules(), "K7PMX4QH", deals=(twin_deal,))
    for bid in (3, 3, 3, 3):
        game, twin = game.apply(Bid(bid)), twin.apply(Bid(bid))
    steps = rng.randrange(0, 30)
    for _ in range(steps):
        # Play the same card in both games while it is legal in both: hidden swaps are same-suit.
        choices = [action for action in game.legal_actions() if twin.can(action)]
        if not choices:
            break
        action = rng.choice(choices)
        game, twin = game.apply(action), twin.apply(action)
    # Only compare while neither swapped card has been played (then they'd become public).
    if game.hand.hands[a] ^ twin.hand.hands[a] == deal[a] ^ twin_deal[a]:
        assert view_for(game, viewer) == view_for(twin, viewer)
        assert view_to_json(view_for(game, viewer)) == view_to_json(view_for(twin, viewer))


def test_a_view_holds_only_the_viewers_cards() -> None:
    game = GameState.new(Rules(), "K7PMX4QH")
    view = view_for(game, Seat.SOUTH)
    assert view.hand == cards_in(game.hand.hands[Seat.SOUTH])
    text = json.dumps(view_to_json(view))
    for seat in (Seat.WEST, Seat.NORTH, Seat.EAST):
        for card in cards_in(game.hand.hands[seat]):
            assert f'"{card.code}"' not in text


def test_legal_actions_only_on_the_viewers_turn() -> None:
    game = GameState.new(Rules(), "K7PMX4QH")  # East deals, South bids first
    assert view_for(game, Seat.SOUTH).legal
    assert view_for(game, Seat.WEST).legal == ()
    game = game.apply(Bid(2))
    assert view_for(game, Seat.SOUTH).legal == ()
    assert view_for(game, Seat.WEST).my_turn


def test_dimmed_cards_carry_their_reason() -> None:
    game = GameState.new(Rules(), "K7PMX4QH")
    for bid in (3, 3, 3, 3):
        game = game.apply(Bid(bid))
    view = view_for(game, Seat.SOUTH)
    held = set(view.hand or ())
    playable = {action.card for action in view.legal}  # type: ignore[union-attr]
    refused = {card for card, _ in view.refusals}
    assert playable | refused == held
    assert not playable & refused
    for _card, refusal in view.refusals:
        assert refusal.code == "spades_not_broken"
        assert refusal.message == "Las picas aún no se han roto."


def test_cards_stay_face_down_until_blind_nil_is_decided() -> None:
    rules = Rules(blind_nil=True)
    game = GameState.new(rules, "K7PMX4QH")
    # Put North–South 150 behind and deal the next hand by finishing one with explicit totals.
    behind = game._replace(totals=(0, 150))
    hand = behind._deal(2, behind.totals)
    game = behind._replace(hand=hand)
    south_first = game.hand.dealer.left
    view = view_for(game, Seat.NORTH)
    assert view.hand is None
    assert view.blind_nil_offered
    assert view_for(game, Seat.EAST).hand is not None
    assert not view_for(game, Seat.EAST).blind_nil_offered
    assert south_first is Seat.WEST  # hand 2: South deals, West bids first
    game = game.apply(Bid(2))  # West
    view = view_for(game, Seat.NORTH)
    assert [type(action).__name__ for action in view.legal] == ["BlindNil", "LookAtCards"]
    game = game.apply(LookAtCards())
    view = view_for(game, Seat.NORTH)
    assert view.hand is not None
    assert not view.blind_nil_offered
    assert len(view.legal) == 14
