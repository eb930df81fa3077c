"""The play hint: Normal's card in the viewer's seat, and a short reason true of the table."""

from __future__ import annotations

import json
import random
import re
import string
from pathlib import Path

import pytest
from bot_helpers import E, N, S, W, act, table

from picas.games.spades import Card, GameState, Phase, Play, Seat, Suit, find_profile
from picas.games.spades.bots.base import decide, decision_rng
from picas.games.spades.bots.hint import (
    DISCARDS_ES,
    REASONS_ES,
    SUIT_KEYS,
    NoHint,
    PlayHint,
    ReasonParams,
    render_es,
    suggest_play,
)
from picas.games.spades.bots.knowledge import ABOVE, SPADES, SUIT_MASK
from picas.games.spades.bots.normal import NormalBot
from picas.games.spades.view import view_for

FILLER = "3C 4C 5C 6C 7C 8C 3D 4D 5D 6D"
"""Ten low cards for South's hand around the cards a test is about."""


def hint_for(game: GameState) -> tuple[str, str]:
    assert game.turn is S
    hint = suggest_play(view_for(game, S))
    return hint.card.code, hint.reason


def test_the_partner_surely_winning_means_the_lowest_card() -> None:
    # South deals: West leads and South plays last, so North's ace cannot be beaten.
    game = table(f"KH 2H {FILLER} 2S", west="5H", north="AH", east="3H", dealer=S)
    game = act(game, 3, 3, 3, 3, "5H", "AH", "3H")
    assert hint_for(game) == ("2H", "tu compañero ya gana la baza: juega la más baja")


def test_a_partner_who_may_still_be_ruffed_is_only_winning_for_now() -> None:
    # West plays after South and may be out of hearts with a spade: nothing is sure yet.
    game = table(f"KH 2H {FILLER} 2S", west="5H", north="AH", east="3H", dealer=W)
    game = act(game, 3, 3, 3, 3, "AH", "3H")
    assert hint_for(game) == ("2H", "tu compañero va ganando la baza: juega la más baja")


def test_the_master_spade_wins_the_trick() -> None:
    # Trick 1 breaks spades (North is out of hearts); North then leads a spade.
    game = table(
        "AS 3S 4H 2C 3C 4C 5C 6C 7C 2D 3D 4D 5D",
        west="2H 7S 8S 9S TC JC QC KC AC 6D 7D 8D 9D",
        north="2S 5S 4S TS JS QS KS TD JD QD KD AD 8C",
        east="3H 6S 5H 6H 7H 8H 9H TH JH QH KH AH 9C",
        dealer=S,
    )
    game = act(game, 2, 3, 3, 3, "2H", "2S", "3H", "4H", "5S", "6S")
    assert hint_for(game) == ("AS", "la carta maestra de picas: ganas la baza")


def test_a_trick_that_cannot_be_won_takes_the_lowest_card() -> None:
    game = table(f"5H 9H {FILLER} 2S", east="AH", dealer=N)
    game = act(game, 3, 3, 3, 3, "AH")
    assert hint_for(game) == ("5H", "no puedes ganar esta baza: asistes con la más baja")


def test_once_the_contract_is_made_south_ducks_instead_of_taking_a_bag() -> None:
    # North takes the first two tricks: with South's 1 and North's 1 the contract is made.
    game = table(
        "AC 2C 3H 3D 5D 6D 7D 8D 9D TD JD 7S 8S",
        north="AH AD 5C",
        east="2H 2D KC",
        west="4H 4D",
        dealer=W,
    )
    game = act(game, 1, 3, 1, 3, "AH", "2H", "3H", "4H", "AD", "2D", "3D", "4D", "5C", "KC")
    assert hint_for(game) == ("2C", "asistes con la más baja: no necesitáis más bazas")


def test_the_partners_nil_is_protected_by_leading_high() -> None:
    game = table("AD 5D 3C 4C 5C 6C 7C 8C 3D 4D 6H 7H 2S", dealer=E)
    game = act(game, 3, 3, 0, 3)
    assert hint_for(game) == ("AD", "proteges el Nil de tu compañero: sales alto")


def test_the_partners_nil_is_protected_by_playing_over_the_lead() -> None:
    game = table("KD 2D 3C 4C 5C 6C 7C 8C 3H 4H 6H 7H 2S", east="5D", dealer=N)
    game = act(game, 3, 3, 3, 0, "5D")
    card, reason = hint_for(game)
    assert card == "KD"
    assert reason.startswith("proteges el Nil de tu compañero: juegas alto")


def test_leading_from_the_longest_side_suit() -> None:
    game = table("KC 8C 6C 4C 3C QD 5D JH 4H 7S 5S 3S 2S", dealer=E)
    game = act(game, 3, 3, 3, 3)
    assert hint_for(game) == ("3C", "sales de tu palo más largo con la más baja")


