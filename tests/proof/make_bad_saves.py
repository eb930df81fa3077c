"""Write the bad saves corpus (``bad_saves/*.json``; the format is in ``bad_save_corpus.py``).

    .venv/bin/python tests/proof/make_bad_saves.py

Each bad save is made from real games: two games played at the web table (the real Fácil
computer players, signed with the corpus key), South taking its first legal action each time, then
damaged in one way. The script is deterministic: the same engine and bots write the same files.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bad_save_corpus import CORPUS_DIR, CORPUS_KEY, sign

from picas.games.spades import Play, Seat, action_to_json, cards_in
from picas.record import Record, iter_states
from picas.shared.cards import SUIT_MASKS
from picas.web.settings import MAX_BODY_BYTES, Settings
from picas.web.table import Table

CODE_A = "K7PMX4QH"
CODE_B = "M3RT8WQZ"
WRONG_KEY = b"not-the-server-key-but-long-enough"
Json = dict[str, Any]


def play_game(table: Table, code: str, south_actions: int) -> Json:
    """A game at the web table after South's first ``south_actions`` actions (first legal)."""
    turn = table.new_game(target=250, bag_penalty=True, blind_nil=False, level="facil", code=code)
    for _ in range(south_actions):
        legal = turn.state.legal_actions()
        turn = table.act(turn.record_json, turn.sig, action_to_json(legal[0]))
    return turn.record_json


