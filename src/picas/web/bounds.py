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

from picas import games
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
from picas.shared.bounds import LONGEST_CARDS
from picas.shared.seats import Seat
from picas.shared.spec import GameSpec, Longest

MAX_JSON_DEPTH = 5
"""The deepest body any endpoint takes: ``{"save": {"record": {"actions": [["QS", …]]}}}`` (or a
deal, ``{"deals": [{…}]}``) is five levels; nothing in a record or a request nests further."""

WIDEST_CHAR = "\x01"
"""The character with the longest compact JSON form: a control character, ``\\u0001``."""
SIG_BYTES = 128
"""An import's ``sig`` may be any text up to 128 characters (docs/api.md)."""


def _compact(data: object) -> int:
    return len(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def _actions(hand: list[Any]) -> list[Any]:
    """:data:`MAX_ACTIONS` actions: whole hands, then the start of one more."""
    whole, rest = divmod(MAX_ACTIONS, len(hand))
    return hand * whole + hand[:rest]


def _deal() -> dict[str, str]:
    return {seat.key: " ".join(LONGEST_CARDS[13 * seat : 13 * seat + 13]) for seat in Seat}


def _meta() -> dict[str, str]:
    return {
        WIDEST_CHAR * (MAX_META_KEY - 2) + f"{n:02d}": WIDEST_CHAR * MAX_META_TEXT
        for n in range(MAX_META)
    }


def _served() -> tuple[tuple[GameSpec, Longest], ...]:
    """Each game of the registry with its longest record (:attr:`GameSpec.longest`)."""
    return tuple((spec, spec.longest) for spec in games.games() if spec.longest is not None)


def longest_record(game: str) -> dict[str, Any]:
    """A record of ``game`` with every limit of the format filled with its longest text (not a
    game that replays: the bytes a legal one can reach, by construction)."""
    spec = games.find_game(game)
    longest = spec.longest
    if longest is None:
        raise ValueError(f"{spec.name_es} has no longest record")
    record: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if not spec.record.codec().implied:  # the implied game's records are written without it
        record["game"] = spec.key
    record["rules"] = longest.rules()
    record["code"] = "-" * MAX_CODE_TEXT
    record["deals"] = [_deal()] * MAX_DEALS
    record["actions"] = _actions(longest.hand())
    record["meta"] = _meta()
    return record


def longest_record_bytes() -> int:
    return max(_compact(longest_record(spec.key)) for spec, _ in _served())


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
    record = max(containers(longest_record(spec.key)) for spec, _ in _served())
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
"""The largest record the format allows, in the compact form: 84,669 bytes (a real save is
2–20 KB; tests/web/test_web_bounds.py ties the figure to the games)."""
MAX_REQUEST_BYTES = MAX_RECORD_BYTES + longest_wrapper_bytes()
"""The largest body of any endpoint, not counting whitespace between tokens."""
MAX_CONTAINERS = most_containers()
"""The most lists and objects any request holds (556). Each one parsed is a Python object the
garbage collector tracks: a body of 20,000 small lists costs ``json.loads`` little, but the
collections it triggers cost a full pass over the server's heap."""
