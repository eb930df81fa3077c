"""The help pages of both games as the server sends them: every link and asset is served, each
Spanish page and its English counterpart link to each other, the headings are in order, each
game's pages share one menu that also reaches the difference page, and the Corazones pages quote the
engine's own words (the pass buttons, the refusals, the moon's forms, the targets, the end with its
tie rule)."""

from __future__ import annotations

import itertools
import posixpath
import random
import re
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient
from web_helpers import help_page, make_client

from picas.games.corazones import TARGETS, Action, GameState, MoonForm, Pass, PassDirection, Rules
from picas.games.corazones.game import outcome_after
from picas.games.corazones.scoring import score_hand
from picas.shared.cards import Card, mask_of
from picas.shared.seats import Seat
from picas.shared.tricks import Play
from picas.web.help_pages import rendered

STATIC = Path(__file__).resolve().parents[2] / "src" / "picas" / "web" / "static"

# Each game's help pages, Spanish → English, in the order of their menu.
SPADES = {
    "como-se-juega.html": "en/how-to-play.html",
    "reglas.html": "en/rules.html",
    "ejemplo.html": "en/scoring-example.html",
    "estrategia.html": "en/strategy.html",
    "preguntas.html": "en/faq.html",
}
HEARTS = {
    "corazones/como-se-juega.html": "en/hearts/how-to-play.html",
    "corazones/reglas.html": "en/hearts/rules.html",
    "corazones/estrategia.html": "en/hearts/strategy.html",
    "corazones/preguntas.html": "en/hearts/faq.html",
}
# The pages of both games: the difference between them, and how a friends' table deals fairly.
DIFFERENCE = {
    "picas-y-corazones.html": "en/spades-and-hearts.html",
    "juego-limpio.html": "en/fair-play.html",
    "reto-del-dia.html": "en/daily-challenge.html",
}
PAIRS = {**SPADES, **HEARTS, **DIFFERENCE}
ALL_PAGES = [*PAIRS, *PAIRS.values()]


@dataclass
class Page:
    lang: str | None = None
    links: list[dict[str, str]] = field(default_factory=list)
    """Every element with an href or src, as its attributes (plus "tag")."""
    headings: list[int] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)
    images: list[dict[str, str]] = field(default_factory=list)
    nav: list[dict[str, str]] = field(default_factory=list)
    """The links of nav.temas, in order."""
    title: str = ""
    descriptions: list[str] = field(default_factory=list)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self._in_nav = False
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "html":
            self.page.lang = found.get("lang")
        self._in_title = tag == "title"
        if tag == "meta" and found.get("name") == "description":
            self.page.descriptions.append(found.get("content", ""))
        if "id" in found:
            self.page.ids.add(found["id"])
        if re.fullmatch(r"h[1-6]", tag):
            self.page.headings.append(int(tag[1]))
        if tag == "img":
            self.page.images.append(found)
        if tag == "nav" and "temas" in found.get("class", "").split():
            self._in_nav = True
        if "href" in found or "src" in found:
            self.page.links.append({"tag": tag, **found})
            if self._in_nav and tag == "a":
                self.page.nav.append(found)

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.page.title += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "nav":
            self._in_nav = False
        if tag == "title":
            self._in_title = False


@cache
def read(path: str) -> Page:
    reader = _Reader()
    reader.feed(help_page(path))
    return reader.page


def target(page: str, href: str) -> str:
    """The path (from the site's root) an href of ``page`` points at ("" for the table)."""
    resolved = posixpath.normpath(posixpath.join(posixpath.dirname(page), urlsplit(href).path))
    assert not resolved.startswith(".."), f"{href} leaves the site"
    return "" if resolved == "." else resolved


@cache
def client() -> TestClient:
    return make_client()


@cache
def served(path: str) -> bool:
    """Whether the app answers ``/path`` with a page or file (``GET``: 200)."""
    status: int = client().get("/" + path).status_code
    return status == 200


def local(href: str) -> bool:
    return not href.startswith(("http://", "https://", "mailto:", "#", "data:"))


def test_the_server_has_exactly_the_help_pages_at_their_urls() -> None:
    assert sorted(rendered()) == sorted(ALL_PAGES)
    assert [page for page in ALL_PAGES if not served(page)] == []


