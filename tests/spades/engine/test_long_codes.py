"""The long code (28 characters, 140 bits): read like the code, dealt by the same derivation,
worked out here a second time from docs/record.md's steps alone, and the document's test
vectors checked against that second reading."""

from __future__ import annotations

import hashlib
import re
import struct
from pathlib import Path

import pytest

from picas.games.spades import InvalidCode, Seat, cards_in, deal_for, normalize_code
from picas.shared.deals import CODE_ALPHABET, LONG_CODE_LENGTH, code_from_bytes, long_code

RECORD_MD = Path(__file__).resolve().parents[3] / "docs" / "record.md"
LONG = "ABCDEFGHJKLMNPQRSTUVWXYZ2345"
SUITS, RANKS = "CDHS", "23456789TJQKA"


def spec_deal(code: str, number: int, dealer: int) -> list[list[str]]:
    """Hand ``number``'s four hands (South, West, North, East), by docs/record.md «Deals from a
    code», steps 1–5, written from the text and nothing else."""
    label = f"picas/deal/v1/{code}/{number}".encode()
    words: list[int] = []
    block = 0

    def word() -> int:
        nonlocal block
        if not words:
            digest = hashlib.sha256(label + b"/" + str(block).encode()).digest()
            words.extend(struct.unpack(">8I", digest))
            block += 1
        return words.pop(0)

    def below(bound: int) -> int:
        limit = 2**32 - 2**32 % bound
        while True:
            value = word()
            if value < limit:
                return value % bound

    deck = list(range(52))
    for i in range(51, 0, -1):
        j = below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    hands: list[list[str]] = [[], [], [], []]
    for position, card in enumerate(deck):
        hands[(dealer + 1 + position) % 4].append(RANKS[card % 13] + SUITS[card // 13])
    return [sorted(hand, key=lambda c: (SUITS.index(c[1]), RANKS.index(c[0]))) for hand in hands]


@pytest.mark.parametrize(
    "typed",
    [
        LONG,
        LONG.lower(),
        "ABCD-EFGH-JKLM-NPQR-STUV-WXYZ-2345",
        " abcd efgh jklm npqr stuv wxyz 2345 ",
    ],
)
def test_a_long_code_is_read_like_a_code(typed: str) -> None:
    assert normalize_code(typed) == LONG


@pytest.mark.parametrize("length", [7, 9, 16, 27, 29, 40])
def test_only_the_two_lengths_are_codes(length: int) -> None:
    with pytest.raises(InvalidCode) as refused:
        normalize_code("A" * length)
    assert refused.value.code == "invalid_code"


def test_a_long_code_holds_140_bits_of_its_bytes() -> None:
    assert LONG_CODE_LENGTH * 5 == 140
    # Each of the number's 140 low bits gives another code (18 bytes are 144 bits: the top
    # four are not read).
    made = {long_code((1 << bit).to_bytes(18, "big")) for bit in range(140)}
    assert len(made | {long_code(bytes(18))}) == 141
    assert long_code((1 << 140).to_bytes(18, "big")) == long_code(bytes(18))
    assert all(len(code) == 28 and set(code) <= set(CODE_ALPHABET) for code in made)
    with pytest.raises(ValueError, match="18 bytes"):
        long_code(bytes(17))
    assert code_from_bytes(bytes(5)) == "22222222"  # the code's form is unchanged


@pytest.mark.parametrize("code", [LONG, "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZ", "HJKMNPQR", "PLAY2WZN"])
@pytest.mark.parametrize("number", [1, 2, 9])
def test_the_engine_deals_what_the_document_says(code: str, number: int) -> None:
    for dealer in Seat:
        masks = deal_for(code, number, dealer)
        engine = [[card.code for card in cards_in(mask)] for mask in masks]
        assert engine == spec_deal(code, number, int(dealer))


def test_the_documents_vectors_are_the_documents_derivation() -> None:
    rows = re.findall(
        r"^\| `([2-9A-Z]+)` \| `([2-9TJQKA][CDHS](?: [2-9TJQKA][CDHS]){12})` \|$",
        RECORD_MD.read_text(encoding="utf-8"),
        flags=re.MULTILINE,
    )
    assert {len(code) for code, _ in rows} == {8, 28}
    for code, south in rows:
        assert " ".join(spec_deal(code, 1, int(Seat.EAST))[0]) == south
