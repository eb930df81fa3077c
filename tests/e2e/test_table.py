"""The table in headless Chromium against the real app: whole games, saves, refusals, settings."""

from __future__ import annotations

import json
import re

import pytest
from e2e_helpers import (
    ASIDE_PREFIX,
    GAME_KEY,
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
    table_text,
    tap_card,
)
from playwright.sync_api import Browser, Page

from picas.games.spades import Action, Bid, GameState, LookAtCards, Rules, action_to_json
from picas.games.spades.record import SpadesRecord

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e")]

CODE = "K7PMX4QH"


def _start_with(page: Page, *, code: str | None = None, **checks: bool | str) -> None:
    """Open the settings, set what is given, and start a new game (with ``code`` if given)."""
    page.click("#btn-ajustes")
    for name, value in checks.items():
        if isinstance(value, bool):
            page.locator(f"#form-ajustes [name='{name}']").set_checked(value)
        else:
            page.check(f"#form-ajustes [name='{name}'][value='{value}']")
    if code is None:
        page.click("#ajustes-nueva")
    else:
        page.fill("#ajustes-codigo", code)
        page.click("#ajustes-codigo-jugar")
    page.wait_for_selector("#dlg-ajustes", state="hidden")
    page.wait_for_selector("#btn-repartir")


def test_a_whole_game_is_played_through_the_page_to_its_end(page: Page, server: Server) -> None:
    open_table(page, server)
    assert "Fácil" in page.inner_text("#datos")
    assert page.inner_text("#objetivo") == "250"
    deal(page)
    assert len(hand_codes(page)) == 13
    hands = 1
    for _ in range(3000):
        now = state(page)
        if now == "over":
            break
        if now == "bid":
            bid_tip(page)
        elif now == "play":
            play_first_playable(page)
        elif now == "sheet":
            sheet = page.locator("#dlg-hoja table.hoja").first
            assert sheet.locator("caption").inner_text().startswith("Puntuación de la mano")
            page.click("#btn-siguiente-hoja")
            settle(page)
            hands += 1
        else:
            pytest.fail(f"the table is stuck: {page.inner_text('#aviso')!r}")
    else:
        pytest.fail("the game did not end")
    dialog = page.locator("#dlg-hoja")
    assert dialog.locator("h2").inner_text() == "Fin de la partida"
    assert re.search(r"Ganáis Norte y tú|Ganan Oeste y Este|Tablas", dialog.inner_text())
    rows = dialog.locator("table.hoja").first.locator("tbody th").all_inner_texts()
    assert rows == [
        "Contrato",
        "Sacos",
        "Nil",
        "Castigo por sacos",
        "Total de la mano",
        "Total acumulado",
    ]
    assert stored_game(page)["ui"]["stage"] == "fin"
    assert hands >= 2
    page.click("#btn-nueva")
    page.wait_for_selector("#btn-repartir")


def test_a_reload_mid_hand_resumes_the_same_position(page: Page, server: Server) -> None:
    open_table(page, server)
    deal(page)
    bid_tip(page)
    play_first_playable(page)
    play_first_playable(page)
    before = (hand_codes(page), table_text(page), stored_game(page)["save"])
    page.reload()
    settle(page)
    page.wait_for_selector("#mano .carta-mano.jugable")
    after = (hand_codes(page), table_text(page), stored_game(page)["save"])
    assert after == before
    assert len(before[0]) == 11


def test_tapping_a_dimmed_card_says_why(page: Page, server: Server) -> None:
    open_table(page, server)
    deal(page)
    bid_tip(page)
    for _ in range(13):
        if page.locator("#mano .carta-mano.apagada").count():
            break
        play_first_playable(page)
    else:
        pytest.fail("no card was ever refused in this hand")
    dimmed = page.locator("#mano .carta-mano.apagada").first
    assert dimmed.get_attribute("aria-disabled") == "true"
    assert dimmed.get_attribute("tabindex") in {"0", "-1"}  # still focusable, not disabled
    code = dimmed.get_attribute("data-carta") or ""
    tap_card(page, f"#mano [data-carta='{code}']")
    message = page.inner_text("#aviso")
    assert re.fullmatch(
        r"Tienes (picas|corazones|diamantes|tréboles): debes asistir\.", message
    ) or (message == "Las picas aún no se han roto."), message
    assert message in page.inner_text("#anuncios")
    # Nothing was played: the card is still in the hand.
    assert code in hand_codes(page)


def test_the_tip_key_shows_a_bid_and_its_reason(page: Page, server: Server) -> None:
    open_table(page, server)
    deal(page)
    page.wait_for_selector(".tecla-tip .tecla-sub")
    shown = page.inner_text(".tecla-tip .tecla-sub")
    assert shown == "Nil" or 1 <= int(shown) <= 13
    reason = page.inner_text("#tip-razon")
    assert reason.startswith(f"Tip: {shown} — ")
    assert len(reason) > len(f"Tip: {shown} — ") + 3
    page.click("#tecla-tip")
    wanted = "0" if shown == "Nil" else shown
    assert page.get_attribute(f".tecla[data-valor='{wanted}']", "aria-pressed") == "true"
    assert page.inner_text("#btn-cantar") == f"Cantar {shown}"