def test_every_help_page_has_a_title_and_a_description_of_its_own() -> None:
    titles = [read(page).title for page in ALL_PAGES]
    assert [title for title in titles if not re.fullmatch(r"\S.* — Picas", title)] == []
    assert len(set(titles)) == len(titles)
    descriptions = [read(page).descriptions for page in ALL_PAGES]
    assert [d for d in descriptions if len(d) != 1 or len(d[0]) < 20] == []
    assert len({d[0] for d in descriptions}) == len(descriptions)


@pytest.mark.parametrize("page", ALL_PAGES)
def test_a_help_pages_menu_marks_that_page_and_no_other(page: str) -> None:
    nav = read(page).nav
    current = [link for link in nav if "aria-current" in link]
    assert [(target(page, link["href"]), link["aria-current"]) for link in current] == [
        (page, "page")
    ]


@pytest.mark.parametrize("page", ALL_PAGES)
def test_every_link_and_asset_of_a_help_page_is_served(page: str) -> None:
    broken = []
    for link in read(page).links:
        href = link.get("href") or link.get("src") or ""
        if not local(href):
            continue
        path = target(page, href)
        fragment = urlsplit(href).fragment
        if not served(path) or (fragment and fragment not in read(path).ids):
            broken.append(href)
    assert broken == []


@pytest.mark.parametrize(("spanish", "english"), list(PAIRS.items()))
def test_each_spanish_page_and_its_english_page_link_to_each_other(
    spanish: str, english: str
) -> None:
    for page, lang, other, other_lang in (
        (spanish, "es", english, "en"),
        (english, "en", spanish, "es"),
    ):
        assert read(page).lang == lang
        switch = [link for link in read(page).links if "idioma" in link.get("class", "").split()]
        assert [(target(page, s["href"]), s["hreflang"], s["lang"]) for s in switch] == [
            (other, other_lang, other_lang)
        ]
        alternate = [link for link in read(page).links if link.get("rel") == "alternate"]
        assert [(target(page, a["href"]), a["hreflang"]) for a in alternate] == [
            (other, other_lang)
        ]


@pytest.mark.parametrize("page", ALL_PAGES)
def test_a_help_page_has_one_h1_first_and_no_skipped_heading_level(page: str) -> None:
    levels = read(page).headings
    assert levels[0] == 1
    assert levels.count(1) == 1
    assert all(later - earlier <= 1 for earlier, later in itertools.pairwise(levels))
    assert all(image.get("alt") is not None for image in read(page).images)


@pytest.mark.parametrize("page", ALL_PAGES)
def test_every_help_page_goes_back_to_the_table_and_a_corazones_page_to_corazones(
    page: str,
) -> None:
    back = [link for link in read(page).links if "volver" in link.get("class", "").split()]
    assert [target(page, link["href"]) for link in back] == [""]
    query = urlsplit(back[0]["href"]).query
    assert query == ("juego=corazones" if page in [*HEARTS, *HEARTS.values()] else "")


def _menu_of(pages: list[str], difference: str) -> list[str]:
    return [*pages, difference]


@pytest.mark.parametrize(
    ("pages", "difference"),
    [
        (list(SPADES), "picas-y-corazones.html"),
        (list(SPADES.values()), "en/spades-and-hearts.html"),
        (list(HEARTS), "picas-y-corazones.html"),
        (list(HEARTS.values()), "en/spades-and-hearts.html"),
    ],
    ids=["spades-es", "spades-en", "hearts-es", "hearts-en"],
)
def test_a_games_pages_share_one_menu_that_ends_at_the_difference_page(
    pages: list[str], difference: str
) -> None:
    for page in pages:
        nav = read(page).nav
        assert [target(page, link["href"]) for link in nav] == _menu_of(pages, difference)
        current = [target(page, link["href"]) for link in nav if link.get("aria-current")]
        assert current == [page]


@pytest.mark.parametrize(("spanish", "english"), list(DIFFERENCE.items()))
def test_the_difference_page_leads_to_both_games_help(spanish: str, english: str) -> None:
    for page, spades, hearts in (
        (spanish, "como-se-juega.html", "corazones/como-se-juega.html"),
        (english, "en/how-to-play.html", "en/hearts/how-to-play.html"),
    ):
        linked = {target(page, link["href"]) for link in read(page).links if link["tag"] == "a"}
        assert {spades, hearts} <= linked


# --- the Corazones pages say what the engine does ------------------------------------------------


def _text(page: str) -> str:
    """The page's words, tags dropped and spaces joined."""
    html = help_page(page)
    return " ".join(re.sub(r"<[^>]+>", "", html).split())


