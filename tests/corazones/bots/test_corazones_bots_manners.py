"""What the players do in positions written out by hand: the pass plan, ducking, dumping ♠Q."""

from __future__ import annotations

import random

import pytest

from corazones_helpers import S, W, card, position
from picas.games.corazones import GameState, HandState, Rules, view_for
from picas.games.corazones.bots import Bot, FacilBot, NormalBot
from picas.shared.cards import Card
from picas.shared.seats import Seat
from picas.shared.tricks import Trick

RNG_WITHOUT_SLIP = 0
"""random.Random(0).random() is 0.84: Fácil keeps to its rule on the first decision."""
BOTH: list[Bot] = [FacilBot(), NormalBot()]


def _passes(bot: Bot, south: str) -> set[str]:
    rest = [c.code for c in map(Card, range(52)) if c.code not in south.split()]
    hands = (south, " ".join(rest[:13]), " ".join(rest[13:26]), " ".join(rest[26:]))
    game = GameState.new(Rules(), "PASE2345", deals=(tuple(_mask(h) for h in hands),))  # type: ignore[arg-type]
    chosen = bot.pass_cards(view_for(game, S), random.Random(RNG_WITHOUT_SLIP))
    return {c.code for c in chosen}


def _mask(text: str) -> int:
    return sum(card(word).bit for word in text.split())


def _choice(bot: Bot, hand: HandState, seat: Seat) -> str:
    game = GameState.new(Rules(), "MANR2345")._replace(hand=hand)
    return bot.play(view_for(game, seat), random.Random(RNG_WITHOUT_SLIP)).code


# --- the pass ---------------------------------------------------------------------------------


@pytest.mark.parametrize("bot", BOTH, ids=["facil", "normal"])
def test_short_in_spades_the_queen_and_the_top_spades_go(bot: Bot) -> None:
    assert _passes(bot, "QS AS 3S 2C 9C JC KC 4D 8D TD AD 6H 7H") >= {"QS", "AS"}


def test_normal_keeps_a_protected_queen() -> None:
    passed = _passes(NormalBot(), "QS 2S 3S 4S 5S 3C 9C JC KC 4D 8D TD AD")
    assert passed == {"AD", "KC", "JC"}  # no spade: four low ones protect ♠Q


def test_normal_voids_a_short_suit() -> None:
    passed = _passes(NormalBot(), "2S 3S 4S 5S 6S 2C 5C 9C JC KC 3D 8D 6H")
    assert passed == {"3D", "8D", "KC"}
    # Three cards of a suit empty it too, even low ones.
    assert _passes(NormalBot(), "2S 3S 4S 5S 2C 3C 4C KC 2D 3D QD 2H AH") == {"2D", "3D", "QD"}


def test_normal_keeps_low_cards() -> None:
    passed = _passes(NormalBot(), "2S 3S 4S 2C 3C 4C KC 2D 3D 4D QD 2H AH")
    assert passed == {"AH", "KC", "QD"}


def test_facil_passes_its_highest_cards() -> None:
    assert _passes(FacilBot(), "2S 3S 4S 5S 2C 3C 4C KC 2D 3D QD 2H AH") == {"AH", "KC", "QD"}


# --- the play ---------------------------------------------------------------------------------

# West, North and East hold cards only so that the position is whole; South is to play.
OTHERS = ("", "", "")


def _south(hand: str, trick: str, *, broken: bool = False) -> HandState:
    return position((hand, *OTHERS), turn=S, trick=trick, broken=broken)


@pytest.mark.parametrize("bot", BOTH, ids=["facil", "normal"])
def test_void_in_the_led_suit_dumps_the_queen(bot: Bot) -> None:
    assert _choice(bot, _south("QS 7S 8H 9C", "6D 9D TD"), S) == "QS"


@pytest.mark.parametrize("bot", BOTH, ids=["facil", "normal"])
def test_a_higher_spade_winning_gets_the_queen(bot: Bot) -> None:
    assert _choice(bot, _south("QS 4S 9C", "KS 3S"), S) == "QS"


