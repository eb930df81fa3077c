// The Corazones table's conductor (js/inicio.js loads it when Corazones is the game): it opens or
// starts a game, sends South's pass and plays, shows the returned events one by one and keeps the
// save in localStorage after every step, under Corazones' own keys. The cards, the trick, the hand,
// the animations and the input are the shared components; what only Corazones draws is in
// mesa.js here, its sheets, review and statistics in hoja.js (loaded on first use).

import * as api from "../../api.js";
import * as store from "../../store.js";
import * as anim from "../../animation.js";
import * as R from "../../render.js";
import * as M from "./mesa.js";
import * as T from "../../mesa.js";
import { conductor } from "../../conductor.js";
import { t, addStrings, seatName, serverText } from "../../i18n.js";
import { installSprite, cardName, cardGender } from "../../cards.js";
import { ES, EN } from "./i18n.js";

addStrings({ es: ES, en: EN });

const $ = (id) => document.getElementById(id);
const { SEATS } = R;
const KEYS = store.KEYS.corazones;
const STAGES = ["repartir", "mesa", "hoja", "fin", "practica"];
const { capital, keepFocus, shake } = T;

const S = {
  save: null,
  code: null,
  level: null,
  view: null, // the server's last view: the truth
  model: null, // what the table shows (behind the view while events animate)
  ui: { stage: "mesa" },
  gid: null, // this game's id for the statistics (null in a practice hand)
  practice: null, // {hand, compare, mainCode} while a hand is replayed
  pending: null, // the events after a scored hand, waiting for «Siguiente mano»
  busy: false,
  thinking: null,
  lifted: null,
  chosen: [], // the cards picked for the pass, in the order picked
  focusIndex: 0,
  hint: null, // {key, kind, cards, lines, open} | {key, loading} | {key, error}
  message: null,
  notice: null,
  error: null,
  tapWaiter: null,
  lastTrickSeen: null,
  sequence: 0,
  settings: store.loadCorazonesSettings(),
  storageWarned: false,
};

/** Cards South passes in this game: three, or four by a house rule. */
function passSize() {
  return M.passSize(S.view);
}

/** A pass size in words, for the sentences («tres», «cuatro»). */
function passWords() {
  return M.passWords(S.view);
}

/** The flows both tables share (js/conductor.js), with what is Corazones' own. */
const C = conductor({
  game: "corazones",
  state: S,
  keys: KEYS,
  requestNew: (settings, code) => api.newGame("corazones", settings, code),
  saveSettings: store.saveCorazonesSettings,
  targets: store.optionValues("corazones", "target"),
  targetChoice: (target) => R.targetChoice(target, { targets: store.optionValues("corazones", "target"), prefix: "cz.deal.target" }),
  practiceAgain: false,
  loadSheets,
  sheetExtras: () => ({}),
  outcomeLine: M.outcomeLine,
  forget: () => undefined,
  resetHandState,
  mesa: M,
  playEvents,
  target: (m) => m.target,
  renderPods: (m) => M.renderPods(m, { thinking: S.thinking }),
  drawHandAndActions,
  drawStatus,
  open,
  canPlay,
  tapOwn,
  waitText: () => (S.view.phase === "passing" ? t("cz.status.waitPass") : null),
  playCard,
  practiceButtons: [],
  practiceFailed: (error, waiting) => {
    if (waiting) waiting.textContent = error.message;
    S.message = { text: error.message, warn: true };
  },
  dealWhenSilent: true,
  restingHand: () => ({ received: new Set(S.model.received) }),
  afterBack: () => {
    announceTurn();
    autoPlayLast();
  },
  afterImport: () => {
    draw();
    announceTurn();
    autoPlayLast();
  },
  showStats,
  titleKey: "app.title.corazones",
});
const { adopt, persist, handOver, autoPlayLast, draw, showError, leavePractice, startNew, applyToUndealt, sheetContext } = C;

// --- saving ------------------------------------------------------------------------------------

function saveKey() {
  return S.practice ? KEYS.practice : KEYS.game;
}

