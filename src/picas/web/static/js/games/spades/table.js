// The table's conductor: loads or starts a game, sends South's actions, plays the returned events
// one by one, and keeps the save in localStorage after every step. Rarely used parts (the sheets
// and the review, statistics, sharing) are separate modules loaded on first use.

import * as api from "../../api.js";
import * as store from "../../store.js";
import * as anim from "../../animation.js";
import * as R from "../../render.js";
import * as M from "./mesa.js";
import * as T from "../../mesa.js";
import { conductor } from "../../conductor.js";
import { askSetAside } from "../../keydialog.js";
import { t, seatName, serverText, useTwoPlayers, applyTo, withCodes } from "../../i18n.js";
import { installSprite, cardName, cardGender } from "../../cards.js";

const $ = (id) => document.getElementById(id);
const { capital, keepFocus } = T;

const S = {
  save: null,
  code: null,
  level: null,
  view: null, // the server's last view: the truth
  model: null, // what the table shows (runs behind the view while events animate)
  ui: { stage: "mesa" }, // "repartir" | "mesa" | "hoja" | "fin" | "practica"; saved with the game
  reasons: {}, // {hand number: {seat: reason}} of the computer players' bids, saved with the game
  gid: null, // this game's id for the statistics (null in a practice hand)
  practice: null, // {hand, compare, mainCode} while a hand is replayed for practice
  pending: null, // events after a scored hand, waiting for «Siguiente mano»
  busy: false,
  thinking: null,
  lifted: null,
  focusIndex: 0,
  selectedBid: null,
  tip: null,
  tipFor: null,
  tipLoading: false,
  tipError: null,
  hint: null, // {key, card, reason, reasonCode, reasonParams} | {key, error} for the save it was asked with
  hintLoading: false,
  openReason: null, // the seat whose «¿Por qué?» is open
  tapWaiter: null, // resolves the pause after a trick
  message: null, // a refusal or notice that stays until the next action
  notice: null, // a damaged save: shown above «Repartir»
  error: null, // {message, retry}
  settings: store.loadSettings(),
  storageWarned: false,
  lastTrickSeen: null,
  sequence: 0, // bumped by each run of events: a run that is no longer the latest stops
  showing: null, // {view, at, skipped} while an answer's events are shown (for the watchdog)
};

/** The flows both tables share (js/conductor.js), with what is Spades' own. */
const C = conductor({
  game: "spades",
  state: S,
  keys: { game: store.GAME_KEY, practice: store.PRACTICE_KEY },
  requestNew: (settings, code) => api.newGame("spades", settings, code),
  saveSettings: store.saveSettings,
  targets: store.optionValues("spades", "target"),
  targetChoice: (target) => R.targetChoice(target, { targets: store.optionValues("spades", "target") }),
  practiceAgain: true,
  loadSheets: loadReview,
  sheetExtras: () => ({ reasons: S.reasons, practice: S.practice }),
  outcomeLine: M.outcomeLine,
  beforeAdopt: (answer) => {
    seatTheTable(answer.view);
    captureReasons(answer.events, S.view ? S.view.hand_number : 1);
  },
  // The computer players' bid reasons: a shared record's are worked out again by the server.
  forget: (imported) => {
    S.reasons = imported ? store.cleanReasons(imported.reasons) : {};
  },
  resetHandState,
  mesa: M,
  playEvents,
  target: () => S.view && S.view.rules.target,
  renderPods: (m) => {
    M.renderPods(m, podOptions());
    M.renderStock(m);
  },
  drawHandAndActions,
  drawStatus,
  open,
  canPlay,
  tapOwn: () => false,
  waitText: () => (myTurn() && S.view.phase === "bidding" ? t("status.bidFirst") : myTurn() && S.view.phase === "drawing" ? t("status.draw") : null),
  playCard,
  practiceButtons: ["btn-rejugar", "btn-rejugar-otra"],
  practiceFailed: (error) => {
    S.message = { text: error.message, warn: true, centre: !$("dlg-hoja").open };
    const where = $("dlg-hoja").open ? $("hoja-mensaje") : null;
    if (where) where.textContent = error.message;
  },
  dealWhenSilent: false,
  afterBack: () => autoPlayLast(),
  watch: watchMoves,
  unwatch: () => {
    S.showing = null;
  },
  afterImport,
  showStats,
  titleKey: "app.title",
});
const { adopt, persist, handOver, autoPlayLast, draw, showError, leavePractice, startNew, sheetContext } = C;

