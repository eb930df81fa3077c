"""Game codes (§3): reading a typed code, and the deals a code fixes."""

from __future__ import annotations

import pytest
from engine_helpers import E, S

from picas.games.spades import (
    CARDS,
    GameState,
    InvalidCode,
    Seat,
    cards_in,
    deal_for,
    dealer_by_lot,
    find_profile,
    normalize_code,
)
from picas.shared.deals import CODE_ALPHABET, CODE_LENGTH, code_from_bytes, shuffled_deck


@pytest.mark.parametrize(
    "typed",
    ["HJKMNPQR", "hjkmnpqr", "hjkm-npqr", "HJKM NPQR", " hj km-np qr ", "Hjkm-Npqr", "HJKM\tNPQR"],
)
def test_normalize_code_accepts_lower_case_spaces_and_dashes(typed: str) -> None:
    assert normalize_code(typed) == "HJKMNPQR"


@pytest.mark.parametrize(
    "typed",
    [
        "HJKMNPQ0",  # zero
        "HJKMNPQO",  # letter O
        "HJKMNPQ1",  # one
        "HJKMNPQI",  # letter I
        "hjkmnpqi",  # lower-case i is still I
        "HJKMNPQ",  # too short
        "HJKMNPQRS",  # too long
        "",
        "HJKM_NPQ",
        "HJKMNPQÑ",
    ],
)
def test_normalize_code_refuses_ambiguous_characters_and_wrong_length(typed: str) -> None:
    with pytest.raises(InvalidCode) as info:
        normalize_code(typed)
    assert info.value.code == "invalid_code"
    assert info.value.message  # a Spanish message for the player


def test_normalize_code_refuses_a_non_string() -> None:
    with pytest.raises(InvalidCode):
        normalize_code(12345678)


def test_the_alphabet_has_no_0_o_1_i() -> None:
    assert CODE_LENGTH == 8
    assert len(CODE_ALPHABET) == len(set(CODE_ALPHABET)) == 32
    assert not set("0O1I") & set(CODE_ALPHABET)


@pytest.mark.parametrize("entropy", [bytes(5), b"\xff" * 5, b"\x12\x34\x56\x78\x9a\xbc"])
def test_code_from_bytes_gives_a_valid_code(entropy: bytes) -> None:
    code = code_from_bytes(entropy)
    assert normalize_code(code) == code


# --- regression pins -----------------------------------------------------------------------------
# These literal values were computed ONCE from the engine (deal derivation "picas/deal/v1") and
# pasted here. They are a regression pin, not a statement of the rules: a code must deal the same
# cards forever, on every machine, so if one of these tests fails the derivation changed and every
# saved game and shared code would now deal different cards. Do not "fix" the numbers; fix the code.

PINNED_DECKS = {
    ("PLAY2WZN", 1): (
        19, 40, 41, 50, 39, 27, 25, 35, 20, 37, 14, 29, 30, 7, 8, 24, 34, 6, 1, 23, 44, 15, 48,
        10, 43, 46, 4, 18, 2, 33, 49, 36, 11, 26, 5, 28, 0, 13, 22, 21, 3, 31, 51, 17, 32, 12,
        45, 16, 9, 47, 38, 42,
    ),
    ("PLAY2WZN", 2): (
        34, 38, 4, 41, 28, 37, 21, 11, 2, 16, 43, 42, 10, 22, 17, 48, 0, 27, 46, 50, 26, 6, 12,
        40, 33, 14, 19, 3, 49, 15, 44, 51, 18, 13, 5, 7, 23, 36, 1, 47, 8, 39, 29, 32, 30, 31,
        25, 20, 35, 45, 24, 9,
    ),
    ("HJKMNPQR", 1): (
        46, 20, 32, 43, 19, 25, 36, 9, 13, 12, 24, 6, 18, 11, 41, 23, 33, 47, 17, 51, 37, 22, 29,
        49, 14, 5, 4, 44, 45, 30, 27, 40, 3, 21, 0, 48, 2, 35, 8, 38, 26, 1, 15, 28, 50, 39, 16,
        7, 34, 31, 42, 10,
    ),
    ("HJKMNPQR", 2): (
        39, 13, 24, 1, 19, 31, 3, 47, 32, 20, 11, 21, 23, 12, 49, 16, 37, 25, 38, 29, 6, 50, 8,
        5, 34, 41, 15, 28, 22, 43, 2, 45, 9, 27, 48, 0, 44, 46, 26, 42, 4, 35, 40, 10, 51, 18,
        17, 36, 33, 14, 7, 30,
    ),
}  # fmt: skip

