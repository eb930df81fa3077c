"""Around the table: «¿Por qué?», the play hint, the pace (speed, pause after a trick, the forced
last card), statistics, sharing (export, import, a link with a code), English, the help pages and
what the first load fetches."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from e2e_helpers import (
    Json,
    Server,
    as_spades_player,
    bid_tip,
    deal,
    hand_codes,
    open_table,
    play_first_playable,
    settle,
    state,
    stored_game,
    tap_card,
    visible_point,
)
from e2e_saves import Made, bids, make_save, south_last_card, store_game, wait_for_code
from playwright.sync_api import Browser, Page, Route, expect

from picas.games.spades import Rules, Seat, Team, action_to_json

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-extras")]

STATS_KEY = "picas.estadisticas"
CARD_ES = re.compile(r"(as|rey|reina|jota|10|[2-9]) de (picas|corazones|diamantes|tréboles)")
CARD_EN = re.compile(r"(ace|king|queen|jack|10|[2-9]) of (spades|hearts|diamonds|clubs)")


def _open_with(page: Page, server: Server, made: Made, ui: Json | None = None) -> None:
    open_table(page, server)
    store_game(page, made, ui=ui)
    page.reload()
    wait_for_code(page, made.record["code"])


def _settings(page: Page, **values: bool | str) -> None:
    """Set the table's settings (they apply at once) and close the dialog."""
    page.click("#btn-ajustes")
    page.wait_for_selector("#dlg-ajustes[open] #form-ajustes")
    for name, value in values.items():
        if isinstance(value, bool):
            page.locator(f"#form-ajustes [name='{name}']").set_checked(value)
        else:
            page.check(f"#form-ajustes [name='{name}'][value='{value}']")
    if "language" in values:  # the other language's table arrives first
        page.wait_for_function(
            "(lang) => document.documentElement.lang === lang", arg=values["language"]
        )
    page.click("#dlg-ajustes [data-cerrar]")
    page.wait_for_selector("#dlg-ajustes", state="hidden")


def _stats(page: Page) -> Json:
    raw = page.evaluate(f"() => localStorage.getItem('{STATS_KEY}')")
    data: Json = json.loads(raw) if isinstance(raw, str) else {}
    return data


# --- «¿Por qué?» ----------------------------------------------------------------------------------


def test_each_computer_bid_says_why_and_the_reason_survives_a_reload(
    page: Page, server: Server
) -> None:
    open_table(page, server)
    deal(page)
    bid_tip(page)
    assert page.locator("#asiento-south .porque").count() == 0  # South needs no reason
    kept = stored_game(page)["reasons"]["1"]
    assert set(kept) == {"west", "north", "east"}
    # Each kept with its codes (the page's words come from them) and the server's Spanish text,
    # which the Spanish page's words equal.
    assert all(
        reason["codes"] and all(c["code"] for c in reason["codes"]) for reason in kept.values()
    )
    reasons = {seat: reason["text"] for seat, reason in kept.items()}
    assert all(len(text) > 3 for text in reasons.values())
    bid_north = page.inner_text("#asiento-north .canto")
    page.click("#porque-north")
    assert page.get_attribute("#porque-north", "aria-expanded") == "true"
    expected = f"Norte: {bid_north.removeprefix('Canta ')} — {reasons['north']}"
    assert page.inner_text("#bocadillo-north") == expected
    assert expected in page.inner_text("#anuncios")
    page.keyboard.press("Escape")
    assert page.locator("#bocadillo-north").count() == 0
    page.reload()
    page.wait_for_selector("#porque-west")
    page.click("#porque-west")
    assert page.inner_text("#bocadillo-west").endswith(f" — {reasons['west']}")
    page.click("#asiento-south")  # a tap elsewhere closes it
    assert page.locator("#bocadillo-west").count() == 0


# --- the play hint --------------------------------------------------------------------------------