// --- saving ------------------------------------------------------------------------------------

/** Keep each computer bid's «¿Por qué?» with the save, keyed by hand and seat. */
function captureReasons(events, hand) {
  let number = hand;
  for (const ev of events) {
    if (ev.type === "deal") number = ev.hand_number;
    else if (ev.type === "bid" && ev.seat !== "south" && typeof ev.reason === "string" && ev.reason) {
      (S.reasons[number] ||= {})[ev.seat] = withCodes(ev.reason, ev.reason_codes);
    }
  }
}

/** «Dos jugadores» or four at the table: West across (the table's class `dos`), and the score's
 * words for one player a side («Tú», «Oeste»). */
function seatTheTable(view) {
  const two = Boolean(view && view.rules && view.rules.players === 2);
  const mesa = $("mesa");
  if (mesa.classList.contains("dos") === two) return;
  mesa.classList.toggle("dos", two);
  useTwoPlayers(two);
  applyTo(document.querySelector(".marcador") || document);
}

// --- derived state -----------------------------------------------------------------------------

function myTurn() {
  return Boolean(S.view && S.view.turn === "south" && S.ui.stage === "mesa" && !S.busy);
}

function canBid() {
  return myTurn() && S.view.phase === "bidding" && S.view.hand !== null;
}

function canPlay() {
  return myTurn() && S.view.phase === "playing";
}

/** «Dos jugadores»: South is shown the stock's top card and keeps or discards it. */
function canDraw() {
  return myTurn() && S.view.phase === "drawing" && Boolean(S.view.draw && S.view.draw.top);
}

/** A refusal in the player's language (the server's Spanish, or the code's own English text). */
function refusalText(refusal) {
  return serverText(refusal.code, refusal.message, refusal.params);
}

function currentHint() {
  return S.settings.hint && (canPlay() || canDraw()) && S.hint && S.hint.key === S.save.sig ? S.hint : null;
}

function podOptions() {
  const m = S.model;
  return { thinking: S.thinking, reasons: (m && S.reasons[m.handNumber]) || {}, openReason: S.openReason };
}

// --- drawing -----------------------------------------------------------------------------------

/** South's hand and the action area under it, redrawn together (the focus kept by the conductor). */
function drawHandAndActions() {
  const view = S.view;
  const hint = currentHint();
  const refusals = {};
  if (view) for (const [code, refusal] of Object.entries(view.refusals)) refusals[code] = refusalText(refusal);
  R.renderHand(S.model, {
    playable: new Set(view ? view.playable : []),
    refusals,
    lifted: S.lifted,
    suggested: hint && !hint.error ? hint.card : null,
    focusIndex: S.focusIndex,
    myPlayTurn: canPlay(),
  });
  drawActions();
}

function drawActions() {
  const view = S.view;
  if (S.tapWaiter) {
    R.renderContinue();
  } else if (canDraw()) {
    M.renderDrawChoice({ top: view.draw.top, hint: currentHint(), hintLoading: S.settings.hint && S.hintLoading });
    maybeFetchHint();
  } else if (myTurn() && view.phase === "bidding") {
    if (view.hand === null && view.blind_nil_offered) M.renderBlindChoice();
    else {
      M.renderBidPad({ selected: S.selectedBid, tip: S.tipFor === tipKey() ? S.tip : null, tipLoading: S.tipLoading, refused: refusedBids() });
      if (S.tipError) $("tip-razon").textContent = S.tipError;
      maybeFetchTip();
    }
  } else if (view && view.phase === "playing" && S.ui.stage === "mesa") {
    M.renderPlayBar({ lifted: canPlay() ? S.lifted : null, hint: currentHint(), hintLoading: S.settings.hint && canPlay() && S.hintLoading });
    maybeFetchHint();
  } else {
    R.clearActions();
  }
}

