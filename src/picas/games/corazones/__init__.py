"""Corazones (Hearts): four players each for themselves, no trump, the fewest points win.

The engine is pure, immutable and deterministic, built on the shared nouns of :mod:`picas.shared`
(cards, seats, tricks, deals from game codes, refusals). Players see a :class:`PlayerView` and
nothing else. The rules as implemented: docs/corazones.md.
"""

from picas.games.corazones.actions import Action, Pass, action_to_json, parse_action
from picas.games.corazones.game import GameState, HandResult, Outcome
from picas.games.corazones.hand import HandState
from picas.games.corazones.passing import PassDirection, direction_for
from picas.games.corazones.rules import TARGETS, MoonForm, Rules
from picas.games.corazones.scoring import HandScore, score_hand
from picas.games.corazones.view import PlayerView, view_for, view_to_json
from picas.shared.position import Phase

GAME_KEY = "corazones"

__all__ = [
    "GAME_KEY",
    "TARGETS",
    "Action",
    "GameState",
    "HandResult",
    "HandScore",
    "HandState",
    "MoonForm",
    "Outcome",
    "Pass",
    "PassDirection",
    "Phase",
    "PlayerView",
    "Rules",
    "action_to_json",
    "direction_for",
    "parse_action",
    "score_hand",
    "view_for",
    "view_to_json",
]