def _section(page: str, start: str, end: str = "</dd>") -> str:
    html = help_page(page)
    return html.split(start, 1)[1].split(end, 1)[0]


@cache
def _engine_refusals() -> dict[str, str]:
    """Every refusal message the engine gives in random games (message → code): each card and a
    few passes tried by every seat at every step: each rule's words as the engine has them."""
    found: dict[str, str] = {}
    rng = random.Random(13)
    cards = [Card(i) for i in range(52)]
    for number in range(6):
        game = GameState.new(Rules(), "HELP" + "ABCDEFGH"[number] + "234")
        while not game.is_over and game.hand.number <= 4:
            tries: list[Action] = [Play(card) for card in cards]
            tries += [Pass(tuple(cards[:2])), Pass((cards[0], cards[0], cards[1]))]
            tries += [Pass(tuple(rng.sample(cards, 3)))]
            for seat in Seat:
                for action in tries:
                    refusal = game.check(action, seat)
                    if refusal is not None:
                        found.setdefault(refusal.message, refusal.code)
            game = _step(game, rng)
    return found


def _step(game: GameState, rng: random.Random) -> GameState:
    """One random legal action by whoever may act (while passing, the first seat yet to pass)."""
    seat = game.turn
    assert seat is not None
    return game.apply(rng.choice(game.legal_actions()), seat)


QUOTE = {"es": re.compile(r"«([^»]+\.)»"), "en": re.compile(r"“([^”]+\.)”")}
WHY_CARD = {"es": "¿Por qué no puedo jugar esa carta?", "en": "Why can't I play that card?"}
WHY_PASS = {"es": "¿Por qué no puedo pasar?", "en": "Why can't I pass?"}
FAQ = {"es": "corazones/preguntas.html", "en": "en/hearts/faq.html"}


def _quoted_refusals(language: str) -> list[str]:
    page = FAQ[language]
    return [
        quote
        for question in (WHY_CARD[language], WHY_PASS[language])
        for quote in QUOTE[language].findall(_section(page, question))
    ]


def test_the_faq_quotes_the_engines_refusals_word_for_word() -> None:
    refusals = _engine_refusals()
    quoted = _quoted_refusals("es")
    assert [q for q in quoted if q not in refusals] == []
    codes = {refusals[q] for q in quoted}
    # The rules a player meets: the first lead, following suit, the first trick, hearts, the pass.
    assert {
        "lead_two_of_clubs",
        "must_follow_suit",
        "no_points_first_trick",
        "hearts_not_broken",
        "passing_not_over",
        "not_your_turn",
        "pass_three_cards",
        "already_passed",
        "no_pass_this_hand",
    } <= codes


def _table(language: str, prefix: str) -> dict[str, str]:
    """The page's strings in ``language`` ("es" | "en") whose keys start with ``prefix``, from every
    string table of the page (a file may hold one language or both)."""
    found: dict[str, str] = {}
    for file in sorted((STATIC / "js").rglob("i18n*.js")):  # each game's own under games/
        parts = re.split(r"^export const (ES|EN)\b", file.read_text(encoding="utf-8"), flags=re.M)
        for name, body in zip(parts[1::2], parts[2::2], strict=True):
            if name == language.upper():
                pairs = re.findall(r'^\s*"([\w.]+)": "([^"]*)",?$', body, re.MULTILINE)
                found |= {key: words for key, words in pairs if key.startswith(prefix)}
    return found


def test_the_english_faq_quotes_the_tables_english_for_the_same_refusals() -> None:
    """Sentence for sentence with the Spanish FAQ; where the table's English (i18n-en.js) has the
    refusal, the English FAQ quotes it exactly ({suit} and {seat} filled)."""
    refusals = _engine_refusals()
    spanish, english = _quoted_refusals("es"), _quoted_refusals("en")
    assert len(spanish) == len(english)
    table = _table("en", "server.")
    checked = 0
    for es, en in zip(spanish, english, strict=True):
        words = table.get(f"server.{refusals[es]}")
        if words is None:
            continue
        pattern = re.escape(words)
        for name in ("suit", "seat", "n_word"):  # the parameters' words
            pattern = pattern.replace(rf"\{{{name}\}}", r"\w+")
        assert re.fullmatch(pattern, en), (en, words)
        checked += 1
    assert checked >= 2  # must_follow_suit and not_your_turn already have Spades' English