// --- what South may do now -----------------------------------------------------------------------

function atTable() {
  return Boolean(S.view && S.ui.stage === "mesa" && !S.busy);
}

function canPass() {
  return atTable() && S.view.phase === "passing" && S.view.must_pass;
}

function canPlay() {
  return atTable() && S.view.phase === "playing" && S.view.turn === "south";
}

function currentHint() {
  return S.hint && S.save && S.hint.key === S.save.sig && (canPass() || canPlay()) ? S.hint : null;
}

// --- drawing -----------------------------------------------------------------------------------

/** South's hand and the action area under it, redrawn together (the focus kept by the conductor). */
function drawHandAndActions() {
  drawHand();
  drawActions();
}

function drawHand() {
  const view = S.view;
  const refusals = {};
  if (view && canPlay()) for (const [code, refusal] of Object.entries(view.refusals)) refusals[code] = serverText(refusal.code, refusal.message, refusal.params);
  const hint = currentHint();
  const cards = hint && hint.cards ? hint.cards : null;
  R.renderHand(S.model, {
    playable: new Set(canPlay() ? view.playable : []),
    refusals,
    lifted: S.lifted,
    suggested: cards ? (canPass() ? cards : cards[0]) : null,
    focusIndex: S.focusIndex,
    myPlayTurn: canPlay(),
    choosing: canPass(),
    chosen: new Set(S.chosen),
    received: new Set(S.model.received),
  });
}

function drawActions() {
  if (S.tapWaiter) R.renderContinue();
  else if (canPass()) M.renderPassBar({ direction: S.view.direction, chosen: S.chosen.length, size: passSize(), hint: currentHint() });
  else if (S.view && S.view.phase === "playing" && S.ui.stage === "mesa" && !S.model.dealtCount) {
    M.renderPlayBar({ lifted: canPlay() ? S.lifted : null, hint: currentHint(), canHint: canPlay() });
  } else R.clearActions();
  if (S.settings.hint && (canPass() || canPlay()) && !currentHint()) fetchHint();
}

function statusText() {
  const view = S.view;
  const m = S.model;
  const stage = S.ui.stage;
  if (stage === "repartir") return S.busy ? t("status.dealing") : t("status.deal");
  if (stage === "hoja") return t("status.handOver", { n: view.history.length ? view.history[view.history.length - 1].number : m.handNumber });
  if (stage === "fin") return t("status.gameOver");
  if (stage === "practica") return t("practice.status");
  if (m.dealtCount) return t("status.dealing");
  if (canPass()) {
    if (S.chosen.length === passSize()) return t("cz.status.passReady", { button: t(`cz.pass.${view.direction}`) });
    return t("cz.status.pass", { seat: seatName(view.pass_to), count: passWords() });
  }
  if (view && view.phase === "passing") return t("cz.status.waitPass");
  if (canPlay()) {
    if (S.lifted) return t("status.lifted", { card: capital(cardName(S.lifted)), gender: cardGender(S.lifted) });
    const received = receivedNote();
    if (!view.tricks.length && !view.trick.length) return received ? `${received} ${t("cz.status.leadTwo")}` : t("cz.status.leadTwo");
    if (received) return `${received} ${t("say.yourPlay")}`;
    return view.trick.length ? t("status.playFollow") : t("status.playLead");
  }
  if (m.turn && m.turn !== "south" && m.phase === "playing") return t("status.wait", { seat: seatName(m.turn) });
  return "";
}

/** Right after the pass: which cards came, and from whom (said until South's first card). */
function receivedNote() {
  const view = S.view;
  if (!view || !view.received.length || view.direction === "none" || view.hand.length < 13) return null;
  // The cards come from the other side: passing left (to West) they come from East, and so on.
  const from = SEATS[(4 - SEATS.indexOf(view.pass_to)) % 4];
  return t("cz.status.received", { cards: M.labelList(view.received), seat: seatName(from) });
}