function drawStatus() {
  if (S.tapWaiter) {
    R.setStatus(t("status.tapToGo"));
    return;
  }
  if (S.message && !S.message.centre) {
    R.setStatus(S.message.text, { warn: S.message.warn });
    return;
  }
  const view = S.view;
  const m = S.model;
  let text = "";
  if (S.ui.stage === "repartir" && S.notice && !S.busy) {
    // A damaged save or a refused code: said under the table, where it covers no one's seat.
    R.setStatus(S.notice, { warn: true });
    return;
  }
  if (S.ui.stage === "repartir") text = S.busy ? t("status.dealing") : t("status.deal");
  else if (S.ui.stage === "hoja") text = t("status.handOver", { n: view.history.length ? view.history[view.history.length - 1].number : m.handNumber });
  else if (S.ui.stage === "fin") text = t("status.gameOver");
  else if (S.ui.stage === "practica") text = t("practice.status");
  else if (m.dealtCount) text = t("status.dealing");
  else if (canDraw()) text = t("status.draw");
  else if (myTurn() && view.phase === "bidding") text = view.hand === null ? t("status.blind") : t("status.bid");
  else if (myTurn() && view.phase === "playing") {
    text = S.lifted ? t("status.lifted", { card: capital(cardName(S.lifted)), gender: cardGender(S.lifted) }) : view.trick.length ? t("status.playFollow") : t("status.playLead");
  } else if (m.turn && ["drawing", "bidding", "playing"].includes(m.phase)) text = m.turn === "south" ? "" : t("status.wait", { seat: seatName(m.turn) });
  R.setStatus(text);
}

// --- the tip and the play hint -----------------------------------------------------------------

function tipKey() {
  return S.code && S.view ? `${S.code}/${S.practice ? "p" : ""}${S.view.hand_number}` : null;
}

async function maybeFetchTip(force = false) {
  if (!canBid() || S.tipLoading || (S.tipFor === tipKey() && !force) || (S.tipError && !force)) return;
  S.tipLoading = true;
  S.tipError = null;
  const key = tipKey();
  try {
    const tip = await api.tip(S.save);
    if (key === tipKey()) {
      S.tip = tip;
      S.tipFor = key;
    }
  } catch (error) {
    S.tipError = error.message;
  } finally {
    S.tipLoading = false;
    if (canBid()) keepFocus(drawActions);
  }
}

/** With the play hint on: ask once per position which card the computer would play here. */
async function maybeFetchHint() {
  if (!S.settings.hint || !(canPlay() || canDraw()) || S.hintLoading) return;
  const key = S.save.sig;
  if (S.hint && S.hint.key === key) return;
  S.hintLoading = true;
  try {
    const hint = await api.hint(S.save);
    S.hint = { key, card: hint.card, action: hint.action, reason: hint.reason, reasonCode: hint.reasonCode, reasonParams: hint.reasonParams };
  } catch (error) {
    S.hint = { key, error: error.message };
  } finally {
    S.hintLoading = false;
    // Also when the position moved on meanwhile: the redraw asks for the new position's hint,
    // which this request (still under way then) had held back.
    if (canPlay() || canDraw()) draw();
  }
}

// --- starting, resuming ------------------------------------------------------------------------

