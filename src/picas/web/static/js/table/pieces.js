// The pieces of a table's life that the controller (controller.js) and the solo table (solo.js)
// are made of: the deal's flight, a card flying to the trick, a finished trick going to its
// winner, the last trick's dialog, the focus kept across redraws, the page's language and links,
// a shared link's code, the settings dialog. Each takes what differs as a parameter; none holds a
// table's state.

import * as anim from "../animation.js";
import * as R from "../render.js";
import { ApiError } from "../api.js";
import { fastMode } from "../store.js";
import { t, applyTo, loadLanguage, seatName } from "../i18n.js";
import { cardNameWithArticle } from "../cards.js";

const $ = (id) => document.getElementById(id);

export function podRect(seat) {
  return $(`asiento-${seat}`).getBoundingClientRect();
}

export function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function paragraph(text, className, role) {
  const p = R.el("p", className, text);
  if (role) p.setAttribute("role", role);
  return p;
}

/** A refused tap: the card shakes (not with reduced motion, nor while animations are skipped). */
export function shake(element) {
  if (!element || anim.reduced() || anim.isInstant() || !element.animate) return;
  element.animate(
    [{ translate: "0 0" }, { translate: "-5px 0" }, { translate: "5px 0" }, { translate: "-3px 0" }, { translate: "0 0" }],
    { duration: 260 },
  );
}

/** Statistics count each finished hand of a game once (by the game's id), whatever reloads: after
 * a hand of a real game (not a practice), `record()` — never worth an error on the table. */
export async function recordStats(S, record) {
  if (S.practice || !S.view || !S.gid || !S.view.history.length) return;
  try {
    await record();
  } catch {
    // statistics are never worth an error on the table
  }
}

/** Redraw without losing the keyboard focus (the same card, key or button gets it back). */
export function keepFocus(fn) {
  const active = document.activeElement;
  let selector = null;
  if (active && active !== document.body) {
    if (active.dataset.carta && active.closest("#mano")) selector = null; // the hand restores its own
    else if (active.id) selector = `#${CSS.escape(active.id)}`;
    else if (active.dataset.accion) {
      selector = `[data-accion="${active.dataset.accion}"]${active.dataset.valor !== undefined ? `[data-valor="${active.dataset.valor}"]` : ""}`;
    }
  }
  fn();
  if (selector && !document.body.contains(active)) {
    const again = document.querySelector(selector);
    if (again && !again.disabled) again.focus({ preventScroll: true });
  }
}

/**
 * The cards fly one by one from the dealer to the seats (52, or the model's `dealt` of a smaller
 * deck). `model` counts them as they land (model.dealtCount); `still()` is false once the table
 * has moved on (the run stops drawing); `landed()` is told of every card (the watchdog's sign of
 * life).
 */
export async function dealCards(model, dealer, { still, landed = () => undefined }) {
  const order = Array.from({ length: model.dealt || 52 }, (_, i) => R.SEATS[(R.SEATS.indexOf(dealer) + 1 + i) % 4]);
  const handBox = $("mano");
  await anim.deal({
    layer: $("capa"),
    fromRect: podRect(dealer),
    order,
    targetRect: (seat) => (seat === "south" ? handBox.getBoundingClientRect() : podRect(seat)),
    onArrive: (seat) => {
      if (!still()) return;
      landed();
      model.dealtCount[seat] += 1;
      if (seat === "south") R.renderHand(model, { playable: new Set(), refusals: {}, focusIndex: 0, myPlayTurn: false });
      else {
        const count = document.querySelector(`#asiento-${seat} .mini-cuenta`);
        if (count) count.textContent = String(model.dealtCount[seat]);
      }
    },
  });
}

/** Where a played card comes from: South's button in the hand, or the player's pod. */
export function playedFrom(ev) {
  if (ev.seat !== "south") return podRect(ev.seat);
  const button = document.querySelector(`#mano [data-carta="${ev.card}"]`);
  return button ? button.getBoundingClientRect() : null;
}

