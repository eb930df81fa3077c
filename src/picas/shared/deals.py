"""Game codes and the deals they fix, from the deck the game's rules give (its cards, the seats
dealt to, how many each: :class:`~picas.shared.decks.Deck`; both games deal the 52 to four).

The derivation is self-contained (SHA-256 and integer arithmetic only) so that a code deals the same
cards on every machine and every Python version; ``docs/record.md`` specifies it for other tools.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Sequence
from typing import Final

from picas.shared.decks import STANDARD_DECK, Deck
from picas.shared.errors import InvalidCode, PicasError
from picas.shared.seats import Seat

Deal = tuple[int, int, int, int]
"""Four hands as card masks, by seat."""

CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
"""32 symbols, no 0/O and no 1/I, so a code can be read aloud and typed back without doubt."""
CODE_LENGTH = 8
"""A game's code as people share it: 40 bits, eight characters to read aloud."""
LONG_CODE_LENGTH = 28
"""The long form, 140 bits: a deal secret nobody can search from their own cards (a friends'
table's, docs/friends.md «Fair deals»). Both forms deal by the same derivation."""
CODE_LENGTHS = (CODE_LENGTH, LONG_CODE_LENGTH)


def normalize_code(text: object) -> str:
    """Upper-case a typed code and drop spaces and dashes; refuse anything else."""
    if not isinstance(text, str):
        raise InvalidCode("El código de partida debe ser un texto.")
    if not text.isascii():  # before upper-casing, which turns «ß» into «SS»
        raise InvalidCode(
            "El código de partida solo usa letras y cifras sin acentos.", code="invalid_code"
        )
    code = "".join(text.split()).replace("-", "").upper()
    if len(code) not in CODE_LENGTHS:
        raise InvalidCode(
            f"El código de partida tiene {CODE_LENGTH} caracteres (o {LONG_CODE_LENGTH} el largo)."
        )
    bad = sorted({ch for ch in code if ch not in CODE_ALPHABET})
    if bad:
        shown = " ".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in bad[:8])
        raise InvalidCode(
            f"El código no usa estos caracteres: {shown} (no hay 0, O, 1 ni I).",
            code="invalid_code",
        )
    return code


