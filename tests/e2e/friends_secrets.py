"""What a friends' table may show each person, checked after a whole game against the truth: the
record revealed at the end, replayed by the engine, says every seat's cards in every hand. Every
WebSocket frame a page received before the end, and every look at its hand, must show only its own
seat's cards (and the cards already played), never another seat's (docs/friends.md, issue 25)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from picas.record import read_record
from picas.shared.record import final_state
from picas.shared.seats import Seat
from picas.web.games import table_for

CARD = re.compile(r"(?:[2-9TJQKA][SHDC]|LJ|BJ)")
SEATS = ("south", "west", "north", "east")
PUBLIC_EVENTS = {"play", "trick"}  # cards played face up: everyone's to see
"""Event types whose cards are public. A finished hand's sheet (``hand_scored``) and ``history``
are checked on their own: only the viewer's own seat's private fields may be filled."""
PRIVATE_BY_SEAT = ("dealt", "passed", "received")


@dataclass(frozen=True)
class Hand:
    """One hand's truth: each seat's cards as dealt, and as held for the play (after a pass)."""

    dealt: dict[str, frozenset[str]]
    held: dict[str, frozenset[str]]

    def known_to(self, seat: str, *, passed: bool) -> frozenset[str]:
        """The cards ``seat`` may know of in this hand: its own (and, once the cards have changed
        hands, those it was passed)."""
        return self.dealt[seat] | self.held[seat] if passed else self.dealt[seat]


def end_of(frames: list[dict[str, Any]]) -> dict[str, Any]:
    """The reveal (``EndOut``) of the last frame that carries one."""
    ends = [f["end"] for f in frames if f.get("end")]
    assert ends, "no frame carried the end"
    end: dict[str, Any] = ends[-1]
    return end


def truth(record_json: dict[str, Any]) -> dict[int, Hand]:
    """Every finished hand's cards by seat, from the revealed record replayed by the engine."""
    record = read_record(record_json)
    table = table_for(record.game)
    view = table.seat_view_json(table.seat_view(final_state(record), Seat.SOUTH))
    hands: dict[int, Hand] = {}
    for result in view["history"]:
        dealt = {seat: frozenset(result["dealt"][seat]) for seat in SEATS}
        played: dict[str, set[str]] = {seat: set() for seat in SEATS}
        for trick in result["tricks"]:
            at = SEATS.index(trick["leader"])
            for k, card in enumerate(trick["cards"]):
                played[SEATS[(at + k) % 4]].add(card)
        held = {seat: frozenset(played[seat]) for seat in SEATS}
        hands[result["number"]] = Hand(dealt, held)
    return hands


def parsed(raw: list[str]) -> list[dict[str, Any]]:
    out = []
    for text in raw:
        msg = json.loads(text)
        if isinstance(msg, dict):
            out.append(msg)
    return out


def cards_in(value: Any) -> Iterator[str]:
    """Every card code anywhere in a JSON value, keys included (refusals are keyed by card)."""
    if isinstance(value, str):
        if CARD.fullmatch(value):
            yield value
    elif isinstance(value, list):
        for item in value:
            yield from cards_in(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            if CARD.fullmatch(key):
                yield key
            yield from cards_in(item)


def _only_own(result: dict[str, Any], seat: str, where: str) -> list[str]:
    """A finished hand as a seat receives it: the others' dealt, passed and received are null."""
    bad = []
    for field in PRIVATE_BY_SEAT:
        by_seat = result.get(field)
        if isinstance(by_seat, dict):
            bad += [
                f"{where}: {field} of {other}"
                for other, cards in by_seat.items()
                if other != seat and cards is not None
            ]
    return bad


def leaks(frames: list[dict[str, Any]], seat: str, hands: dict[int, Hand]) -> list[str]:
    """What in these frames (one person's, at ``seat``) shows another seat's cards before the end:
    a view of another seat, a card neither this seat's nor played yet, a finished hand's private
    fields of another seat. Empty when the frames are clean."""
    found: list[str] = []
    for n, msg in enumerate(frames):
        view = msg.get("view")
        if msg.get("type") not in {"welcome", "update"} or msg.get("end") or view is None:
            continue
        where = f"frame {n} (seq {msg.get('seq')})"
        if view.get("seat") != seat:
            found.append(f"{where}: the view of {view.get('seat')}, not of {seat}")
            continue
        hand = hands.get(view.get("hand_number"))
        for k, result in enumerate(view.get("history") or []):
            found += _only_own(result, seat, f"{where} history {k}")
        rest = {key: item for key, item in view.items() if key != "history"}
        events = []
        for ev in msg.get("events") or []:
            if ev.get("type") == "hand_scored":
                found += _only_own(ev.get("result") or {}, seat, f"{where} hand_scored")
            elif ev.get("type") == "pass" and ev.get("seat") not in (None, seat):
                found.append(f"{where}: the pass of {ev.get('seat')}")
            elif ev.get("type") not in PUBLIC_EVENTS:
                events.append(ev)
        if hand is None:
            continue  # no truth for a hand the game did not finish (none, in a game played out)
        played = set(cards_in(view.get("tricks"))) | set(cards_in(view.get("trick")))
        known = hand.known_to(seat, passed=view.get("phase") != "passing")
        shown = set(cards_in(rest)) | set(cards_in(events))
        other = shown - known - played
        if other:
            found.append(f"{where}: cards of another seat {sorted(other)}")
    return found


def foreign_hands(
    looks: list[tuple[str, list[str]]], name: str, seat: str, hands: dict[int, Hand]
) -> list[str]:
    """The page's own looks at itself (the name at the bottom, the cards in the hand): the name is
    this person's, and each hand shown is this seat's in some hand of the game."""
    found = []
    for bottom, cards in looks:
        if bottom and not bottom.startswith(name):
            found.append(f"the bottom seat says {bottom!r}, not {name}")
        if cards and not any(set(cards) <= h.known_to(seat, passed=True) for h in hands.values()):
            found.append(f"a hand not {seat}'s: {sorted(cards)}")
    return sorted(set(found))


def outcome_of(record_json: dict[str, Any]) -> dict[str, Any]:
    """The game's outcome as South's view says it (absolute seats and teams)."""
    record = read_record(record_json)
    table = table_for(record.game)
    view = table.seat_view_json(table.seat_view(final_state(record), Seat.SOUTH))
    outcome: dict[str, Any] = view["outcome"]
    return outcome