@pytest.mark.parametrize("page", ["corazones/reglas.html", "corazones/como-se-juega.html"])
def test_the_pages_name_the_pass_buttons_as_the_engine_does(page: str) -> None:
    text = _text(page)
    for direction in PassDirection:
        assert direction.label_es in text


def test_the_english_pages_name_the_pass_buttons_as_the_english_table_does() -> None:
    spanish, english = _table("es", "cz.pass."), _table("en", "cz.pass.")
    if not english:
        pytest.skip("the Corazones table's strings (helper hpage's) are not in this tree yet")
    keys = [f"cz.pass.{direction.value}" for direction in PassDirection]
    assert [spanish[key] for key in keys] == [d.label_es for d in PassDirection]
    for page in ("en/hearts/rules.html", "en/hearts/how-to-play.html"):
        text = _text(page)
        assert [english[key] for key in keys if english[key] not in text] == []


def test_the_rules_page_names_the_moons_forms_and_targets_as_the_engine_does() -> None:
    text = _text("corazones/reglas.html")
    for form in MoonForm:
        assert form.name_es in text
    settings = _section("corazones/reglas.html", "<dt>Objetivo</dt>")
    assert sorted(int(n) for n in re.findall(r"\b(\d+) \(", settings)) == sorted(TARGETS)
    assert Rules().target == 100
    assert "100 (el estándar, el de fábrica)" in settings


GAME_END = {"es": "Fin de la partida", "en": "End of the game"}
LOWEST_WINS = {
    "es": "gana quien tenga menos puntos",
    "en": "the player with the fewest points wins",
}
TIE = {"es": "se sigue jugando", "en": "play goes on"}
RULES = {"es": "corazones/reglas.html", "en": "en/hearts/rules.html"}


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_rules_pages_end_says_the_lowest_wins_and_a_tie_for_lowest_plays_on(
    language: str,
) -> None:
    rules = Rules()
    past = rules.target + 4
    assert outcome_after(rules, (30, 30, past, 60), 9) is None  # tied lowest: one more hand
    won = outcome_after(rules, (30, 31, past, 60), 9)
    assert won is not None
    assert won.winner is Seat.SOUTH  # the lowest, not the one past the target
    assert outcome_after(rules, (30, 30, rules.target - 1, 60), 9) is None  # nobody there yet
    section = _text(RULES[language]).split(GAME_END[language], 1)[1]
    section = section.split("Ajustes de esta mesa" if language == "es" else "This table's", 1)[0]
    assert LOWEST_WINS[language] in section
    assert TIE[language] in section


# --- Corazones' house rules (issue 21) ------------------------------------------------------------

PAGE_SOURCES = Path(__file__).resolve().parents[2] / "src" / "picas" / "web" / "pages"
EXAMPLE_ROW = re.compile(r'<tr data-cartas="([^"]+)"><th scope="row">.*?</th>(.*?)</tr>')


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_house_rules_example_scores_as_the_code_does(language: str) -> None:
    """The worked example's numbers: each row's cards (its ``data-cartas``) scored by the engine
    as the standard game, with the ♦J setting and in Omnibus, are the three columns shown."""
    page = (PAGE_SOURCES / RULES[language]).read_text(encoding="utf-8")
    table = page.split('id="ejemplo-omnibus"', 1)[1].split("</table>", 1)[0]
    rows = EXAMPLE_ROW.findall(table)
    assert len(rows) == 4
    taken = tuple(mask_of(Card.parse(code) for code in cards.split()) for cards, _ in rows)
    shown = [
        [int(n.replace("−", "-")) for n in re.findall(r"<td>([^<]+)</td>", cells)]
        for _, cells in rows
    ]
    columns = [Rules(), Rules(jack_of_diamonds=True), Rules(omnibus=True)]
    for index, rules in enumerate(columns):
        points = score_hand(rules, taken, (0, 0, 0, 0)).points  # type: ignore[arg-type]
        assert [row[index] for row in shown] == list(points), rules
    assert sum(row[0] for row in shown) == 26


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_house_rules_section_names_the_settings_the_page_offers(language: str) -> None:
    page = (PAGE_SOURCES / RULES[language]).read_text(encoding="utf-8")
    section = page.split('id="casa"' if language == "es" else 'id="house"', 1)[1]
    words = "Reglas de la casa" if language == "es" else "House rules"
    assert words in section
    for flag in ("omnibus", "pass_four", "queen_no_break"):
        assert f'data-si="{flag}"' in section
        assert f'data-si-no="{flag}"' in section