@pytest.mark.parametrize("bot", BOTH, ids=["facil", "normal"])
def test_ducks_with_the_highest_card_that_loses(bot: Bot) -> None:
    assert _choice(bot, _south("5H 8H KH 9C", "9H 2H", broken=True), S) == "8H"


def test_normal_never_takes_its_own_queen() -> None:
    # Every spade South holds beats the 4♠; it plays low, keeping ♠Q out of its own trick.
    assert _choice(NormalBot(), _south("QS 5S KS", "4S 2S"), S) == "5S"


def test_normal_sheds_a_high_card_on_a_pointless_last_trick() -> None:
    assert _choice(NormalBot(), _south("2D 9D KD 5C", "3D 5D 7D"), S) == "KD"
    # With a heart on it, it ducks instead.
    assert _choice(NormalBot(), _south("2D 9D KD 5C", "3D 5D 2H", broken=True), S) == "2D"


def test_normal_smokes_out_the_queen() -> None:
    # South holds neither ♠Q nor a spade above it; ♠Q has not been played: lead a low spade.
    assert _choice(NormalBot(), _south("3S 9S 6D 7C", ""), S) == "3S"
    # Holding ♠K it does not lead spades.
    assert _choice(NormalBot(), _south("3S KS 6D 7C", ""), S) in {"6D", "7C"}


def test_normal_leads_where_it_cannot_be_caught() -> None:
    # The 2C–5C went in an earlier trick, so no one can play under the 6C; the 2D is still out,
    # under South's 3D.
    assert _choice(NormalBot(), _south("6C TC 3D 9D", ""), S) == "6C"


def test_every_seat_decides_the_same_way() -> None:
    hand = position(("", "QS 7S 8H 9C", "", ""), turn=W, trick="6D", leader=S)
    assert _choice(NormalBot(), hand, W) == "QS"


# --- stopping the moon -----------------------------------------------------------------------


def _west_took(hand: HandState, text: str) -> HandState:
    """``hand`` after West has taken the cards ``text`` in earlier tricks (and no one else any)."""
    return hand._replace(taken=(0, _mask(text), 0, 0))


MOON_SO_FAR = "QS 2H 3H 4H"  # 16 points, all West's


def test_normal_takes_a_trick_with_points_from_a_would_be_shooter() -> None:
    # West leads and is winning; South plays last.
    hand = position(("5H 9H KH 2C", "", "", ""), turn=S, trick="TH 8H 6H", leader=W, broken=True)
    assert _choice(NormalBot(), hand, S) == "9H"  # ducking, as usual
    assert _choice(NormalBot(), _west_took(hand, MOON_SO_FAR), S) == "KH"


def test_normal_gives_a_would_be_shooter_no_point() -> None:
    hand = position(("QS 9H 7D", "", "", ""), turn=S, trick="JC 8C 3C", leader=W, broken=True)
    assert _choice(NormalBot(), hand, S) == "QS"  # void: ♠Q goes to the winner, as usual
    assert _choice(NormalBot(), _west_took(hand, "KS 2H 3H 4H"), S) == "QS"  # 3 points: no alarm
    assert _choice(NormalBot(), _west_took(hand, MOON_SO_FAR), S) == "7D"


def test_normal_does_not_mind_a_shooter_who_is_not_winning_the_trick() -> None:
    hand = position(("9H 7D", "", "", ""), turn=S, trick="8C JC 3C", leader=W, broken=True)
    # North's jack is winning: the heart goes to North, which ends West's moon anyway.
    assert _choice(NormalBot(), _west_took(hand, MOON_SO_FAR), S) == "9H"


def test_normal_does_not_lead_a_suit_someone_has_shown_out_of() -> None:
    followed = Trick(S, (card("2C"), card("3C"), card("4C"), card("5C")), S)
    hand = position(("6C TC 7D 9D", "", "", ""), turn=S)._replace(tricks=(followed,))
    assert _choice(NormalBot(), hand, S) == "6C"  # no club can go under the 6C
    shown_out = Trick(S, (card("2C"), card("3C"), card("4C"), card("5D")), S)
    hand = hand._replace(tricks=(shown_out,))
    assert _choice(NormalBot(), hand, S) == "7D"  # East is out of clubs: it would throw points
