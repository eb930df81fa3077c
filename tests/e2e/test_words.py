"""The table's words through a new player's eyes: «¿Por qué?» without hidden cards and kept when
a downloaded game is opened, Spanish that agrees in gender and number, the small texts."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import (
    Server,
    bid_tip,
    deal,
    open_table,
    play_first_playable,
    settle,
    state,
    stored_game,
)
from e2e_saves import bids, make_save, store_game, wait_for_code
from playwright.sync_api import Page

from picas.games.spades import Bid, BlindNil, GameState, Phase, Rules, Seat
from picas.games.spades.bots.base import decide, decision_rng
from picas.games.spades.bots.registry import load_bot
from picas.games.spades.bots.tip import suggest_bid
from picas.games.spades.record import SpadesRecord
from picas.games.spades.view import view_for
from picas.record import final_state
from picas.shared.deals import code_from_bytes
from picas.web.games.spades import bid_reason

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-words")]

PRACTICE_KEY = "picas.practica"
CARD_LABEL = re.compile(r"[♣♦♥♠]|\b(as|rey|reina|jota|[2-9]|10) de (picas|corazones|diamantes)")


def _open_share(page: Page) -> None:
    page.click("#mas summary")
    page.click("#btn-compartir")
    page.wait_for_selector("#dlg-compartir[open]")


def _badges(page: Page) -> list[str]:
    """The seats whose bid shows a «?»."""
    seats: list[str] = page.eval_on_selector_all(".porque", "els => els.map(e => e.dataset.seat)")
    return sorted(seats)


def _bubble(page: Page, seat: str) -> str:
    page.click(f"#porque-{seat}")
    page.wait_for_selector(f"#bocadillo-{seat}")
    text = page.inner_text(f"#bocadillo-{seat}")
    page.click(f"#porque-{seat}")
    return text


def test_an_opened_download_shows_the_same_reasons_and_badges(
    page: Page, server: Server, tmp_path: Path
) -> None:
    open_table(page, server)
    deal(page)
    bid_tip(page)
    play_first_playable(page)
    saved = stored_game(page)
    assert saved["reasons"]["1"], "the computer players' bids have reasons"
    badges = _badges(page)
    assert badges == sorted(saved["reasons"]["1"])
    bubbles = {seat: _bubble(page, seat) for seat in badges}
    for text in bubbles.values():  # «¿Por qué?» during the hand names no hidden card
        assert not CARD_LABEL.search(text), text
    _open_share(page)
    with page.expect_download() as info:
        page.click("#btn-exportar")
    exported = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    page.keyboard.press("Escape")

    for downloaded in (exported, exported["record"]):  # the save, and a plain record
        page.click("#btn-ajustes")
        page.click("#ajustes-nueva")
        page.wait_for_selector("#btn-repartir")
        path = tmp_path / "partida.json"
        path.write_text(json.dumps(downloaded), encoding="utf-8")
        _open_share(page)
        page.set_input_files("#compartir-archivo", str(path))
        page.wait_for_selector("#dlg-compartir", state="hidden")
        wait_for_code(page, saved["code"])
        assert stored_game(page)["reasons"] == saved["reasons"]
        assert _badges(page) == badges
        assert {seat: _bubble(page, seat) for seat in badges} == bubbles


# --- Spanish that agrees --------------------------------------------------------------------------

LIFTED = re.compile(r"(.+) (levantad[oa]): (tócal[oa]) otra vez o pulsa «Jugar»\.")
FEMININE = ("reina", "jota")


def _lift_each_playable(page: Page) -> dict[str, str]:
    """Lift every playable card in turn: the status line for each card's name."""
    said: dict[str, str] = {}
    for code in page.eval_on_selector_all(
        "#mano .carta-mano.jugable", "els => els.map(e => e.dataset.carta)"
    ):
        page.focus(
            f"#mano [data-carta='{code}']"
        )  # the keyboard's way: a lifted card covers others
        page.keyboard.press("Enter")
        page.wait_for_selector(f"#mano [data-carta='{code}'].levantada")
        match = LIFTED.fullmatch(page.inner_text("#aviso"))
        assert match, page.inner_text("#aviso")
        said[match.group(1)] = match.group(2) + " " + match.group(3)
    return said


def _seat_sentences(page: Page) -> dict[str, str]:
    sentences: dict[str, str] = page.evaluate(
        """() => Object.fromEntries(['south', 'west', 'north', 'east'].map(s =>
             [s, document.querySelector('#asiento-' + s + ' .sr-only').textContent]))"""
    )
    return sentences