def _behind_save(server: Server) -> dict[str, object]:
    """A signed save at South's first decision of hand 2, North–South 100 or more behind, with
    Blind Nil on: in hand 1 South bids 13 and North 1 (set, −140), West and East 6 each, and every
    card played is the first legal one (East–West then make their 12)."""
    rules = Rules().with_settings(blind_nil=True)
    game = GameState.new(rules, CODE)
    actions: list[Action] = []
    for bid in (13, 6, 1, 6):  # South, West, North, East: East deals the first hand
        actions.append(Bid(bid))
        game = game.apply(Bid(bid))
    while game.hand.number == 1:
        action = game.legal_actions()[0]
        actions.append(action)
        game = game.apply(action)
    assert game.totals[1] - game.totals[0] >= 100
    for action in (Bid(1), LookAtCards(), Bid(1), Bid(1)):  # West, North (looks), East
        actions.append(action)
        game = game.apply(action)
    assert game.hand.blind_offered[0]
    assert not game.hand.looked[0]
    record = SpadesRecord(rules=rules, code=CODE, actions=tuple(actions), meta={"level": "facil"})
    record_json = record.to_json()
    assert [action_to_json(a) for a in actions] == record_json["actions"]
    return {"record": record_json, "sig": server.sign(record_json)}


def test_blind_nil_is_offered_only_when_eligible(page: Page, server: Server) -> None:
    open_table(page, server)
    _start_with(page, blind_nil=True)
    deal(page)
    assert state(page) == "bid"  # the setting is on, but nobody is behind: no offer
    assert page.locator("#btn-nil-ciego").count() == 0
    assert page.locator("#mano button.carta-mano").count() == 13

    save = _behind_save(server)
    stored = {"format": 1, "save": save, "code": CODE, "level": "facil", "ui": {"stage": "mesa"}}
    page.evaluate(f"(s) => localStorage.setItem('{GAME_KEY}', s)", json.dumps(stored))
    page.reload()
    page.wait_for_selector("#btn-nil-ciego")  # the save is back once the resume has answered
    assert state(page) == "blind"
    face_down = page.locator("#mano .carta-mano")
    assert face_down.count() == 13
    assert set(face_down.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")) == {
        "carta boca abajo"
    }
    assert page.locator("#mano [data-carta]").count() == 0  # nothing about the cards leaks
    assert "Nil ciego" in page.inner_text("#aviso")
    page.click("#btn-ver")
    settle(page)
    assert state(page) == "bid"
    assert page.locator("#mano button.carta-mano[data-carta]").count() == 13


def test_blind_nil_can_be_declared_with_the_cards_face_down(page: Page, server: Server) -> None:
    open_table(page, server)
    save = _behind_save(server)
    stored = {"format": 1, "save": save, "code": CODE, "level": "facil", "ui": {"stage": "mesa"}}
    page.evaluate(f"(s) => localStorage.setItem('{GAME_KEY}', s)", json.dumps(stored))
    page.reload()
    page.wait_for_selector("#btn-nil-ciego")
    page.click("#btn-nil-ciego")
    settle(page)
    assert "Nil ciego" in page.inner_text("#asiento-south")
    assert page.locator("#mano button.carta-mano[data-carta]").count() == 13


def test_settings_take_effect_on_the_next_game(page: Page, server: Server) -> None:
    open_table(page, server)
    deal(page)  # a game under way (an undealt one takes them at once: test_first_screen.py)
    code_before = page.inner_text("#dato-codigo")
    page.click("#btn-ajustes")
    page.check("#form-ajustes [name='target'][value='500']")
    page.check("#form-ajustes [name='level'][value='normal']")
    page.locator("#form-ajustes [name='bag_penalty']").set_checked(False)
    page.click("#ajustes-guardar")
    assert "próxima partida" in page.inner_text("#aviso")
    # The game in progress keeps its own settings.
    assert page.inner_text("#dato-objetivo") == "250"
    assert page.inner_text("#dato-nivel") == "Fácil"
    assert page.inner_text("#dato-codigo") == code_before
    assert stored_game(page)["save"]["record"]["rules"]["target"] == 250

    _start_with(page)
    assert page.inner_text("#dato-objetivo") == "500"
    assert page.inner_text("#objetivo") == "500"
    assert page.inner_text("#dato-nivel") == "Normal"
    record = stored_game(page)["save"]["record"]
    assert record["rules"]["target"] == 500
    assert record["rules"]["bag_penalty"] is False
    assert record["meta"]["level"] == "normal"
    page.reload()
    page.click("#btn-ajustes")
    assert page.is_checked("#form-ajustes [name='target'][value='500']")
    assert page.is_checked("#form-ajustes [name='level'][value='normal']")


