"""The compiled hot path: the same typed Python modules, built as C extensions by mypyc.

The modules in :data:`MODULES` are where the engine and Difícil's search spend their time (the
playout loop, legal moves, the trick winner, sampling, pricing). :func:`main` (run by
``scripts/bootstrap``) builds them in place, next to their sources, and records a digest of
the sources it built from. The Python sources stay the reference and the fallback:

- ``PICAS_PURE=1`` in the environment runs the pure Python modules even when a build exists (the
  identity tests compare both paths this way);
- a build whose digest no longer matches the sources is never used: the pure modules run, with a
  warning, until the next build;
- without a build (no C compiler) everything works, only slower.

:func:`activate` is called by ``picas/__init__.py`` before any of these modules is imported.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import shutil
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

from picas import games

SHARED_MODULES = (
    "picas.shared.frozen",
    "picas.shared.position",
    "picas.shared.tricks",
    "picas.shared.fast",
    "picas.shared.deals",
    "picas.shared.trick_winner",
    "picas.shared.sampling",
)
MODULES = SHARED_MODULES + games.hot_modules()
"""The modules compiled together, in one mypyc group (they call each other natively): the shared
ones and each game's (its ``hot.py``, listed by the games' registry)."""

GROUP = "picas_hot"
"""The name of the shared library mypyc builds for the group."""

PURE_ENV = "PICAS_PURE"

_SRC = Path(__file__).resolve().parent.parent
_DIGEST_FILE = _SRC / "picas" / ".compiled-digest"
_state: dict[str, str] = {}


def source_paths() -> list[Path]:
    return [_SRC / (name.replace(".", "/") + ".py") for name in MODULES]


def source_digest() -> str:
    """SHA-256 over the compiled modules' sources and the Python version they are built for."""
    digest = hashlib.sha256(sys.version.encode())
    for path in source_paths():
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def built_digest() -> str | None:
    """The digest recorded by the last build, or ``None`` if there is no complete build."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for name in MODULES:
        if not (_SRC / (name.replace(".", "/") + suffix)).exists():
            return None
    try:
        return _DIGEST_FILE.read_text().strip()
    except OSError:
        return None


class _PureFinder(importlib.abc.MetaPathFinder):
    """Finds the ``.py`` source of the hot modules, ahead of the extension next to it."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in MODULES:
            return None
        source = _SRC / (fullname.replace(".", "/") + ".py")
        return importlib.util.spec_from_file_location(fullname, source)


def activate() -> None:
    """Choose the path for this process: the build if it is present and fresh, else pure Python."""
    if _state:
        return
    built = built_digest()
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        reason = f"{PURE_ENV}=1"
    elif built is None:
        reason = "sin compilar"
    elif built != source_digest():
        reason = "compilado desfasado: las fuentes han cambiado"
        warnings.warn(
            "picas: the compiled modules are older than their sources; running pure Python"
            " (scripts/bootstrap rebuilds them).",
            RuntimeWarning,
            stacklevel=2,
        )
    else:
        _state["path"] = "compilado (mypyc)"
        return
    _state["path"] = f"Python puro ({reason})"
    # Always, not only when a build is complete: an older build's extension of a module that is
    # still listed must not load in place of its source.
    sys.meta_path.insert(0, _PureFinder())


def path_in_use() -> str:
    """Which path runs in this process, in words (``picas bench`` prints it)."""
    activate()
    return _state["path"]


def is_compiled() -> bool:
    """Whether the hot modules actually loaded are the extensions."""
    module = sys.modules.get(MODULES[-1]) or importlib.import_module(MODULES[-1])
    return not (module.__file__ or "").endswith(".py")


def build() -> None:
    """Compile :data:`MODULES` in place with mypyc and record the digest of their sources."""
    from mypyc.build import mypycify  # the build needs mypy (dev) and setuptools only here
    from setuptools import setup

    build_dir = _SRC.parent / "build" / "mypyc"
    _DIGEST_FILE.unlink(missing_ok=True)
    digest = source_digest()
    previous = Path.cwd()
    # Only this build's libraries are copied into place below: none left over from modules that
    # have since moved or left the group.
    shutil.rmtree(build_dir / "lib", ignore_errors=True)
    os.chdir(_SRC)  # mypyc names the modules after their paths relative to here
    try:
        paths = [str(path.relative_to(_SRC)) for path in source_paths()]
        setup(
            name="picas-hot",
            ext_modules=mypycify(
                paths, opt_level="3", group_name=GROUP, target_dir=str(build_dir / "c")
            ),
            script_args=[
                "-q",
                "build_ext",
                "--build-lib",
                str(build_dir / "lib"),
                "--build-temp",
                str(build_dir / "tmp"),
            ],
        )
    finally:
        os.chdir(previous)
    # Into place by rename, never by rewriting: a running server keeps the library it loaded.
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for stale in (_SRC / "picas").rglob("*" + suffix):
        stale.unlink()  # an extension of a module no longer in the group would shadow its source
    for built in (build_dir / "lib").rglob("*" + suffix):
        target = _SRC / built.relative_to(build_dir / "lib")
        staging = target.with_name(target.name + ".new")
        shutil.copyfile(built, staging)
        os.replace(staging, target)
    _DIGEST_FILE.write_text(digest + "\n")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--if-stale"] and built_digest() == source_digest():
        return 0
    if args not in ([], ["--if-stale"]):
        print("uso: main([--if-stale])", file=sys.stderr)
        return 2
    build()
    return 0
