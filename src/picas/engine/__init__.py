"""The pure rules engine: no I/O, no global randomness, no imports from other layers."""

from picas.engine.actions import (
    Action,
    Bid,
    BlindNil,
    LookAtCards,
    Play,
    action_to_json,
    parse_action,
)
from picas.engine.cards import CARDS, Card, Rank, Suit, cards_in, mask_of
from picas.engine.deals import deal_for, dealer_by_lot, normalize_code
from picas.engine.errors import (
    IllegalAction,
    InvalidAction,
    InvalidCode,
    InvalidRules,
    PicasError,
    Refusal,
    excerpt,
)
from picas.engine.game import GameState, Outcome
from picas.engine.hand import HandState, Phase, Trick
from picas.engine.rules import PROFILES, Rules, find_profile
from picas.engine.scoring import TeamSheet, score_hand
from picas.engine.seats import Seat, Team

__all__ = [
    "CARDS",
    "PROFILES",
    "Action",
    "Bid",
    "BlindNil",
    "Card",
    "GameState",
    "HandState",
    "IllegalAction",
    "InvalidAction",
    "InvalidCode",
    "InvalidRules",
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
