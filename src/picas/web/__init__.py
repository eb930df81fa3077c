"""The web table: an ASGI app that is stateless over signed game records (see docs/api.md)."""

from picas.web.app import create_app
from picas.web.settings import Settings

__all__ = ["Settings", "create_app"]