@pytest.mark.parametrize("damage", ["edited bid", "not json"])
def test_a_damaged_save_is_refused_kept_aside_and_a_new_game_starts(
    page: Page, server: Server, damage: str
) -> None:
    open_table(page, server)
    deal(page)
    bid_tip(page)
    play_first_playable(page)
    old = stored_game(page)
    if damage == "edited bid":
        old["save"]["record"]["actions"][0] = (old["save"]["record"]["actions"][0] + 1) % 14
        damaged = json.dumps(old)
    else:
        damaged = json.dumps(old)[:-40]
    page.evaluate(f"(s) => localStorage.setItem('{GAME_KEY}', s)", damaged)
    page.reload()
    if damage == "edited bid":  # the server cannot check its signature: nobody is blamed
        page.click("#dlg-clave-si")
    page.wait_for_selector("#btn-repartir")
    notice = page.inner_text("#aviso")  # under the table, covering no seat
    if damage == "edited bid":
        assert "guardada aparte" in notice
        assert "dañada" not in notice
    else:  # not even JSON: damaged in this browser
        assert "dañada o había sido modificada" in notice
        assert notice.count("modificada") == 1, notice  # said once, not again as its «Motivo»
    assert "partida nueva" in notice
    fresh = stored_game(page)
    assert fresh["code"] != old["code"]
    assert fresh["save"]["record"]["actions"] == []  # a game not yet played
    kept = page.evaluate(
        f"""() => Object.keys(localStorage).filter(k => k.startsWith('{ASIDE_PREFIX}'))
              .map(k => localStorage.getItem(k))"""
    )
    assert kept == [damaged]
    deal(page)
    assert state(page) == "bid"


def _play_actions(page: Page, count: int) -> list[list[str]]:
    """Play ``count`` actions the same way every time (Tip bids, first playable card); return the
    hand after each one."""
    seen = []
    for _ in range(count):
        now = state(page)
        if now == "bid":
            bid_tip(page)
        elif now == "play":
            play_first_playable(page)
        elif now == "sheet":
            page.click("#btn-siguiente-hoja")
            settle(page)
        else:
            break
        seen.append(hand_codes(page))
    return seen


def test_the_same_code_played_the_same_way_gives_the_same_game(
    browser: Browser, server: Server
) -> None:
    runs = []
    for _ in range(2):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        as_spades_player(context)
        page = context.new_page()
        open_table(page, server)
        _start_with(page, code="k7pm-x4qh")
        assert page.inner_text("#dato-codigo") == "K7PM X4QH"
        deal(page)
        first_hand = hand_codes(page)
        hands = _play_actions(page, 16)
        runs.append((first_hand, hands, table_text(page), stored_game(page)["save"]["record"]))
        context.close()
    assert runs[0] == runs[1]
    assert len(runs[0][3]["actions"]) > 16  # the computer players acted too


def test_the_hand_is_one_tab_stop_with_spanish_names_and_keys_bid(
    page: Page, server: Server
) -> None:
    open_table(page, server)
    deal(page)
    cards = page.locator("#mano button.carta-mano")
    assert cards.count() == 13
    assert cards.evaluate_all("els => els.filter(e => e.tabIndex === 0).length") == 1
    names = cards.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert all(
        re.fullmatch(r"(as|rey|reina|jota|10|[2-9]) de (picas|corazones|diamantes|tréboles)", n)
        for n in names
    ), names
    cards.first.focus()
    page.keyboard.press("End")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == names[-1]
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == names[-2]
    assert cards.evaluate_all("els => els.filter(e => e.tabIndex === 0).length") == 1
    page.keyboard.press("Home")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == names[0]
    # Digits choose a bid; 1 then 2 is twelve; Enter on «Cantar» bids it.
    page.keyboard.press("1")
    page.keyboard.press("2")
    assert page.inner_text("#btn-cantar") == "Cantar 12"
    page.keyboard.press("n")
    assert page.inner_text("#btn-cantar") == "Cantar Nil"
    page.keyboard.press("3")
    page.keyboard.press("Enter")
    settle(page)
    assert "Canta 3" in page.inner_text("#asiento-south")
    assert "Cantas 3." in page.inner_text("#anuncios")


def test_the_first_load_stays_under_150_kb_and_comes_from_this_server(
    page: Page, server: Server
) -> None:
    open_table(page, server)
    page.wait_for_load_state("networkidle")
    entries = page.evaluate(
        """() => performance.getEntriesByType('navigation')
              .concat(performance.getEntriesByType('resource'))
              .map(e => [e.name, e.transferSize])"""
    )
    assert all(name.startswith(server.base) for name, _ in entries), entries
    total = sum(size for _, size in entries)
    assert 0 < total <= 150 * 1024, entries
