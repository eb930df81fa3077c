"""The codes on the wire: every refusal the server can send, with the parameters its sentence names.

A refusal (an API error, a socket's ``error``, a view's refused card or bid) is
``{"code", "message", "params"}``: the code is stable, ``message`` is the Spanish sentence for API
users and the CLI, and ``params`` is what the sentence names — a seat key, a suit key, a card code,
a count — so the page says it from its own tables in the player's language (``server.<code>``, or
``server.<code>.<form>`` when ``params.form`` picks one of a code's sentences). Every parameter is
as public as the sentence it stands for. Each reason a computer player or a hint gives has its own
code registry next to its Spanish templates: the play hint's
(:data:`picas.games.spades.bots.hint.REASONS_ES`), the draw's
(:data:`picas.games.spades.bots.two_draw.DRAW_REASONS_ES`), the bids'
(:data:`picas.games.spades.bots.bid_reasons.BID_REASONS_ES`) and Corazones' hint's
(:data:`picas.games.corazones.bots.hint.REASONS_ES`).

``tests/web/test_wire_codes.py`` walks the source for every code it raises and checks that this
registry lists it, and that the page's tables word each one in Spanish and in English.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Code:
    """A refusal's code: its parameters and the forms its sentence takes."""

    params: frozenset[str] = frozenset()
    forms: frozenset[str] = frozenset()


def _code(*params: str, forms: tuple[str, ...] = ()) -> Code:
    return Code(frozenset(params), frozenset(forms))


REPLAYED: frozenset[str] = frozenset({"action"})
"""Any refusal of an action in a record being replayed also names the action's number (from 1):
the page puts «Acción N: » before its words."""

_PLAIN = _code()

