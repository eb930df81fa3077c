"""What the friends' table's end-to-end tests share: a server of their own (a short grace period,
so a seat left empty is the CPU's within the test), people in separate browser contexts, and one
step of play that any seat takes when it is its turn (docs/friends.md)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, WebSocket

FAST = "localStorage.setItem('picas.rapido', '1');"


def start_server(folder: Path, grace: float) -> Iterator[str]:
    log = folder / "server.log"
    # The listening socket is made here and handed to the server (uvicorn --fd): its port is this
    # server's alone, with no window in which another test run could take it.
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    port = listener.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k != "PICAS_SECRET_KEY"}
    env["PICAS_KEY_FILE"] = str(folder / "secret.key")
    env["PICAS_DATA_DIR"] = str(folder)
    env["PICAS_FRIENDS_GRACE"] = str(grace)
    command = [sys.executable, "-m", "uvicorn", "--factory", "picas.web.app:create_app"]
    command += ["--fd", str(listener.fileno()), "--log-level", "warning"]
    with log.open("wb") as out, listener:
        process = subprocess.Popen(
            command,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            pass_fds=(listener.fileno(),),
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                pytest.fail(f"the server stopped at start:\n{log.read_text(errors='replace')}")
            try:
                with urllib.request.urlopen(base + "/", timeout=2):
                    break
            except (urllib.error.URLError, OSError):
                if time.monotonic() > deadline:
                    pytest.fail("the server did not answer in 30 s")
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@dataclass
class Person:
    name: str
    context: BrowserContext
    page: Page
    errors: list[str] = field(default_factory=list)
    frames: list[str] = field(default_factory=list)
    """Every text frame its pages' sockets received, in order."""
    looks: list[tuple[str, list[str]]] = field(default_factory=list)
    """What its page showed of itself while playing: the bottom seat's name, the hand's cards."""


def person(
    browser: Browser, name: str, size: tuple[int, int] = (390, 844), touch: bool = False
) -> Person:
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        locale="es-ES",
        has_touch=touch,
        is_mobile=touch,
    )
    context.add_init_script(FAST)
    page = context.new_page()
    page.set_default_timeout(20_000)
    who = Person(name, context, page)
    watch(who)
    return who


def watch(who: Person) -> None:
    who.page.on("pageerror", lambda error: who.errors.append(str(error)))

    def frames_of(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: _keep_frame(who, payload))

    who.page.on("websocket", frames_of)


def _keep_frame(who: Person, payload: str | bytes) -> None:
    who.frames.append(payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))


def reopen(who: Person) -> None:
    """The same browser (its localStorage, so its seat token) opens the table again."""
    who.page = who.context.new_page()
    who.page.set_default_timeout(20_000)
    watch(who)


def create_table(
    host: Person, base: str, game: str, target: int, level: str = "facil", *, choose: bool = True
) -> str:
    """The host makes the table from the first screen's «Jugar con amigos»: the table's link."""
    page = host.page
    page.goto(base + "/")
    page.click("#elegir-amigos")
    page.check(f"#crear-game-{game}")
    page.check(f"#crear-target-{target}")
    page.check(f"#crear-level-{level}")
    page.fill("#crear-nombre", host.name)
    page.click("#btn-crear-mesa")
    page.wait_for_url("**/mesa/*")
    page.wait_for_selector("#sala:not([hidden]) #btn-empezar")
    return page.url


def join(who: Person, link: str, seat: str) -> None:
    page = who.page
    page.goto(link)
    page.wait_for_selector("#sala:not([hidden])")
    page.fill("#nombre-sala", who.name)
    page.click(f"[data-sentarse='{seat}']")
    page.wait_for_selector("#btn-dejar")


# One step of play for whoever's turn it is on this page: a bid (3, or a look at the cards when
# Blind Nil is offered), a pass (the first three cards) or a card (the first playable one, lifted
# then played). Clicks go through the page's own handlers. Returns what was done, or "".
STEP = """() => {
  const q = (s) => document.querySelector(s);
  if (q('#mesa').classList.contains('ocupada')) return '';
  if (q('#btn-ver')) { q('#btn-ver').click(); return 'look'; }
  if (q('#btn-cantar')) {
    const key = q('#acciones .tecla[data-valor="3"]');
    key.click();
    q('#btn-cantar').click();
    return 'bid';
  }
  const pass = q('#btn-pasar');
  if (pass) {
    const cards = [...document.querySelectorAll('#mano .carta-mano')].slice(0, 3);
    const codes = cards.map((c) => c.dataset.carta);
    for (const code of codes) {
      const card = q(`#mano [data-carta="${code}"]`);
      if (card && !card.classList.contains('elegida')) card.click();
    }
    q('#btn-pasar').click();
    return 'pass';
  }
  if (q('#btn-jugar') && q('#mano').classList.contains('mi-turno')) {
    const card = q('#mano .carta-mano.jugable');
    if (!card) return '';
    const code = card.dataset.carta;
    card.click();
    q(`#mano [data-carta="${code}"]`).click();
    return 'play:' + code;
  }
  return '';
}"""


# What a page shows of itself at the table: the name at the bottom seat and the hand's cards.
LOOK = """() => document.querySelector('#app:not([hidden])') ? [
  (document.querySelector('#asiento-south .asiento-nombre') || {}).textContent || '',
  [...document.querySelectorAll('#mano [data-carta]')].map((c) => c.dataset.carta),
] : ['', []]"""


def play_until(
    people: list[Person], done: str, limit_s: float = 600, *, look: bool = False
) -> None:
    """Everyone plays their turns until ``done`` (a JS expression) is true on every page; with
    ``look``, each page's look at itself is kept at every round (``Person.looks``)."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if all(p.page.evaluate(f"() => Boolean({done})") for p in people):
            return
        acted = False
        for p in people:
            if look:
                bottom, cards = p.page.evaluate(LOOK)
                p.looks.append((bottom, cards))
            if p.page.evaluate(STEP):
                acted = True
        if not acted:
            time.sleep(0.05)
    pytest.fail(f"the table did not reach {done} in {limit_s} s")


OVER = "document.querySelector('#verificacion.bien')"
VERIFIED = "#verificacion.bien"


def stored_keys(page: Page) -> list[str]:
    keys: list[str] = page.evaluate("() => Object.keys(localStorage)")
    return sorted(keys)


@pytest.fixture
def daily_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, Path]]:
    """A server whose day's challenge is prepared at Fácil (the same code path, quicker), with
    its clock's offset in a file the test moves past the end of the day: (base URL, that file)."""
    clock = tmp_path / "reloj"
    clock.write_text("0")
    monkeypatch.setenv("PICAS_RETO_LEVEL", "facil")
    monkeypatch.setenv("PICAS_RETO_CLOCK_FILE", str(clock))
    for base in start_server(tmp_path, grace=60):
        yield base, clock
