"""README.md and docs/*.md point only at files of this repository: every relative link, and every
path written in code quotes, resolves inside it (a clone has nothing beside it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")
QUOTED_PATH = re.compile(r"`(\.{0,2}/?[\w.\-]+(?:/[\w.\-]*)+)`")
"""A path in code quotes: words joined by slashes ("src/picas/", "../shared/DESIGN.md")."""
OUTSIDE = ("http://", "https://", "mailto:", "#")


def _targets(document: Path) -> list[str]:
    text = document.read_text(encoding="utf-8")
    links = [t for t in LINK.findall(text) if not t.startswith(OUTSIDE)]
    quoted = [p for p in QUOTED_PATH.findall(text) if not p.startswith("/")]
    return [target.split("#", 1)[0] for target in links + quoted]


def _resolves(document: Path, target: str) -> bool:
    """Inside the repository, from the document's folder or (a path written from the top) the
    repository's, or in the package (`static/`, `js/main.js`, a help page's
    `en/spades-and-hearts.html` are written from there)."""
    web = ROOT / "src" / "picas" / "web"
    bases = (document.parent, ROOT, ROOT / "src", ROOT / "src" / "picas", web, web / "static")
    for base in (*bases, web / "pages"):
        path = (base / target).resolve()
        if path.is_relative_to(ROOT) and path.exists():
            return True
    return False


def test_the_documents_exist() -> None:
    assert (ROOT / "docs" / "design.md") in DOCUMENTS


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_every_relative_link_and_path_resolves_inside_the_repository(document: Path) -> None:
    broken = [t for t in _targets(document) if not _resolves(document, t)]
    assert broken == []


def test_the_readme_links_the_design() -> None:
    assert "docs/design.md" in LINK.findall((ROOT / "README.md").read_text(encoding="utf-8"))