def test_the_play_hint_is_off_by_default_and_shows_the_servers_card_with_its_reason(
    page: Page, server: Server
) -> None:
    open_table(page, server)
    deal(page)
    bid_tip(page)
    assert state(page) == "play"
    assert page.locator("#mano .sugerida").count() == 0
    assert page.locator("#pista").count() == 0
    _settings(page, hint=True)
    page.wait_for_selector("#mano .carta-mano.sugerida")
    card = page.get_attribute("#mano .carta-mano.sugerida", "data-carta") or ""
    answer = page.request.post(
        server.base + "/api/hint", data={"save": stored_game(page)["save"]}
    ).json()
    assert card == answer["card"]
    assert "jugable" in (page.get_attribute(f"#mano [data-carta='{card}']", "class") or "")
    name = page.get_attribute(f"#mano [data-carta='{card}']", "aria-label") or ""
    assert name.endswith(", la carta sugerida")
    assert CARD_ES.fullmatch(name.split(",")[0])
    assert page.inner_text("#pista") == f"Sugerencia: {name.split(',')[0]} — {answer['reason']}"
    play_first_playable(page)  # the next position gets its own hint
    if state(page) == "play":
        page.wait_for_selector("#mano .carta-mano.sugerida")
    _settings(page, hint=False)
    assert page.locator("#mano .sugerida").count() == 0
    assert page.locator("#pista").count() == 0


