"""A position that judges actions in one place.

Every hand and game of every game here answers the same three questions about an action: why it is
refused (:meth:`Position.check`, written once per game), whether it is allowed (:meth:`can`) and
"refuse it or go on" (:meth:`verify`). The last two are this base's, so they cannot drift from the
check. It is compiled with the hot path (:mod:`picas.compiled`): the states that inherit it are
native classes, and a native class may only inherit from another one.
"""

from __future__ import annotations

from typing import Final, Generic, TypeVar

from picas.shared.errors import IllegalAction, Refusal
from picas.shared.frozen import Frozen
from picas.shared.seats import Seat

ActionT = TypeVar("ActionT")

UNREACHABLE: Final = Refusal("internal", "Jugada imposible.")
"""What a refusal says if a fast path refuses what :meth:`Position.check` allows (a bug)."""


class Position(Frozen, Generic[ActionT]):
    """An immutable position whose legality lives in :meth:`check`."""

    __slots__ = ()

    def check(self, action: ActionT, seat: Seat | None = None) -> Refusal | None:
        """Why ``action`` by ``seat`` (default: the seat on turn) is refused; ``None`` if legal."""
        raise NotImplementedError

    def verify(self, action: ActionT, seat: Seat | None = None) -> None:
        """Raise :class:`IllegalAction` with the refusal of ``action``, if it is refused."""
        refusal = self.check(action, seat)
        if refusal is not None:
            raise IllegalAction.from_refusal(refusal)

    def can(self, action: ActionT, seat: Seat | None = None) -> bool:
        return self.check(action, seat) is None

    def refused(self, action: ActionT) -> IllegalAction:
        """The error for an action a fast path has found illegal, with :meth:`check`'s reason."""
        return IllegalAction.from_refusal(self.check(action) or UNREACHABLE)