function resetHandState() {
  S.lifted = null;
  S.selectedBid = null;
  S.tip = null;
  S.tipFor = null;
  S.tipError = null;
  S.hint = null;
  S.openReason = null;
  S.message = null;
  S.pending = null;
}

/** A save the server refuses: set it aside and start anew. A bad signature is nobody's fault:
 * the player chooses (unknownKey). Otherwise no «Motivo» repeats the first sentence. */
async function damaged(raw, error, wanted = null) {
  if (error && error.code === "bad_signature") return unknownKey(raw, wanted);
  store.setAside(raw);
  const detail = error ? error.message : null;
  S.notice = t("error.damaged") + (detail ? ` ${t("error.damagedDetail", { message: detail })}` : "");
  await startNew(wanted);
  R.announce(S.notice);
}

/** A save the server cannot check is nobody's fault: the player chooses to keep it aside. */
async function unknownKey(raw, wanted) {
  if (await askSetAside()) {
    store.setAside(raw);
    S.notice = t("key.notice");
    await startNew(wanted);
    R.announce(S.notice);
  } else {
    showError(new api.ApiError("bad_signature", t("key.waiting")), () => open(wanted));
  }
}

/**
 * Open the saved game (a practice hand in progress first), or start one. `wanted` is a game code
 * from a shared link (?codigo=…): it starts a new game, after asking if one is in progress.
 */
async function open(wanted = null) {
  let shown = false;
  const practice = store.loadGame(store.PRACTICE_KEY);
  if (practice.status === "ok") shown = await resumeEntry(practice.game, { practice: true });
  else if (practice.status === "damaged") store.removeGame(store.PRACTICE_KEY);
  if (shown === null) return;
  if (!shown) {
    const loaded = store.loadGame();
    if (loaded.status === "damaged") {
      await damaged(loaded.raw, null, wanted);
      return;
    }
    if (loaded.status === "none") {
      await startNew(wanted);
      return;
    }
    shown = await resumeEntry(loaded.game, { practice: false, wanted });
    if (!shown) return;
  }
  if (wanted) await offerCode(wanted);
}

/**
 * Resume one stored game. true: it is on the table; false: a practice save that did not open
 * (dropped, the real game opens instead); null: handled otherwise (an error is shown, or a
 * damaged save was set aside and a new game started).
 */
async function resumeEntry(entry, { practice, wanted = null }) {
  let answer;
  try {
    answer = await api.resume(entry.save);
  } catch (error) {
    const refused = error instanceof api.ApiError && error.status >= 400 && error.status < 500;
    if (refused && practice) {
      store.removeGame(store.PRACTICE_KEY);
      return false;
    }
    if (refused) await damaged(store.rawGame(), error, wanted);
    else showError(error, () => open(wanted));
    return null;
  }
  const ui = entry.ui || {};
  S.practice = practice ? entry.practice : null;
  S.reasons = entry.reasons || {};
  S.gid = practice ? null : entry.gid || store.newGameId();
  S.view = null;
  adopt(answer);
  const view = answer.view;
  S.ui = { stage: ["repartir", "hoja", "fin", "mesa", "practica"].includes(ui.stage) ? ui.stage : "mesa" };
  if (ui.sheetHand) S.ui.sheetHand = ui.sheetHand;
  if (S.practice) {
    if (view.history.length) S.ui.stage = "practica";
    else if (S.ui.stage !== "repartir") S.ui.stage = "mesa";
  } else if (view.phase === "game_over") S.ui.stage = "fin";
  else if (S.ui.stage === "fin" || S.ui.stage === "practica") S.ui.stage = "mesa";
  if (["repartir", "hoja", "practica"].includes(S.ui.stage)) S.model = M.emptyTableModel(view);
  else S.model = M.modelFromView(view);
  if (S.ui.stage === "practica") {
    S.model.totals = { ...view.totals };
    S.model.bags = { ...view.bags };
  }
  persist();
  draw();
  if (!S.practice) recordStats();
  if (S.ui.stage === "mesa") {
    announceTurn();
    autoPlayLast();
  }
  return true;
}

