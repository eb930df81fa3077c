"""How large and how deep a request body of this API can be, worked out from the record format.

Neither game has a longest legal game (docs/api.md, "Request bounds"): a record stops at
:data:`picas.record.MAX_ACTIONS` actions, 100 hands and the start of the next. So the largest
save is the record that fills every limit of the format with the longest text each allows: as
many hands as the actions fill, each written with the most bytes a legal hand can take, an explicit
deal for every hand it reaches, the longest rules, code and ``meta``. It is measured in the compact
form the server writes and the page sends back (no spaces, letters not escaped to ``\\uXXXX``; a
control character is escaped, 6 bytes), so a body over it cannot be a real game's, whatever it
holds, and is refused before its JSON is parsed (:mod:`picas.web.guard`).
"""

from __future__ import annotations

import json
from typing import Any

from picas.games.corazones.rules import TARGET_RANGE as CORAZONES_TARGETS
from picas.games.spades.rules import (
    DEFICIT_RANGE,
    NIL_RANGE,
    PENALTY_RANGE,
    TARGET_RANGE,
)
from picas.record import (
    FORMAT,
    MAX_ACTIONS,
    MAX_CODE_TEXT,
    MAX_DEALS,
    MAX_META,
    MAX_META_KEY,
    MAX_META_TEXT,
    VERSION,
)
from picas.shared.seats import Seat

MAX_JSON_DEPTH = 5
"""The deepest body any endpoint takes: ``{"save": {"record": {"actions": [["QS", …]]}}}`` (or a
deal, ``{"deals": [{…}]}``) is five levels; nothing in a record or a request nests further."""

SUITS = "CDHS"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Each rank in its longest legal spelling: ``10`` (3 bytes a card) where the server writes
``T``."""
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
WIDEST_CHAR = "\x01"
"""The character with the longest compact JSON form: a control character, ``\\u0001``."""
PROFILE_CHAR = "\U0001f0a1"
"""A profile name is printable: at most 4 bytes a character (UTF-8)."""
MAX_PROFILE = 40
SIG_BYTES = 128
"""An import's ``sig`` may be any text up to 128 characters (docs/api.md)."""


def _compact(data: object) -> int:
    return len(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def _spades_hand() -> list[Any]:
    """The most bytes a Spades hand can take: two players offered Blind Nil bid it (11 bytes each,
    the longest bid; a look and a bid take 9 in two actions), the two others bid 13, and the 52
    cards with every ten spelt ``10``."""
    return ["blind_nil", "blind_nil", 13, 13, *DECK]


def _corazones_hand() -> list[Any]:
    """The most bytes a Corazones hand can take: four passes of four cards (the house rule
    ``pass_size``), the four tens among them, then the 52 cards."""
    passed = sorted(DECK, key=len, reverse=True)[:16]
    passes = [passed[i : i + 4] for i in range(0, 16, 4)]
    return [*passes, *DECK]


def _actions(hand: list[Any]) -> list[Any]:
    """:data:`MAX_ACTIONS` actions: whole hands, then the start of one more."""
    whole, rest = divmod(MAX_ACTIONS, len(hand))
    return hand * whole + hand[:rest]


def _deal() -> dict[str, str]:
    return {seat.key: " ".join(DECK[13 * seat : 13 * seat + 13]) for seat in Seat}


def _meta() -> dict[str, str]:
    return {
        WIDEST_CHAR * (MAX_META_KEY - 2) + f"{n:02d}": WIDEST_CHAR * MAX_META_TEXT
        for n in range(MAX_META)
    }


def _widest_int(values: range) -> int:
    return max((values[0], values[-1]), key=lambda n: len(str(n)))


def spades_rules() -> dict[str, Any]:
    return {
        "profile": PROFILE_CHAR * MAX_PROFILE,
        "target": _widest_int(TARGET_RANGE),
        "bag_penalty": False,
        "blind_nil": False,
        "blind_nil_deficit": _widest_int(DEFICIT_RANGE),
        "floor": -1000,
        "draw_after_hand": 100,
        "first_dealer": "north",
        "nil_tricks_score": False,
        "bag_limit": 100,
        "bag_penalty_points": _widest_int(PENALTY_RANGE),
        "nil_points": _widest_int(NIL_RANGE),
        "blind_nil_points": _widest_int(NIL_RANGE),
        "team_minimum": 13,
        "all_thirteen": "bonus",
        "all_thirteen_points": _widest_int(NIL_RANGE),
        "ten_for_200": False,
    }


def corazones_rules() -> dict[str, Any]:
    return {
        "target": _widest_int(CORAZONES_TARGETS),
        "passing": False,
        "jack_of_diamonds": False,
        "moon": "others",
        "first_pass": "across",
        "omnibus": False,  # the house rules: each named at its longest value
        "pass_size": 4,
        "queen_breaks_hearts": False,
    }


def longest_record(game: str) -> dict[str, Any]:
    """A record of ``game`` with every limit of the format filled with its longest text (not a
    game that replays: the bytes a legal one can reach, by construction)."""
    spades = game == "spades"
    record: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if not spades:
        record["game"] = game
    record["rules"] = spades_rules() if spades else corazones_rules()
    record["code"] = "-" * MAX_CODE_TEXT
    record["deals"] = [_deal()] * MAX_DEALS
    record["actions"] = _actions(_spades_hand() if spades else _corazones_hand())
    record["meta"] = _meta()
    return record


def longest_record_bytes() -> int:
    return max(_compact(longest_record(game)) for game in ("spades", "corazones"))


def containers(data: object) -> int:
    """The lists and objects in ``data``, itself included."""
    if isinstance(data, dict):
        return 1 + sum(containers(value) for value in data.values())
    if isinstance(data, list):
        return 1 + sum(containers(value) for value in data)
    return 0


def most_containers() -> int:
    """The most lists and objects a request can hold: the record with the most (Corazones': a
    list for every pass, an object for every explicit deal) in the wrapper with the most (an act
    with a pass: the body, the save, the pass)."""
    record = max(containers(longest_record(game)) for game in ("spades", "corazones"))
    wrapper = containers({"save": {"record": {}, "sig": ""}, "action": []})
    return record + wrapper - 1


def longest_wrapper_bytes() -> int:
    """What the largest request adds around its record: an act with a pass, or an import with
    the longest ``sig`` (the record itself counted as ``{}``)."""
    sig = "0" * 64
    wrappers = [
        {"save": {"record": {}, "sig": sig}, "action": ["10C", "10D", "10H"]},
        {"save": {"record": {}, "sig": sig}, "hand_number": 1000},
        {"record": {}, "sig": WIDEST_CHAR * SIG_BYTES},
    ]
    return max(_compact(wrapper) for wrapper in wrappers) - _compact({})


MAX_RECORD_BYTES = longest_record_bytes()
"""The largest record the format allows, in the compact form: 82,451 bytes (a real save is
2–20 KB; tests/web/test_web_bounds.py ties the figure to the games)."""
MAX_REQUEST_BYTES = MAX_RECORD_BYTES + longest_wrapper_bytes()
"""The largest body of any endpoint, not counting whitespace between tokens."""
MAX_CONTAINERS = most_containers()
"""The most lists and objects any request holds (556). Each one parsed is a Python object the
garbage collector tracks: a body of 20,000 small lists costs ``json.loads`` little, but the
collections it triggers cost a full pass over the server's heap."""