def test_a_tap_under_way_is_not_lost_when_the_hint_arrives(page: Page, server: Server) -> None:
    # The hint's answer redraws the hand; a card pressed before it and released after it is
    # still tapped (the buttons are updated in place, not replaced under the finger).
    open_table(page, server)
    deal(page)
    bid_tip(page)
    assert state(page) == "play"
    held: list[Route] = []
    page.route("**/api/hint", lambda route: held.append(route))
    _settings(page, hint=True)
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page did not ask for the hint"
    suggested = page.request.post(
        server.base + "/api/hint", data={"save": stored_game(page)["save"]}
    ).json()["card"]
    playable = [
        code or ""
        for code in page.locator("#mano .carta-mano.jugable").evaluate_all(
            "(cards) => cards.map((card) => card.dataset.carta)"
        )
    ]
    others = [code for code in playable if code != suggested]
    code = (others or playable)[0]
    page.mouse.move(*visible_point(page, f"#mano [data-carta='{code}']"))
    page.mouse.down()
    held[0].continue_()
    page.wait_for_selector("#mano .carta-mano.sugerida")
    page.mouse.up()
    expect(page.locator(f"#mano [data-carta='{code}']")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#mano .levantada")).to_have_count(1)


# --- pace -----------------------------------------------------------------------------------------


def _timed_bids(page: Page) -> float:
    """South bids first in hand 1; the three computer bids that follow are paced by the speed."""
    page.wait_for_selector(".tecla-tip .tecla-sub")
    page.click(".tecla[data-valor='3']")
    start = time.monotonic()
    page.click("#btn-cantar")
    settle(page)
    return time.monotonic() - start


def test_the_animation_speed_setting_paces_the_table(browser: Browser, server: Server) -> None:
    timings: dict[str, float] = {}
    for speed in ("lenta", "rapida"):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        as_spades_player(context)
        page = context.new_page()
        page.goto(server.base + "/")  # real durations
        page.wait_for_selector("#btn-repartir")
        _settings(page, speed=speed)
        assert page.evaluate("() => document.documentElement.dataset.ritmo") == speed
        page.click("#btn-repartir")
        page.click("#mesa", position={"x": 30, "y": 30})  # skip the deal
        settle(page)
        timings[speed] = _timed_bids(page)
        page.reload()
        assert page.evaluate("() => document.documentElement.dataset.ritmo") == speed
        context.close()
    # 150 + 3 × 650 ms scaled: about 3.4 s slow, about 1 s fast.
    assert timings["lenta"] > 2.6, timings
    assert timings["rapida"] < 2.0, timings


def test_a_pause_after_each_trick_waits_for_a_tap(page: Page, server: Server) -> None:
    open_table(page, server)
    _settings(page, pause_tricks=True)
    deal(page)
    bid_tip(page)
    code = page.locator("#mano .carta-mano.jugable").first.get_attribute("data-carta") or ""
    tap_card(page, f"#mano [data-carta='{code}']")
    page.click("#btn-jugar")  # South leads trick 1; the other three answer
    page.wait_for_selector("#btn-seguir")
    assert page.locator("#baza .carta").count() == 4
    assert page.locator("#baza .carta.ganadora").count() == 1
    assert "Seguir" in page.inner_text("#aviso")
    page.wait_for_timeout(600)  # nothing moves on its own
    assert page.locator("#baza .carta").count() == 4
    assert page.is_visible("#btn-seguir")
    page.click("#mesa", position={"x": 20, "y": 20})
    settle(page)
    assert page.locator("#btn-seguir").count() == 0
    won = sum(
        int(page.inner_text(f"#asiento-{s} .bazas-ganadas"))
        for s in ("south", "west", "north", "east")
    )
    assert won >= 1


def test_the_forced_last_card_plays_itself_and_the_finished_game_counts_once(
    page: Page, server: Server
) -> None:
    # Hand 1, South to play the 13th card; West and East bid 13 each: the game ends on this card.
    made = make_save(server, hands=[bids(2, 13, 2, 13)], code="LAST2345", stop=south_last_card)
    assert made.game.turn is Seat.SOUTH
    assert made.game.outcome is None
    [last] = [action_to_json(a) for a in made.game.legal_actions()]
    _open_with(page, server, made, {"stage": "mesa"})
    page.wait_for_selector("#dlg-hoja[open] #btn-nueva")  # nobody tapped anything
    assert page.inner_text("#dlg-hoja h2") == "Fin de la partida"
    record = stored_game(page)["save"]["record"]
    assert record["actions"][: len(made.record["actions"])] == made.record["actions"]
    assert record["actions"][len(made.record["actions"])] == last
    page.wait_for_function(f"() => localStorage.getItem('{STATS_KEY}') !== null")
    stats = _stats(page)
    assert stats["results"] == {"facil|250": {"won": 1, "lost": 0, "drawn": 0}}
    assert stats["hands"] == 1
    for _ in range(2):  # reloads never count it again
        page.reload()
        page.wait_for_selector("#btn-nueva-fin")
        assert _stats(page)["results"] == stats["results"]
        assert _stats(page)["hands"] == 1


# --- statistics -----------------------------------------------------------------------------------


def _made_of(made: int, of: int) -> str:
    return f"1 cumplido de {of}" if made == 1 else f"{made} cumplidos de {of}"


def test_statistics_panel_and_reset_with_confirmation(page: Page, server: Server) -> None:
    # South bids Nil in hand 1; West and East are set by 260 in hand 2, and the game ends.
    made = make_save(server, hands=[bids(0, 6, 3, 6), bids(1, 13, 1, 13)], code="FYNAL234")
    outcome = made.game.outcome
    assert outcome is not None
    _open_with(page, server, made, {"stage": "fin"})
    page.wait_for_function(f"() => localStorage.getItem('{STATS_KEY}') !== null")
    page.reload()
    wait_for_code(page, made.record["code"])
    page.click("#mas summary")
    page.click("#btn-estadisticas")
    row = page.locator("#dlg-estadisticas[open] #est-partidas tbody tr")
    expect(row).to_have_count(1)
    won, lost = int(outcome.winner is Team.NORTH_SOUTH), int(outcome.winner is Team.EAST_WEST)
    assert row.first.inner_text().split() == ["Fácil", "250", str(won), str(lost), "0"]
    history = made.game.history
    ns_made = sum(1 for r in history if r.sheets[0].made)
    own = [(r.hand.bids[Seat.SOUTH], r.hand.won[Seat.SOUTH]) for r in history]
    own_bids = [(b, w) for b, w in own if b]
    nils = [w for b, w in own if b == 0]
    assert nils  # the Nil is counted apart from the bids
    assert page.inner_text("#est-manos-jugadas") == "2"
    assert page.inner_text("#est-contratos").startswith(_made_of(ns_made, 2))
    own_made = sum(1 for b, w in own_bids if w >= b)
    assert page.inner_text("#est-cantos").startswith(_made_of(own_made, len(own_bids)))
    assert page.inner_text("#est-nil") == _made_of(sum(1 for w in nils if w == 0), len(nils))
    bags = sum(r.sheets[0].bags_added for r in history)
    assert page.inner_text("#est-sacos") == f"{bags / 2:.1f}".replace(".", ",")
    # Reset asks first; «Cancelar» keeps everything.
    page.click("#est-borrar")
    question = page.locator("#dlg-borrar-estadisticas[open]")
    expect(question.locator("h2")).to_have_text("¿Borrar las estadísticas?")
    expect(page.locator("#dlg-borrar-estadisticas-no")).to_be_focused()
    page.click("#dlg-borrar-estadisticas-no")
    expect(question).to_have_count(0)
    expect(page.locator("#est-borrar")).to_be_focused()
    assert _stats(page)["hands"] == 2
    page.click("#est-borrar")
    page.click("#dlg-borrar-estadisticas-si")
    expect(page.locator("#est-mensaje")).to_have_text("Estadísticas borradas.")
    assert page.inner_text("#est-manos-jugadas") == "0"
    assert "Aún no has terminado ninguna partida." in page.inner_text("#est-contenido")
    page.reload()  # the finished game on the table is not counted again
    wait_for_code(page, made.record["code"])
    assert _stats(page)["hands"] == 0
    assert _stats(page)["results"] == {}


# --- sharing --------------------------------------------------------------------------------------


def _open_share(page: Page) -> None:
    page.click("#mas summary")
    page.click("#btn-compartir")
    page.wait_for_selector("#dlg-compartir[open]")


def test_export_and_import_a_game_record(page: Page, server: Server, tmp_path: Path) -> None:
    open_table(page, server)
    deal(page)
    bid_tip(page)
    play_first_playable(page)
    play_first_playable(page)
    saved = stored_game(page)
    hand_before = hand_codes(page)
    _open_share(page)
    with page.expect_download() as info:
        page.click("#btn-exportar")
    download = info.value
    assert download.suggested_filename == f"picas-{saved['code'][:4]}-{saved['code'][4:]}.json"
    exported = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert exported == {"record": saved["save"]["record"], "sig": saved["save"]["sig"]}
    page.keyboard.press("Escape")

    # A different game, then the downloaded one opened again: the same position.
    page.click("#btn-ajustes")
    page.click("#ajustes-nueva")
    page.wait_for_selector("#btn-repartir")
    assert stored_game(page)["code"] != saved["code"]
    path = tmp_path / "partida.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    _open_share(page)
    page.set_input_files("#compartir-archivo", str(path))
    page.wait_for_selector("#dlg-compartir", state="hidden")
    wait_for_code(page, saved["code"])
    assert hand_codes(page) == hand_before
    assert stored_game(page)["save"] == exported
    assert state(page) == "play"

    # A plain record (docs/record.md, no signature) opens too, checked action by action.
    page.click("#btn-ajustes")
    page.click("#ajustes-nueva")
    page.wait_for_selector("#btn-repartir")
    path.write_text(json.dumps(exported["record"]), encoding="utf-8")
    _open_share(page)
    page.set_input_files("#compartir-archivo", str(path))
    page.wait_for_selector("#dlg-compartir", state="hidden")
    wait_for_code(page, saved["code"])
    assert stored_game(page)["save"] == exported

    # Errors, in Spanish, and the game on the table stays.
    bad = tmp_path / "roto.json"
    bad.write_text("{no es json", encoding="utf-8")
    _open_share(page)
    page.set_input_files("#compartir-archivo", str(bad))
    page.wait_for_selector("#compartir-mensaje.error")
    assert page.inner_text("#compartir-mensaje") == (
        "El archivo no es JSON: no es una partida de Picas."
    )
    # An edited download: its signature no longer matches, so the record is checked.
    forged = json.loads(json.dumps(exported))
    actions = forged["record"]["actions"]
    bot = next(i for i, a in enumerate(actions) if isinstance(a, int) and i > 0)
    actions[bot] = (actions[bot] + 1) % 14  # a computer's bid, changed
    path.write_text(json.dumps(forged), encoding="utf-8")
    page.set_input_files("#compartir-archivo", str(path))
    page.wait_for_function(
        "() => document.getElementById('compartir-mensaje').textContent.startsWith('Acción')"
    )
    assert re.match(rf"Acción {bot + 1}\b", page.inner_text("#compartir-mensaje"))  # from 1
    assert stored_game(page)["save"] == exported


def test_a_link_with_a_code_starts_that_game_and_copy_link_gives_it(
    browser: Browser, server: Server
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    as_spades_player(context)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.base)
    page = context.new_page()
    try:
        page.goto(server.base + "/?codigo=k7pm-x4qh&rapido=1")
        wait_for_code(page, "K7PMX4QH")
        assert "codigo" not in page.url
        assert stored_game(page)["save"]["record"]["code"] == "K7PMX4QH"
        deal(page)
        bid_tip(page)  # a game in progress: the next link asks first
        page.goto(server.base + "/?codigo=NLXAAAAA&rapido=1")
        page.wait_for_selector("#dlg-codigo[open]")
        assert "NLXA AAAA" in page.inner_text("#dlg-codigo")
        page.click("#dlg-codigo-no")
        wait_for_code(page, "K7PMX4QH")
        assert state(page) == "play"
        page.goto(server.base + "/?codigo=NLXAAAAA&rapido=1")
        page.wait_for_selector("#dlg-codigo[open]")
        page.click("#dlg-codigo-si")
        wait_for_code(page, "NLXAAAAA")
        page.wait_for_selector("#btn-repartir")
        _open_share(page)
        assert page.input_value("#compartir-enlace") == server.base + "/?codigo=NLXA-AAAA"
        page.click("#btn-copiar-enlace")
        expect(page.locator("#compartir-copiado")).to_have_text("Enlace copiado.")
        assert page.evaluate("() => navigator.clipboard.readText()") == (
            server.base + "/?codigo=NLXA-AAAA"
        )
        # A code the server refuses: said in Spanish, and a game is dealt anyway.
        page.evaluate("() => localStorage.clear()")
        page.goto(server.base + "/?codigo=0000&rapido=1")
        page.wait_for_selector("#btn-repartir")
        assert "código" in page.inner_text("#aviso").lower()
    finally:
        context.close()


# --- English --------------------------------------------------------------------------------------

SPANISH_WORDS = re.compile(
    r"\b(Nosotros|Ellos|Partida|Objetivo|Nivel|Repartir|Cantar|Jugar|Ajustes|Ayuda|Puntuación"
    r"|Última|baza|bazas|sacos|Sur|Norte|Oeste|Este|Fácil|Tu mano|Mesa|Canta|Te toca)\b"
)


def _page_words(page: Page) -> str:
    """Everything a player reads or hears: the text and the accessible names and titles."""
    words: str = page.evaluate(
        """() => [document.body.innerText,
                  ...[...document.querySelectorAll('[aria-label],[title]')]
                    .map(e => (e.getAttribute('aria-label') || '') + ' ' + (e.title || '')),
                  ...[...document.querySelectorAll('.sr-only')].map(e => e.textContent),
                  document.title].join('\\n')"""
    )
    return words


def test_english_is_a_setting_and_every_string_follows_it(page: Page, server: Server) -> None:
    open_table(page, server)
    assert page.evaluate("() => document.documentElement.lang") == "es"
    _settings(page, language="en")
    assert page.evaluate("() => document.documentElement.lang") == "en"
    assert page.inner_text("#btn-repartir") == "Deal"
    deal(page)
    names = page.eval_on_selector_all(
        "#mano .carta-mano", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert len(names) == 13
    assert all(CARD_EN.fullmatch(n) for n in names), names
    assert page.inner_text("#aviso") == "Your bid: how many tricks will you win?"
    leftovers = SPANISH_WORDS.findall(_page_words(page))
    assert not leftovers, leftovers
    bid_tip(page)
    assert "You bid" in page.inner_text("#anuncios")
    for _ in range(13):
        if page.locator("#mano .carta-mano.apagada").count():
            break
        play_first_playable(page)
    else:
        pytest.fail("no card was ever refused in this hand")
    dimmed = page.locator("#mano .carta-mano.apagada").first.get_attribute("data-carta") or ""
    tap_card(page, f"#mano [data-carta='{dimmed}']")
    message = page.inner_text("#aviso")
    assert re.fullmatch(
        r"You have (spades|hearts|diamonds|clubs): you must follow suit\.", message
    ) or (message == "Spades have not been broken yet."), message
    leftovers = SPANISH_WORDS.findall(_page_words(page))
    assert not leftovers, leftovers
    page.reload()  # the choice is kept
    page.wait_for_selector("#mano .carta-mano.jugable")
    assert page.inner_text("#btn-jugar") == "Play"
    page.click("#btn-puntos")
    page.wait_for_selector("#dlg-hoja[open]")
    assert page.inner_text("#hoja-titulo") == "Score"
    page.keyboard.press("Escape")
    # A Spanish help page opened in English points to its English version.
    page.goto(server.base + "/reglas.html")
    page.wait_for_selector("#solo-espanol:not([hidden])")
    assert page.inner_text("#solo-espanol") == "Read this page in English"
    assert page.get_attribute("#solo-espanol a", "href") == "en/rules.html"
    assert page.evaluate("() => document.documentElement.lang") == "es"
    page.goto(server.base + "/?rapido=1")
    page.wait_for_selector("#mano .carta-mano")
    _settings(page, language="es")
    assert page.inner_text("#btn-jugar") == "Jugar"
    assert all(
        CARD_ES.fullmatch(n)
        for n in page.eval_on_selector_all(
            "#mano .carta-mano", "els => els.map(e => e.getAttribute('aria-label'))"
        )
    )


def test_the_english_table_has_every_key_of_the_spanish_one(page: Page, server: Server) -> None:
    open_table(page, server)
    keys = page.evaluate(
        """async () => {
          const es = (await import('/js/i18n.js')).ES;
          const en = (await import('/js/i18n-en.js')).EN;
          return [Object.keys(es), Object.keys(en)];
        }"""
    )
    spanish, english = set(keys[0]), set(keys[1])
    assert spanish - english == set()
    assert {k for k in english - spanish if not k.startswith("server.")} == set()


# --- the help pages -------------------------------------------------------------------------------


def test_the_help_pages_describe_the_rules_of_the_game_being_played(
    page: Page, server: Server
) -> None:
    rules = Rules().with_settings(target=500, bag_penalty=False, blind_nil=True)
    made = make_save(server, hands=[], code="RVLES234", rules=rules)
    _open_with(page, server, made, {"stage": "mesa"})
    assert page.inner_text("#dato-objetivo") == "500"
    page.click("#ayuda summary")
    page.click("#ayuda a[href='reglas.html']")
    page.wait_for_selector("#ajustes-activos:not([hidden])")
    assert page.inner_text("#ajustes-activos").startswith(
        "En tu partida: objetivo 500, castigo por sacos desactivado, Nil ciego activado."
    )
    table = page.inner_text("main table")
    assert "desactivado en tu partida: siempre 0" in table
    assert "el Nil ciego, activado en tu partida, vale ±200" in table
    assert "−100 cada vez" not in table
    assert "(500 en tu partida)" in page.inner_text("main")
    page.goto(server.base + "/ejemplo.html")
    page.wait_for_selector("#ajustes-activos:not([hidden])")  # filled by js/ayuda.js
    text = page.inner_text("main")
    assert "Nadie ha llegado a 500" in text
    assert "el castigo por sacos está desactivado" in text
    assert "Con un Nil ciego" in text
    page.goto(server.base + "/preguntas.html")
    page.wait_for_selector("#ajustes-activos:not([hidden])")  # filled by js/ayuda.js
    assert "En tu partida está activado: aparecerá cuando" in page.inner_text("main")
    page.goto(server.base + "/como-se-juega.html")
    page.wait_for_selector("#ajustes-activos:not([hidden])")  # filled by js/ayuda.js
    assert "en tu partida, 500 puntos" in page.inner_text("main")
    # With no game saved, the saved settings (or the defaults) are described instead.
    page.evaluate("() => localStorage.clear()")
    page.goto(server.base + "/reglas.html")
    page.wait_for_selector("#ajustes-activos:not([hidden])")
    assert "ajustes de fábrica: objetivo 250, castigo por sacos activado" in page.inner_text(
        "#ajustes-activos"
    )
    assert "−100 cada vez que la cuenta de sacos llega a 10" in page.inner_text("main table")


# --- the first load -------------------------------------------------------------------------------


def test_rarely_used_parts_are_not_part_of_the_first_load(page: Page, server: Server) -> None:
    open_table(page, server)
    page.wait_for_load_state("networkidle")
    names = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
    lazy: tuple[str, ...] = (
        "review.js",
        "stats.js",
        "share.js",
        "settings.js",
        "i18n-en.js",
        "extras.css",
    )
    # Corazones' own modules load only at the Corazones table (tests/e2e/test_choose_game.py).
    lazy = (
        *lazy,
        "/games/corazones/hooks.js",
        "/games/corazones/board.js",
        "/games/corazones/hoja.js",
        "/games/corazones/i18n.js",
    )
    assert not [n for n in names if n.endswith(lazy)], names
    page.click("#btn-ajustes")  # loaded when first needed
    page.wait_for_selector("#dlg-ajustes[open] #form-ajustes")
    names = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
    assert any(n.endswith("/js/settings.js") for n in names)
