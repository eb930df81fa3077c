"""Looking back at finished hands: the sheet's sums, the trick-by-trick replay and the trick that
broke a Nil, every hand of a finished game, and «Rejugar esta mano» in a practice save."""

from __future__ import annotations

import json

import pytest
from e2e_helpers import (
    GAME_KEY,
    Server,
    bid_tip,
    hand_codes,
    open_table,
    play_first_playable,
    settle,
    state,
)
from e2e_saves import Made, bids, failed_nil_code, make_save, store_game, wait_for_code
from playwright.sync_api import Page

from picas.games.spades import Seat, Team, cards_in
from picas.games.spades.scoring import TeamSheet

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-review")]

PRACTICE_KEY = "picas.practica"
NIL_HAND = bids(3, 3, 0, 3)  # North bids Nil


def _open_with(page: Page, server: Server, made: Made, ui: dict[str, object]) -> None:
    open_table(page, server)  # the page has saved its own first game: ours replaces it
    store_game(page, made, ui=ui)
    page.reload()
    wait_for_code(page, made.record["code"])


def _open_sheet(page: Page) -> None:
    page.click("#centro [data-accion='ver-hoja']")
    page.wait_for_selector("#dlg-hoja[open] table.hoja")


def _minus(n: int) -> str:
    return f"−{-n}" if n < 0 else str(n)


def _bags(n: int) -> str:
    return "1 saco" if n == 1 else f"{n} sacos"


def _contract_sum(sheet: TeamSheet) -> str:
    """The sum of lines 1 and 2 as the page writes it (docs: UX, the brief's examples)."""
    we = sheet.team is Team.NORTH_SOUTH
    said, made = ("cantasteis", "hicisteis") if we else ("cantaron", "hicieron")
    assert sheet.contract is not None
    head = f"{said} {sheet.contract} e {made} {sheet.counted_tricks}: "
    if sheet.counted_tricks < sheet.contract:
        text = head + f"−{sheet.contract}×10 = {_minus(sheet.contract_points)}"
    elif sheet.overtricks:
        total = sheet.contract_points + sheet.overtricks
        text = head + f"{sheet.contract}×10 + {_bags(sheet.overtricks)} = {total}"
    else:
        text = head + f"{sheet.contract}×10 = {sheet.contract_points}"
    if sheet.nil_tricks:
        text += f"; y {_bags(sheet.nil_tricks)} por las bazas del Nil: +{sheet.nil_tricks}"
    return text


def _sums(page: Page, line: str) -> dict[str, str]:
    texts: dict[str, str] = page.evaluate(
        """(line) => Object.fromEntries([...document.querySelectorAll(
              `#dlg-hoja tr.fila-cuenta[data-linea="${line}"] .cuenta`)]
            .map(p => [p.dataset.equipo, p.textContent]))""",
        line,
    )
    return texts


def test_each_line_of_the_sheet_shows_its_sums_in_spanish(page: Page, server: Server) -> None:
    code = failed_nil_code(Seat.NORTH, NIL_HAND)
    made = make_save(server, hands=[NIL_HAND], code=code)
    _open_with(page, server, made, {"stage": "hoja", "sheetHand": 1})
    _open_sheet(page)
    assert not page.locator("#dlg-hoja tr.fila-cuenta").first.is_visible()  # only on demand
    page.click("#btn-cuentas")
    assert page.get_attribute("#btn-cuentas", "aria-pressed") == "true"
    assert page.locator("#dlg-hoja tr.fila-cuenta").first.is_visible()
    ns, ew = made.game.history[0].sheets
    contract = _sums(page, "contract")
    assert contract == {
        "north_south": f"Nosotros: {_contract_sum(ns)}",
        "east_west": f"Ellos: {_contract_sum(ew)}",
    }
    [nil] = ns.nils
    tricks = "1 baza" if nil.tricks == 1 else f"{nil.tricks} bazas"
    assert _sums(page, "nil") == {"north_south": f"Nosotros: Nil de Norte con {tricks}: −100"}
    lines = ns.lines
    terms = " ".join(
        (str(v) if i == 0 else f"+ {v}" if v > 0 else f"− {-v}")
        for i, v in enumerate(v for v in lines[:4] if v)
    )
    assert _sums(page, "total")["north_south"] == f"Nosotros: {terms} = {_minus(lines[4])}"
    assert _sums(page, "running")["north_south"] == (
        f"Nosotros: 0 {'−' if lines[4] < 0 else '+'} {abs(lines[4])} = {_minus(lines[5])}"
    )