/** A card played, onto the model: out of the hand (South's, the one known), into the trick. */
export function cardPlayed(m, ev) {
  if (ev.seat === "south" && m.hand) m.hand = m.hand.filter((c) => c !== ev.card);
  if (!m.trick.length) m.leader = ev.seat;
  m.trick.push({ seat: ev.seat, card: ev.card });
  m.handSizes[ev.seat] = Math.max(0, m.handSizes[ev.seat] - 1);
  m.phase = "playing";
  m.turn = R.nextSeat(ev.seat, m.seats);
}

/** A card played, said aloud (another player's is also written under the table). */
export function sayPlayed(ev) {
  const you = ev.seat === "south";
  const sentence = you
    ? t("say.play.you", { card: cardNameWithArticle(ev.card) })
    : t("say.play", { seat: seatName(ev.seat), card: cardNameWithArticle(ev.card) });
  R.announce(sentence);
  if (!you) R.setStatus(sentence);
}

/** The card just drawn in the trick flies in from `from`, then the table breathes. */
export async function flyToTrick(seat, from) {
  await anim.flyFrom(R.trickSlot(seat).firstElementChild, from, "play");
  await anim.pause("playGap");
}

/**
 * A finished trick: its winning card lights up, it stays a moment (or until a tap, with «Parar
 * tras cada baza»: `waitForTap`, the sentence said first) and goes to the winner's pod.
 */
export async function collectTrick(ev, { pauseTricks, waitForTap, sentence }) {
  const cards = [...document.querySelectorAll("#baza .carta")];
  const winner = cards.find((c) => c.parentElement.dataset.seat === ev.winner);
  if (pauseTricks) {
    if (winner) winner.classList.add("ganadora");
    R.announce(sentence);
    await waitForTap();
  } else {
    await anim.pause("trickPause");
    if (winner) winner.classList.add("ganadora");
  }
  await anim.collect(cards, podRect(ev.winner));
}

/** «Seguir» after a trick: resolves when the player taps on. `hold(resolve)` keeps the waiter. */
export function tapToGo(hold) {
  return new Promise((resolve) => {
    hold(resolve);
    const hadFocus = document.activeElement;
    R.renderContinue();
    R.setStatus(t("status.tapToGo"));
    if (!hadFocus || hadFocus === document.body || !document.body.contains(hadFocus)) $("btn-seguir").focus({ preventScroll: true });
  });
}

/** The last trick: of this hand on the table, else of the last hand; while tricks animate, the
 * last one the player saw (the view is ahead of the table then). */
export async function showLastTrick({ view, atTable, busy, seen }) {
  let trick = null;
  if (view && view.tricks.length && atTable) trick = view.tricks[view.tricks.length - 1];
  else if (view && view.history.length) {
    const last = view.history[view.history.length - 1];
    trick = last.tricks[last.tricks.length - 1] || null;
  }
  if (busy && seen) trick = seen;
  await R.loadStyles();
  $("ultima-contenido").replaceChildren(R.lastTrickContent(trick));
  if (!$("dlg-ultima").open) $("dlg-ultima").showModal();
}

/** The page in its language; the help menu opens the help pages in the table's language. */
export function translatePage(titleKey) {
  applyTo(document);
  document.title = t(titleKey);
  const english = document.documentElement.lang === "en";
  for (const link of document.querySelectorAll("a[data-href-en]")) {
    if (!link.dataset.hrefEs) link.dataset.hrefEs = link.getAttribute("href");
    link.setAttribute("href", english ? link.dataset.hrefEn : link.dataset.hrefEs);
    link.hreflang = english ? "en" : "es";
  }
}

/** ?codigo=XXXX-XXXX: the code of a shared game, taken off the address so a reload does not repeat it. */
export function codeFromLink() {
  const params = new URLSearchParams(window.location.search);
  const raw = params.get("codigo");
  if (raw === null) return null;
  params.delete("codigo");
  const rest = params.toString();
  window.history.replaceState(null, "", window.location.pathname + (rest ? `?${rest}` : "") + window.location.hash);
  const code = raw.replace(/[\s-]+/g, "").toUpperCase();
  return code || null;
}