def _south_must_follow(record: Record) -> tuple[int, str]:
    """An index in the middle of the record where South follows suit, and a card of another suit
    South holds there: playing that card instead is refused (``must_follow_suit``)."""
    states = list(iter_states(record))
    middle = len(record.actions) // 2
    for index in [*range(middle, len(record.actions)), *range(middle)]:
        state, action = states[index], record.actions[index]
        hand = state.hand
        if state.turn is not Seat.SOUTH or not hand.trick or not isinstance(action, Play):
            continue
        held = hand.hands[Seat.SOUTH]
        other = held & ~SUIT_MASKS[hand.trick[0] // 13]
        if held & SUIT_MASKS[hand.trick[0] // 13] and other:
            return index, cards_in(other)[0].code
    raise SystemExit("no position where South must follow suit: play more of the game")


def _computer_play(record: Record) -> tuple[int, str]:
    """A card a computer player played, and another card it held then."""
    states = list(iter_states(record))
    for index in range(len(record.actions) - 1, -1, -1):
        state, action = states[index], record.actions[index]
        if state.turn is not Seat.SOUTH and isinstance(action, Play):
            assert state.turn is not None
            others = [c for c in cards_in(state.hand.hands[state.turn]) if c != action.card]
            if others:
                return index, others[0].code
    raise SystemExit("no computer play to edit")


def entries() -> Iterator[tuple[str, Json]]:
    table = Table(Settings(key=CORPUS_KEY))
    game_a = play_game(table, CODE_A, 20)
    game_b = play_game(table, CODE_B, 6)
    record_a = Record.from_json(game_a)
    good = {"record": game_a, "sig": sign(CORPUS_KEY, game_a)}

    def signed(record: Json, **what: Any) -> Json:
        save = {"record": record, "sig": sign(CORPUS_KEY, record)}
        return {**what, "signature": "server", "save": save}

    def as_stored(save: Json, **what: Any) -> Json:
        return {**what, "signature": "as_stored", "save": save}

    damaged = "firma"  # the refusal blames nobody: an edit and an old key look the same
    text = json.dumps(good, ensure_ascii=False, separators=(",", ":"))
    yield (
        "truncated-text",
        {
            "about": "The save's text cut off halfway (a write interrupted): not even JSON.",
            "code": "bad_request",
            "status": 400,
            "message_has": "JSON",
            "save_text": text[: len(text) // 2],
        },
    )
    cut = {**game_a, "actions": game_a["actions"][: len(game_a["actions"]) // 2]}
    yield (
        "truncated-actions",
        as_stored(
            {"record": cut, "sig": good["sig"]},
            about="The last half of the actions dropped, the signature of the whole game kept.",
            code="bad_signature",
            status=400,
            message_has=damaged,
        ),
    )
    yield (
        "unknown-version",
        signed(
            {**game_a, "version": 2},
            about="A record of a later format version, signed by the server.",
            code="unknown_version",
            status=422,
            message_has="Versión",
        ),
    )
    index, card = _south_must_follow(record_a)
    actions = list(game_a["actions"])
    actions[index] = card
    yield (
        "illegal-action-middle",
        signed(
            {**game_a, "actions": actions},
            about=f"Action {index} (South) changed to {card}, off suit while holding the led suit;"
            " the actions after it kept; signed by the server.",
            code="must_follow_suit",
            status=422,
            message_has=f"Acción {index + 1}",  # counted from 1, as people do
        ),
    )
    index, card = _computer_play(record_a)
    actions = list(game_a["actions"])
    actions[index] = card
    edited = {**game_a, "actions": actions}
    yield (
        "computer-card-wrong-key",
        as_stored(
            {"record": edited, "sig": sign(WRONG_KEY, edited)},
            about=f"A computer player's card (action {index}) changed to {card} and re-signed"
            " with a key that is not the server's.",
            code="bad_signature",
            status=400,
            message_has=damaged,
        ),
    )
    yield (
        "computer-card-unsigned",
        as_stored(
            {"record": edited, "sig": good["sig"]},
            about=f"A computer player's card (action {index}) changed to {card}; the signature"
            " of the original record kept.",
            code="bad_signature",
            status=400,
            message_has=damaged,
        ),
    )
    compact = len(json.dumps(game_a["actions"], separators=(",", ":")))
    repeats = MAX_BODY_BYTES * 5 // 4 // compact + 1
    yield (
        "huge-record",
        signed(
            {**game_a, "actions": game_a["actions"] * repeats},
            about="A record bigger than the body cap (256 KB), signed by the server.",
            code="too_large",
            status=413,
            message_has="demasiado grande",
        ),
    )
    yield (
        "other-game-signature",
        {
            "about": "Game B's record with the server's valid signature of game A.",
            "code": "bad_signature",
            "status": 400,
            "message_has": damaged,
            "signature": "other_record",
            "other_record": game_a,
            "save": {"record": game_b, "sig": good["sig"]},
        },
    )
    yield (
        "other-server-key",
        as_stored(
            {"record": game_a, "sig": sign(WRONG_KEY, game_a)},
            about="An untouched save signed by another server (another key).",
            code="bad_signature",
            status=400,
            message_has=damaged,
        ),
    )
    yield (
        "sig-not-hex",
        as_stored(
            {"record": game_a, "sig": "ñ" * 64},
            about="A signature that is not hexadecimal: refused before the record is checked.",
            code="malformed_signature",
            status=400,
            message_has="firma",
        ),
    )
    yield (
        "sig-missing",
        as_stored(
            {"record": game_a},
            about="A save without its signature.",
            code="bad_request",
            status=400,
            message_has="Falta",
        ),
    )
    yield (
        "wrong-type-sig",
        as_stored(
            {"record": game_a, "sig": 12345},
            about="The signature is a number, not text.",
            code="bad_request",
            status=400,
            message_has="firma",
        ),
    )
    yield (
        "wrong-type-record",
        as_stored(
            {"record": game_a["actions"], "sig": good["sig"]},
            about="The record is a list, not an object.",
            code="bad_request",
            status=400,
            message_has="registro",
        ),
    )
    yield (
        "wrong-type-save",
        as_stored(
            [game_a, good["sig"]],  # type: ignore[arg-type]
            about="The save is a list, not an object.",
            code="bad_request",
            status=400,
            message_has="guardada",
        ),
    )
    yield (
        "wrong-type-actions",
        signed(
            {**game_a, "actions": " ".join(str(a) for a in game_a["actions"])},
            about="The actions are one string, not a list; signed by the server.",
            code="invalid_record",
            status=422,
            message_has="acciones",
        ),
    )
    actions = list(game_a["actions"])
    actions[5] = 3.5
    yield (
        "wrong-type-action",
        signed(
            {**game_a, "actions": actions},
            about="Action 5 is the number 3.5; signed by the server: refused from the body's bytes"
            " (no record holds a fraction).",
            code="bad_number",
            status=400,
            message_has="decimales",
        ),
    )
    yield (
        "wrong-type-target",
        signed(
            {**game_a, "rules": {**game_a["rules"], "target": "250"}},
            about="The target is the text «250», not a number; signed by the server.",
            code="invalid_rules",
            status=422,
            message_has="target",
        ),
    )
    yield (
        "not-a-record",
        signed(
            {"hola": "mundo"},
            about="A signed object that is not a Picas record.",
            code="bad_format",
            status=422,
            message_has="Picas",
        ),
    )
    yield (
        "unknown-level",
        signed(
            {**game_a, "meta": {"level": "imposible"}},
            about="A level no server has, signed by the server.",
            code="unknown_level",
            status=422,
            message_has="Nivel",
        ),
    )


def main() -> int:
    CORPUS_DIR.mkdir(exist_ok=True)
    for old in CORPUS_DIR.glob("*.json"):
        old.unlink()
    for name, entry in entries():
        text = json.dumps(entry, ensure_ascii=False, indent=1 if name != "huge-record" else None)
        (CORPUS_DIR / f"{name}.json").write_text(text + "\n", encoding="utf-8")
        print(f"{name}.json: {entry['code']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
