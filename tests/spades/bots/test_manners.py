"""Manners at every level, each on a hand-built position.

Seats play clockwise South → West → North → East. ``dealer`` picks who bids and leads first
(the dealer's left).
"""

from __future__ import annotations

import pytest
from bot_helpers import ALL_LEVELS, E, N, S, W, act, ask, ask_bid, ask_card, table

from picas.games.spades import Bid, BlindNil, GameState, HandState, LookAtCards, Rank, Rules, Suit

NIL_HAND = "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 2S 3S"


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_never_overtakes_a_partner_already_winning_for_sure(level: str) -> None:
    # West leads, North plays the ace, East follows: South, last, must not spend the king.
    game = table("KH 2H AC KC QC 5D 6D 7D 8S 9S 2C 3C 4C", "5H", "AH", "7H", dealer=S)
    game = act(game, 3, 3, 3, 4, "5H", "AH", "7H")
    assert ask_card(level, game).code == "2H"


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_never_trumps_a_partner_already_winning_for_sure(level: str) -> None:
    game = table("AS KS 2S 3S 2C 3C 4C 5C 6C 7C 8C 9C TC", "5H", "AH", "7H", dealer=S)
    game = act(game, 3, 3, 3, 4, "5H", "AH", "7H")
    card = ask_card(level, game)
    assert card.suit is Suit.CLUBS


def _partner_ruffs_at_trick_ten() -> GameState:
    """Seen from Difícil in a real game: West wins nine tricks of clubs, diamonds and hearts, then
    leads its last heart; North ruffs with the 7♠, East discards, and South, last, holds the 10♠,
    the J♠, the K♠ and a club. North–South have every spade that matters: the trick is theirs."""
    game = table(
        "5C 8C JC 5D 8D JD 5H 8H JH 2C TS KS JS",
        "AC KC QC AD KD QD AH KH QH 2H 4S 9S 6S",
        "3C 6C 9C 3D 6D 9D 3H 6H 9H 7S AS QS 8S",
        "4C 7C TC 4D 7D TD 4H 7H TH 2D 2S 5S 3S",
        dealer=S,
    )
    game = act(game, 3, 2, 2, 2)
    for suit in "CDH":
        for west, north, east, south in ("A345", "K678", "Q9TJ"):  # West wins each
            game = act(game, west + suit, north + suit, east + suit, south + suit)
    return act(game, "2H", "7S", "2D")


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_never_overtrumps_a_partner_already_winning_for_sure(level: str) -> None:
    game = _partner_ruffs_at_trick_ten()
    assert game.hand.won == (0, 9, 0, 0)
    assert ask_card(level, game).code == "2C"


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_takes_the_trick_when_it_must(level: str) -> None:
    # Every heart South holds beats the partner's card: it has to win, but with the cheaper one.
    game = table("KH AH AC KC QC 5D 6D 7D 8S 9S 2C 3C 4C", "5H", "QH", "7H", dealer=S)
    game = act(game, 3, 3, 3, 4, "5H", "QH", "7H")
    assert ask_card(level, game).code == "KH"


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_never_bids_nil_after_the_partner_bid_nil(level: str) -> None:
    # West deals: North bids first, then East, then South.
    game = table(NIL_HAND, dealer=W)
    assert ask_bid(level, act(game, 3, 4)) == 0  # the hand is a Nil hand…
    assert ask_bid(level, act(game, 0, 4)) != 0  # …but not after the partner's Nil


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_protects_the_partners_nil_by_leading_high(level: str) -> None:
    game = table("AH KH QH 2H 3H 2C 3C 4C 5C 6D 7D 8D 9S", dealer=E)
    game = act(game, 4, 3, 0, 3)
    card = ask_card(level, game)
    assert card.rank >= Rank.QUEEN


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_protects_the_partners_nil_by_playing_over_it(level: str) -> None:
    # North deals: East leads a low heart; South plays before its Nil partner and covers it.
    game = table("AH 2H 2C 3C 4C 5C 6C 7C 6D 7D 8D 9D 9S", "", "4H 5H 6H 7H", "3H", dealer=N)
    game = act(game, 3, 4, 3, 0, "3H")
    assert ask_card(level, game).code == "AH"


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_overtakes_the_partners_nil_when_it_is_winning(level: str) -> None:
    # West deals: North (Nil) leads a diamond, East plays under it, South must cover.
    game = table("KD 3D 2C 3C 4C 5C 6C 7C 8C 9C 2H 3H 4H", "", "9D", "5D", dealer=W)
    game = act(game, 0, 3, 4, 3, "9D", "5D")
    assert ask_card(level, game).code == "KD"


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_still_makes_its_own_bid_while_protecting(level: str) -> None:
    # South deals: West leads, the Nil partner plays under, East is over it. South, last, bid 8
    # with seven sure tricks: the queen wins now (and would lose to the ace or king later).
    game = table("QD 3D AS KS QS AC KC AH KH 2C 3C 2H 3H", "5D", "2D", "9D", dealer=S)
    game = act(game, 3, 0, 2, 8, "5D", "2D", "9D")
    assert ask_card(level, game).code == "QD"


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_attacks_an_opponents_nil_by_leading_low(level: str) -> None:
    # South leads; West bid Nil. South's only low cards are the two small clubs.
    game = table("AS KS AH KH QH JH AD KD QD JD 2C 3C QC", dealer=E)
    game = act(game, 3, 0, 3, 4)
    card = ask_card(level, game)
    assert card.suit is Suit.CLUBS
    assert card.rank <= Rank.THREE


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_attacks_an_opponents_nil_by_playing_under(level: str) -> None:
    # East leads a diamond; the Nil (West) plays after South: South keeps the trick low.
    game = table("AD 6D 5D AS KS AH KH QH 2C 3C 4C 5C 6C", "", "", "4D", dealer=N)
    game = act(game, 3, 3, 0, 4, "4D")
    card = ask_card(level, game)
    assert card.code == "5D"


