"""The bid tip: the evaluator's count, explained in short Spanish."""

from __future__ import annotations

import pytest
from bot_helpers import S, W, act, ask, table

from picas.games.spades import Bid, GameState, HandState, Rules, Seat
from picas.games.spades.bots.evaluate import DIFICIL_STYLE, decide_bid
from picas.games.spades.bots.knowledge import dealt_hand
from picas.games.spades.bots.registry import load_bot
from picas.games.spades.bots.tip import NoTip, Tip, explain_bid, suggest_bid
from picas.games.spades.view import view_for

NIL_HAND = "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 2S 3S"
FOUR_ACES = "AS 5S 4S 3S AH 7H 6H AD 8D 3D AC 9C 2C"


def tip_for(south: str, **kwargs: object) -> Tip:
    game = table(south, **kwargs)  # type: ignore[arg-type]
    return suggest_bid(view_for(game, S))


def test_four_aces_and_nothing_else_is_four() -> None:
    tip = tip_for(FOUR_ACES)
    assert tip.bid == 4
    assert tip.reasons[0] == "♠A ♥A ♦A ♣A seguras"


def test_a_guarded_king_counts_and_a_bare_one_does_not() -> None:
    tip = tip_for("KH 4H 3H AD 2C 3C 4C 5C 6C 6D 7D 8D 2S")
    assert "♥K protegido" in tip.reasons
    bare = tip_for("KH AD 2C 3C 4C 5C 6C 7C 6D 7D 8D 9D 2S")
    assert not any("♥K" in reason for reason in bare.reasons)


def test_a_void_with_spades_to_trump_is_a_reason() -> None:
    tip = tip_for("AD 2S 3S 4S 2H 3H 4H 5H 6H 3D 4D 5D 6D")
    assert "sin tréboles, puedes fallar" in tip.reasons
    no_spades = tip_for("AD 2C 3C 4C 2H 3H 4H 5H 6H 3D 4D 5D 6D")
    assert not any("puedes fallar" in reason for reason in no_spades.reasons)


def test_a_singleton_is_a_ruff() -> None:
    tip = tip_for("AD 2S 3S 4S 7C 3H 4H 5H 6H 3D 4D 5D 6D")
    assert "un solo trébol, puedes fallar" in tip.reasons


def test_a_hand_without_high_cards_and_short_low_spades_is_a_nil() -> None:
    tip = tip_for(NIL_HAND)
    assert tip.bid == 0
    assert "mano de Nil: sin cartas altas" in tip.reasons
    assert any(reason.startswith("picas cortas y bajas") for reason in tip.reasons)


def test_an_ace_spoils_a_nil() -> None:
    tip = tip_for(NIL_HAND.replace("5C", "AC"))
    assert tip.bid >= 1
    assert "♣A segura" in tip.reasons


def test_no_nil_tip_after_the_partners_nil() -> None:
    game = act(table(NIL_HAND, dealer=W), 0, 4)  # North bids Nil, East 4: South's turn
    tip = suggest_bid(view_for(game, S))
    assert tip.bid >= 1
    assert "tu compañero canta Nil: no cantes Nil" in tip.reasons


def _at_score(totals: tuple[int, int], bags: tuple[int, int]) -> GameState:
    game = table(FOUR_ACES)
    return game._replace(totals=totals, bags=bags)


def test_the_score_moves_the_tip() -> None:
    plain = suggest_bid(view_for(_at_score((0, 0), (0, 0)), S))
    bags = suggest_bid(view_for(_at_score((0, 0), (8, 0)), S))
    ahead = suggest_bid(view_for(_at_score((200, 0), (0, 0)), S))
    assert "muchos sacos: mejor cantar de más" in bags.reasons
    assert bags.bid >= plain.bid
    assert "vais muy por delante: canto prudente" in ahead.reasons
    assert ahead.bid <= plain.bid


