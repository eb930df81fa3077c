"""«¿Por qué?» during the hand: a computer player's reason tells the table nothing a player could
not know. It may say counts and shapes ("2 bazas seguras", "sin cartas de un palo"), never a card
or which suit is short."""

from __future__ import annotations

import re
from typing import Any

import pytest

from picas.games.spades import Action, GameState, Rules, Seat
from picas.games.spades.bots.base import play_bots
from picas.games.spades.bots.bid_reasons import PARAMS, PUBLIC
from picas.games.spades.bots.registry import load_bot
from picas.shared.deals import code_from_bytes
from picas.web.games.spades import events_for

# A card as the reasons or the page could write it: "♥K", "K♥", "rey de corazones"; or a side
# suit by name (which suit is short is the hand's secret as much as its cards).
CARD_LABEL = re.compile(r"[♣♦♥♠]|\b(as|rey|reina|jota|[2-9]|10) de \w+")
SIDE_SUIT = re.compile(r"trébol|tréboles|diamantes?|corazón|corazones")

GAMES = 120
COUNTS = frozenset({"n", "min", "lowest", "points"})
"""The only parameters a computer player's public reason may carry: counts."""


def test_the_public_reasons_are_declared_with_counts_only() -> None:
    for code in PUBLIC:
        assert PARAMS.get(code, frozenset()) <= COUNTS, code


def _reasons_of_a_game(code: str, level: str, hands: int) -> list[tuple[str, str, Any]]:
    """(seat, reason) of every event that carries a reason, in ``hands`` hands of ``code``, as the
    table's answers would give them; every seat is a computer player so every bid has one."""
    shown: list[tuple[str, str, Any]] = []

    def collect(before: GameState, seat: Seat, action: Action, after: GameState) -> None:
        for event in events_for(before, seat, action, after):
            if "reason" in event:
                shown.append((event["seat"], event["reason"], event["reason_codes"]))

    bot = load_bot(level)
    bots = dict.fromkeys(Seat, bot)
    game = GameState.new(Rules(blind_nil=True), code)
    play_bots(game, bots, position=0, stop=lambda g: len(g.history) >= hands, on_action=collect)
    return shown


def _codes(n: int) -> list[str]:
    return [code_from_bytes(i.to_bytes(5, "big")) for i in range(1, n + 1)]


@pytest.mark.parametrize("level", ["facil", "normal"])
def test_no_reason_shown_during_a_hand_names_a_card_or_a_short_suit(level: str) -> None:
    seen: dict[str, Any] = {}
    for code in _codes(GAMES):
        for seat, reason, coded in _reasons_of_a_game(code, level, hands=2):
            assert not CARD_LABEL.search(reason), (code, seat, reason)
            assert not SIDE_SUIT.search(reason), (code, seat, reason)
            # The codes say no more than the words: counts and shapes, never a card or a suit.
            for why in coded:
                assert why["code"] in PUBLIC, (code, seat, why)
                assert set(why["params"]) <= COUNTS, (code, seat, why)
                assert all(isinstance(v, int) for v in why["params"].values()), (code, why)
            seen[reason] = code
    # The check saw the reasons' every kind of phrase, not just "pocas cartas altas".
    words = " ".join(seen)
    for phrase in ("segura", "rey protegido", "picas: las pequeñas", "fall", "mano de Nil"):
        assert phrase in words, phrase
