"""The help page's hand-worked example («Reto del día», both languages) is what the code scores:
each hand's «frente a Difícil» and the day's total, from the page's own «Tú» and «Difícil»."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from picas.web.daily import score
from picas.web.help_pages import rendered

PAGES = ("reto-del-dia.html", "en/daily-challenge.html")


class Tables(HTMLParser):
    """Each ``table.duplicado``'s rows (their cells' text), by its game."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self._game: str | None = None
        self._row: list[str] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "table" and "duplicado" in (found.get("class") or "").split():
            self._game = found.get("data-juego")
            assert self._game is not None
            self.tables[self._game] = []
        elif self._game is not None and tag == "tr":
            self._row = []
        elif self._row is not None and tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._game = None
        elif tag == "tr" and self._row is not None and self._game is not None:
            self.tables[self._game].append(self._row)
            self._row = None
        elif tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def number(text: str) -> int:
    return int(text.replace("−", "-").replace("+", ""))


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("game", ["spades", "corazones"])
def test_the_worked_example_is_what_the_code_scores(page: str, game: str) -> None:
    parser = Tables()
    parser.feed(rendered()[page].body.decode("utf-8"))
    rows = parser.tables[game]
    hands = [row for row in rows[1:] if row[0].isdigit()]
    total = rows[-1]
    assert [int(row[0]) for row in hands] == list(range(1, len(hands) + 1))
    assert len(hands) == {"spades": 6, "corazones": 4}[game]
    mine = [number(row[1]) for row in hands]
    difficil = [number(row[2]) for row in hands]
    written = [number(row[3]) for row in hands]
    assert score.duplicate(game, mine, difficil) == written
    assert sum(score.duplicate(game, mine, difficil)) == number(total[-1])


def test_both_languages_work_the_same_example() -> None:
    tables = []
    for page in PAGES:
        parser = Tables()
        parser.feed(rendered()[page].body.decode("utf-8"))
        tables.append({game: [row[1:] for row in rows[1:]] for game, rows in parser.tables.items()})
    assert tables[0] == tables[1]
