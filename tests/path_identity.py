"""The comparison behind the identity tests: a corpus computed here, on the path this process runs
(the compiled build when a fresh one exists), against the same corpus computed by a subprocess
forced to pure Python. In CI (``PICAS_REQUIRE_COMPILED=1``) this side must be the build."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from picas import compiled


def assert_paths_agree(corpus_script: Path, here: dict[str, Any], parts: Iterable[str]) -> None:
    """``here`` is the corpus of ``corpus_script`` (which prints it as JSON when run) computed in
    this process; each of ``parts`` is compared on its own first, for a readable failure."""
    env = {**os.environ, compiled.PURE_ENV: "1"}
    done = subprocess.run(
        [sys.executable, str(corpus_script)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    pure = json.loads(done.stdout)
    assert pure.pop("compiled") is False
    assert pure.pop("path").startswith("Python puro")
    pure_pass = os.environ.get(compiled.PURE_ENV, "") not in ("", "0")
    if os.environ.get("PICAS_REQUIRE_COMPILED") == "1" and not pure_pass:
        assert here["compiled"], here["path"]
    here = {key: value for key, value in here.items() if key not in ("compiled", "path")}
    for part in parts:
        if isinstance(pure[part], dict):
            for key in pure[part]:
                assert here[part][key] == pure[part][key], f"{part}: {key}"
        assert here[part] == pure[part], part
    assert here == pure