PINNED_DEALS = {
    # (code, hand number, dealer): hands of South, West, North, East as card codes.
    ("PLAY2WZN", 1, E): (
        "2C 4C 5C JC KC 8D 9D 6H 8H TH 2S 6S 7S",
        "8C 9C AC 2D 4D 2H 3H 7H 9H KH 3S 9S TS",
        "3C 6C 7C TC 3D JD AD AH 4S 8S JS QS AS",
        "QC 5D 6D 7D TD QD KD 4H 5H JH QH 5S KS",
    ),
    ("HJKMNPQR", 1, E): (
        "4C 5C 2D 3D 7D 8D 2H 9H TH KH 8S 9S KS",
        "3C 7C KC AC 9D TD JD AD 6H 7H JH 2S TS",
        "2C 6C TC 4D 5D 6D KD 3H 5H 8H QH 4S 5S",
        "8C 9C JC QC QD 4H AH 3S 6S 7S JS QS AS",
    ),
}
PINNED_DEAL_MASKS = {
    ("PLAY2WZN", 2, S): (0xD870100100A88, 0x2000E54840505, 0x20F08841E040, 0x5800232A1032),
    ("HJKMNPQR", 2, S): (0xA41070210423, 0x810A700C80250, 0x44A088A147000, 0x301400502898C),
}
PINNED_LOTS = {"PLAY2WZN": Seat.EAST, "HJKMNPQR": Seat.SOUTH}


@pytest.mark.parametrize(("key", "deck"), list(PINNED_DECKS.items()))
def test_shuffled_deck_is_pinned(key: tuple[str, int], deck: tuple[int, ...]) -> None:
    code, number = key
    assert shuffled_deck(code, number) == deck
    assert sorted(deck) == list(range(52))


@pytest.mark.parametrize(("key", "hands"), list(PINNED_DEALS.items()))
def test_deal_for_is_pinned(key: tuple[str, int, Seat], hands: tuple[str, ...]) -> None:
    masks = deal_for(*key)
    assert tuple(" ".join(c.code for c in cards_in(m)) for m in masks) == hands


@pytest.mark.parametrize(("key", "masks"), list(PINNED_DEAL_MASKS.items()))
def test_deal_for_masks_are_pinned(
    key: tuple[str, int, Seat], masks: tuple[int, int, int, int]
) -> None:
    assert deal_for(*key) == masks


@pytest.mark.parametrize(("code", "seat"), list(PINNED_LOTS.items()))
def test_dealer_by_lot_is_pinned(code: str, seat: Seat) -> None:
    assert dealer_by_lot(code) is seat


# --- independent checks of the deals --------------------------------------------------------------


@pytest.mark.parametrize("code", ["PLAY2WZN", "HJKMNPQR", "22222222", "ZZZZZZZZ"])
@pytest.mark.parametrize("number", [1, 2, 7, 30])
@pytest.mark.parametrize("dealer", list(Seat))
def test_every_deal_gives_13_disjoint_cards_to_each_seat(
    code: str, number: int, dealer: Seat
) -> None:
    masks = deal_for(code, number, dealer)
    assert [m.bit_count() for m in masks] == [13, 13, 13, 13]
    for i in range(4):
        for j in range(i + 1, 4):
            assert masks[i] & masks[j] == 0
    assert sorted(c for m in masks for c in cards_in(m)) == list(CARDS)


@pytest.mark.parametrize("dealer", list(Seat))
def test_cards_go_one_at_a_time_clockwise_from_the_dealers_left(dealer: Seat) -> None:
    deck = shuffled_deck("HJKMNPQR", 3)
    masks = deal_for("HJKMNPQR", 3, dealer)
    seat = dealer.left
    for c in deck:
        assert masks[seat] >> c & 1, (c, seat)
        seat = seat.left


def test_same_code_same_deal_and_different_hands_differ() -> None:
    assert deal_for("HJKMNPQR", 1, E) == deal_for("HJKMNPQR", 1, E)
    assert shuffled_deck("HJKMNPQR", 1) != shuffled_deck("HJKMNPQR", 2)
    assert shuffled_deck("HJKMNPQR", 1) != shuffled_deck("PLAY2WZN", 1)


def test_game_from_a_typed_code_deals_the_codes_cards() -> None:
    game = GameState.new(find_profile("casa"), "hjkm-npqr")
    assert game.code == "HJKMNPQR"
    assert game.hand.dealt == deal_for("HJKMNPQR", 1, E)


def test_game_refuses_an_unreadable_code() -> None:
    with pytest.raises(InvalidCode):
        GameState.new(find_profile("casa"), "OOOOIIII")


def test_dealer_by_lot_reaches_every_seat() -> None:
    seats = {dealer_by_lot(code_from_bytes(bytes([i, 7, 0, 0, 0]))) for i in range(64)}
    assert seats == set(Seat)


def test_a_rejected_word_is_skipped_not_reduced() -> None:
    """Rejection sampling: a word at or above the limit is discarded, so no residue is favoured."""
    from picas.shared import deals

    stream = deals._Stream("picas/deal/v1/PLAY2WZN/1")
    real = stream.take(64)
    words = (0xFFFFFFFF, *real[1:8])  # the first word is above every limit: it must be skipped
    following = deals._Stream("picas/deal/v1/PLAY2WZN/1")
    following.take(8)  # the stream goes on after the first block
    deck = deals.deck_from_words(words, following)
    assert sorted(deck) == list(range(52))
    expected = list(range(52))
    position = 1
    for i in range(51, 0, -1):
        while real[position] >= deals._LIMITS[i + 1]:
            position += 1
        j = real[position] % (i + 1)
        position += 1
        expected[i], expected[j] = expected[j], expected[i]
    assert deck == expected