function drawStatus() {
  if (S.tapWaiter) R.setStatus(t("status.tapToGo"));
  else if (S.message && !S.message.centre) R.setStatus(S.message.text, { warn: S.message.warn });
  else if (S.ui.stage === "repartir" && S.notice && !S.busy) R.setStatus(S.notice, { warn: true });
  else R.setStatus(statusText());
}

// --- the hint and its «¿Por qué?» ------------------------------------------------------------------

async function fetchHint({ open = false } = {}) {
  if (!(canPass() || canPlay()) || (S.hint && S.hint.key === S.save.sig && !S.hint.error)) return;
  const key = S.save.sig;
  S.hint = { key, loading: true };
  keepFocus(drawActions);
  try {
    const answer = await api.suggestion(S.save);
    if (!S.save || S.save.sig !== key) return;
    S.hint = { key, kind: answer.kind, cards: answer.cards, lines: answer.details.map(M.reasonLine).filter(Boolean), open };
  } catch (error) {
    if (S.save && S.save.sig === key) S.hint = { key, error: error.message };
  }
  if (canPass() || canPlay()) {
    keepFocus(drawHandAndActions);
    const hint = currentHint();
    if (hint && hint.cards) {
      const names = hint.kind === "pass" ? M.cardList(hint.cards) : cardName(hint.cards[0]);
      R.announce(hint.kind === "pass" ? t("cz.hint.pass", { cards: names }) : t("cz.hint.play", { card: names }));
    }
  }
}

function toggleWhy() {
  const hint = currentHint();
  if (!hint || !hint.cards) return;
  hint.open = !hint.open;
  keepFocus(drawActions);
  if (hint.open) R.announce(hint.lines.join(". "));
}

/** The reasons' bubble closes on a tap anywhere but on it (or its button), and on Escape. */
function closeWhy() {
  const hint = currentHint();
  if (!hint || !hint.open) return false;
  hint.open = false;
  keepFocus(drawActions);
  return true;
}

// --- starting, resuming ------------------------------------------------------------------------

function resetHandState() {
  S.lifted = null;
  S.chosen = [];
  S.hint = null;
  S.message = null;
  S.pending = null;
}

/** A save the server refuses is kept aside (never lost) and a new game starts. */
async function damaged(raw, error) {
  store.setAside(raw, saveKey(), KEYS.aside);
  S.notice = t("error.damaged") + (error ? ` ${t("error.damagedDetail", { message: error.message })}` : "");
  leavePractice();
  await startNew();
  R.announce(S.notice);
}

/** Nothing on the table yet: an empty table, so that an error and «Reintentar» can show. */
/** Open the saved game (a practice hand first), or start one. true when a game is on the table. */
async function open(wanted = null) {
  const practice = store.loadGame(KEYS.practice);
  if (practice.status === "ok" && (await resume(practice.game, true))) {
    if (wanted) await T.offerCode(wanted, { state: S, startNew });
    return;
  }
  if (practice.status !== "none") store.removeGame(KEYS.practice);
  const loaded = store.loadGame(KEYS.game);
  if (loaded.status === "damaged") await damaged(loaded.raw, null);
  else if (loaded.status === "none") await startNew(wanted);
  else if ((await resume(loaded.game, false)) && wanted) await T.offerCode(wanted, { state: S, startNew });
}

async function resume(entry, practice) {
  let answer;
  try {
    answer = await api.resume(entry.save);
  } catch (error) {
    const refused = error instanceof api.ApiError && error.status >= 400 && error.status < 500;
    if (refused && practice) return false;
    if (refused) await damaged(store.rawGame(KEYS.game), error);
    else showError(error, () => open());
    return true;
  }
  S.practice = practice ? entry.practice : null;
  S.gid = practice ? null : entry.gid || store.newGameId();
  adopt(answer);
  const view = answer.view;
  const stage = STAGES.includes(entry.ui.stage) ? entry.ui.stage : "mesa";
  S.ui = { stage };
  if (entry.ui.sheetHand) S.ui.sheetHand = entry.ui.sheetHand;
  if (S.practice) S.ui.stage = view.history.length ? "practica" : stage === "repartir" ? "repartir" : "mesa";
  else if (view.phase === "game_over") S.ui.stage = "fin";
  else if (stage === "fin" || stage === "practica") S.ui.stage = "mesa";
  if (["repartir", "hoja", "practica"].includes(S.ui.stage)) S.model = M.emptyTableModel(view);
  else S.model = M.modelFromView(view);
  if (S.ui.stage !== "mesa") S.model.totals = { ...view.totals };
  if (S.ui.stage === "hoja") S.pending = { events: [M.dealEvent(view)], view };
  persist();
  draw();
  if (!S.practice) recordStats();
  announceTurn();
  if (S.ui.stage === "mesa") autoPlayLast();
  return true;
}

