"""A whole game: the worked example played for real, dealer rotation, Blind Nil offers, the end."""

from __future__ import annotations

from dataclasses import replace

import pytest
from engine_helpers import (
    SEED_000_BIDS,
    SEED_000_DEAL,
    SEED_000_PLAYS,
    E,
    N,
    S,
    W,
    bid_all,
    play_all,
)

from picas.games.spades import (
    Bid,
    BlindNil,
    GameState,
    IllegalAction,
    LookAtCards,
    Outcome,
    PicasError,
    Play,
    Rules,
    Seat,
    Team,
    deal_for,
    dealer_by_lot,
    find_profile,
)
from picas.games.spades.actions import BIDS

CODE = "HJKMNPQR"
CASA = find_profile("casa")
# "clasica" draws its first dealer by lot; the hand-built deal needs East to deal.
CLASICA_EAST = replace(find_profile("clasica"), first_dealer=Seat.EAST)


def seed_game(rules: Rules = CASA) -> GameState:
    return GameState.new(rules, CODE, deals=(SEED_000_DEAL,))


def before_last_card(
    rules: Rules = CASA,
    *,
    totals: tuple[int, int] = (0, 0),
    bags: tuple[int, int] = (0, 0),
    number: int = 1,
) -> GameState:
    """The seeds/000 hand (N–S +71, E–W +50) one card from its end, with the totals set up."""
    game = play_all(bid_all(seed_game(rules), SEED_000_BIDS), SEED_000_PLAYS[:-1])
    return game._replace(totals=totals, bags=bags, hand=game.hand._replace(number=number))


def finish(game: GameState) -> GameState:
    return game.apply(Play(SEED_000_PLAYS[-1]))


# --- seeds/000's worked example, through GameState ------------------------------------------------


def test_seed_000_worked_example_played_through_the_game() -> None:
    game = seed_game()
    assert game.hand.number == 1
    assert game.hand.dealer is E  # East deals the first hand …
    assert game.turn is S  # … so South bids first
    game = bid_all(game, SEED_000_BIDS)  # S 4, W 2, N 3, E 3
    assert game.turn is S  # … and leads first
    game = play_all(game, SEED_000_PLAYS)

    (result,) = game.history
    assert result.hand.won == (5, 2, 3, 3)
    ns, ew = result.sheets
    assert ns.contract == 7
    assert ns.lines == (70, 1, 0, 0, 71, 71)  # +70 and 1 bag = +71
    assert ew.contract == 5
    assert ew.lines == (50, 0, 0, 0, 50, 50)  # take exactly 5: +50
    assert game.totals == (71, 50)
    assert game.bags == (1, 0)
    assert not game.is_over  # nobody at 250 or −200: another hand …
    assert game.hand.number == 2
    assert game.dealer_of(2) is S
    assert game.hand.dealer is S  # … and now South deals
    assert game.turn is W  # West bids first
    assert game.hand.dealt == deal_for(CODE, 2, S)  # later hands come from the code


# --- dealer rotation ------------------------------------------------------------------------------


def test_dealer_rotates_clockwise_from_east() -> None:
    game = GameState.new(CASA, CODE)
    assert [game.dealer_of(n) for n in range(1, 7)] == [E, S, W, N, E, S]


def test_hand_two_south_deals_west_bids_and_leads_first() -> None:
    game = play_all(bid_all(seed_game(), SEED_000_BIDS), SEED_000_PLAYS)
    order = []
    for _ in range(4):
        assert game.turn is not None
        order.append(game.turn)
        game = game.apply(Bid(3))
    assert order == [W, N, E, S]
    assert game.turn is W


@pytest.mark.parametrize("code", ["PLAY2WZN", "HJKMNPQR", "22222222", "ZZZZZZZZ", "ABCDEFGH"])
def test_clasica_draws_the_first_dealer_by_lot_from_the_code(code: str) -> None:
    rules = find_profile("clasica")
    game = GameState.new(rules, code)
    assert game.first_dealer is dealer_by_lot(code)
    assert game.first_dealer is GameState.new(rules, code.lower()).first_dealer  # deterministic
    assert game.hand.dealer is game.first_dealer
    assert game.turn is game.first_dealer.left
    assert game.dealer_of(2) is game.first_dealer.left
    assert game.hand.dealt == deal_for(code, 1, game.first_dealer)


