"""The garbage collector of a long-running process that serves many sockets (the server's
processes, and ``picas load``'s simulated people).

CPython's cyclic collector scans every tracked object it holds at each full collection. A
server process at 2,000 sockets holds about 600,000 of them (each socket's coroutines, queues and
frames; each table's cached game), and a full collection then took 0.4–0.8 s of CPU, with every
socket of the process waiting: at 4,000 people such pauses, one every 4–90 s in each process,
were most of the rated tables' slowest deliveries (docs/benchmarks.md). Two changes, both the
collector's own knobs:

* the objects made while starting (the modules, the app, its routes and models: about 130,000)
  are moved out of the collector's sight once (:func:`gc.freeze`): they live as long as the
  process, and no full collection scans them again;
* young collections wait for 50,000 new objects instead of 700: an object that lives for one
  round trip (a message, a store command's reply) is then rarely still alive at a collection, so
  it is not promoted and does not bring the next full collection nearer.
"""

from __future__ import annotations

import gc

THRESHOLDS = (50_000, 20, 100)
"""``gc.set_threshold``'s: new objects before a young collection; young collections before a
middle one; middle ones before a full one may run (CPython also waits for the long-lived objects
to have grown by a quarter)."""


def tune() -> None:
    """Call once the process has started (its modules imported, its app built)."""
    gc.set_threshold(*THRESHOLDS)
    gc.freeze()


def settle() -> None:
    """``picas load``'s simulated people, once connected, live as long as the run: their objects
    go out of the collector's sight too, at the end of the untimed start. Otherwise the
    generator's middle collections grew to a million objects (a second's pause, inside every
    latency it was measuring); what their cycles hold is freed when the run's process ends."""
    gc.freeze()