// --- South's actions ---------------------------------------------------------------------------

async function act(action, optimistic) {
  if (S.busy) return;
  S.busy = true;
  $("mesa").classList.add("ocupada");
  S.message = null;
  S.error = null;
  try {
    const request = api.act(S.save, action);
    request.catch(() => undefined); // awaited below
    if (optimistic) {
      draw();
      await step(optimistic);
    }
    S.thinking = S.model.turn && S.model.turn !== "south" ? S.model.turn : null;
    M.renderPods(S.model, { thinking: S.thinking });
    const answer = await request;
    S.thinking = null;
    S.lifted = null;
    S.chosen = [];
    adopt(answer);
    let events = answer.events;
    if (optimistic && events.length && events[0].type === "play" && events[0].seat === "south") events = events.slice(1);
    await playEvents(events, answer.view);
  } catch (error) {
    S.thinking = null;
    S.busy = false;
    S.tapWaiter = null;
    anim.endSkip();
    if (S.view) S.model = M.modelFromView(S.view);
    if (error instanceof api.ApiError && error.code === "bad_signature") await damaged(store.rawGame(saveKey()), error);
    else if (error instanceof api.ApiError && error.status >= 400 && error.status < 500) {
      S.message = { text: error.message, warn: true };
      R.announce(error.message);
      draw();
    } else showError(error, () => act(action, optimistic));
  }
}

/** A tap on a card while South passes picks it (or puts it back). */
function tapOwn(code) {
  if (!canPass()) return false;
  choose(code);
  return true;
}

/** Pick a card for the pass, or put it back; a fourth is refused with a word, never silently. */
function choose(code) {
  const at = S.chosen.indexOf(code);
  if (at >= 0) S.chosen.splice(at, 1);
  else if (S.chosen.length >= passSize()) {
    S.message = { text: t("cz.pass.full", { count: passWords() }), warn: true };
    R.announce(S.message.text);
    shake(document.querySelector(`#mano [data-carta="${code}"]`));
    drawStatus();
    return;
  } else S.chosen.push(code);
  S.message = null;
  keepFocus(drawHandAndActions);
  drawStatus();
  R.announce(t("cz.pass.countAria", { n: S.chosen.length, of: passSize() }));
}

function playCard(code) {
  if (!canPlay() || !S.view.playable.includes(code)) return;
  act(code, { type: "play", seat: "south", card: code });
}

/** South's 13th card has nowhere else to go: it plays itself after a short look (a setting). */
function sendPass() {
  if (!canPass() || S.chosen.length !== passSize()) return;
  act([...S.chosen], null);
}

/** South's taps on the buttons of the action area, the centre and the sheet, by their action. */
const ACTIONS = {
  ...C.actions,
  pasar: sendPass,
  pista: () => fetchHint(),
  "elegir-pista": pickSuggestedPass,
  porque: toggleWhy,
  rejugar: (value) => C.startPractice(Number(value)),
};

function onAction(action, value) {
  return T.dispatch(action, value, ACTIONS);
}

/** «Elegir estas»: the three suggested cards become the pass; «Pasar…» takes the focus. */
function pickSuggestedPass() {
  const hint = currentHint();
  if (!canPass() || !hint || !hint.cards) return;
  S.chosen = [...hint.cards];
  keepFocus(drawHandAndActions);
  drawStatus();
  $("btn-pasar").focus({ preventScroll: true });
}

