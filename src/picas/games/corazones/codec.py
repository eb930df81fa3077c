"""What the game record (:mod:`picas.record`, docs/record.md) needs to know of Corazones: its
rules, its actions' notation and how a game starts and moves on. The envelope (format, version,
code, deals, meta, the limits, the replay) is shared; this is the ``"corazones"`` part of it.

In a record, a hand with a pass starts with the four passes in seat order from South (South, West,
North, East): each is the pass of the first seat still to choose, the seat the engine puts on turn
while passing, so a record needs no seat names. The table makes them in that order (South chooses
first, the computer players after), and so do bots playing alone.
"""

from __future__ import annotations

from typing import Any

from picas.games.corazones.actions import Action, action_to_json, parse_action
from picas.games.corazones.game import GameState
from picas.games.corazones.hand import Deal
from picas.games.corazones.rules import Rules

GAME_KEY = "corazones"


class CorazonesCodec:
    key = GAME_KEY
    name_es = "Corazones"

    def read_rules(self, data: object) -> Rules:
        return Rules.from_json(data)

    def rules_json(self, rules: Rules) -> dict[str, Any]:
        return rules.to_json()

    def parse_action(self, raw: object) -> Action:
        return parse_action(raw)

    def action_json(self, action: Action) -> str | list[str]:
        return action_to_json(action)

    def start(self, rules: Rules, code: str, deals: tuple[Deal, ...]) -> GameState:
        return GameState.new(rules, code, deals=deals)

    def apply(self, state: GameState, action: Action) -> GameState:
        return state.apply(action)


CODEC = CorazonesCodec()
