"""/perfil's «No volver a jugar con…» in headless Chromium (docs/page-quick.md): the people this
profile blocked, as the server lists them, each with «Desbloquear»; «Deshacer» blocks the last one
again; the list says when it is empty; a refusal or a list that cannot be read is said in Spanish
(and English); a name the server no longer has is shown as such. Blocking from a rated table's
end, a leaver too, is in test_jugar_ya.py."""

from __future__ import annotations

import json
import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import watched_page
from friends_page_helpers import start_server
from playwright.sync_api import Browser, Page, Route, expect
from test_jugar_ya_page import findings

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-jugar-ya-blocks")]

SHOTS = os.environ.get("PICAS_E2E_SHOTS")
"""A folder for screenshots of /perfil with its blocks, to look at."""
PHONE, DESKTOP = (390, 844), (1280, 800)
ROWS = "#bloqueos-lista li.bloqueo"


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from start_server(tmp_path_factory.mktemp("picas-ya-bloqueos"), 30.0)


def call(base: str, method: str, path: str, token: str | None, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def made(base: str, name: str) -> tuple[str, str]:
    """A profile made through the API: its id and token."""
    answer = call(base, "POST", "/api/perfil", None, {"name": name})
    return answer["profile"]["id"], answer["token"]


def blocker(base: str, others: list[str]) -> tuple[str, str, dict[str, str]]:
    """A profile «Ana» who blocked a new profile of each name in ``others``: her id, her token,
    and theirs by name."""
    ana, token = made(base, "Ana")
    ids = {name: made(base, name)[0] for name in others}
    for other in ids.values():
        call(base, "POST", "/api/ya/bloqueos", token, {"id": other})
    return ana, token, ids


def listed(base: str, token: str) -> list[str | None]:
    return [item["name"] for item in call(base, "GET", "/api/ya/bloqueos", token)["bloqueos"]]


def open_profile(page: Page, base: str, profile: tuple[str, str], token: str) -> None:
    """/perfil in this browser as the given profile (its token kept as the page keeps it)."""
    page.goto(base + "/clasificacion")
    page.evaluate(
        "([id, name, token]) => { localStorage.setItem('picas.perfil.token', token);"
        " localStorage.setItem('picas.perfil', JSON.stringify({id, name})); }",
        [profile[0], profile[1], token],
    )
    page.goto(base + "/perfil")
    page.wait_for_selector("#perfil-bloqueos:not([hidden])")


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    yield from watched_page(browser, PHONE, "", 15_000, touch=True)


@pytest.fixture
def desktop(browser: Browser) -> Iterator[Page]:
    yield from watched_page(browser, DESKTOP, "", 15_000)


def test_the_blocks_are_listed_unblocked_undone_and_the_list_says_when_empty(
    phone: Page, base: str
) -> None:
    ana, token, _ = blocker(base, ["Luis", "Marta", "Jorge"])
    open_profile(phone, base, (ana, "Ana"), token)
    rows = phone.locator(ROWS)
    expect(rows).to_have_count(3)
    assert sorted(rows.locator(".bloqueo-nombre").all_inner_texts()) == ["Jorge", "Luis", "Marta"]
    assert findings(phone, "/perfil's blocks") == []
    shot(phone, "perfil-bloqueos-movil")

    phone.get_by_role("button", name="Desbloquear a Luis").click()
    expect(rows).to_have_count(2)
    expect(phone.locator("#bloqueos-aviso")).to_contain_text("Luis puede volver a coincidir")
    undo = phone.locator("#btn-rebloquear")
    expect(undo).to_be_focused()
    assert sorted(listed(base, token)) == ["Jorge", "Marta"]  # type: ignore[type-var]
    shot(phone, "perfil-desbloqueado-movil")

    undo.click()  # «Deshacer»: Luis is blocked again, on the server too
    expect(rows).to_have_count(3)
    expect(phone.locator("#bloqueos-aviso")).to_contain_text("Luis: no volveréis a coincidir")
    assert sorted(listed(base, token)) == ["Jorge", "Luis", "Marta"]  # type: ignore[type-var]

    for name in ("Marta", "Luis", "Jorge"):
        phone.get_by_role("button", name=f"Desbloquear a {name}").click()
        expect(phone.get_by_role("button", name=f"Desbloquear a {name}")).to_have_count(0)
    expect(rows).to_have_count(0)
    expect(phone.locator("#bloqueos-lista")).to_have_text("No has bloqueado a nadie.")
    assert listed(base, token) == []
    phone.reload()
    expect(phone.locator("#bloqueos-lista")).to_have_text("No has bloqueado a nadie.")
    shot(phone, "perfil-sin-bloqueos-movil")


def test_refusals_and_an_unreadable_list_are_said_and_change_nothing(
    desktop: Page, base: str
) -> None:
    ana, token, _ = blocker(base, ["Luis", "Marta"])

    # The list cannot be read (no connection): said, with «Reintentar».
    def cut(route: Route) -> None:
        route.abort()

    desktop.route("**/api/ya/bloqueos", cut)
    open_profile(desktop, base, (ana, "Ana"), token)
    expect(desktop.locator("#bloqueos-lista")).to_contain_text("No se pudo leer la lista.")
    desktop.unroute("**/api/ya/bloqueos", cut)
    desktop.get_by_role("button", name="Reintentar").click()
    expect(desktop.locator(ROWS)).to_have_count(2)
    shot(desktop, "perfil-bloqueos-escritorio")

    # The server refuses the change (its store away a moment): its code worded, the row kept.
    def refuse(route: Route) -> None:
        if route.request.method != "DELETE":
            route.fallback()
            return
        error = {"code": "store_unavailable", "message": "El almacén no responde."}
        route.fulfill(status=503, json={"error": error})

    desktop.route("**/api/ya/bloqueos/*", refuse)
    desktop.get_by_role("button", name="Desbloquear a Marta").click()
    notice = desktop.locator("#bloqueos-aviso")
    expect(notice).to_contain_text("No se pudo cambiar:")
    assert "store_unavailable" not in notice.inner_text()  # worded, not the bare code
    expect(desktop.locator(ROWS)).to_have_count(2)
    assert sorted(listed(base, token)) == ["Luis", "Marta"]  # type: ignore[type-var]
    desktop.unroute("**/api/ya/bloqueos/*", refuse)

    # In English too (the page's language switch).
    desktop.click("#btn-idioma")
    expect(desktop.locator("#bloqueos-titulo")).to_have_text("Never play with…")
    desktop.get_by_role("button", name="Unblock Marta").click()
    expect(notice).to_contain_text("Marta may be seated with you again.")
    assert listed(base, token) == ["Luis"]
    shot(desktop, "perfil-bloqueos-escritorio-en")


def test_a_blocked_profile_without_a_name_is_shown_as_gone_and_can_be_unblocked(
    phone: Page, base: str
) -> None:
    ana, token, ids = blocker(base, ["Luis"])

    # A profile deleted between the list's read and its names has no name in the answer.
    def nameless(route: Route) -> None:
        if route.request.method != "GET":
            route.fallback()
            return
        answer = route.fetch()
        body = answer.json()
        for item in body["bloqueos"]:
            item["name"] = None
        route.fulfill(response=answer, json=body)

    phone.route("**/api/ya/bloqueos", nameless)
    open_profile(phone, base, (ana, "Ana"), token)
    row = phone.locator(ROWS)
    expect(row).to_have_count(1)
    expect(row.locator(".bloqueo-nombre")).to_have_text("Un perfil que ya no existe")
    shot(phone, "perfil-bloqueo-sin-nombre-movil")
    row.get_by_role("button", name="Desbloquear a Un perfil que ya no existe").click()
    expect(row).to_have_count(0)
    assert ids["Luis"] not in json.dumps(call(base, "GET", "/api/ya/bloqueos", token))
