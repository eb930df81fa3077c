"""Small LRUs: replayed saves keyed by the save's signature, and the heavy answers that are pure
functions of a signed save (a practice game, an import's check) keyed by signature too.

The signature is an HMAC of the record's canonical JSON, so once it has been verified it names the
record exactly: the next action on a save this process has just answered skips the replay. Another
process, or this one after a restart, replays the record instead (a few milliseconds).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Generic, NamedTuple, TypeVar

from picas.record import AnyRecord

V = TypeVar("V")


class Replayed(NamedTuple):
    record: AnyRecord
    state: Any
    """The position after the record's last action (the record's game's)."""


class LruCache(Generic[V]):
    """The ``size`` most recently used entries, by a string key (a signature, a digest).
    Thread-safe: the endpoints run in a thread pool."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._entries: OrderedDict[str, V] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, digest: str) -> V | None:
        with self._lock:
            entry = self._entries.get(digest)
            if entry is not None:
                self._entries.move_to_end(digest)
            return entry

    def put(self, digest: str, entry: V) -> None:
        if self._size == 0:
            return
        with self._lock:
            self._entries[digest] = entry
            self._entries.move_to_end(digest)
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)


ReplayCache = LruCache[Replayed]
AnswerCache = LruCache[dict[str, Any]]
