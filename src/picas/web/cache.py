"""A small LRU of replayed saves, keyed by the save's signature.

The signature is an HMAC of the record's canonical JSON, so once it has been verified it names the
record exactly: the next action on a save this process has just answered skips the replay. Another
process, or this one after a restart, replays the record instead (a few milliseconds).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import NamedTuple

from picas.engine import GameState
from picas.record import Record


class Replayed(NamedTuple):
    record: Record
    state: GameState
    """The position after the record's last action."""


class ReplayCache:
    """Thread-safe: the endpoints run in a thread pool."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._entries: OrderedDict[str, Replayed] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, digest: str) -> Replayed | None:
        with self._lock:
            entry = self._entries.get(digest)
            if entry is not None:
                self._entries.move_to_end(digest)
            return entry

    def put(self, digest: str, entry: Replayed) -> None:
        if self._size == 0:
            return
        with self._lock:
            self._entries[digest] = entry
            self._entries.move_to_end(digest)
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)