def code_from_bytes(entropy: bytes, length: int = CODE_LENGTH) -> str:
    """Turn random bytes (from the caller's randomness source) into a code of ``length``
    characters, five bits each: at least 5 bytes for a code, 18 for a long one."""
    if length not in CODE_LENGTHS:
        raise ValueError(f"a code has {CODE_LENGTHS} characters")
    needed = -(-length * 5 // 8)
    if len(entropy) < needed:
        raise ValueError(f"a code of {length} characters needs {needed} bytes of entropy")
    number = int.from_bytes(entropy[:needed], "big")
    chars = []
    for _ in range(length):
        chars.append(CODE_ALPHABET[number & 31])
        number >>= 5
    return "".join(chars)


def long_code(entropy: bytes) -> str:
    """A long code (140 bits) from at least 18 random bytes."""
    return code_from_bytes(entropy, LONG_CODE_LENGTH)


_LIMITS: Final = tuple((1 << 32) - (1 << 32) % bound if bound else 0 for bound in range(65))
"""Rejection limits: a 32-bit word is used for a draw below ``bound`` only if it is under
``_LIMITS[bound]``, so that no residue is favoured (decks of up to 64 cards)."""
_FIRST_TAKE: Final = 56
"""Words hashed up front for the 52 cards: the shuffle needs 51, seven blocks give 56."""
_UNPACKERS: Final = {count: struct.Struct(f">{count}I") for count in (8, _FIRST_TAKE, 64)}
_STANDARD_ORDER: Final = STANDARD_DECK.order


def _first_take(size: int) -> int:
    """Words hashed up front for a deck of ``size`` cards: its ``size - 1`` draws, in blocks of
    eight (56 for the 52 cards, as the deals have always been made)."""
    return max(8, -(-(size - 1) // 8) * 8)


class _Stream:
    """Unbiased integers from SHA-256 in counter mode.

    Block ``n`` is ``SHA-256(label + "/" + decimal(n))``; each block gives eight big-endian 32-bit
    words, used in order. The words do not depend on how many blocks each ``take`` asks for.
    """

    def __init__(self, label: str) -> None:
        self._prefix = hashlib.sha256(label.encode("utf-8") + b"/")
        self._counter = 0

    def take(self, count: int) -> tuple[int, ...]:
        """The next ``count`` words (a multiple of 8), hashing a batch of blocks at once."""
        blocks = []
        for n in range(self._counter, self._counter + count // 8):
            block = self._prefix.copy()  # the label's hash state, reused for every block
            block.update(str(n).encode())
            blocks.append(block.digest())
        self._counter += count // 8
        unpacker = _UNPACKERS.get(count) or struct.Struct(f">{count}I")
        words: tuple[int, ...] = unpacker.unpack(b"".join(blocks))
        return words

    def below(self, bound: int) -> int:
        """Uniform in [0, bound) by rejection, so no residue is favoured (a one-off draw)."""
        limit = (1 << 32) - (1 << 32) % bound
        while True:
            for value in self.take(8):
                if value < limit:
                    return value % bound


def shuffled_deck(code: str, hand_number: int, deck: Deck = STANDARD_DECK) -> tuple[int, ...]:
    """The deck order for a hand: Fisher–Yates over the deck's cards (0..51 for the 52) driven by
    the code's stream."""
    stream = _Stream(f"picas/deal/v1/{code}/{hand_number}")
    order = deck.order
    return tuple(deck_from_words(stream.take(_first_take(len(order))), stream, order))


def deck_from_words(
    words: tuple[int, ...], stream: _Stream, order: tuple[int, ...] = _STANDARD_ORDER
) -> list[int]:
    """Fisher–Yates over ``order`` (the deck's cards in index order; 0..51 for the 52): for
    i = n − 1 … 1, swap i with a draw j in [0, i], each draw the next word below the rejection
    limit, reduced modulo i + 1; ``stream`` continues ``words``."""
    deck = list(order)
    position = 0
    for i in range(len(deck) - 1, 0, -1):
        bound = i + 1
        limit: int = _LIMITS[bound]
        while True:
            if position == len(words):
                words = stream.take(64)
                position = 0
            value = words[position]
            position += 1
            if value < limit:  # rejected with odds < 2⁻²⁶
                break
        j = value % bound
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_for(code: str, hand_number: int, dealer: Seat, deck: Deck = STANDARD_DECK) -> Deal:
    """The four hands (as card masks, indexed by seat) for hand ``hand_number`` (1-based), from
    ``deck`` (the game's rules give it).

    Cards go one at a time clockwise to the deck's seats, starting with the dealer's left, until
    each has the deck's hand size; a seat the deck does not deal to gets none, and what is left
    of the deck stays undealt.
    """
    stream = _Stream(f"picas/deal/v1/{code}/{hand_number}")
    order = deck.order
    shuffled = deck_from_words(stream.take(_first_take(len(order))), stream, order)
    seats = deck.seats
    dealt = deck.hand_size * len(seats)
    if len(seats) != 4:
        return _deal_to_some(shuffled[:dealt], seats, dealer)
    # Four plain ints rather than a list of them: in the compiled build they stay unboxed.
    m0 = m1 = m2 = m3 = 0
    seat: int = dealer + 1
    for card in shuffled if dealt == len(shuffled) else shuffled[:dealt]:
        bit = 1 << card
        place = seat & 3
        if place == 0:
            m0 |= bit
        elif place == 1:
            m1 |= bit
        elif place == 2:
            m2 |= bit
        else:
            m3 |= bit
        seat += 1
    return (m0, m1, m2, m3)


def game_deal(code: str, deals: tuple[Deal, ...], number: int, dealer: Seat, deck: Deck) -> Deal:
    """Hand ``number``'s cards in a game of ``code``: the game's explicit deal for it if it has one
    (tests, bug reports), else the code's."""
    return deals[number - 1] if number <= len(deals) else deal_for(code, number, dealer, deck)


def _deal_to_some(cards: list[int], seats: tuple[int, ...], dealer: Seat) -> Deal:
    """``cards`` one at a time clockwise to ``seats`` (fewer than four), from the dealer's left."""
    ring = sorted(seats, key=lambda seat: (seat - dealer - 1) % 4)
    masks = [0, 0, 0, 0]
    for index, card in enumerate(cards):
        masks[ring[index % len(ring)]] |= 1 << card
    return (masks[0], masks[1], masks[2], masks[3])


def dealer_by_lot(code: str) -> Seat:
    """The first dealer when the rules draw it by lot (seeds/003)."""
    return Seat(_Stream(f"picas/dealer/v1/{code}").below(4))


def check_deal(deal: object, index: int, deck: Deck = STANDARD_DECK) -> None:
    """Refuse an explicit deal (the ``index``-th of a record's) that is not a hand of the deck's
    size of distinct cards of the deck for each of its seats (13 for each of the four, from the
    52), and nothing for another seat. It takes any object: on the compiled path a value typed
    ``Deal`` is checked for its shape where it is passed, with a ``TypeError`` instead of this
    error."""
    where = f"El reparto {index + 1}"
    if not isinstance(deal, Sequence) or len(deal) != 4:
        raise PicasError(f"{where} no tiene cuatro manos.", code="invalid_deal")
    union = 0
    for seat, mask in enumerate(deal):
        if not isinstance(mask, int) or mask < 0 or mask & ~deck.cards:
            raise PicasError(f"{where} tiene cartas que no existen.", code="invalid_deal")
        size = deck.hand_size if seat in deck.seats else 0
        if mask.bit_count() != size:
            raise PicasError(
                f"{where} no da {deck.hand_size} cartas a cada jugador.", code="invalid_deal"
            )
        if union & mask:
            raise PicasError(f"{where} reparte una carta dos veces.", code="invalid_deal")
        union |= mask


def checked_start(code: object, deals: tuple[object, ...], deck: Deck = STANDARD_DECK) -> str:
    """The normalized code of a new game, once each of its explicit deals is checked against the
    game's deck. The deals are read as sent (typed ``object``): a malformed one gets its own
    error."""
    normalized = normalize_code(code)
    for index, deal in enumerate(deals):
        check_deal(deal, index, deck)
    return normalized
