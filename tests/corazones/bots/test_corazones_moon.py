"""Shooting the moon: Normal (and Difícil through its search) plays for all 26 when its cards allow,
and plays as usual when they do not or when someone else has a point."""

from __future__ import annotations

import random

import pytest

from corazones_helpers import S, mask, position
from picas.games.corazones import GameState, HandState, Rules, view_for
from picas.games.corazones.arena import deal_code, hand_game, play_hand
from picas.games.corazones.bots import Bot, DificilBot, NormalBot
from picas.games.corazones.bots.policy import losers
from picas.shared.cards import Card
from picas.shared.seats import Seat

MOON_HAND = "AH KH QH JH TH 9H 8H AS KS QS AC AD KD"
"""Thirteen sure winners: every card that could beat one of them has to fall first."""


def _choice(bot: Bot, hand: HandState) -> str:
    game = GameState.new(Rules(), "LUNA2345")._replace(hand=hand)
    return bot.play(view_for(game, S), random.Random(0)).code


def _took(hand: HandState, south: str, west: str = "") -> HandState:
    return hand._replace(taken=(mask(south), mask(west), 0, 0))


def test_losers_counts_the_cards_someone_may_beat() -> None:
    everything_else = ((1 << 52) - 1) & ~mask(MOON_HAND)
    assert losers(mask(MOON_HAND), everything_else) == 0
    # 4♣ below the ♣K and ♣A, with ten clubs out: one loser. The 2♦ and 3♦: two more.
    hand = mask("AH KH QH JH TH AS KS QS AC KC 4C 2D 3D")
    assert losers(hand, ((1 << 52) - 1) & ~hand) == 3
    # Once no other club is out, the 4♣ cannot lose.
    assert losers(mask("4C 2D"), mask("5D")) == 1


# Arena deals (seed 3) in which four Normal players see a moon shot, and none without the moon
# rules (checked by turning them off): (deal index, the shooter).
MOON_DEALS = [(31, Seat.EAST), (215, Seat.SOUTH), (249, Seat.SOUTH), (362, Seat.NORTH)]


def _moon_deal(index: int, shooter: Seat, bot: Bot) -> tuple[int, int, int, int]:
    bots: dict[Seat, Bot] = {seat: NormalBot() for seat in Seat}
    bots[shooter] = bot
    return play_hand(hand_game(Rules(), deal_code(3, index), index % 4 + 1), bots)


@pytest.mark.parametrize(("index", "shooter"), MOON_DEALS)
def test_normal_shoots_the_moon_when_its_cards_allow(index: int, shooter: Seat) -> None:
    points = _moon_deal(index, shooter, NormalBot())
    assert points == tuple(0 if seat == shooter else 26 for seat in Seat)


@pytest.mark.parametrize(("index", "shooter"), MOON_DEALS[1::2])
def test_dificil_shoots_the_moon_through_its_search(index: int, shooter: Seat) -> None:
    points = _moon_deal(index, shooter, DificilBot())
    assert points == tuple(0 if seat == shooter else 26 for seat in Seat)


def test_normal_passes_its_losers_with_a_moon_hand() -> None:
    south = "AH KH QH JH TH AS KS QS AC KC 4C 2D 3D"
    rest = [Card(c).code for c in range(52) if not mask(south) >> c & 1]
    hands = (south, " ".join(rest[:13]), " ".join(rest[13:26]), " ".join(rest[26:]))
    game = GameState.new(Rules(), "LUNA2345", deals=(tuple(mask(h) for h in hands),))  # type: ignore[arg-type]
    passed = NormalBot().pass_cards(view_for(game, S), random.Random(0))
    assert {c.code for c in passed} == {"4C", "2D", "3D"}  # not ♠Q, ♠A, ♠K as usual


# South has taken ♠Q and five hearts (18 points); no one else has a point.
LOADED = "QS 3H 4H 5H 6H 7H"


def test_a_shooter_wins_the_trick_it_would_duck() -> None:
    hand = position(("AH 8H 6D", "", "", ""), turn=S, trick="2H 9H", broken=True)
    assert _choice(NormalBot(), _took(hand, LOADED)) == "AH"
    # One point to West: no moon, South ducks.
    assert _choice(NormalBot(), _took(hand, LOADED, west="TH")) == "8H"


def test_a_shooter_keeps_its_hearts_when_void() -> None:
    hand = position(("AH KH QH 7D", "", "", ""), turn=S, trick="JC 8C", broken=True)
    assert _choice(NormalBot(), _took(hand, "QS")) == "7D"
    assert _choice(NormalBot(), _took(hand, "QS", west="TH")) == "AH"  # usual: shed the top heart


def test_a_shooter_leads_its_master_hearts() -> None:
    hand = position(("AH KH 7D", "", "", ""), turn=S, broken=True)
    assert _choice(NormalBot(), _took(hand, "QS")) == "AH"
    assert _choice(NormalBot(), _took(hand, "QS", west="TH")) == "7D"


def test_with_nothing_taken_it_needs_sure_winners() -> None:
    # Two cards might lose (8♥, 6♦): not enough to risk it with no points yet.
    hand = position(("AH 8H 6D", "", "", ""), turn=S, trick="2H 9H", broken=True)
    assert _choice(NormalBot(), hand) == "8H"