def test_a_lifted_card_and_the_seats_sentences_agree_in_gender_number_and_person(
    page: Page, server: Server
) -> None:
    page.goto(server.base + "/?rapido=1&codigo=K7PM-X4QH")
    page.wait_for_selector("#btn-repartir")
    deal(page)
    sentences = _seat_sentences(page)
    assert "Te toca" in sentences["south"]
    assert "Le toca" not in sentences["south"]
    bid_tip(page)
    seen_one = False
    genders: set[str] = set()
    for _ in range(6):
        if not page.locator("#mano .carta-mano.jugable").count():
            break
        for name, words in _lift_each_playable(page).items():
            feminine = name.split()[0].lower() in FEMININE
            assert words == ("levantada tócala" if feminine else "levantado tócalo"), name
            genders.add(words)
        sentences = _seat_sentences(page)
        for seat, sentence in sentences.items():
            assert not re.search(r"\b1 bazas\b|\b1 cartas\b", sentence), sentence
            assert not re.search(r"\. [a-záéíóú]", sentence), sentence  # a capital after a stop
            you = seat == "south"
            assert ("Has cantado" in sentence) == you, sentence
            assert ("Le toca" in sentence and you) is False, sentence
            seen_one = seen_one or "1 baza." in sentence
        play_first_playable(page)
    assert genders == {"levantada tócala", "levantado tócalo"}, "both genders were lifted"
    assert seen_one, "a seat with one trick was read out"


# --- small texts ----------------------------------------------------------------------------------


def test_a_link_with_a_bad_code_says_a_random_game_was_dealt_instead(
    page: Page, server: Server
) -> None:
    page.goto(server.base + "/?codigo=OOOO-0000&rapido=1")
    page.wait_for_selector("#btn-repartir")
    notice = page.inner_text("#aviso")
    assert "se ha repartido una partida al azar" in notice, notice
    assert "0, O, 1 ni I" in notice  # and still why the code was refused


def test_the_sheet_says_the_contract_in_the_words_of_its_sums(page: Page, server: Server) -> None:
    made = make_save(server, hands=[bids(3, 2, 4, 3)])
    open_table(page, server)
    store_game(page, made, ui={"stage": "hoja", "sheetHand": 1})
    page.reload()
    wait_for_code(page, made.record["code"])
    page.click("#centro [data-accion='ver-hoja']")
    page.wait_for_selector("#dlg-hoja[open] table.hoja")
    ns, ew = made.game.history[0].sheets
    cells = page.eval_on_selector_all(
        "#dlg-hoja table.hoja tbody tr:first-child td small", "els => els.map(e => e.textContent)"
    )
    assert cells == [
        f"cantasteis {ns.contract}, hicisteis {ns.counted_tricks}",
        f"cantaron {ew.contract}, hicieron {ew.counted_tricks}",
    ]
    page.click("#btn-cuentas")
    sums = page.inner_text("#dlg-hoja table.hoja")
    assert f"cantasteis {ns.contract} e hicisteis {ns.counted_tricks}" in sums


@pytest.mark.parametrize(
    ("path", "game", "settings", "defaults"),
    [
        ("/estrategia.html", "En tu partida", "Con tus ajustes", "Con los ajustes de fábrica"),
        ("/en/rules.html", "In your game", "With your settings", "With the default settings"),
    ],
)
def test_the_help_pages_say_in_your_game_only_when_there_is_one(
    page: Page, server: Server, path: str, game: str, settings: str, defaults: str
) -> None:
    def passages() -> str:
        page.goto(server.base + path)
        page.wait_for_selector("#ajustes-activos:not([hidden])")
        words: str = page.evaluate(
            "() => [...document.querySelectorAll('[data-donde]')].map(e => e.textContent).join('|')"
        )
        return words

    page.goto(server.base + path)
    page.evaluate("() => localStorage.clear()")
    shown = passages()
    assert shown
    assert game.lower() not in shown.lower()
    assert defaults in shown
    open_table(page, server)  # a game is saved now
    assert game in passages()
    page.evaluate("() => localStorage.removeItem('picas.partida')")
    page.evaluate("() => localStorage.setItem('picas.ajustes', JSON.stringify({target: 500}))")
    shown = passages()
    assert settings in shown
    assert game.lower() not in shown.lower()


# --- «Rejugar esta mano» --------------------------------------------------------------------------


def _short(code: str) -> str:
    return ("10" if code[0] == "T" else code[0]) + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[code[1]]


