"""What every test's server shares (a plugin of the suite: pyproject.toml's `-p suite_env`): no
preparing of the day's challenge ahead of its first request (``PICAS_RETO_AHEAD=0``; a day is
still prepared when asked for, tests/web/daily). Each test's server has its own data folder, so
each would otherwise spend minutes of a core preparing days nobody plays, beside the rest of the
suite."""

from __future__ import annotations

import os

os.environ.setdefault("PICAS_RETO_AHEAD", "0")
