"""The limits of the friends' tables (docs/friends.md, "Limits"), from the environment so every
server process reads the same."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields

ENV_PREFIX = "PICAS_FRIENDS_"


@dataclass(frozen=True, slots=True)
class FriendsLimits:
    grace: float = 60.0
    """Seconds a person may be away before the CPU plays their seat."""
    idle: float = 2 * 3600.0
    """Seconds after its last change that a table is closed."""
    tables_per_address: int = 5
    max_tables: int = 1000
    watchers_per_table: int = 8
    """Sockets without a seat (the waiting room's onlookers) at one table, in one process; a
    seated person's socket always gets in."""
    watchers_per_address: int = 2
    """Of those, from one client address."""
    hello_rate: float = 0.2
    """A seated person's ``hello`` (a stored change each): past the burst, one every 5 s; a
    ``hello`` over the bound waits its turn, it is never refused."""
    hello_burst: float = 6.0
    address_hello_rate: float = 1.0
    """Every ``hello`` from one client address, seated or not, likewise delayed past the bound."""
    address_hello_burst: float = 20.0
    max_message_bytes: int = 4096
    rate: float = 20.0
    """Messages a second per socket, on average."""
    burst: float = 40.0
    flood_close: int = 200
    """Dropped messages in a row that close the socket."""
    hello_timeout: float = 10.0
    queue: int = 64
    """Unsent messages a socket may have before it is closed as too slow."""
    say_every: float = 2.0
    ask_rate: float = 3.0
    """Hints and tips a second per socket, on average (each is a few milliseconds' work)."""
    ask_burst: float = 10.0
    tick: float = 0.5
    """Seconds between two looks at the tables' clocks (grace periods, turn timers)."""
    handoff: float = 5.0
    """Seconds a moment already come is stored ahead (:meth:`Friends._claimed`): the process that
    made the change acts on it at once, and another takes the table over after this long only if
    it did not (it stopped, its step failed)."""

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> FriendsLimits:
        environ = os.environ if environ is None else environ
        values: dict[str, float | int] = {}
        for item in fields(cls):
            text = environ.get(ENV_PREFIX + item.name.upper())
            if text:
                values[item.name] = float(text) if item.type == "float" else int(text)
        return cls(**values)  # type: ignore[arg-type]