def test_a_practice_shows_difficils_bid_and_tricks_beside_yours_and_one_code(
    page: Page, server: Server
) -> None:
    made = make_save(server, hands=[bids(3, 3, 3, 3), bids(2, 3, 2, 3)])
    code = made.record["code"]
    open_table(page, server)
    store_game(page, made, ui={"stage": "hoja", "sheetHand": 2})
    page.reload()
    wait_for_code(page, code)
    page.click("#centro [data-accion='ver-hoja']")
    page.click("#btn-rejugar")
    settle(page)
    page.wait_for_selector("#practica:not([hidden])")
    shown = f"{code[:4]} {code[4:]}"
    # One game on the page: the real game's code and the practised hand's number, as the banner.
    assert page.inner_text("#dato-codigo") == shown
    assert page.inner_text("#dato-mano") == "2"
    assert page.inner_text("#practica-texto") == f"Práctica: mano 2 de la partida {shown}"
    for _ in range(40):
        now = state(page)
        if now == "bid":
            bid_tip(page)
        elif now == "play":
            play_first_playable(page)
        else:
            break
    page.wait_for_selector("#dlg-hoja[open] table.comparacion")
    practice = json.loads(page.evaluate(f"() => localStorage.getItem('{PRACTICE_KEY}')"))
    dificil = practice["practice"]["compare"]["dificil"]
    mine = final_state(SpadesRecord.from_json(practice["save"]["record"])).history[0].hand
    assert page.inner_text("#comparacion-asiento") == (
        f"En tu asiento: tú cantaste {mine.bids[Seat.SOUTH]} y ganaste {mine.won[Seat.SOUTH]};"
        f" Difícil cantó {dificil['bids']['south']} y ganó {dificil['won']['south']}."
    )
    page.click("#btn-lado-a-lado")
    page.wait_for_selector("#dlg-hoja[open] table.lado-a-lado")
    rows = page.eval_on_selector_all(
        "table.lado-a-lado tbody tr",
        """rows => rows.map(r => [...r.querySelectorAll('td')].map(td =>
             [...td.querySelectorAll('.mini')].map(c => c.textContent)))""",
    )
    assert rows == [
        [[_short(c.code) for c in trick.cards], [_short(c) for c in theirs["cards"]]]
        for trick, theirs in zip(mine.tricks, dificil["tricks"], strict=True)
    ]
    south = page.eval_on_selector_all(
        "table.lado-a-lado tbody tr td:nth-of-type(1) .mini.sur",
        "els => els.map(e => e.textContent)",
    )
    assert south == [
        _short(trick.cards[(Seat.SOUTH - trick.leader) % 4].code) for trick in mine.tricks
    ]
    summary = page.inner_text("#lado-a-lado-resumen")
    assert summary.startswith(("La primera diferencia, en la baza ", "Difícil jugó ")), summary
    for width, height in ((390, 844), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=f"/tmp/words-lado-a-lado-{width}.png")
    page.click("#btn-volver-hoja")
    page.wait_for_selector("#dlg-hoja[open] table.comparacion")


# --- the reasons in English -----------------------------------------------------------------------

SPANISH_LEFT = re.compile(
    r"\b(bazas?|segur[ao]s?|protegid[oa]s?|reyes|palos?|cartas?|picas|sin|con|solo|puedes"
    r"|quizá|falles|descartas|tréboles|diamantes|corazones|trébol|diamante|corazón|mano|vais)\b"
)


def _every_reason() -> list[dict[str, Any]]:
    """The computer players' reasons of many games, and the tip's for the same hands (each the
    Spanish text and its codes, as the wire carries them)."""
    said: dict[str, dict[str, Any]] = {}
    bot = load_bot("normal")
    for i in range(1, 61):
        code = code_from_bytes(i.to_bytes(5, "big"))
        game = GameState.new(Rules(blind_nil=True), code)
        position = 0
        while not game.is_over and len(game.history) < 2:
            seat = game.turn
            assert seat is not None
            view = view_for(game, seat)
            if view.phase is Phase.BIDDING and view.hand is not None:
                for why in suggest_bid(view).why:
                    said[why.text] = {"text": why.text, "codes": [why.to_json()]}
            action = decide(bot, view, decision_rng(code, position, seat))
            game = game.apply(action)
            position += 1
            if isinstance(action, Bid | BlindNil):
                told = bid_reason(game, seat)
                said[told.text] = {"text": told.text, "codes": told.codes}
    return [said[text] for text in sorted(said)]


def test_every_reason_reads_in_english_without_a_spanish_word_left(
    page: Page, server: Server
) -> None:
    reasons = _every_reason()
    assert len(reasons) > 40
    open_table(page, server)
    words = """async ([reasons, lang]) => {
             const i18n = await import('/js/i18n.js');
             await i18n.loadLanguage(lang);
             return reasons.map((r) => i18n.reasonText(r));
           }"""
    # In Spanish the page's own tables say exactly what the server said.
    assert page.evaluate(words, [reasons, "es"]) == [r["text"] for r in reasons]
    english: list[str] = page.evaluate(words, [reasons, "en"])
    left = {
        r["text"]: out
        for r, out in zip(reasons, english, strict=True)
        if SPANISH_LEFT.search(out) or "{" in out or out == r["text"]
    }
    assert left == {}
    page.evaluate("async () => (await import('/js/i18n.js')).loadLanguage('es')")