def test_clasica_first_dealer_pinned_for_two_codes() -> None:
    # Regression pin (values computed once from the engine): a code always draws the same dealer.
    rules = find_profile("clasica")
    assert GameState.new(rules, "PLAY2WZN").first_dealer is Seat.EAST
    assert GameState.new(rules, "HJKMNPQR").first_dealer is Seat.SOUTH


# --- explicit deals -------------------------------------------------------------------------------


def test_explicit_deals_are_checked() -> None:
    s, w, n, e = SEED_000_DEAL
    bad_deals = [
        (s, w, n, s),  # a card dealt twice
        (s, w, n, e & (e - 1)),  # twelve cards
        (s, w, n, e | (1 << 52)),  # a card that does not exist
        (s, w, n),
    ]
    for bad in bad_deals:
        with pytest.raises(PicasError) as info:
            GameState.new(CASA, CODE, deals=(bad,))  # type: ignore[arg-type]
        assert info.value.code == "invalid_deal"


# --- the end of the game --------------------------------------------------------------------------


def test_target_reached_ends_the_game() -> None:
    game = finish(before_last_card(totals=(180, 0)))
    assert game.totals == (251, 50)
    assert game.is_over
    assert game.outcome == Outcome(
        winner=Team.NORTH_SOUTH, reason="target", totals=(251, 50), hands_played=1
    )


def test_north_south_reaching_exactly_the_target_ends_the_game() -> None:
    game = finish(before_last_card(totals=(179, 0)))
    assert game.totals == (250, 50)
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.reason) == (Team.NORTH_SOUTH, "target")


def test_east_west_reaching_exactly_the_target_ends_the_game() -> None:
    game = finish(before_last_card(totals=(0, 200)))
    assert game.totals == (71, 250)
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.reason) == (Team.EAST_WEST, "target")


def test_one_point_short_of_the_target_plays_on() -> None:
    game = finish(before_last_card(totals=(178, 0)))
    assert game.totals == (249, 50)
    assert not game.is_over
    assert game.hand.number == 2


def test_falling_to_minus_200_ends_the_game() -> None:
    game = finish(before_last_card(totals=(0, -250)))
    assert game.totals == (71, -200)
    assert game.outcome == Outcome(
        winner=Team.NORTH_SOUTH, reason="floor", totals=(71, -200), hands_played=1
    )


def test_north_south_falling_below_minus_200_loses() -> None:
    game = finish(before_last_card(totals=(-300, 0)))
    assert game.totals == (-229, 50)
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.reason) == (Team.EAST_WEST, "floor")


def test_minus_199_plays_on() -> None:
    game = finish(before_last_card(totals=(0, -249)))
    assert game.totals == (71, -199)
    assert not game.is_over


def test_clasica_has_no_floor() -> None:
    game = finish(before_last_card(CLASICA_EAST, totals=(0, -1000)))
    assert game.totals == (71, -950)
    assert not game.is_over


def test_doble_nil_ends_at_minus_200() -> None:
    game = finish(before_last_card(find_profile("doble-nil"), totals=(-271, 0)))
    assert game.totals == (-200, 50)
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.reason) == (Team.EAST_WEST, "floor")


def test_the_lower_team_at_the_target_still_loses() -> None:
    # Both over the target: the higher total wins, whoever crossed "first".
    game = finish(before_last_card(totals=(190, 220)))
    assert game.totals == (261, 270)
    assert game.outcome is not None
    assert game.outcome.winner is Team.EAST_WEST


def test_both_over_the_target_higher_wins() -> None:
    game = finish(before_last_card(totals=(200, 220)))
    assert game.totals == (271, 270)
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.reason) == (Team.NORTH_SOUTH, "target")


def test_equal_totals_over_the_target_play_on() -> None:
    game = finish(before_last_card(totals=(200, 221)))
    assert game.totals == (271, 271)
    assert not game.is_over
    assert game.outcome is None
    assert game.hand.number == 2
    assert game.legal_actions() == BIDS


def test_still_equal_after_hand_30_is_a_draw() -> None:
    game = finish(before_last_card(totals=(200, 221), number=30))
    assert game.outcome == Outcome(winner=None, reason="draw", totals=(271, 271), hands_played=30)


