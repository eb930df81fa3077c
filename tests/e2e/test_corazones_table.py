"""The Corazones table through a player's eyes: the pass with its direction on the button, the
cards received marked, a whole hand at Fácil to its sheet, refused cards explained in Spanish, the
hint and its «¿Por qué?», the settings of the next game, English, the keyboard, and the layout."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from e2e_helpers import Server, deal, play_first_playable, settle, tap_card, watched_page
from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

GAME_KEY = "picas.corazones.partida"
CHOSEN = "localStorage.setItem('picas.juego', 'corazones');"


@pytest.fixture
def table(browser: Browser) -> Iterator[Page]:
    """A phone-sized page of a player who chose Corazones; any script error fails the test."""
    yield from _table_page(browser, (390, 844))


def _table_page(browser: Browser, size: tuple[int, int]) -> Iterator[Page]:
    return watched_page(browser, size, CHOSEN, 20_000)


def open_corazones(page: Page, server: Server, code: str | None = None) -> None:
    page.goto(server.base + "/?rapido=1" + (f"&codigo={code}" if code else ""))
    page.wait_for_selector("#btn-repartir")


def hand(page: Page) -> list[str]:
    codes: list[str] = page.eval_on_selector_all(
        "#mano .carta-mano", "els => els.map(e => e.dataset.carta)"
    )
    return codes


def pass_cards(page: Page, cards: list[str]) -> None:
    for card in cards:
        tap_card(page, f"#mano [data-carta='{card}']")
    page.click("#btn-pasar")
    settle(page)


def sheet_open(page: Page) -> bool:
    return page.locator("#dlg-hoja[open]").count() > 0


def play_to_sheet(page: Page) -> None:
    """Play South's first playable card until the hand's sheet opens."""
    for _ in range(14):
        if sheet_open(page):
            return
        play_first_playable(page)
    page.wait_for_selector("#dlg-hoja[open]")


def stored(page: Page) -> dict[str, object]:
    raw = page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')")
    assert isinstance(raw, str)
    data: dict[str, object] = json.loads(raw)
    return data


# --- the pass ------------------------------------------------------------------------------------


def test_the_pass_takes_three_cards_and_marks_the_three_received(
    table: Page, server: Server
) -> None:
    page = table
    open_corazones(page, server)
    deal(page)
    send = page.locator("#btn-pasar")
    assert send.inner_text() == "Pasar a la izquierda"  # hand 1 passes to the left
    assert send.is_disabled()
    assert "Oeste" in page.inner_text("#aviso")  # West, on South's left, gets them
    before = hand(page)
    chosen = before[:3]
    for card in chosen:
        tap_card(page, f"#mano [data-carta='{card}']")
    assert send.is_enabled()
    assert page.get_attribute(f"#mano [data-carta='{chosen[0]}']", "aria-pressed") == "true"
    # A fourth card is refused with a word, and the three stay chosen.
    tap_card(page, f"#mano [data-carta='{before[5]}']")
    assert "Ya tienes tres" in page.inner_text("#aviso")
    assert page.get_attribute(f"#mano [data-carta='{before[5]}']", "aria-pressed") == "false"
    # A second tap puts one back.
    tap_card(page, f"#mano [data-carta='{chosen[2]}']")
    assert send.is_disabled()
    tap_card(page, f"#mano [data-carta='{chosen[2]}']")
    send.click()
    settle(page)
    after = hand(page)
    assert not set(chosen) & set(after)
    received = page.eval_on_selector_all(
        "#mano .carta-mano.recibida", "els => els.map(e => e.dataset.carta)"
    )
    assert len(received) == 3
    assert set(received) == set(after) - set(before)
    labels = page.eval_on_selector_all(
        "#mano .carta-mano.recibida", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert all(label.endswith(", recibida") for label in labels), labels
    assert "Te han pasado" in page.inner_text("#aviso")
    assert "Este" in page.inner_text("#aviso")  # passing left, the cards come from the right
    assert "te pasa" in page.inner_text("#anuncios")
    # The marks stay for the hand: after a reload too.
    page.reload()
    page.wait_for_selector("#mano .carta-mano.recibida")
    assert page.locator("#mano .carta-mano.recibida").count() == 3


def test_a_whole_hand_at_facil_ends_on_its_sheet_with_the_running_points(
    table: Page, server: Server
) -> None:
    page = table
    open_corazones(page, server, "K7PMX4QH")
    assert page.inner_text("#dato-nivel") == "Fácil"
    deal(page)
    pass_cards(page, hand(page)[-3:])
    play_to_sheet(page)
    assert page.locator("#dlg-hoja[open] #btn-siguiente-hoja").count() == 1
    rows = page.eval_on_selector_all(
        "#dlg-hoja .cz-hoja tbody tr",
        "rows => rows.map(r => [...r.children].map(c => c.textContent))",
    )
    assert [row[0] for row in rows] == ["Tú", "Oeste", "Norte", "Este"]
    hearts = sum(int(row[1]) for row in rows)
    assert hearts == 13
    points = [int(row[-2].replace("−", "-").replace("+", "")) for row in rows]
    moon = page.locator("#dlg-hoja .luna").count() == 1
    assert sum(points) == (78 if moon else 26)
    totals = [row[-1] for row in rows]
    page.click("#dlg-hoja [data-cerrar]")
    shown = page.eval_on_selector_all(".cz-total .cz-puntos", "els => els.map(e => e.textContent)")
    assert shown == totals
    # «Siguiente mano» deals hand 2, passed to the right.
    page.click("#btn-siguiente")
    settle(page)
    assert page.inner_text("#btn-pasar") == "Pasar a la derecha"


# --- refusals, hint and «¿Por qué?» ---------------------------------------------------------------


def test_a_refused_card_says_why_in_spanish(table: Page, server: Server) -> None:
    page = table
    open_corazones(page, server, "K7PMX4QH")
    deal(page)
    pass_cards(page, hand(page)[-3:])
    seen: set[str] = set()
    for _ in range(13):
        if sheet_open(page):
            break
        dimmed = page.locator("#mano .carta-mano.apagada")
        if dimmed.count():
            card = dimmed.first.get_attribute("data-carta") or ""
            why = dimmed.first.get_attribute("title") or ""
            assert dimmed.first.get_attribute("aria-disabled") == "true"
            tap_card(page, f"#mano [data-carta='{card}']")
            assert page.inner_text("#aviso") == why
            assert why in page.inner_text("#anuncios")
            seen.add(why)
        play_first_playable(page)
    messages = " ".join(seen)
    assert re.search(r"Tienes \w+: debes asistir\.", messages), seen
    assert (
        "Los corazones aún no se han roto." in seen
        or "En la primera baza no se pueden jugar puntos." in seen
    ), seen


def test_the_hint_suggests_a_pass_and_says_why(table: Page, server: Server) -> None:
    page = table
    open_corazones(page, server)
    deal(page)
    page.click("#btn-pista")
    page.wait_for_selector("#btn-porque")
    suggested = page.eval_on_selector_all(
        "#mano .carta-mano.sugerida", "els => els.map(e => e.dataset.carta)"
    )
    assert len(suggested) == 3
    assert page.inner_text("#pista").startswith("Sugerencia: pasa ")
    why = page.locator("#btn-porque")
    assert why.get_attribute("aria-expanded") == "false"
    assert page.is_hidden("#pista-razones")
    why.click()
    assert page.get_attribute("#btn-porque", "aria-expanded") == "true"
    reasons = page.eval_on_selector_all("#pista-razones li", "els => els.map(e => e.textContent)")
    assert len(reasons) == 3
    assert all(reasons), reasons
    # «Elegir estas» picks the three suggested cards and hands the focus to the pass.
    page.click("#btn-elegir-pista")
    assert page.is_enabled("#btn-pasar")
    assert page.evaluate("() => document.activeElement.id") == "btn-pasar"
    page.click("#btn-pasar")
    settle(page)
    assert not set(suggested) & set(hand(page))
    # Playing: the hint names one card, and why.
    page.click("#btn-pista")
    page.wait_for_selector("#btn-porque")
    assert page.locator("#mano .carta-mano.sugerida").count() == 1
    assert page.inner_text("#pista").startswith("Sugerencia: ")
    page.click("#btn-porque")
    assert page.locator("#pista-razones li").count() == 1


# --- settings, English, keyboard ------------------------------------------------------------------


def test_the_next_games_settings_are_corazones_own(table: Page, server: Server) -> None:
    page = table
    open_corazones(page, server)
    assert page.inner_text("#dato-objetivo") == "100"
    page.click("#btn-ajustes")
    page.wait_for_selector("#dlg-ajustes[open] #form-ajustes")
    form = page.inner_text("#form-ajustes")
    for words in ("50 · partida rápida", "jota de diamantes", "26 a cada rival", "−26 para quien"):
        assert words in form
    assert "Nil ciego" not in form
    assert "sacos" not in form
    page.check("input[name=target][value='50']")
    page.uncheck("input[name=passing]")
    page.check("input[name=moon][value='self']")
    page.click("#ajustes-guardar")
    page.wait_for_function(
        "() => document.getElementById('aviso').textContent.includes('sin repartir')"
    )
    page.wait_for_selector("#btn-repartir")
    assert page.inner_text("#dato-objetivo") == "50"
    record = stored(page)["save"]
    assert isinstance(record, dict)
    rules = record["record"]["rules"]
    assert (rules["target"], rules["passing"], rules["moon"]) == (50, False, "self")
    deal(page)
    assert page.locator("#btn-pasar").count() == 0  # no pass: the ♣2 leads at once
    # Spades' settings were not touched.
    spades = page.evaluate("() => JSON.parse(localStorage.getItem('picas.ajustes') || '{}')")
    assert spades.get("target") in (None, 250, 500)


def test_english_names_the_pass_and_the_score(table: Page, server: Server) -> None:
    page = table
    open_corazones(page, server)
    keys = page.evaluate(
        """async () => {
          const m = await import('/js/games/corazones/i18n.js');
          return [Object.keys(m.ES), Object.keys(m.EN)];
        }"""
    )
    assert set(keys[0]) - set(keys[1]) == set()
    page.click("#btn-ajustes")
    page.check("input[name=language][value='en']")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    page.click("#dlg-ajustes [data-cerrar]")
    deal(page)
    assert page.inner_text("#btn-pasar") == "Pass left"
    assert page.text_content("#cz-total-south .cz-nombre") == "You"
    assert page.title() == "Picas — Hearts"
    assert page.get_attribute("#ayuda .ayuda-lista a", "href") == "en/hearts/how-to-play.html"
    page.click("#btn-pista")
    page.wait_for_selector("#btn-porque")
    assert page.inner_text("#btn-porque") == "Why?"


def test_the_pass_and_the_play_by_keyboard(table: Page, server: Server) -> None:
    page = table
    open_corazones(page, server)
    page.focus("#btn-repartir")
    page.keyboard.press("Enter")
    settle(page)
    page.focus("#mano .carta-mano[tabindex='0']")
    for _ in range(3):
        page.keyboard.press("Enter")
        page.keyboard.press("ArrowRight")
    assert page.locator("#mano .carta-mano[aria-pressed='true']").count() == 3
    assert "3 de 3" in page.inner_text("#anuncios")
    page.focus("#btn-pasar")
    page.keyboard.press("Enter")
    settle(page)
    # The focus is back on the hand; Enter lifts a playable card and Enter again plays it.
    assert page.evaluate("() => document.activeElement.closest('#mano') !== null")
    cards = page.locator("#mano button.carta-mano")
    playable = page.eval_on_selector_all(
        "#mano button.carta-mano", "els => els.map(e => e.classList.contains('jugable'))"
    )
    index = playable.index(True)
    page.keyboard.press("Home")
    for _ in range(index):
        page.keyboard.press("ArrowRight")
    code = cards.nth(index).get_attribute("data-carta")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    settle(page)
    assert code not in hand(page)


# --- the layout ----------------------------------------------------------------------------------


_BOXES = """(selectors) => selectors.map(s => {
  const e = document.querySelector(s);
  if (!e) return null;
  const r = e.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom];
})"""


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_nothing_overlaps_on_a_phone_or_a_desktop(
    browser: Browser, server: Server, size: tuple[int, int]
) -> None:
    for page in _table_page(browser, size):
        open_corazones(page, server, "K7PMX4QH")
        deal(page)
        pass_cards(page, hand(page)[:3])
        play_first_playable(page)
        parts = [
            "#marcador",
            "#asiento-north",
            "#asiento-west",
            "#asiento-east",
            "#asiento-south",
            "#baza",
            "#mano",
            "#acciones",
        ]
        boxes = page.evaluate(_BOXES, parts)
        assert all(boxes), boxes
        width, height = size
        for name, box in zip(parts, boxes, strict=True):
            assert box[0] >= -1, (name, box)
            assert box[2] <= width + 1, (name, box)
            assert box[3] <= height + 1, (name, box)
        for i, a in enumerate(boxes):
            for j in range(i + 1, len(boxes)):
                assert not _overlap(a, boxes[j]), (parts[i], parts[j], a, boxes[j])


# A hand's result in the shape of docs/api.md ("hand_scored"): North took all 26.
MOON_RESULT = """{number: 3, dealer: 'north', direction: 'across', dealt: {}, passed: {south: []},
  tricks: [], hearts: {south: 0, west: 0, north: 13, east: 0}, queen: 'north', jack: null,
  moon: 'north', points: {south: 26, west: 26, north: 0, east: 26},
  totals: {south: 40, west: 52, north: 18, east: 33}}"""


@pytest.mark.parametrize(("form", "words"), [("others", "26 para cada uno"), ("self", "restan 26")])
def test_the_sheet_announces_the_moon_and_who_shot_it(
    table: Page, server: Server, form: str, words: str
) -> None:
    page = table
    open_corazones(page, server)
    page.evaluate(
        f"""async () => {{
          const h = await import('/js/games/corazones/hoja.js');
          await (await import('/js/render.js')).loadStyles();
          const result = {MOON_RESULT};
          const view = {{rules: {{target: 100, moon: '{form}', jack_of_diamonds: false}},
                        history: [result], totals: result.totals, outcome: null}};
          h.showSheet({{view, stage: 'hoja', outcomeLine: () => '', canPractice: false}}, result);
        }}"""
    )
    page.wait_for_selector("#dlg-hoja[open] .luna")
    assert "¡Norte se ha tirado a la luna!" in page.inner_text(".luna")
    assert words in page.inner_text(".luna")
    assert page.inner_text("#dlg-hoja .fila-luna th") == "Norte"
    assert page.get_attribute(".luna", "role") == "note"


def test_a_game_to_50_ends_with_the_lowest_total_winning(table: Page, server: Server) -> None:
    page = table
    page.goto(server.base + "/?rapido=1")
    page.wait_for_selector("#btn-repartir")
    page.click("#objetivo-50")  # the quick game, next to «Repartir»
    page.wait_for_function("() => document.getElementById('dato-objetivo').textContent === '50'")
    deal(page)
    for _ in range(30):  # hands
        if page.locator("#btn-pasar").count():
            pass_cards(page, hand(page)[:3])
        play_to_sheet(page)
        if page.locator("#dlg-hoja[open] #btn-nueva").count():
            break
        page.click("#btn-siguiente-hoja")
        settle(page)
    assert page.inner_text("#hoja-titulo") == "Fin de la partida"
    names = ["Tú", "Oeste", "Norte", "Este"]
    totals = page.eval_on_selector_all(
        ".cz-total .cz-puntos", "els => els.map(e => Number(e.textContent.replace('−', '-')))"
    )
    assert max(totals) >= 50
    lowest = min(totals)
    assert totals.count(lowest) == 1  # a tie for the lowest plays on
    winner = names[totals.index(lowest)]
    result = page.inner_text("#dlg-hoja .resultado")
    points = "1 punto" if lowest == 1 else f"{lowest} puntos"
    expected = "¡Ganas tú" if winner == "Tú" else f"Gana {winner}, con {points}."
    assert result.startswith(expected), (result, totals)
    page.click("#dlg-hoja [data-cerrar]")
    assert page.inner_text(".centro-resultado").split() == result.split()  # in two lines
    page.click("#btn-nueva-fin")
    page.wait_for_selector("#btn-repartir")
    assert page.inner_text("#dato-mano") == "1"


def test_rejugar_statistics_and_the_shared_link(table: Page, server: Server) -> None:
    page = table
    open_corazones(page, server, "K7PMX4QH")
    deal(page)
    pass_cards(page, hand(page)[-3:])
    play_to_sheet(page)
    main_save = stored(page)["save"]
    mine = page.eval_on_selector_all(
        "#dlg-hoja .cz-hoja tbody tr",
        "rows => rows.map(r => r.children[r.children.length - 2].textContent)",
    )[0]
    # «Las 13 bazas»: each trick with its winner.
    page.click("#dlg-hoja .cz-bazas summary")
    assert page.locator("#dlg-hoja .baza-repaso").count() == 13
    # «Rejugar esta mano»: the same deal and pass direction, in a practice save of its own.
    page.click("#btn-rejugar")
    settle(page, timeout=60_000)
    assert page.is_visible("#practica")
    assert "mano 1" in page.inner_text("#practica-texto")
    assert page.inner_text("#btn-pasar") == "Pasar a la izquierda"
    pass_cards(page, hand(page)[:3])
    play_to_sheet(page)
    rows = page.eval_on_selector_all(
        "#dlg-hoja tbody tr", "rows => rows.map(r => [...r.children].map(c => c.textContent))"
    )
    assert [row[0] for row in rows] == ["En la partida", "Esta vez", "Difícil en tu asiento"]
    assert rows[0][1] == mine  # the game's hand, as it was scored
    page.click("#btn-volver-hoja")
    settle(page)
    assert page.is_hidden("#practica")
    assert stored(page)["save"] == main_save  # the practice never touched the game's save
    # Statistics: the game's hand counts, the practice does not.
    page.click("#mas > summary")
    page.click("#btn-estadisticas")
    stats = page.inner_text("#dlg-estadisticas")
    assert re.search(r"Manos jugadas\s+1\b", stats), stats
    page.keyboard.press("Escape")
    # The shared link names the game, so it opens at the Corazones table.
    page.click("#mas > summary")
    page.click("#btn-compartir")
    link = page.input_value("#compartir-enlace")
    assert link.endswith("?codigo=K7PM-X4QH&juego=corazones"), link


def test_a_link_with_a_code_asks_before_dropping_the_game_in_progress(
    table: Page, server: Server
) -> None:
    page = table
    open_corazones(page, server)
    deal(page)
    code = page.inner_text("#dato-codigo")
    assert code != "K7PM X4QH"
    page.goto(server.base + "/?codigo=K7PM-X4QH&juego=corazones&rapido=1")
    page.wait_for_selector("#dlg-codigo[open]")
    page.click("#dlg-codigo-no")  # «Seguir con la mía»
    assert page.inner_text("#dato-codigo") == code
    page.goto(server.base + "/?codigo=K7PM-X4QH&juego=corazones&rapido=1")
    page.click("#dlg-codigo-si")
    page.wait_for_function(
        "() => document.getElementById('dato-codigo').textContent === 'K7PM X4QH'"
    )
    assert page.is_visible("#btn-repartir")