def test_the_longest_suit_is_said_outside_spades_when_spades_are_longer() -> None:
    game = table("KC 8C 6C 3C QD 5D JH 4H 8S 7S 5S 3S 2S", dealer=E)
    game = act(game, 3, 3, 3, 3)
    assert hint_for(game) == ("3C", "sales de tu palo más largo fuera de las picas con la más baja")


def test_an_opponents_nil_is_attacked_with_a_low_lead() -> None:
    game = table("KC 8C 6C 4C 3C QD 5D JH 4H 7S 5S 3S 2S", dealer=E)
    game = act(game, 3, 0, 3, 3)
    assert hint_for(game) == ("3C", "atacas el Nil de Oeste: sales bajo en tréboles")


def test_a_single_card_of_the_led_suit_must_be_played() -> None:
    game = table(f"9H {FILLER} 2S 3S", east="AH", dealer=N)
    game = act(game, 3, 3, 3, 3, "AH")
    assert hint_for(game) == ("9H", "es tu única carta de corazones: debes asistir")


def test_out_of_the_led_suit_south_trumps_with_the_lowest_spade() -> None:
    game = table(f"{FILLER} 2S 3S 9S", east="AH", dealer=N)
    game = act(game, 3, 3, 3, 3, "AH")
    assert hint_for(game) == (
        "2S",
        "no tienes corazones: fallas con ♠2, la pica más baja que tienes",
    )


def test_no_hint_while_bidding_or_out_of_turn() -> None:
    game = table(f"9H {FILLER} 2S 3S", dealer=E)
    with pytest.raises(NoHint):
        suggest_play(view_for(game, S))  # South is bidding
    playing = act(game, 3, 3, 3, 3)
    with pytest.raises(NoHint):
        suggest_play(view_for(playing, W))  # South leads


# --- every reason is true of the table -----------------------------------------------------------


def _beats(card: int, best: int) -> bool:
    return card > best if card // 13 == best // 13 else card // 13 == Suit.SPADES