/** A shared link's code: start that game, asking first if one is in progress. */
function offerCode(wanted) {
  return T.offerCode(wanted, { state: S, startNew });
}

/** Nothing on the table yet: an empty table, so that an error and «Reintentar» can show. */
// --- South's actions ---------------------------------------------------------------------------

async function act(action, optimistic) {
  if (S.busy) return;
  S.busy = true;
  $("mesa").classList.add("ocupada"); // busy from the tap on, not only once something is drawn
  S.message = null;
  S.error = null;
  const before = S.model;
  try {
    // The request goes out at the tap; South's own card flies while the server answers.
    const request = api.act(S.save, action);
    request.catch(() => undefined); // awaited below; a failure must not count as unhandled first
    if (optimistic) {
      draw();
      watchMoves();
      await step(optimistic);
      S.showing = null; // waiting for the server now, which is not the table stalling
    }
    S.thinking = S.model.turn !== "south" ? S.model.turn : null;
    M.renderPods(S.model, podOptions());
    const answer = await request;
    S.thinking = null;
    S.lifted = null;
    S.selectedBid = null;
    adopt(answer);
    let events = answer.events;
    if (optimistic && events.length && events[0].seat === "south" && events[0].type === optimistic.type) events = events.slice(1);
    await playEvents(events, answer.view);
  } catch (error) {
    S.showing = null;
    S.thinking = null;
    S.busy = false;
    S.tapWaiter = null;
    anim.endSkip();
    S.model = S.view ? M.modelFromView(S.view) : before;
    if (error instanceof api.ApiError && error.status >= 400 && error.status < 500 && error.code !== "bad_signature") {
      S.message = { text: error.message, warn: true };
      R.announce(error.message);
      draw();
    } else if (error instanceof api.ApiError && error.code === "bad_signature") {
      await damaged(store.rawGame(S.practice ? store.PRACTICE_KEY : store.GAME_KEY), error);
    } else if (error instanceof api.ApiError && api.BUSY_CODES.includes(error.code)) {
      // «La mesa está muy ocupada»: the save is untouched; «Reintentar» sends the same action.
      showError(error, () => act(action, optimistic));
    } else {
      showError(error, () => {
        S.error = null;
        draw();
      });
    }
  }
}

function playCard(code) {
  if (!canPlay() || !S.view.playable.includes(code)) return;
  act(code, { type: "play", seat: "south", card: code });
}

/** South's last card has nowhere else to go: it plays itself after a short look (a setting). */
/** The bids the rules refuse South now, with the reason in the page's language: the view's
 * refusals keyed by a bid ("0"–"13"; the cards' keys are their codes). */
function refusedBids() {
  const out = {};
  if (!S.view) return out;
  for (const [key, refusal] of Object.entries(S.view.refusals)) {
    if (/^\d+$/.test(key)) out[Number(key)] = refusalText(refusal);
  }
  return out;
}

function bid(n) {
  if (!canBid() || n === null || n === undefined) return;
  const why = refusedBids()[n];
  if (why) {
    S.message = { text: why, warn: true };
    drawStatus();
    return;
  }
  act(n, { type: "bid", seat: "south", bid: n, blind: false });
}

function selectBid(n, { focusConfirm = false } = {}) {
  if (!canBid()) return;
  const why = refusedBids()[n];
  if (why) {
    // A dimmed key says why instead of being chosen (the same words as under the pad).
    S.message = { text: why, warn: true };
    drawStatus();
    return;
  }
  S.selectedBid = n;
  S.message = null;
  keepFocus(drawActions);
  if (focusConfirm) $("btn-cantar").focus();
}