// --- the events --------------------------------------------------------------------------------

function waitForTap() {
  return T.tapToGo((resolve) => {
    S.tapWaiter = resolve;
  }).then(() => {
    S.tapWaiter = null;
    R.clearActions();
  });
}

async function step(ev) {
  const m = S.model;
  const you = ev.seat === "south";
  if (ev.type === "pass") await showPass(ev);
  else if (ev.type === "play") {
    const from = T.playedFrom(ev);
    T.cardPlayed(m, ev);
    S.lifted = null;
    R.renderTrick(m);
    M.renderPods(m, { thinking: null });
    if (you) {
      R.renderHand(m, { playable: new Set(), refusals: {}, focusIndex: S.focusIndex, myPlayTurn: false, received: new Set(m.received) });
      R.clearActions();
    }
    T.sayPlayed(ev);
    if (!m.broken && (ev.card[1] === "H" || ev.card === "QS")) {
      m.broken = true;
      if (ev.card[1] === "H") R.announce(t("cz.say.broken"));
    }
    await T.flyToTrick(ev.seat, from);
  } else if (ev.type === "trick") await takeTrick(ev);
}

/** The cards change hands, and South hears which went and which came. */
async function showPass(ev) {
  await M.exchangeCards(S.model, ev);
  R.announce(t("cz.say.passed", { seat: seatName(ev.to), cards: M.cardList(ev.gave) }));
  R.announce(t("cz.say.received", { seat: seatName(ev.from), cards: M.cardList(ev.received) }));
  R.setStatus(t("cz.status.received", { cards: M.labelList(ev.received), seat: seatName(ev.from) }));
  await anim.pause("trickPause");
}

async function takeTrick(ev) {
  const m = S.model;
  S.lastTrickSeen = { leader: ev.leader, cards: ev.cards, winner: ev.winner };
  const sentence = M.trickSentence(ev);
  await T.collectTrick(ev, { pauseTricks: S.settings.pause_tricks, waitForTap, sentence });
  if (m !== S.model) return;
  M.tallyTrick(m, ev);
  m.trick = [];
  m.turn = ev.winner;
  R.renderTrick(m);
  M.renderPods(m, { thinking: null });
  if (!S.settings.pause_tricks) R.announce(sentence);
  R.setStatus(sentence);
}

async function runDeal(deal, view) {
  const m = M.freshHandModel(view, deal);
  m.dealtCount = { south: 0, west: 0, north: 0, east: 0 };
  S.model = m;
  S.lifted = null;
  S.chosen = [];
  S.hint = null;
  S.focusIndex = 0;
  draw();
  R.announce(deal.dealer === "south" ? t("say.deal.you", { n: deal.hand_number }) : t("say.deal", { seat: seatName(deal.dealer), n: deal.hand_number }));
  await T.dealCards(m, deal.dealer, { still: () => m === S.model });
  if (m !== S.model) return;
  m.dealtCount = null;
  M.renderPods(m, { thinking: null });
  R.renderHand(m, { playable: new Set(), refusals: {}, focusIndex: 0, myPlayTurn: false });
  R.announce(deal.pass_to ? t("cz.say.yourPass", { seat: seatName(deal.pass_to), count: passWords() }) : t("cz.status.noPass"));
  await anim.pause(200);
}

async function playEvents(events, finalView) {
  S.busy = true;
  S.sequence += 1;
  const mine = S.sequence;
  try {
    for (let i = 0; i < events.length; i += 1) {
      if (mine !== S.sequence) return;
      const ev = events[i];
      if (ev.type === "hand_scored") {
        await handScored(ev.result, events.slice(i + 1), finalView);
        return;
      }
      if (ev.type === "deal") {
        await runDeal(ev, finalView);
        anim.endSkip(); // a tap during the deal skips the deal only
      } else if (ev.type !== "game_over") await step(ev);
    }
    if (mine !== S.sequence) return;
    S.model = M.modelFromView(finalView);
    S.ui = { stage: finalView.phase === "game_over" ? "fin" : "mesa" };
    persist();
  } finally {
    if (mine === S.sequence) {
      S.busy = false;
      S.tapWaiter = null;
      anim.endSkip();
    }
  }
  draw();
  placeFocus();
  announceTurn();
  autoPlayLast();
}