def _could_beat(hand: int, best: int, led: int) -> bool:
    """Whether a seat holding exactly ``hand`` could beat ``best`` on a trick led in ``led``: it
    must follow suit if it can, and may trump only when it cannot."""
    if hand & SUIT_MASK[led]:
        return best // 13 == led and bool(hand & ABOVE[best])
    return bool(hand & (ABOVE[best] if best // 13 == Suit.SPADES else SPADES))


def _check(game: GameState, card: Card, reason: str) -> None:
    """Check the claims a reason makes against the whole table (every hand, not just the view)."""
    hand = game.hand
    south = hand.hands[S]
    trick = hand.trick
    order = [Seat((hand.leader + i) % 4) for i in range(4)]
    after = order[len(trick) + 1 :]
    assert Play(card) in game.legal_actions()
    legal = [a.card for a in game.legal_actions() if isinstance(a, Play)]
    if "tu palo más largo" in reason:
        lengths = [(south & SUIT_MASK[suit]).bit_count() for suit in range(4)]
        longest = max(lengths[:3]) if "fuera de las picas" in reason else max(lengths)
        assert lengths[int(card) // 13] == longest, (reason, lengths)
    if trick:
        led = trick[0] // 13
        best_pos = 0
        for pos in range(1, len(trick)):
            if _beats(trick[pos], trick[best_pos]):
                best_pos = pos
        best, best_seat = trick[best_pos], order[best_pos]
        beats = _beats(card, best)
        if reason.startswith("tu compañero ya gana la baza"):
            assert best_seat is N
            assert not any(_could_beat(hand.hands[s], best, led) for s in after if s is not N)
        if reason.startswith(("tu compañero va ganando", "tu compañero ya gana")):
            assert best_seat is N
            assert not beats
        if reason.startswith("no puedes ganar esta baza"):
            assert not any(_beats(c, best) for c in legal)
        if reason.startswith("no tienes "):
            assert not south & SUIT_MASK[led]
        if "ganas la baza" in reason:
            assert beats
            assert not any(_could_beat(hand.hands[s], card, led) for s in after)
    elif "ganas la baza" in reason:
        assert not any(_could_beat(hand.hands[s], card, card // 13) for s in after)
    if reason.startswith("es tu única carta"):
        assert len(legal) == 1
    if reason.startswith("cantaste Nil"):
        assert hand.bids[S] == 0
    if "Nil de tu compañero" in reason:
        assert hand.bids[N] == 0
    if reason.startswith("la carta maestra de picas"):
        assert card.suit is Suit.SPADES
        everyone = hand.hands[W] | hand.hands[N] | hand.hands[E] | south
        assert not everyone & ABOVE[card]


def test_over_many_positions_the_card_is_normals_and_the_reason_is_true() -> None:
    normal = NormalBot()
    checked = 0
    for number in range(24):
        code = "HNT" + "".join(random.Random(number).choice("23456789ABCDEFGH") for _ in range(5))
        game = GameState.new(find_profile("casa"), code)
        position = 0
        while not game.is_over and len(game.history) < 2:
            seat = game.turn
            assert seat is not None
            view = view_for(game, seat)
            if seat is S and view.phase is Phase.PLAYING:
                hint = suggest_play(view)
                assert hint.card == normal.play(view, random.Random(1))
                assert hint.reason
                _check_code(hint)
                _check(game, hint.card, hint.reason)
                checked += 1
            game = game.apply(decide(normal, view, decision_rng(code, position, seat)))
            position += 1
    assert checked > 500


# --- every reason has a code, and its Spanish is rendered from it ---------------------------------

ROOT = Path(__file__).resolve().parents[3]
SAMPLE: dict[str, str | int] = {
    "card": "QH",
    "best": "TS",
    "suit": "hearts",
    "led": "clubs",
    "seat": "west",
    "n": 3,
}
CARD_CODE = re.compile(r"[2-9TJQKA][CDHS]")


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _sample(code: str, discard: str = "discard_lowest") -> dict[str, str | int]:
    names = _fields(REASONS_ES[code])
    params = {name: SAMPLE[name] for name in names if name != "discard"}
    if "discard" in names:
        params["discard"] = discard
        params.update({name: SAMPLE[name] for name in _fields(DISCARDS_ES[discard])})
    return params


def _check_params(params: ReasonParams) -> None:
    """Codes and keys only: never a Spanish word."""
    for name, value in params.items():
        if name in ("card", "best"):
            assert isinstance(value, str)
            assert CARD_CODE.fullmatch(value), (name, value)
        elif name in ("suit", "led"):
            assert value in SUIT_KEYS
        elif name == "seat":
            assert value in ("west", "east")
        elif name == "n":
            assert isinstance(value, int)
            assert value > 0
        else:
            assert name == "discard", name
            assert value in DISCARDS_ES


def _check_code(hint: PlayHint) -> None:
    assert hint.reason_code in REASONS_ES
    _check_params(hint.reason_params)
    names = _fields(REASONS_ES[hint.reason_code])
    wanted = set(names - {"discard"})
    if "discard" in names:
        wanted |= {"discard"} | _fields(DISCARDS_ES[str(hint.reason_params["discard"])])
    assert set(hint.reason_params) == wanted, (hint.reason_code, hint.reason_params)
    assert render_es(hint.reason_code, hint.reason_params) == hint.reason


def test_every_code_renders_with_its_parameters() -> None:
    for code in REASONS_ES:
        discards = list(DISCARDS_ES) if "discard" in _fields(REASONS_ES[code]) else ["-"]
        for discard in discards:
            text = render_es(code, _sample(code, discard))
            assert text
            assert not re.search(r"[{}]|QH|hearts|west", text), (code, text)
            if "card" in _fields(REASONS_ES[code]):
                assert "♥Q" in text
    assert render_es("only_of_led", {"led": "hearts"}) == (
        "es tu única carta de corazones: debes asistir"
    )
    assert render_es("opponent_nil_lead_low", {"seat": "west", "suit": "clubs"}) == (
        "atacas el Nil de Oeste: sales bajo en tréboles"
    )
    assert render_es("void_discard", {"led": "hearts", "discard": "discard", "card": "TD"}) == (
        "no tienes corazones: te descartas de ♦10"
    )


def _js_table(name: str) -> dict[str, str]:
    """The ``"hint.<code>"`` entries of one of the page's i18n tables."""
    text = (ROOT / "src/picas/web/static/js" / name).read_text(encoding="utf-8")
    entries = re.findall(r'^\s*"hint\.(\w+)": ("(?:[^"\\]|\\.)*"),$', text, re.MULTILINE)
    return {key: json.loads(value) for key, value in entries}


def test_the_pages_tables_have_every_code_in_the_servers_words_and_in_english() -> None:
    codes = {**REASONS_ES, **DISCARDS_ES}
    spanish = _js_table("i18n.js")
    english = _js_table("i18n-en.js")
    assert {key: spanish[key] for key in codes} == codes
    for key, template in codes.items():
        assert _fields(english[key]) == _fields(template), key
        assert not re.search(r"\b(baza|bazas|compañero|tienes|sales|juegas)\b", english[key])


def test_every_code_is_documented() -> None:
    api = (ROOT / "docs/api.md").read_text(encoding="utf-8")
    for code in (*REASONS_ES, *DISCARDS_ES):
        assert f"`{code}`" in api, code