/** South's taps on the buttons of the action area, the centre and the sheet, by their action. */
const ACTIONS = {
  ...C.actions,
  elegir: (value) => selectBid(Number(value)),
  cantar: () => bid(S.selectedBid),
  tip: async () => {
    if (!(S.tip && S.tipFor === tipKey())) await maybeFetchTip(true);
    if (S.tip && S.tipFor === tipKey()) selectBid(S.tip.bid);
  },
  "nil-ciego": () => {
    if (myTurn() && S.view.blind_nil_offered) act("blind_nil", { type: "bid", seat: "south", bid: 0, blind: true });
  },
  ver: () => {
    if (myTurn() && S.view.blind_nil_offered) act("look", null);
  },
  quedar: () => {
    if (canDraw()) act("keep", null);
  },
  descartar: () => {
    if (canDraw()) act("discard", null);
  },
  "rejugar-otra": async () => {
    if (S.practice) await C.startPractice(S.practice.hand);
  },
};

function onAction(action, value) {
  return T.dispatch(action, value, ACTIONS);
}

// --- playing the events ------------------------------------------------------------------------

/** With «Parar tras cada baza» on: the finished trick stays until a tap (or «Seguir»). */
function waitForTap() {
  return T.tapToGo((resolve) => {
    S.tapWaiter = resolve;
  }).then(() => {
    S.tapWaiter = null;
    progressed();
    R.clearActions();
  });
}

/** One event onto the model and the screen, with its animation and its sentence. */
async function step(ev) {
  const m = S.model;
  const you = ev.seat === "south";
  if (ev.type === "bid") await M.showBid(m, ev, (model) => M.renderPods(model, podOptions()));
  else if (ev.type === "draw") {
    await M.showDraw(m, ev, (model) => M.renderPods(model, podOptions()));
    if (ev.seat === "south") R.renderHand(m, { playable: new Set(), refusals: {}, focusIndex: S.focusIndex, myPlayTurn: false, received: new Set([ev.kept]) });
  }
  else if (ev.type === "look") M.sayLook(ev);
  else if (ev.type === "play") {
    const from = T.playedFrom(ev);
    T.cardPlayed(m, ev);
    S.lifted = null;
    R.renderTrick(m);
    M.renderPods(m, podOptions());
    if (you) {
      R.renderHand(m, { playable: new Set(), refusals: {}, lifted: null, focusIndex: S.focusIndex, myPlayTurn: false });
      M.renderPlayBar({ lifted: null });
    }
    T.sayPlayed(ev);
    await T.flyToTrick(ev.seat, from);
  } else if (ev.type === "trick") {
    S.lastTrickSeen = { leader: ev.leader, cards: ev.cards, winner: ev.winner };
    const sentence = M.trickSentence(ev);
    await T.collectTrick(ev, { pauseTricks: S.settings.pause_tricks, waitForTap, sentence });
    if (m !== S.model) return; // the watchdog has shown the position meanwhile
    M.tallyTrick(m, ev);
    m.trick = [];
    m.turn = ev.winner;
    R.renderTrick(m);
    M.renderPods(m, podOptions());
    if (!S.settings.pause_tricks) R.announce(sentence);
    R.setStatus(sentence);
  }
}

async function playEvents(events, finalView) {
  S.busy = true;
  const mine = beginShowing(finalView);
  try {
    for (let i = 0; i < events.length; i += 1) {
      if (mine !== S.sequence) return; // shown directly by the watchdog, or a newer run took over
      progressed();
      const ev = events[i];
      if (ev.type === "hand_scored") {
        await handScored(ev.result, events.slice(i + 1), finalView, mine);
        return;
      }
      if (ev.type === "deal") {
        await runDeal(ev.dealer, ev.hand_number, finalView);
        anim.endSkip(); // a tap during the deal skips the deal only
        continue;
      }
      if (ev.type === "game_over") continue;
      await step(ev);
    }
    if (mine !== S.sequence) return;
    S.model = M.modelFromView(finalView);
    S.ui = { stage: finalView.phase === "game_over" ? "fin" : "mesa" };
    persist();
  } finally {
    if (mine === S.sequence) endShowing();
  }
  draw();
  placeFocus();
  announceTurn();
  autoPlayLast();
}

