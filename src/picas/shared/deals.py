"""Game codes and the deals they fix.

The derivation is self-contained (SHA-256 and integer arithmetic only) so that a code deals the same
cards on every machine and every Python version; ``docs/record.md`` specifies it for other tools.
"""

from __future__ import annotations

import hashlib
import struct

from picas.shared.cards import FULL_DECK_MASK
from picas.shared.errors import InvalidCode, PicasError
from picas.shared.seats import Seat

Deal = tuple[int, int, int, int]
"""Four hands as card masks, by seat."""

CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
"""32 symbols, no 0/O and no 1/I, so a code can be read aloud and typed back without doubt."""
CODE_LENGTH = 8


def normalize_code(text: object) -> str:
    """Upper-case a typed code and drop spaces and dashes; refuse anything else."""
    if not isinstance(text, str):
        raise InvalidCode("El código de partida debe ser un texto.")
    if not text.isascii():  # before upper-casing, which turns «ß» into «SS»
        raise InvalidCode(
            "El código de partida solo usa letras y cifras sin acentos.", code="invalid_code"
        )
    code = "".join(text.split()).replace("-", "").upper()
    if len(code) != CODE_LENGTH:
        raise InvalidCode(f"El código de partida tiene {CODE_LENGTH} caracteres.")
    bad = sorted({ch for ch in code if ch not in CODE_ALPHABET})
    if bad:
        shown = " ".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in bad[:8])
        raise InvalidCode(
            f"El código no usa estos caracteres: {shown} (no hay 0, O, 1 ni I).",
            code="invalid_code",
        )
    return code


def code_from_bytes(entropy: bytes) -> str:
    """Turn at least 5 random bytes (from the caller's randomness source) into a code."""
    if len(entropy) < 5:
        raise ValueError("a code needs 40 bits of entropy")
    number = int.from_bytes(entropy[:5], "big")
    chars = []
    for _ in range(CODE_LENGTH):
        chars.append(CODE_ALPHABET[number & 31])
        number >>= 5
    return "".join(chars)


_BITS = tuple(1 << card for card in range(52))
_LIMITS = tuple((1 << 32) - (1 << 32) % bound if bound else 0 for bound in range(53))


_SHUFFLE_BOUNDS = tuple(range(52, 1, -1))  # Fisher–Yates draws j in [0, i] for i = 51 … 1
_SHUFFLE_LIMITS = tuple(_LIMITS[bound] for bound in _SHUFFLE_BOUNDS)


class _Stream:
    """Unbiased integers from SHA-256 in counter mode.

    Block ``n`` is ``SHA-256(label + "/" + decimal(n))``; each block gives eight big-endian 32-bit
    words, used in order.
    """

    def __init__(self, label: str) -> None:
        self._label = label.encode("utf-8")
        self._counter = 0

    def take(self, count: int) -> list[int]:
        """The next ``count`` words (a multiple of 8), hashing a batch of blocks at once."""
        blocks = count // 8
        data = b"".join(
            hashlib.sha256(self._label + b"/" + str(n).encode()).digest()
            for n in range(self._counter, self._counter + blocks)
        )
        self._counter += blocks
        return list(struct.unpack(f">{count}I", data))

    def below(self, bound: int) -> int:
        """Uniform in [0, bound) by rejection, so no residue is favoured (a one-off draw)."""
        limit = (1 << 32) - (1 << 32) % bound
        while True:
            for value in self.take(8):
                if value < limit:
                    return value % bound


def shuffled_deck(code: str, hand_number: int) -> tuple[int, ...]:
    """The deck order for a hand: Fisher–Yates over 0..51 driven by the code's stream."""
    stream = _Stream(f"picas/deal/v1/{code}/{hand_number}")
    words = stream.take(64)
    if all(map(int.__lt__, words, _SHUFFLE_LIMITS)):
        # The common case: none of the first 51 words is rejected (each is with odds < 2⁻²⁶).
        draws = list(map(int.__mod__, words, _SHUFFLE_BOUNDS))
    else:
        draws = _draws_with_rejection(stream, words)
    deck = list(range(52))
    for i, j in zip(range(51, 0, -1), draws, strict=False):
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def _draws_with_rejection(stream: _Stream, words: list[int]) -> list[int]:
    draws = []
    position = 0
    for bound in _SHUFFLE_BOUNDS:
        while True:
            if position == len(words):
                words = stream.take(64)
                position = 0
            value = words[position]
            position += 1
            if value < _LIMITS[bound]:
                break
        draws.append(value % bound)
    return draws


def deal_for(code: str, hand_number: int, dealer: Seat) -> Deal:
    """The four hands (as card masks, indexed by seat) for hand ``hand_number`` (1-based).

    Cards go one at a time clockwise, starting with the dealer's left.
    """
    deck = shuffled_deck(code, hand_number)
    masks = [0, 0, 0, 0]
    for offset in range(4):
        # Every fourth card goes to the same seat, starting with the dealer's left.
        masks[(dealer + 1 + offset) % 4] = sum(_BITS[card] for card in deck[offset::4])
    return (masks[0], masks[1], masks[2], masks[3])


def dealer_by_lot(code: str) -> Seat:
    """The first dealer when the rules draw it by lot (seeds/003)."""
    return Seat(_Stream(f"picas/dealer/v1/{code}").below(4))


def check_deal(deal: Deal, index: int) -> None:
    """Refuse an explicit deal (the ``index``-th of a record's) that is not four hands of 13
    distinct cards."""
    where = f"El reparto {index + 1}"
    if len(deal) != 4:
        raise PicasError(f"{where} no tiene cuatro manos.", code="invalid_deal")
    union = 0
    for mask in deal:
        if not isinstance(mask, int) or mask < 0 or mask & ~FULL_DECK_MASK:
            raise PicasError(f"{where} tiene cartas que no existen.", code="invalid_deal")
        if mask.bit_count() != 13:
            raise PicasError(f"{where} no da 13 cartas a cada jugador.", code="invalid_deal")
        if union & mask:
            raise PicasError(f"{where} reparte una carta dos veces.", code="invalid_deal")
        union |= mask
