"""What every test's server shares: no preparing of the day's challenge ahead of its first request
(``PICAS_RETO_AHEAD=0``; a day is prepared when asked for, tests/web/daily). Each test's server
has its own data folder, so each would otherwise spend minutes of a core preparing days nobody
plays, and the rest of the suite would run beside it."""

from __future__ import annotations

import os

os.environ.setdefault("PICAS_RETO_AHEAD", "0")