/**
 * After the deal or an answer, the button that had the focus («Repartir», «Cantar», a card) is
 * gone and the focus would fall to <body>: put it where the player acts next, the bid pad or
 * the hand. A focus the player put elsewhere (the menu, a dialog) is left alone.
 */
function placeFocus() {
  const active = document.activeElement;
  if (active && active !== document.body && document.body.contains(active)) return;
  if (document.querySelector("dialog[open]")) return;
  let target = null;
  if (canDraw()) target = $("btn-quedar");
  else if (canBid()) target = document.querySelector("#acciones .tecla[aria-pressed='true']") || document.querySelector("#acciones .tecla");
  else if (myTurn() && S.view.phase === "bidding") target = $("btn-nil-ciego");
  if (!target) target = document.querySelector("#mano button.carta-mano[tabindex='0']");
  if (target) target.focus({ preventScroll: true });
}

// --- the watchdog --------------------------------------------------------------------------------

// While the table shows an answer it already holds, each event must start within STALL_MS of the
// last one. If not, the watchdog first finishes the animations at once; if the table still has
// not moved STALL_MS later, it shows the answer's position directly (moves with no answer behind
// them only get the first step). The pause after a trick («Parar tras cada baza») waits for the
// player, and the wait for the server is the server's: neither is the table stalling.
const STALL_MS = 4000;

function beginShowing(view) {
  S.sequence += 1;
  S.showing = { view, at: performance.now(), skipped: false };
  return S.sequence;
}

/** Moves with no answer behind them (South's own card, the forced last card's look) are watched too. */
function watchMoves() {
  S.showing = { view: null, at: performance.now(), skipped: false };
}

function progressed() {
  if (S.showing) S.showing.at = performance.now();
}

/** The run of events is over: the table is the player's again. */
function endShowing() {
  S.showing = null;
  S.busy = false;
  S.tapWaiter = null;
  anim.endSkip();
}

function checkStall() {
  const showing = S.showing;
  if (!showing || S.tapWaiter) return;
  const now = performance.now();
  if (now - showing.at < STALL_MS) return;
  if (!showing.skipped || !showing.view) {
    showing.skipped = true;
    showing.at = now;
    anim.skip();
    return;
  }
  showDirectly(showing.view);
}

function showDirectly(view) {
  S.sequence += 1; // the stuck run stops wherever it wakes up
  endShowing();
  S.pending = null;
  S.thinking = null;
  S.model = M.modelFromView(view);
  S.ui = { stage: view.phase === "game_over" ? "fin" : "mesa" };
  persist();
  draw();
  placeFocus();
  announceTurn();
  autoPlayLast();
}

async function handScored(result, rest, finalView, mine) {
  const { practiceDone, over } = handOver(result, rest, finalView);
  S.showing = null; // the answer is all on the table; only the sheet is left to open
  let review = null;
  try {
    review = await Promise.race([loadReview(), delay(REVIEW_WAIT_MS).then(() => null)]);
  } catch {
    review = null; // the sheet can still be opened with «Ver puntuación»
  }
  if (mine !== S.sequence) return;
  endShowing();
  draw();
  if (review && practiceDone) review.showCompare(sheetContext(), result, S.practice.compare);
  else if (review) review.showSheet(sheetContext(), result, { over });
  if (!practiceDone) recordStats();
}

const REVIEW_WAIT_MS = 5000;

function delay(ms) {
  return new Promise((resolve) => {
    setTimeout(resolve, ms);
  });
}