/** The saved language (English is fetched when chosen); Spanish when it cannot be had. */
export async function useLanguage(settings) {
  if (settings.language === "es") return;
  try {
    await loadLanguage(settings.language);
  } catch {
    settings.language = "es";
  }
}

/** The hand whose sheet «Ver puntuación» opens: the one last shown, else the last one played. */
export function sheetResult(view, sheetHand) {
  const history = view ? view.history : [];
  const last = history[history.length - 1] || null;
  return (sheetHand && history.find((h) => h.number === sheetHand)) || last;
}

/** «Reintentar»: what failed is tried again (state.error.retry), or the table is drawn anew. */
export async function retry(state, draw) {
  const again = state.error && state.error.retry;
  state.error = null;
  if (again) await again();
  else draw();
}

/** The actions both tables name alike, sent to the game's handler of that name, if it has one. */
export async function dispatch(action, value, handlers) {
  const handler = handlers[action];
  if (handler) await handler(value);
}

/** A refusal of the request itself (4xx): nothing to try again as it is. A 429
 * (too_many_requests: this address asked too often) is not one: the same request is welcome
 * in a few seconds. */
export function refused(error) {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

/**
 * A new game (`newGame(code)`); a code from a link that the server refuses is said
 * (state.notice) and a random game is dealt instead; anything else is shown with «Reintentar».
 */
export async function startNew(code, { state, newGame, showError }) {
  try {
    await newGame(code);
  } catch (error) {
    if (code && refused(error)) {
      state.notice = t("link.refused", { message: error.message });
      await startNew(null, { state, newGame, showError });
      R.announce(state.notice);
      return;
    }
    showError(error, () => startNew(code, { state, newGame, showError }));
  }
}

/**
 * The settings dialog of a table: table = {game, state (its settings, notice, busy), save(settings),
 * titleKey, draw(), applyToUndealt(), newGame(code)}. The table's own settings apply at once (a
 * new language redraws the page in it); the next game's are saved, or start a game.
 */
export async function openSettings(table) {
  const [module, part] = await Promise.all([import("../settings.js"), import(`../games/${table.game}/settings.js`), R.loadStyles()]);
  const S = table.state;
  module.openSettings({
    next: part.NEXT,
    settings: () => S.settings,
    applyNow: async (next) => {
      const languageChanged = next.language !== S.settings.language;
      S.settings = { ...S.settings, ...next };
      table.save(S.settings);
      anim.configure({ fast: fastMode(), speed: S.settings.speed });
      if (languageChanged) {
        try {
          await loadLanguage(S.settings.language);
        } catch {
          S.settings.language = "es";
          await loadLanguage("es");
        }
        translatePage(table.titleKey);
      }
      table.draw();
    },
    saveAll: (next) => {
      S.settings = { ...S.settings, ...next };
      table.save(S.settings);
      table.draw();
    },
    applyToUndealt: table.applyToUndealt,
    saved: (text) => {
      R.setStatus(text);
      R.announce(text);
    },
    newGame: async (code) => {
      S.notice = null;
      await table.newGame(code);
      $("dlg-hoja").close();
    },
    isBusy: () => S.busy,
  });
}

/**
 * A shared link's code while a game is on the table: start that game only if the player says so
 * (a game in progress — or a practice hand — is never dropped silently). `startNew(code)` deals it.
 */
export async function offerCode(code, { state, startNew }) {
  const view = state.view;
  const inProgress = state.practice || (view && view.phase !== "game_over" && state.ui.stage !== "repartir");
  if (inProgress) {
    const [{ confirmDialog }] = await Promise.all([import("../dialogs.js"), R.loadStyles()]);
    const ok = await confirmDialog({
      title: t("link.title"),
      text: t("link.confirm", { code: R.formatCode(code) }),
      ok: t("link.start"),
      cancel: t("link.keep"),
      id: "dlg-codigo",
    });
    if (!ok) return;
  }
  state.notice = null;
  await startNew(code);
}