def test_the_tip_is_what_normal_bids_and_dificil_stays_near_its_own_estimate() -> None:
    # Difícil prices bids within two of its own estimate (a bolder count than the tip's), and
    # a Nil.
    for code in ("ABCDEFGH", "K7PMX4QH", "23456789", "QRSTUVWX", "MNPQRSTU"):
        game = GameState.new(Rules(), code)
        for _ in range(4):
            seat = game.hand.turn
            assert seat is not None
            tip = suggest_bid(view_for(game, seat))
            assert ask("normal", game) == Bid(tip.bid)
            view = view_for(game, seat)
            estimate = decide_bid(view, dealt_hand(view), DIFICIL_STYLE)
            dificil = ask("dificil", game)
            assert isinstance(dificil, Bid)
            assert dificil.tricks == 0 or abs(dificil.tricks - max(estimate.bid, 1)) <= 2
            game = game.apply(Bid(tip.bid))


def test_explain_a_computer_players_bid() -> None:
    game = GameState.new(Rules(), "K7PMX4QH")
    bot = load_bot("normal")
    for _ in range(4):
        seat = game.hand.turn
        assert seat is not None
        action = ask(bot, game)
        game = game.apply(action)
        why = explain_bid(view_for(game, seat))
        assert isinstance(action, Bid)
        assert why.bid == action.tricks
        assert why.reasons
        assert why.text().startswith("Nil" if why.bid == 0 else str(why.bid))


def test_explain_a_nil() -> None:
    game = act(table(NIL_HAND, dealer=Seat.EAST), 0)
    why = explain_bid(view_for(game, S))
    assert why.bid == 0
    assert "mano de Nil: sin cartas altas" in why.reasons
    assert "picas cortas y bajas" in why.reasons  # the tip's "(la más alta, ♠3)" is not said


def test_a_nil_with_high_cards_says_how_many_and_not_that_it_has_none() -> None:
    # Difícil's search may bid a Nil with an ace: its «¿Por qué?» must not say it has none.
    game = act(table(NIL_HAND.replace("5C", "AC"), dealer=Seat.EAST), 0)
    why = explain_bid(view_for(game, S))
    assert why.bid == 0
    assert why.reasons[0] == "Nil arriesgado: una carta alta"
    assert "mano de Nil: sin cartas altas" not in why.reasons
    assert "picas cortas y bajas" in why.reasons
    # Short spades with the king among them are not "low".
    game = act(table(NIL_HAND.replace("3S", "KS").replace("2C", "KC"), dealer=Seat.EAST), 0)
    why = explain_bid(view_for(game, S))
    assert why.reasons[0] == "Nil arriesgado: dos cartas altas"
    assert "picas cortas y bajas" not in why.reasons


def test_short_suits_of_one_kind_make_one_phrase() -> None:
    doubletons = tip_for("AS 5S 4S 3S 2S 7H 6H 8D 3D AC 9C 2C 3C")
    assert "solo dos diamantes y dos corazones, quizá falles" in doubletons.reasons
    assert not any(reason.count("quizá falles") > 1 for reason in doubletons.reasons)
    voids = tip_for("2S 3S 4S 5S 6S 7S 8S AC 9C 2C 3C 4C 5C")
    assert "sin diamantes ni corazones, puedes fallar" in voids.reasons


def test_a_computer_players_reason_gives_counts_and_shapes_not_cards() -> None:
    # The tip names South's own cards; the same hand explained to the table does not.
    hand = "AS KS 4S 3S AH KD 6D 5D 9C 8C 7C 2C 3C"
    tip = tip_for(hand)
    assert "♠A ♠K ♥A seguras" in tip.reasons
    assert "♦K protegido" in tip.reasons
    assert "un solo corazón, puedes fallar" in tip.reasons
    game = act(table(hand, dealer=Seat.EAST), tip.bid)
    why = explain_bid(view_for(game, S))
    assert why.reasons == (
        "3 bazas seguras",
        "un rey protegido",
        "4 picas: las pequeñas también ganan",
        "un palo con una sola carta, puedes fallar",
    )


def test_no_tip_while_the_cards_are_face_down() -> None:
    game = table(NIL_HAND, rules=Rules(blind_nil=True))
    hand = HandState.deal(
        number=1, dealer=game.hand.dealer, hands=game.hand.hands, blind_offered=(True,) * 4
    )
    game = game._replace(hand=hand)
    with pytest.raises(NoTip):
        suggest_bid(view_for(game, S))