def test_the_bag_penalty_line_counts_the_bags(page: Page, server: Server) -> None:
    """Low bids hand after hand until North–South's bags pass 10: that hand's penalty line."""
    low = bids(1, 1, 1, 1)
    made = make_save(server, hands=[low] * 6, code="BAGS2345")
    history = made.game.history
    hand = next(r for r in history if r.sheets[0].bag_penalty < 0)
    ns = hand.sheets[0]
    _open_with(page, server, made, {"stage": "hoja", "sheetHand": len(history)})
    _open_sheet(page)
    if hand.hand.number != len(history):  # another hand's sheet, from the list of hands
        page.click(f"#dlg-hoja .enlace-mano[data-mano='{hand.hand.number}']")
    caption = page.locator("#dlg-hoja table.hoja caption").first
    assert caption.inner_text() == f"Puntuación de la mano {hand.hand.number}"
    page.click("#btn-cuentas")
    total = ns.bags_before + ns.bags_added
    assert _sums(page, "penalty")["north_south"] == (
        f"Nosotros: {_bags(ns.bags_before)} + {ns.bags_added} = {total}:"
        f" {_minus(ns.bag_penalty)}, quedan {ns.bags_after}"
    )


def test_trick_by_trick_replay_and_the_trick_that_broke_a_nil(page: Page, server: Server) -> None:
    code = failed_nil_code(Seat.NORTH, NIL_HAND)
    made = make_save(server, hands=[NIL_HAND], code=code)
    result = made.game.history[0].hand
    broke = next(i for i, trick in enumerate(result.tricks) if trick.winner is Seat.NORTH)
    _open_with(page, server, made, {"stage": "hoja", "sheetHand": 1})
    _open_sheet(page)
    note = page.locator("#dlg-hoja .nil-roto")
    assert note.inner_text().startswith(f"El Nil de Norte se rompió en la baza {broke + 1}.")
    note.locator("button").click()
    assert page.inner_text("#repaso-posicion") == f"Baza {broke + 1} de 13"
    assert page.inner_text("#repaso-nil") == "Con esta baza se rompe el Nil de Norte."
    # From the first trick to the last: who led, the four cards in order, who won.
    page.locator(".repaso-item[data-baza='0']").click()
    assert page.is_disabled("#repaso-anterior")
    for i, trick in enumerate(result.tricks):
        assert page.inner_text("#repaso-posicion") == f"Baza {i + 1} de 13"
        labels = page.eval_on_selector_all(
            ".repaso-baza .carta", "els => els.map(e => e.getAttribute('aria-label'))"
        )
        seats = [Seat((trick.leader + k) % 4) for k in range(4)]
        assert labels == [
            f"{s.name_es}: {c.name_es}" for s, c in zip(seats, trick.cards, strict=True)
        ]
        winner = page.get_attribute(".repaso-baza .carta.ganadora", "aria-label")
        assert winner == f"{trick.winner.name_es}: {trick.played_by(trick.winner).name_es}"
        assert page.inner_text("#repaso-texto") == (
            f"Sale {trick.leader.name_es}; gana {trick.winner.name_es}."
        )
        assert page.locator("#repaso-nil").is_visible() == (i == broke)
        if i < 12:
            page.click("#repaso-siguiente")
    assert page.is_disabled("#repaso-siguiente")
    page.click("#btn-volver-hoja")
    page.wait_for_selector("#dlg-hoja table.hoja")


def test_every_hand_of_a_finished_game_opens_its_sheet(page: Page, server: Server) -> None:
    # Hand 2: West and East bid 13 each and are set by 260 points: the game ends on the floor.
    made = make_save(server, hands=[bids(3, 6, 3, 6), bids(1, 13, 1, 13)], code="FYNAL234")
    assert made.game.outcome is not None
    _open_with(page, server, made, {"stage": "fin"})
    _open_sheet(page)
    dialog = page.locator("#dlg-hoja")
    assert dialog.locator("h2").inner_text() == "Fin de la partida"
    assert dialog.locator("table.hoja caption").first.inner_text() == "Puntuación de la mano 2"
    assert dialog.locator(".enlace-mano").all_inner_texts() == ["Mano 1", "Mano 2"]
    page.click("#dlg-hoja .enlace-mano[data-mano='1']")
    assert dialog.locator("h2").inner_text() == "Mano 1"
    assert dialog.locator("table.hoja caption").inner_text() == "Puntuación de la mano 1"
    ns = made.game.history[0].sheets[0]
    contract_row = dialog.locator("table.hoja tbody tr").first
    assert (
        contract_row.locator("td")
        .first.inner_text()
        .startswith(
            f"+{ns.contract_points}" if ns.contract_points > 0 else _minus(ns.contract_points)
        )
    )
    assert dialog.locator("#btn-rejugar").is_visible()  # each hand can be replayed
    assert not ns.made  # set: the sum is negative
    page.click("#btn-cuentas")
    assert _sums(page, "contract")["north_south"] == f"Nosotros: {_contract_sum(ns)}"
    assert _contract_sum(ns).endswith(f": −{ns.contract}×10 = {_minus(ns.contract_points)}")
    page.click("#btn-volver-lista")
    assert dialog.locator("h2").inner_text() == "Fin de la partida"
    assert page.evaluate("() => document.activeElement.dataset.mano") == "1"