def test_equal_after_hand_29_plays_on() -> None:
    game = finish(before_last_card(totals=(200, 221), number=29))
    assert not game.is_over
    assert game.hand.number == 30


def test_equal_totals_below_the_target_after_hand_30_are_not_a_draw() -> None:
    game = finish(before_last_card(totals=(0, 21), number=30))
    assert game.totals == (71, 71)
    assert not game.is_over


def test_clasica_equal_totals_play_on_with_no_cap() -> None:
    rules = CLASICA_EAST
    game = finish(before_last_card(rules, totals=(450, 471), number=30))
    assert game.totals == (521, 521)
    assert not game.is_over
    game = finish(before_last_card(rules, totals=(450, 471), number=300))
    assert not game.is_over


def test_a_finished_game_refuses_every_action() -> None:
    game = finish(before_last_card(totals=(180, 0)))
    assert game.is_over
    assert game.turn is None
    assert game.legal_actions() == ()
    refusal = game.check(Bid(3))
    assert refusal is not None
    assert refusal.code == "game_over"
    assert not game.can(Bid(3))
    with pytest.raises(IllegalAction) as info:
        game.apply(Bid(3))
    assert info.value.code == "game_over"
    with pytest.raises(IllegalAction):
        game.verify(Bid(3))


def test_the_finished_hand_is_kept_in_history() -> None:
    game = finish(before_last_card(totals=(180, 0)))
    (result,) = game.history
    assert result.sheets[0].running_total == 251
    assert game.hand.is_complete()


# --- Blind Nil offers -----------------------------------------------------------------------------

CASA_BLIND = CASA.with_settings(blind_nil=True)


def test_blind_nil_is_offered_to_a_team_100_or_more_behind() -> None:
    game = finish(before_last_card(CASA_BLIND, totals=(0, 121)))
    assert game.totals == (71, 171)  # North–South exactly 100 behind
    assert game.hand.blind_offered == (True, False, True, False)
    assert game.hand.looked == (False, True, False, True)


def test_blind_nil_is_not_offered_at_99_behind() -> None:
    game = finish(before_last_card(CASA_BLIND, totals=(0, 120)))
    assert game.totals == (71, 170)
    assert game.hand.blind_offered == (False, False, False, False)


def test_blind_nil_offered_to_east_west_when_they_trail() -> None:
    game = finish(before_last_card(CASA_BLIND, totals=(100, 21)))
    assert game.totals == (171, 71)
    assert game.hand.blind_offered == (False, True, False, True)


def test_blind_nil_is_never_offered_when_the_setting_is_off() -> None:
    game = finish(before_last_card(CASA, totals=(0, 190)))
    assert game.totals == (71, 240)
    assert not game.is_over
    assert game.hand.blind_offered == (False, False, False, False)
    assert BlindNil() not in game.legal_actions()
    refusal = game.check(BlindNil())
    assert refusal is not None
    assert refusal.code == "blind_nil_not_offered"


def test_blind_nil_flow_through_the_game() -> None:
    # Hand 1 played for real: North–South overbid (S 13, N 3) and are set: −160 against +50.
    game = play_all(bid_all(seed_game(CASA_BLIND), (13, 2, 3, 3)), SEED_000_PLAYS)
    assert game.totals == (-160, 50)
    hand = game.hand
    assert hand.number == 2
    assert hand.blind_offered == (True, False, True, False)
    # Hand 2: South deals; West (not eligible) bids first.
    assert game.turn is W
    assert game.legal_actions() == BIDS
    game = game.apply(Bid(3))
    assert game.turn is N
    assert game.legal_actions() == (BlindNil(), LookAtCards())
    refusal = game.check(Bid(2))
    assert refusal is not None
    assert refusal.code == "decide_blind_nil"
    game = game.apply(BlindNil())
    assert game.hand.bids[N] == 0
    assert game.hand.blind[N]
    game = game.apply(Bid(4))  # East
    assert game.turn is S
    assert game.legal_actions() == (BlindNil(), LookAtCards())
    game = game.apply(LookAtCards())
    assert game.turn is S
    assert game.legal_actions() == BIDS
    game = game.apply(Bid(5))
    assert game.hand.bids == (5, 3, 0, 4)
    assert game.hand.blind == (False, False, True, False)
    assert game.turn is W  # West leads