async function runDeal(dealer, handNumber, view) {
  const m = M.freshHandModel(view, dealer, handNumber);
  m.dealtCount = { south: 0, west: 0, north: 0, east: 0 };
  m.turn = null;
  S.model = m;
  S.tip = null;
  S.tipFor = null;
  S.tipError = null;
  S.selectedBid = null;
  S.lifted = null;
  S.openReason = null;
  S.focusIndex = 0;
  draw();
  R.setStatus(t("status.dealing"));
  if (m.seats.length === 2) {
    // «Dos jugadores»: nothing is dealt; the stock goes to the middle and the drawing starts.
    m.dealtCount = null;
    R.announce(t("say.drawStart", { n: handNumber, seat: seatName(m.turn) }));
    M.renderPods(m, podOptions());
    M.renderStock(m);
    R.renderHand(m, { playable: new Set(), refusals: {}, focusIndex: 0, myPlayTurn: false });
    await anim.pause(200);
    return;
  }
  R.announce(dealer === "south" ? t("say.deal.you", { n: handNumber }) : t("say.deal", { seat: seatName(dealer), n: handNumber }));
  await T.dealCards(m, dealer, { still: () => m === S.model, landed: progressed });
  if (m !== S.model) return;
  m.dealtCount = null;
  m.turn = R.nextSeat(dealer);
  M.renderPods(m, podOptions());
  R.renderHand(m, { playable: new Set(), refusals: {}, focusIndex: 0, myPlayTurn: false });
  await anim.pause(200);
}

function announceTurn() {
  if (!myTurn()) return;
  R.announce(S.view.phase === "drawing" ? t("say.yourDraw") : S.view.phase === "bidding" ? t("say.yourBid") : t("say.yourPlay"));
}

// --- dialogs -----------------------------------------------------------------------------------

/** The hand's sheet and the review, loaded on first use. */
function loadReview() {
  return R.withStyles(import("../../review.js"));
}

function recordStats() {
  return T.recordStats(S, async () => (await import("../../stats.js")).record({ view: S.view, gid: S.gid, level: S.level }));
}

async function showStats() {
  const [stats] = await Promise.all([import("../../stats.js"), R.loadStyles()]);
  stats.showPanel();
}

/** A shared record on the table: its hands are not this player's statistics; a record cut short
 * at a computer player's turn waits (nobody will play it from here). */
async function afterImport(view) {
  try {
    const stats = await import("../../stats.js");
    stats.skipHistory({ view, gid: S.gid }); // hands played elsewhere are not this player's record
  } catch {
    // not fatal
  }
  if (view.turn && view.turn !== "south" && view.phase !== "game_over") {
    S.message = { text: t("share.waiting", { seat: seatName(view.turn) }), warn: true };
  }
  draw();
  announceTurn();
  autoPlayLast();
}

// --- start -------------------------------------------------------------------------------------

function onReason(seat) {
  const next = seat && S.openReason !== seat ? seat : null;
  if (next === S.openReason) return;
  S.openReason = next;
  if (S.model) keepFocus(() => M.renderPods(S.model, podOptions()));
  if (next) {
    const bubble = $(`bocadillo-${next}`);
    if (bubble) R.announce(bubble.textContent);
    const again = $(`porque-${next}`);
    if (again) again.focus({ preventScroll: true });
  }
}

/** Start the Spades table (js/inicio.js calls it once Picas is the game). */
export async function start() {
  await T.useLanguage(S.settings);
  T.translatePage("app.title");
  installSprite();
  anim.configure({ fast: store.fastMode(), speed: S.settings.speed });
  C.bind({
    onAction,
    onReason,
    onEscape: () => {
      if (S.openReason) onReason(null);
      else if (S.lifted) {
        S.lifted = null;
        draw();
      }
    },
    canBid,
    onBidKey: (n) => selectBid(n, { focusConfirm: true }),
  });
  $("app").hidden = false; // the table shows once its buttons answer
  document.body.classList.toggle("cuatro-colores", S.settings.four_colour);
  setInterval(checkStall, 1000);
  await open(T.codeFromLink());
}