def test_replaying_a_hand_uses_a_practice_save_and_compares_three_results(
    page: Page, server: Server
) -> None:
    code = failed_nil_code(Seat.NORTH, NIL_HAND)
    made = make_save(server, hands=[NIL_HAND], code=code)
    original = made.game.history[0]
    _open_with(page, server, made, {"stage": "hoja", "sheetHand": 1})
    main_before = json.loads(page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')"))
    _open_sheet(page)
    page.click("#btn-rejugar")
    settle(page, timeout=90_000)  # a whole hand with Difícil in South's seat: heavy work
    # The same cards from South's seat, in a save of its own; the real game's save is untouched.
    dealt = sorted(c.code for c in cards_in(original.hand.dealt[Seat.SOUTH]))
    assert sorted(hand_codes(page)) == dealt
    assert page.inner_text("#practica-texto") == (
        f"Práctica: mano 1 de la partida {code[:4]} {code[4:]}"
    )
    practice = json.loads(page.evaluate(f"() => localStorage.getItem('{PRACTICE_KEY}')"))
    assert practice["save"]["record"]["meta"]["practice"] == "1"
    assert practice["save"]["record"]["code"] != code
    main_now = json.loads(page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')"))
    assert main_now["save"] == main_before["save"]
    page.reload()  # a reload keeps the practice going
    page.wait_for_selector("#practica:not([hidden])")
    settle(page)
    for _ in range(40):
        now = state(page)
        if now == "bid":
            bid_tip(page)
        elif now == "play":
            play_first_playable(page)
        else:
            break
    page.wait_for_selector("#dlg-hoja[open] table.comparacion")
    table = page.locator("table.comparacion")
    assert table.locator("thead th").all_text_contents()[1:] == [
        "En la partida",
        "Esta vez",
        "Difícil en tu asiento",
    ]

    def column(name: str) -> list[str]:
        cells: list[str] = table.locator(f"td[data-columna='{name}']").all_inner_texts()
        return cells

    ns, ew = original.sheets
    won = original.hand.won
    assert column("original") == [
        "3 + Nil",
        f"{won[Seat.SOUTH]} + {won[Seat.NORTH]}",
        "3 + 3",
        f"{won[Seat.WEST]} + {won[Seat.EAST]}",
        _signed(ns.hand_total),
        _signed(ew.hand_total),
    ]
    replay = json.loads(page.evaluate(f"() => localStorage.getItem('{PRACTICE_KEY}')"))
    assert replay["ui"]["stage"] == "practica"
    mine = column("replay")
    assert mine[0].startswith(str(_south_bid(replay["save"]["record"])))
    assert all(cell != "—" for cell in column("dificil"))
    summary = page.inner_text("#comparacion-resumen")
    assert summary.startswith("Esta vez hacéis ")
    assert "Difícil, en tu asiento, hizo " in summary
    page.click("#btn-volver-hoja-practica")
    page.wait_for_selector("#practica", state="hidden")
    settle(page)
    assert page.evaluate(f"() => localStorage.getItem('{PRACTICE_KEY}')") is None
    main_after = json.loads(page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')"))
    assert main_after["save"] == main_before["save"]
    assert not page.is_visible("#practica")
    assert page.is_visible("#btn-siguiente")  # back where the game was: the end of hand 1


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else _minus(n)


def _south_bid(record: dict[str, object]) -> str:
    """South's bid in a practice record (its first hand's first bid is South's only if South
    bids first; find it by replaying the seat order from the dealer)."""
    rules = record["rules"]
    assert isinstance(rules, dict)
    actions = record["actions"]
    assert isinstance(actions, list)
    first = {"east": 0, "south": 3, "west": 2, "north": 1}[rules["first_dealer"]]
    bid = actions[first]
    return "Nil" if bid == 0 else str(bid)
