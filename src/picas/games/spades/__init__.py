"""Spades' pure rules engine: no I/O, no global randomness, no imports from other layers."""

from picas.games.spades.actions import (
    Action,
    Bid,
    BlindNil,
    Discard,
    Keep,
    LookAtCards,
    action_to_json,
    parse_action,
)
from picas.games.spades.game import GameState, Outcome
from picas.games.spades.hand import HandState
from picas.games.spades.rules import PROFILES, Rules, find_profile
from picas.games.spades.scoring import TeamSheet, score_hand
from picas.shared.cards import ANY_CARD, CARDS, Card, Rank, Suit, cards_in, mask_of
from picas.shared.deals import deal_for, dealer_by_lot, normalize_code
from picas.shared.errors import (
    IllegalAction,
    InvalidAction,
    InvalidCode,
    InvalidRules,
    PicasError,
    Refusal,
    excerpt,
)
from picas.shared.position import Phase
from picas.shared.seats import Seat, Team
from picas.shared.tricks import Play, Trick

__all__ = [
    "ANY_CARD",
    "CARDS",
    "PROFILES",
    "Action",
    "Bid",
    "BlindNil",
    "Card",
    "Discard",
    "GameState",
    "HandState",
    "IllegalAction",
    "InvalidAction",
    "InvalidCode",
    "InvalidRules",
    "Keep",
    "LookAtCards",
    "Outcome",
    "Phase",
    "PicasError",
    "Play",
    "Rank",
    "Refusal",
    "Rules",
    "Seat",
    "Suit",
    "Team",
    "TeamSheet",
    "Trick",
    "action_to_json",
    "cards_in",
    "deal_for",
    "dealer_by_lot",
    "excerpt",
    "find_profile",
    "mask_of",
    "normalize_code",
    "parse_action",
    "score_hand",
]
