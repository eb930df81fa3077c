"""Cards as small integers, and sets of cards as 52-bit masks (54 with the jokers of a variant).

A card is an ``int`` subclass (``suit * 13 + rank - 2``), so ``1 << card`` is its bit in a hand mask
and comparisons are integer comparisons. Spades have the highest indices, which makes the trick
winner simply the highest card among those of the led suit and spades.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from picas.shared.errors import InvalidAction, excerpt


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def name_es(self) -> str:
        """Plural Spanish name, as players say it: "tienes corazones"."""
        return ("tréboles", "diamantes", "corazones", "picas")[self]

    @property
    def mask(self) -> int:
        return SUIT_MASKS[self]


class Rank(IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return "23456789TJQKA"[self - 2]

    @property
    def label(self) -> str:
        """The index printed on the card face: "10", "J", "A"."""
        return "10" if self is Rank.TEN else self.letter

    @property
    def name_es(self) -> str:
        names = {Rank.ACE: "as", Rank.KING: "rey", Rank.QUEEN: "reina", Rank.JACK: "jota"}
        return names.get(self, str(int(self)))


SUIT_MASKS: tuple[int, int, int, int] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))  # type: ignore[assignment]
FULL_DECK_MASK = (1 << 52) - 1
LITTLE_JOKER = 52
BIG_JOKER = 53
"""A variant's jokers (Spades' «Comodines»): above every spade, the big one above the little one,
and a spade for following suit (:attr:`Card.suit` is ♠), so ``card >= 39`` still reads "a trump"."""
JOKERS_MASK = 3 << LITTLE_JOKER


class Card(int):
    """One of the 52 cards or a joker (52 little, 53 big), interned: get them from :data:`CARDS`,
    :meth:`parse` or :meth:`of`. A joker's suit is ♠ (it follows as a spade); it has no rank."""

    __slots__ = ()

    @property
    def suit(self) -> Suit:
        return _SUITS[self // 13]

    @property
    def rank(self) -> Rank:
        if self >= LITTLE_JOKER:
            raise ValueError("un comodín no tiene número")
        return _RANKS[self % 13]

    @property
    def is_joker(self) -> bool:
        return self >= LITTLE_JOKER

    @property
    def code(self) -> str:
        """Two ASCII characters, rank then suit: "QH", "TS", "2C"; the jokers "LJ" and "BJ"."""
        return _CODE_OF[self]  # the views ask for every card's code at every change

    @property
    def _spelled(self) -> str:
        if self >= LITTLE_JOKER:
            return _JOKER_CODES[self - LITTLE_JOKER]
        return _RANKS[self % 13].letter + _SUITS[self // 13].letter

    @property
    def label(self) -> str:
        """Short human label with the suit symbol: "Q♥", "10♠"; a joker "★P" / "★G"."""
        if self >= LITTLE_JOKER:
            return _JOKER_LABELS[self - LITTLE_JOKER]
        return _RANKS[self % 13].label + _SUITS[self // 13].symbol

    @property
    def name_es(self) -> str:
        """Accessible Spanish name: "reina de corazones", "comodín grande"."""
        if self >= LITTLE_JOKER:
            return _JOKER_NAMES[self - LITTLE_JOKER]
        return f"{self.rank.name_es} de {self.suit.name_es}"

    @property
    def bit(self) -> int:
        return 1 << self

    @staticmethod
    def of(rank: Rank, suit: Suit) -> Card:
        return CARDS[suit * 13 + rank - 2]

    @staticmethod
    def parse(text: str) -> Card:
        """Read "QH", "10h", "TS" or "Q♥" (rank then suit), or a joker "LJ" / "BJ" (whether the
        game's deck has it is the game's to say)."""
        if not isinstance(text, str):
            raise InvalidAction(
                f"Una carta se escribe como texto, no {excerpt(text)}.", code="bad_card"
            )
        cleaned = text.strip().upper()
        card = _BY_CODE.get(cleaned)
        if card is None:
            raise InvalidAction(f"{excerpt(text)} no es una carta.", code="bad_card")
        return card

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def __str__(self) -> str:
        return self.label


_SUITS: tuple[Suit, ...] = (*Suit, Suit.SPADES)
"""By ``card // 13``: the jokers (52, 53) give 4, and follow as spades."""
_RANKS = tuple(Rank)
_JOKER_CODES = ("LJ", "BJ")
_JOKER_LABELS = ("★P", "★G")
_JOKER_NAMES = ("comodín pequeño", "comodín grande")
ANY_CARD: tuple[Card, ...] = tuple(Card(i) for i in range(54))
"""Every card by index, a variant's too: the 52, then the little and the big joker."""
CARDS: tuple[Card, ...] = ANY_CARD[:52]
"""The 52 cards by index (the standard deck)."""
JOKERS: tuple[Card, Card] = (ANY_CARD[LITTLE_JOKER], ANY_CARD[BIG_JOKER])
_CODE_OF: tuple[str, ...] = tuple(card._spelled for card in ANY_CARD)


def _codes() -> dict[str, Card]:
    table: dict[str, Card] = {}
    for card in CARDS:
        rank, suit = card.rank, card.suit
        for rank_text in {rank.letter, rank.label}:
            for suit_text in (suit.letter, suit.symbol):
                table[rank_text + suit_text] = card
    for joker in JOKERS:
        table[joker.code] = joker
    return table


_BY_CODE = _codes()


def _suit_tables() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """For each suit, the cards of every 13-bit pattern: hands are read a suit at a time."""
    tables = []
    for suit in range(4):
        base = suit * 13
        tables.append(
            tuple(
                tuple(CARDS[base + r] for r in range(13) if pattern >> r & 1)
                for pattern in range(1 << 13)
            )
        )
    return tuple(tables)


SUIT_CARDS = _suit_tables()
_JOKER_CARDS = ((), (JOKERS[0],), (JOKERS[1],), JOKERS)


def cards_in(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, lowest first (clubs 2 … spades ace, then the jokers)."""
    cards = (
        SUIT_CARDS[0][mask & 0x1FFF]
        + SUIT_CARDS[1][mask >> 13 & 0x1FFF]
        + SUIT_CARDS[2][mask >> 26 & 0x1FFF]
        + SUIT_CARDS[3][mask >> 39 & 0x1FFF]
    )
    if mask >> LITTLE_JOKER:
        return cards + _JOKER_CARDS[mask >> LITTLE_JOKER & 3]
    return cards


def indices_in(mask: int) -> list[int]:
    """The card indices of a mask, lowest first, as plain ints (a list: samplers shuffle it)."""
    out = []
    while mask:
        bit = mask & -mask
        out.append(bit.bit_length() - 1)
        mask ^= bit
    return out


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def highest(mask: int) -> Card:
    """The highest-indexed card of a non-empty mask."""
    return ANY_CARD[mask.bit_length() - 1]


def lowest(mask: int) -> Card:
    return ANY_CARD[(mask & -mask).bit_length() - 1]