def _contract_made_position() -> GameState:
    """South deals, West leads. North–South bid 1 + 1 and make it in the first two tricks; East–
    West bid 1 + 1 and make theirs in the next two. Trick 5: West leads the 9♥; South, last,
    holds the K♥ (which would win) and the 4♥."""
    game = table(
        "4C 5C AD 7D 4H KH 2S 3S 4S 5S 6S 7S 8S",
        "2C KC 4D KD 9H TC JC QC TD JD QD 8C 9C",
        "AC 6C 2D 6D 2H 5H 6H 7H 8H 8D 9D JH QH",
        "3C 7C 3D 5D 3H AH TH 9S TS JS QS KS AS",
        dealer=S,
    )
    game = act(game, 1, 1, 1, 1)
    game = act(game, "2C", "AC", "3C", "4C")  # North wins
    game = act(game, "2D", "3D", "AD", "4D")  # South wins: 2 tricks, the contract is made
    game = act(game, "5C", "KC", "6C", "7C")  # West wins
    game = act(game, "KD", "6D", "5D", "7D")  # West wins: East–West have made theirs
    return act(game, "9H", "2H", "3H")


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_ducks_once_the_contract_is_safe(level: str) -> None:
    game = _contract_made_position()
    assert game.hand.won == (1, 2, 1, 0)
    assert ask_card(level, game).code == "4H"


# --- Blind Nil ---------------------------------------------------------------------------------


def _blind_offer(totals: tuple[int, int], *, partner_bid: int | None = None) -> GameState:
    """North–South are offered Blind Nil at ``totals``; South is to decide (after North if
    ``partner_bid`` is given)."""
    rules = Rules(blind_nil=True)
    game = table(NIL_HAND, dealer=W if partner_bid is not None else E, rules=rules)
    hand = HandState.deal(
        number=1,
        dealer=game.hand.dealer,
        hands=game.hand.hands,
        blind_offered=(True, False, True, False),
    )
    game = game._replace(totals=totals, hand=hand)
    if partner_bid is not None:
        game = game.apply(LookAtCards()).apply(Bid(partner_bid)).apply(Bid(3))
    return game


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_blind_nil_when_far_behind(level: str) -> None:
    game = _blind_offer((-150, 100))
    assert game.turn is S
    assert game.hand.blind_offered[S]
    assert isinstance(ask(level, game), BlindNil)


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_no_blind_nil_after_the_partners_nil(level: str) -> None:
    game = _blind_offer((-150, 100), partner_bid=0)
    assert game.turn is S
    assert isinstance(ask(level, game), LookAtCards)
