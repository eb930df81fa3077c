"""Picas: Spades for the web, Spanish first."""

from picas import compiled as _compiled

__version__ = "0.1.0"

# Before any hot module is imported: use the compiled build only if it matches the sources.
_compiled.activate()