CODES: Mapping[str, Code] = {
    # the engines' refusals (a card, a bid, a pass, a draw)
    "not_your_turn": _code("seat", forms=("nobody",)),
    "must_follow_suit": _code("suit"),
    "card_not_in_hand": _code("card"),
    "card_not_in_deck": _code("card", forms=("jokers",)),
    "spades_not_broken": _PLAIN,
    "game_over": _PLAIN,
    "hand_over": _PLAIN,
    "bidding_over": _PLAIN,
    "bidding_not_over": _PLAIN,
    "bid_out_of_range": _PLAIN,
    "decide_blind_nil": _PLAIN,
    "blind_nil_not_offered": _code(forms=("two_players",)),
    "cards_already_seen": _code(forms=("look",)),
    "team_minimum": _code("min", "partner", "lowest", forms=("partner_nil",)),
    "still_drawing": _PLAIN,
    "drawing_over": _PLAIN,
    "no_draw": _PLAIN,
    "bad_card": _PLAIN,
    "bad_action": _PLAIN,
    "lead_two_of_clubs": _PLAIN,
    "no_points_first_trick": _PLAIN,
    "hearts_not_broken": _PLAIN,
    "pass_three_cards": _code("n", forms=("any",)),
    "pass_repeated_card": _PLAIN,
    "already_passed": _PLAIN,
    "no_pass_this_hand": _PLAIN,
    "passing_over": _PLAIN,
    "passing_not_over": _code("n"),
    "internal": _PLAIN,
    "illegal_action": _PLAIN,
    "invalid_action": _PLAIN,
    "bot_illegal_action": _PLAIN,
    # the table's own
    "no_tip": _PLAIN,
    "no_hint": _PLAIN,
    "no_practice": _PLAIN,
    "no_practice_two_players": _PLAIN,
    "no_review": _PLAIN,
    "hand_not_finished": _code("n"),
    "unknown_level": _PLAIN,
    "unknown_bot": _PLAIN,
    "unavailable": _PLAIN,
    # records, saves, imports
    "bad_signature": _PLAIN,
    "malformed_signature": _PLAIN,
    "bad_json": _PLAIN,
    "bad_format": _PLAIN,
    "bad_text": _PLAIN,
    "unknown_version": _PLAIN,
    "unknown_game": _PLAIN,
    "wrong_game": _PLAIN,
    "invalid_code": _PLAIN,
    "invalid_rules": _PLAIN,
    "invalid_deal": _PLAIN,
    "invalid_record": _PLAIN,
    "record_too_long": _PLAIN,
    "malformed_action": _PLAIN,
    "not_reproducible": _code("seat", "played", "expected", "level"),
    "too_long_to_verify": _code("n", "limit", "level", forms=("unsigned",)),
    "deal_not_from_code": _code("n", "code"),
    # requests and the server's limits
    "bad_request": _PLAIN,
    "not_found": _PLAIN,
    "method_not_allowed": _PLAIN,
    "too_large": _PLAIN,
    "save_too_large": _PLAIN,
    "too_deep": _PLAIN,
    "too_many_objects": _PLAIN,
    "bad_number": _PLAIN,
    "headers_too_large": _PLAIN,
    "url_too_long": _PLAIN,
    "request_timeout": _PLAIN,
    "too_many_connections": _PLAIN,
    "too_many_requests": _PLAIN,
    "busy": _PLAIN,
    "too_slow": _PLAIN,
    "worker_crashed": _PLAIN,
    "client_gone": _PLAIN,
    "internal_error": _PLAIN,
    "server_down": _PLAIN,  # nginx's (deploy/nginx.conf)
    "server_timeout": _PLAIN,  # nginx's
    # the friends' tables: REST and the socket
    "table_not_found": _PLAIN,
    "table_started": _PLAIN,
    "seat_taken": _PLAIN,
    "seat_lost": _PLAIN,
    "not_host": _PLAIN,
    "bad_host_action": _PLAIN,
    "not_enough_players": _PLAIN,
    "not_started": _PLAIN,
    "bad_state": _PLAIN,
    "bad_token": _PLAIN,
    "bad_settings": _PLAIN,
    "bad_name": _PLAIN,
    "stale": _PLAIN,
    "no_friends": _PLAIN,
    "two_players_solo_only": _PLAIN,
    "too_many_tables": _PLAIN,
    "tables_full": _PLAIN,
    "store_unavailable": _PLAIN,
    # ratings and boards (docs/ratings.md)
    "bad_board_page": _PLAIN,
    "no_such_profile": _PLAIN,
    "bad_stats": _PLAIN,
    "stats_too_large": _PLAIN,
    # profiles («Jugar ya», docs/quick.md)
    "no_profile": _PLAIN,
    "too_many_profiles": _PLAIN,
    "too_many_ceremonies": _PLAIN,
    "ceremonies_full": _PLAIN,
    "profiles_unavailable": _PLAIN,
    "bad_host": _PLAIN,
    "passkey_malformed": _PLAIN,
    "passkey_challenge_unknown": _PLAIN,
    "passkey_challenge_used": _PLAIN,
    "passkey_challenge_expired": _PLAIN,
    "passkey_wrong_ceremony": _PLAIN,
    "passkey_other_profile": _PLAIN,
    "passkey_wrong_origin": _PLAIN,
    "passkey_wrong_rp": _PLAIN,
    "passkey_bad_signature": _PLAIN,
    "passkey_replayed": _PLAIN,
    "passkey_unknown": _PLAIN,
    "passkey_refused": _PLAIN,
    "passkey_taken": _PLAIN,
    "too_many_passkeys": _PLAIN,
    "passkey_not_found": _PLAIN,
    "not_hello": _PLAIN,
    "not_seated": _PLAIN,
    "not_text": _PLAIN,
    "too_big": _PLAIN,
    "not_object": _PLAIN,
    "no_type": _PLAIN,
    "unknown_type": _PLAIN,
    "unexpected_field": _PLAIN,
    "bad_message": _PLAIN,
    "missing_field": _code("field"),
    "bad_field": _code("field"),
    "unknown_phrase": _PLAIN,
    "too_many_messages": _PLAIN,
    "too_many_watchers": _PLAIN,
    "replaced": _PLAIN,
    # «Reto del día» (docs/daily.md)
    "hints_off": _PLAIN,
    "daily_not_open": _PLAIN,
    "daily_not_over": _PLAIN,
    "daily_over": _PLAIN,
    "daily_not_found": _PLAIN,
    "daily_sealed": _PLAIN,
    "daily_unknown_game": _PLAIN,
    "bad_day": _PLAIN,
    # «Jugar ya» (docs/quick.md)
    "banned": _code("until"),
    "too_many_joins": _PLAIN,
    "bad_target": _PLAIN,
    "bad_block": _PLAIN,
    "not_your_table": _PLAIN,
    "too_many_blocks": _PLAIN,
}
"""Every refusal code the server can send, with its parameters and forms."""

NEVER_SENT: Mapping[str, str] = {
    "command_error": "the command line's own (picas: … [command_error])",
    "bad_key": "a server that cannot start: its signing key is too short",
    "duplicate_game": "a server that cannot start: two games under one key",
}
"""Codes in the source that never reach a client, with why."""


@dataclass(frozen=True, slots=True)
class Why:
    """A computer player's «¿Por qué?»: the Spanish text and its reasons as codes."""

    text: str
    codes: list[dict[str, Any]] = field(default_factory=list)
