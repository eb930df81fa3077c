"""«Dos jugadores»' draw: the stock the two players take their thirteen cards from.

In turn (the non-dealer first), a player looks at the stock's top card and either keeps it (the
next card goes out of play unseen) or puts it out (he saw it) and keeps the next one, unseen until
it is his. After 26 turns the stock is gone: each player holds 13 and 26 cards are out of play.

Kept beside the hand (:attr:`HandState.draw`) for the whole of a two-player hand, so that the
cards out of play stay accounted for (``picas check``) and each player's view can show the cards
he himself saw go out. On the compiled path (:mod:`picas.compiled`) with the hand: a draw is half
of a two-player hand's actions, so it is a native class like the hand.
"""

from __future__ import annotations

from typing import ClassVar, Final, final

from picas.shared.cards import Card
from picas.shared.frozen import Frozen

_DRAW_FIELDS: Final = ("stock", "taken", "seen_out", "out")


@final
class DrawState(Frozen):
    """The stock in its fixed order (from the game's code and the hand's number) and how far the
    draw has gone. Immutable, compared and hashed by its fields."""

    __slots__ = _DRAW_FIELDS
    _FIELDS: ClassVar[tuple[str, ...]] = _DRAW_FIELDS

    stock: Final[tuple[int, ...]]
    """The deck's cards, top first: the order the code fixes."""
    taken: Final[int]
    """Cards gone from the top of the stock (two a turn)."""
    seen_out: Final[tuple[int, int]]
    """By player (South, West): the cards he put out after looking at them, as masks."""
    out: Final[int]
    """Every card out of play, seen or not, as a mask."""

    def __init__(
        self,
        stock: tuple[int, ...],
        taken: int = 0,
        seen_out: tuple[int, int] = (0, 0),
        out: int = 0,
    ) -> None:
        self.stock = stock
        self.taken = taken
        self.seen_out = seen_out
        self.out = out

    @property
    def left(self) -> int:
        """Cards still in the stock (public)."""
        return len(self.stock) - self.taken

    @property
    def top(self) -> Card | None:
        """The stock's top card, which the player on turn is shown; ``None`` once it is gone."""
        return Card(self.stock[self.taken]) if self.taken < len(self.stock) else None

    @property
    def stock_mask(self) -> int:
        """The cards still in the stock, as a mask."""
        mask = 0
        for card in self.stock[self.taken :]:
            mask |= 1 << card
        return mask

    def after(self, seat: int, keep: bool) -> tuple[int, DrawState]:
        """The card ``seat`` (0 or 1) takes into his hand and the stock after his turn: ``keep``
        the top card, the next one out unseen; or the top card out, seen, and the next one his."""
        taken = self.taken
        top: int = self.stock[taken]
        following: int = self.stock[taken + 1]
        seen_out = self.seen_out
        if keep:
            kept, gone = top, following
        else:
            kept, gone = following, top
            if seat == 0:
                seen_out = (seen_out[0] | 1 << top, seen_out[1])
            else:
                seen_out = (seen_out[0], seen_out[1] | 1 << top)
        return kept, DrawState(self.stock, taken + 2, seen_out, self.out | 1 << gone)
