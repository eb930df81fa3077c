"""The base of the engine's immutable values (hands, games, score sheets).

They were ``NamedTuple``s and frozen dataclasses; on the compiled hot path (:mod:`picas.compiled`)
they are native classes instead, whose fields are C slots that the play loop reads and fills
without Python's attribute machinery (a frozen dataclass with thirteen fields took over a
microsecond to build). What those gave for free is here, once: equality and hashing by the fields,
a readable ``repr``, ``_replace`` for tests that build positions, and pickling. Each subclass
declares its fields ``Final`` (read-only: assigning one raises) and names them in ``_FIELDS``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Self, cast


class Frozen:
    """Fields named by ``_FIELDS``, set once by the subclass's ``__init__``."""

    __slots__ = ()
    _FIELDS: ClassVar[tuple[str, ...]] = ()

    def _values(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in self._FIELDS])

    def _replace(self, **changes: Any) -> Self:
        """A copy with some fields changed, like ``NamedTuple._replace``."""
        fields: dict[str, Any] = dict(zip(self._FIELDS, self._values(), strict=True))
        unknown = changes.keys() - fields.keys()
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        fields.update(changes)
        return cast(Self, cast(Any, type(self))(**fields))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._FIELDS)
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[Callable[..., Frozen], tuple[object, ...]]:
        return (type(self), self._values())