async function handScored(result, rest, finalView) {
  const { practiceDone, over } = handOver(result, rest, finalView);
  let sheets = null;
  try {
    // The table stays busy until the sheet is there (a slow network: «Ver puntuación» opens it).
    sheets = await Promise.race([loadSheets(), new Promise((resolve) => setTimeout(resolve, 5000, null))]);
  } catch {
    sheets = null;
  }
  S.busy = false;
  anim.endSkip();
  draw();
  if (sheets && practiceDone) sheets.showCompare(sheetContext(), result, S.practice.compare);
  else if (sheets) sheets.showSheet(sheetContext(), result, { over });
  if (!practiceDone) recordStats();
}

/** After the answer, the focus goes where South acts next: the hand. */
function placeFocus() {
  const active = document.activeElement;
  if (active && active !== document.body && document.body.contains(active)) return;
  if (document.querySelector("dialog[open]")) return;
  const target = document.querySelector("#mano button.carta-mano[tabindex='0']");
  if (target) target.focus({ preventScroll: true });
}

function announceTurn() {
  if (canPass()) R.announce(t("cz.say.yourPass", { seat: seatName(S.view.pass_to), count: passWords() }));
  else if (canPlay()) R.announce(t("say.yourPlay"));
}

// --- sheets, review, practice, statistics, sharing, settings -------------------------------------------

/** The sheets and statistics (hoja.js), loaded on first use. */
function loadSheets() {
  return R.withStyles(import("./hoja.js"));
}

function recordStats() {
  return T.recordStats(S, async () => (await import("./hoja.js")).recordStats({ view: S.view, gid: S.gid }));
}

async function showStats() {
  const sheets = await loadSheets();
  sheets.showStats();
}

// --- the page around the table -------------------------------------------------------------------

const HELP = [
  ["help.howTo", "corazones/como-se-juega.html", "en/hearts/how-to-play.html"],
  ["cz.help.rules", "corazones/reglas.html", "en/hearts/rules.html"], // its page's name, not Spades'
  ["help.strategy", "corazones/estrategia.html", "en/hearts/strategy.html"],
  ["help.faq", "corazones/preguntas.html", "en/hearts/faq.html"],
  ["help.difference", "picas-y-corazones.html", "en/spades-and-hearts.html"],
];

/** The help menu opens Corazones' pages (js/ayuda.js and the pages are helper "hhelp"'s). */
function helpMenu() {
  const list = document.querySelector("#ayuda .ayuda-lista");
  list.replaceChildren(
    ...HELP.map(([key, es, en]) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = es;
      link.dataset.hrefEs = es;
      link.dataset.hrefEn = en;
      link.dataset.i18n = key;
      item.append(link);
      return item;
    }),
  );
}

function translatePage() {
  T.translatePage("app.title.corazones");
}

/** Start the Corazones table (js/inicio.js calls it once Corazones is the game). */
export async function start() {
  await T.useLanguage(S.settings);
  document.body.classList.add("juego-corazones");
  document.querySelector("h1[data-i18n]").dataset.i18n = "app.title.corazones";
  helpMenu();
  translatePage();
  installSprite();
  anim.configure({ fast: store.fastMode(), speed: S.settings.speed });
  C.bind({
    onAction,
    onReason: () => undefined, // Corazones has no bids to explain
    onEscape: () => {
      if (closeWhy()) return;
      if (S.lifted) {
        S.lifted = null;
        draw();
      }
    },
    canBid: () => false,
    onBidKey: () => undefined,
  });
  document.addEventListener("click", (event) => {
    // The tap that opened it redrew its button: that target has left the page.
    if (event.target.isConnected && !event.target.closest("#pista-razones, #btn-porque")) closeWhy();
  });
  $("app").hidden = false; // the table shows once its buttons answer
  await open(T.codeFromLink());
}
