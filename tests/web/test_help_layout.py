"""The help pages' one layout: the table it is filled from, the templates that hold only their own
content, and the pages served at their URLs like the page's files (CSP, no-cache with an ETag and
304, HEAD, gzip), rendered once and never again for a request."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import jinja2
import pytest
from web_helpers import error_of, help_page, make_client

from picas.web.help_pages import (
    COUNTERPARTS,
    HELP_SETS,
    LAYOUT,
    TEMPLATES_DIR,
    counterpart,
    help_set_of,
    page_context,
    relative,
    rendered,
    template_environment,
)
from picas.web.middleware import SECURITY_HEADERS

PAGES = sorted(rendered())


def test_every_template_is_a_page_of_the_table_and_every_page_has_one_set() -> None:
    templates = sorted(
        path.relative_to(TEMPLATES_DIR).as_posix()
        for path in TEMPLATES_DIR.rglob("*.html")
        if path.name != LAYOUT
    )
    owned = [path for help_set in HELP_SETS for path in help_set.pages]
    assert sorted(owned) == templates == PAGES
    assert len(set(owned)) == len(owned)  # no page wears two headers


def test_every_page_has_a_counterpart_in_the_other_language() -> None:
    assert sorted([*COUNTERPARTS, *COUNTERPARTS.values()]) == PAGES
    for spanish, english in COUNTERPARTS.items():
        assert (help_set_of(spanish).lang, help_set_of(english).lang) == ("es", "en")
        assert counterpart(spanish) == english
        assert counterpart(english) == spanish


def test_every_menu_entry_is_a_page() -> None:
    for help_set in HELP_SETS:
        assert [topic.path for topic in help_set.menu if topic.path not in PAGES] == []


@pytest.mark.parametrize("path", PAGES)
def test_a_page_template_holds_only_its_own_title_description_and_main(path: str) -> None:
    source = (TEMPLATES_DIR / path).read_text(encoding="utf-8")
    assert source.startswith('{% extends "_layout.html" %}\n')
    blocks = re.findall(r"{% block (\w+) %}", source)
    assert blocks == ["title", "description", "main"]
    assert re.findall(r"<(html|head|meta|link|script|body|header|nav|main)\b", source) == []


@pytest.mark.parametrize(
    ("page", "to", "href"),
    [
        ("reglas.html", "", "./"),
        ("reglas.html", "en/rules.html", "en/rules.html"),
        ("corazones/reglas.html", "?juego=corazones", "../?juego=corazones"),
        ("corazones/reglas.html", "picas-y-corazones.html", "../picas-y-corazones.html"),
        ("en/hearts/faq.html", "", "../../"),
        ("en/hearts/faq.html", "en/spades-and-hearts.html", "../spades-and-hearts.html"),
        ("en/hearts/faq.html", "corazones/preguntas.html", "../../corazones/preguntas.html"),
        ("picas-y-corazones.html", "corazones/como-se-juega.html", "corazones/como-se-juega.html"),
    ],
)
def test_links_are_relative_to_the_pages_own_folder(page: str, to: str, href: str) -> None:
    assert relative(page, to) == href


def test_the_layout_escapes_what_the_table_gives_it() -> None:
    context = page_context("reglas.html")
    odd = dataclasses.replace(help_set_of("reglas.html"), brand='<i>"P&C"</i>')
    html = template_environment().get_template("reglas.html").render({**context, "help_set": odd})
    assert '<span class="marca">&lt;i&gt;&#34;P&amp;C&#34;&lt;/i&gt;</span>' in html


@pytest.mark.parametrize("path", PAGES)
def test_a_help_page_is_served_at_its_url_with_the_page_files_headers(path: str) -> None:
    client = make_client()
    page = client.get("/" + path, headers={"Accept-Encoding": "identity"})
    assert page.status_code == 200
    assert page.text == help_page(path)
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert page.headers["cache-control"] == "no-cache"
    for name, value in SECURITY_HEADERS.items():
        assert page.headers[name] == value
    etag = page.headers["etag"]
    again = client.get("/" + path, headers={"If-None-Match": f'"other", W/{etag}'})
    assert (again.status_code, again.content, again.headers["etag"]) == (304, b"", etag)
    assert client.get("/" + path, headers={"If-None-Match": '"other"'}).status_code == 200
    head = client.head("/" + path)
    assert (head.status_code, head.content) == (200, b"")
    assert head.headers["content-length"] == str(len(page.content))
    assert head.headers["etag"] == etag


def test_a_help_page_is_compressed_for_a_browser_that_accepts_it() -> None:
    page = make_client().get("/corazones/reglas.html", headers={"Accept-Encoding": "gzip"})
    assert page.headers["content-encoding"] == "gzip"
    assert page.headers["vary"] == "Accept-Encoding"
    sent = int(page.headers["content-length"])  # the compressed size on the wire
    assert sent < len(help_page("corazones/reglas.html").encode()) / 2
    assert page.text == help_page("corazones/reglas.html")  # httpx undid the gzip


def test_a_help_page_refuses_other_methods_and_a_near_miss_is_a_json_404() -> None:
    client = make_client()
    assert error_of(client.post("/reglas.html"))[:2] == (405, "method_not_allowed")
    assert error_of(client.get("/reglas.html/"))[:2] == (404, "not_found")
    assert error_of(client.get("/corazones/"))[:2] == (404, "not_found")
    assert error_of(client.get("/en/hearts/reglas.html"))[:2] == (404, "not_found")


def test_no_request_renders_a_page_again(monkeypatch: pytest.MonkeyPatch) -> None:
    client = make_client()

    def refuse(*args: object, **kwargs: object) -> str:
        raise AssertionError("a request rendered a template")

    monkeypatch.setattr(jinja2.Template, "render", refuse)
    for path in PAGES:
        assert client.get("/" + path).text == help_page(path)


def test_the_help_pages_are_served_even_without_the_page_files(tmp_path: Path) -> None:
    client = make_client(static_dir=tmp_path / "missing")
    assert client.get("/reglas.html").text == help_page("reglas.html")
    assert error_of(client.get("/ayuda.css"))[:2] == (404, "not_found")
