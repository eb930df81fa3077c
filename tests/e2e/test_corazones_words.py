"""Corazones' words and small behaviours through a new player's eyes: no partner at the table, the
13th card that plays itself, «1 punto» and "1 point", hint reasons that read plainly in English,
and an end of the game that the table itself says, without a line starting with «·»."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from e2e_helpers import Server, deal, play_first_playable, settle, watched_page
from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-corazones-words")]

CHOSEN = "localStorage.setItem('picas.juego', 'corazones');"


def _with_settings(**table: object) -> str:
    return CHOSEN + f"localStorage.setItem('picas.ajustes', {json.dumps(json.dumps(table))});"


@pytest.fixture
def table(browser: Browser) -> Iterator[Page]:
    yield from watched_page(browser, (390, 844), CHOSEN, 20_000)


def _open(page: Page, server: Server) -> None:
    page.goto(server.base + "/?rapido=1&codigo=K7PMX4QH")
    page.wait_for_selector("#btn-repartir")


def _pass_suggested(page: Page) -> None:
    page.click("#btn-pista")
    page.click("#btn-elegir-pista")
    page.click("#btn-pasar")
    settle(page)


def _spoken_pods(page: Page) -> dict[str, str]:
    spoken: dict[str, str] = page.evaluate(
        """() => Object.fromEntries(['south', 'west', 'north', 'east'].map((s) =>
             [s, document.querySelector('#asiento-' + s + ' .sr-only').textContent]))"""
    )
    return spoken


@pytest.mark.parametrize(
    ("language", "partner", "you"), [("es", "compañero", "Sur (tú)"), ("en", "partner", "(you)")]
)
def test_no_seat_is_called_a_partner(
    browser: Browser, server: Server, language: str, partner: str, you: str
) -> None:
    for page in watched_page(browser, (390, 844), _with_settings(language=language), 20_000):
        _open(page, server)
        deal(page)
        spoken = _spoken_pods(page)
        assert all(partner not in text.lower() for text in spoken.values()), spoken
        assert you in spoken["south"], spoken  # South is still «tú»
        _pass_suggested(page)
        spoken = _spoken_pods(page)
        assert all(partner not in text.lower() for text in spoken.values()), spoken


def _play_to_the_last_card(page: Page) -> int:
    """South plays its first playable card until one card is left in its hand, or the hand is
    over; returns how many cards South played."""
    played = 0
    for _ in range(40):
        settle(page)
        if (
            page.locator("#dlg-hoja[open]").count()
            or page.locator("#mano .carta-mano").count() == 1
        ):
            return played
        if page.locator("#mano .carta-mano.jugable").count():
            play_first_playable(page)
            played += 1
    pytest.fail("the hand never came to its last card")


def test_the_thirteenth_card_plays_itself(table: Page, server: Server) -> None:
    page = table
    _open(page, server)
    deal(page)
    _pass_suggested(page)
    played = _play_to_the_last_card(page)
    # No tap on the 13th: it goes to the trick by itself and the hand's sheet opens.
    page.wait_for_selector("#dlg-hoja[open]")
    assert played == 12
    assert page.locator("#mano .carta-mano").count() == 0


def test_with_the_setting_off_the_thirteenth_card_waits_for_a_tap(
    browser: Browser, server: Server
) -> None:
    for page in watched_page(browser, (390, 844), _with_settings(auto_last=False), 20_000):
        _open(page, server)
        deal(page)
        _pass_suggested(page)
        assert _play_to_the_last_card(page) == 12
        page.wait_for_selector("#mano .carta-mano.jugable")
        page.wait_for_timeout(1000)
        assert page.locator("#dlg-hoja[open]").count() == 0
        assert page.locator("#mano .carta-mano.jugable").count() == 1


# --- number agreement ---------------------------------------------------------------------------

# Every template that counts points or hands, with a count of 1 and of 5 (its other parameters too).
_AGREEMENT = """async (lang) => {
  const i18n = await import('/js/i18n.js');
  await i18n.loadLanguage(lang);
  const totals = { south: '66', west: '42', north: '35', east: '13' };
  const out = [];
  for (const n of [1, 5]) {
    out.push(['youWin', n, i18n.t('cz.over.youWin', { n })]);
    out.push(['win', n, i18n.t('cz.over.win', { seat: i18n.seatName('east'), n })]);
    out.push(['totals', n, i18n.t('cz.over.totals', { ...totals, n })]);
    for (const key of ['better', 'worse', 'same']) {
      out.push([key, n, i18n.t('cz.compare.' + key, { points: String(n), n, diff: 4 })]);
    }
    out.push(['trick', n, i18n.t('cz.sheet.trickPoints', { n })]);
    out.push(['said', n, i18n.t('cz.say.trickPoints', { seat: i18n.seatName('west'), n })]);
    out.push(['pod', n, i18n.t('cz.pod.taken', { n })]);
  }
  return out;
}"""

# (\s: a no-break space too, as in «en 1 mano»)
SINGULAR = {"es": r"\b1\s(punto|mano)\b", "en": r"\b1\s(point|hand)\b"}
PLURAL = {"es": r"\b5\s(puntos|manos)\b", "en": r"\b5\s(points|hands)\b"}
WRONG = {"es": r"\b1\s(puntos|manos)\b", "en": r"\b1\s(points|hands)\b"}


@pytest.mark.parametrize("language", ["es", "en"])
def test_one_point_and_one_hand_agree_in_every_template(
    table: Page, server: Server, language: str
) -> None:
    page = table
    _open(page, server)
    lines = page.evaluate(_AGREEMENT, language)
    assert len(lines) == 18
    for key, n, text in lines:
        assert "{" not in text, (key, text)
        assert not re.search(WRONG[language], text), (key, text)
        assert re.search(SINGULAR[language] if n == 1 else PLURAL[language], text), (key, n, text)


# --- the hint's reasons in English ---------------------------------------------------------------

_REASONS = """async () => {
  const i18n = await import('/js/i18n.js');
  await i18n.loadLanguage('en');
  const { hintReason } = await import('/js/render.js');
  const codes = Object.keys(window.__czKeys);
  const out = [];
  for (const code of codes) for (const n of [0, 1, 3]) for (const card of ['QS', 'KS', 'AS']) {
    const params = { card, best: 'KH', suit: 'hearts', seat: 'west', n: String(n) };
    out.push([code, n, hintReason(code, params, 'hint.corazones')]);
  }
  return out;
}"""


def test_every_hint_reason_reads_plainly_in_english(table: Page, server: Server) -> None:
    page = table
    _open(page, server)
    page.evaluate(
        """async () => {
          const { EN } = await import('/js/i18n-corazones.js');
          window.__czKeys = Object.fromEntries(Object.keys(EN)
            .filter((k) => k.startsWith('hint.corazones.') && k.split('.').length === 3)
            .map((k) => [k.slice('hint.corazones.'.length), true]));
        }"""
    )
    lines = page.evaluate(_REASONS)
    assert len(lines) >= 20 * 9
    for code, n, text in lines:
        assert text, code
        assert not re.search(r"\b0 low|\bonly 0\b|\b1 low spades\b|\(\d+\)", text), text
        if code == "pass_top_spade":
            assert ("no low spade" in text) == (n == 0), text
            assert ("1 low spade," in text) == (n == 1), text


# --- the end of the game --------------------------------------------------------------------------

# The lines of the centre's result as drawn: each character placed by its own box.
_LINES = """() => {
  const box = document.querySelector('#centro .centro-resultado');
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  const lines = [];
  let top = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.length; i += 1) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = [...range.getClientRects()].find((r) => r.width > 0);
      if (!rect) continue;
      if (top === null || rect.top > top + 4) {
        lines.push('');
        top = rect.top;
      }
      lines[lines.length - 1] += node.data[i];
    }
  }
  return lines.map((l) => l.replace(/\\s+/g, ' ').trim());
}"""


def test_the_end_of_a_game_says_so_at_the_table_without_orphan_separators(
    table: Page, server: Server
) -> None:
    page = table
    page.goto(server.base + "/?rapido=1&codigo=K7PMX4QH")
    page.wait_for_selector("#btn-repartir")
    page.click("#objetivo-50")
    page.wait_for_function("() => document.getElementById('dato-objetivo').textContent === '50'")
    deal(page)
    for _ in range(200):  # South's cards, passes and sheets of a game to 50
        settle(page)
        if page.locator("#dlg-hoja[open] #btn-nueva").count():
            break
        if page.locator("#dlg-hoja[open] #btn-siguiente-hoja").count():
            page.click("#btn-siguiente-hoja")
            continue
        if page.locator("#btn-pasar").count():
            _pass_suggested(page)
            continue
        if page.locator("#mano .carta-mano.jugable").count():
            play_first_playable(page)
    page.wait_for_selector("#dlg-hoja[open] #btn-nueva")
    page.click("#dlg-hoja [data-cerrar]")
    assert page.text_content("#centro .centro-titulo") == "Fin de la partida"
    lines = page.evaluate(_LINES)
    assert len(lines) >= 2, lines
    for line in lines:
        assert not line.startswith("·"), lines
    for name in ("Tú", "Oeste", "Norte", "Este"):  # each name with its total, on one line
        assert any(re.search(rf"{name} −?\d+", line) for line in lines), lines
    # The totals are not the large bold type of the winner's line.
    weights = page.eval_on_selector_all(
        "#centro .centro-resultado > *", "els => els.map(e => getComputedStyle(e).fontWeight)"
    )
    assert int(weights[0]) >= 700, weights
    assert int(weights[1]) <= 500, weights
