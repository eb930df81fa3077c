// The Corazones table's conductor (js/inicio.js loads it when Corazones is the game): it opens or
// starts a game, sends South's pass and plays, shows the returned events one by one and keeps the
// save in localStorage after every step, under Corazones' own keys. The cards, the trick, the hand,
// the animations and the input are the shared components; what only Corazones draws is in
// corazones-mesa.js, its sheets, review and statistics in corazones-hoja.js (loaded on first use).

import * as api from "./api.js";
import * as store from "./store.js";
import * as anim from "./animation.js";
import * as R from "./render.js";
import * as M from "./corazones-mesa.js";
import * as T from "./mesa.js";
import { bindInput } from "./input.js";
import { t, addStrings, language, seatName, serverText, signed } from "./i18n.js";
import { installSprite, cardName, cardNameWithArticle, cardGender, sortHand } from "./cards.js";
import { ES, EN } from "./i18n-corazones.js";

addStrings({ es: ES, en: EN });

const $ = (id) => document.getElementById(id);
const { SEATS } = R;
const KEYS = store.KEYS.corazones;
const STAGES = ["repartir", "mesa", "hoja", "fin", "practica"];
const { paragraph, capital, keepFocus, shake, podRect } = T;

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

// --- saving ------------------------------------------------------------------------------------

function saveKey() {
  return S.practice ? KEYS.practice : KEYS.game;
}

function persist() {
  if (!S.save) return;
  const entry = { save: S.save, code: S.code, level: S.level, ui: S.ui, reasons: {}, gid: S.gid, practice: S.practice };
  if (!store.saveGame(entry, saveKey()) && !S.storageWarned) {
    S.storageWarned = true;
    S.message = { text: t("error.storage"), warn: true };
  }
}

function adopt(answer) {
  S.save = answer.save;
  S.code = answer.code || (answer.save.record && answer.save.record.code) || S.code;
  S.level = answer.level || S.level;
  S.view = answer.view;
  persist();
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

function draw() {
  const m = S.model;
  if (!m) return;
  document.body.classList.toggle("cuatro-colores", S.settings.four_colour);
  M.renderScore(m);
  const code = S.practice ? S.practice.mainCode : S.code;
  R.renderInfo({ code, level: S.level, target: m.target, handNumber: S.practice ? S.practice.hand : m.handNumber });
  drawPracticeBar();
  keepFocus(() => M.renderPods(m, { thinking: S.thinking }));
  R.renderTrick(m);
  keepFocus(() => {
    drawHand();
    drawActions();
  });
  drawCentre();
  drawStatus();
  $("mesa").classList.toggle("ocupada", S.busy);
}

function drawHand() {
  const view = S.view;
  const refusals = {};
  if (view && canPlay()) for (const [code, refusal] of Object.entries(view.refusals)) refusals[code] = serverText(refusal.code, refusal.message);
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
  else if (canPass()) M.renderPassBar({ direction: S.view.direction, chosen: S.chosen.length, hint: currentHint() });
  else if (S.view && S.view.phase === "playing" && S.ui.stage === "mesa" && !S.model.dealtCount) {
    M.renderPlayBar({ lifted: canPlay() ? S.lifted : null, hint: currentHint(), canHint: canPlay() });
  } else R.clearActions();
  if (S.settings.hint && (canPass() || canPlay()) && !currentHint()) fetchHint();
}

function drawCentre() {
  const parts = [];
  const stage = S.ui.stage;
  if (S.error) {
    parts.push(paragraph(S.error.message, "centro-error", "alert"));
    parts.push(R.button(t("btn.retry"), { className: "boton principal", action: "reintentar" }));
  } else if (stage === "repartir" && !S.busy) {
    if (!S.practice && S.view) parts.push(R.targetChoice(S.view.rules.target, { targets: [100, 50], prefix: "cz.deal.target" }));
    parts.push(R.button(t("btn.deal"), { className: "boton principal grande", action: "repartir", id: "btn-repartir" }));
  } else if (stage === "hoja" && !S.busy) {
    parts.push(R.button(t("btn.nextHand"), { className: "boton principal grande", action: "siguiente", id: "btn-siguiente" }));
    parts.push(R.button(t("btn.showScore"), { className: "boton", action: "ver-hoja" }));
  } else if (stage === "fin" && S.view && S.view.outcome) {
    parts.push(paragraph(outcomeLine(S.view.outcome), "centro-resultado"));
    parts.push(R.button(t("btn.newGame"), { className: "boton principal grande", action: "nueva", id: "btn-nueva-fin" }));
    parts.push(R.button(t("btn.showScore"), { className: "boton", action: "ver-hoja" }));
  } else if (stage === "practica" && !S.busy) {
    parts.push(paragraph(t("practice.done"), "centro-resultado"));
    parts.push(R.button(t("practice.back"), { className: "boton principal grande", action: "volver", id: "btn-volver" }));
    parts.push(R.button(t("practice.showCompare"), { className: "boton", action: "comparar", id: "btn-comparar" }));
  }
  if (S.message && S.message.centre) parts.unshift(paragraph(S.message.text, "centro-aviso", "alert"));
  R.renderCentre(parts.length ? parts : null);
}

function drawPracticeBar() {
  $("practica").hidden = !S.practice;
  if (S.practice) {
    $("practica-texto").textContent = t("practice.banner", { n: S.practice.hand, code: R.formatCode(S.practice.mainCode) });
  }
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
    if (S.chosen.length === 3) return t("cz.status.passReady", { button: t(`cz.pass.${view.direction}`) });
    return t("cz.status.pass", { seat: seatName(view.pass_to) });
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

/** The reason of one suggested card in the page's language: the server's Spanish words, or in
 * English the code's own template (the server's words when the code is unknown). */
function reasonLine(detail) {
  if (language() === "es") return detail.reason;
  return R.hintReason(detail.reasonCode, detail.reasonParams, "hint.corazones") ?? detail.reason;
}

async function fetchHint({ open = false } = {}) {
  if (!(canPass() || canPlay()) || (S.hint && S.hint.key === S.save.sig && !S.hint.error)) return;
  const key = S.save.sig;
  S.hint = { key, loading: true };
  keepFocus(drawActions);
  try {
    const answer = await api.suggestion(S.save);
    if (!S.save || S.save.sig !== key) return;
    S.hint = { key, kind: answer.kind, cards: answer.cards, lines: answer.details.map(reasonLine).filter(Boolean), open };
  } catch (error) {
    if (S.save && S.save.sig === key) S.hint = { key, error: error.message };
  }
  if (canPass() || canPlay()) {
    keepFocus(() => {
      drawHand();
      drawActions();
    });
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

// --- starting, resuming ------------------------------------------------------------------------

function dealEvent(view) {
  return { type: "deal", hand_number: view.hand_number, dealer: view.dealer, direction: view.direction, pass_to: view.pass_to };
}

function emptyTableModel(view) {
  const model = M.freshHandModel(view, dealEvent(view));
  model.dealtCount = { south: 0, west: 0, north: 0, east: 0 };
  return model;
}

function resetHandState() {
  S.lifted = null;
  S.chosen = [];
  S.hint = null;
  S.message = null;
  S.pending = null;
}

function leavePractice() {
  store.removeGame(KEYS.practice);
  S.practice = null;
}

async function newGame(code = null) {
  S.busy = true;
  S.error = null;
  try {
    const answer = await api.newCorazonesGame(S.settings, code);
    leavePractice();
    resetHandState();
    S.gid = store.newGameId();
    S.ui = { stage: "repartir" };
    adopt(answer);
    S.pending = { events: answer.events, view: answer.view };
    S.model = emptyTableModel(answer.view);
  } finally {
    S.busy = false;
    draw();
  }
}

function startNew(code = null) {
  return T.startNew(code, { state: S, newGame, showError });
}

/** A save the server refuses is kept aside (never lost) and a new game starts. */
async function damaged(raw, error) {
  store.setAside(raw, saveKey(), KEYS.aside);
  S.notice = t("error.damaged") + (error ? ` ${t("error.damagedDetail", { message: error.message })}` : "");
  leavePractice();
  await startNew();
  R.announce(S.notice);
}

function showError(error, retry) {
  S.error = { message: error.message || t("error.unexpected"), retry };
  S.busy = false;
  if (!S.model) {
    S.model = {
      handNumber: null, dealer: null, direction: "none", passTo: null, phase: "passing", turn: null, hand: [], received: [],
      handSizes: { south: 0, west: 0, north: 0, east: 0 }, leader: "south", trick: [],
      taken: { south: 0, west: 0, north: 0, east: 0 }, queen: null,
      totals: { south: 0, west: 0, north: 0, east: 0 }, target: S.settings.target, dealtCount: null,
    };
  }
  draw();
}

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
  if (["repartir", "hoja", "practica"].includes(S.ui.stage)) S.model = emptyTableModel(view);
  else S.model = M.modelFromView(view);
  if (S.ui.stage !== "mesa") S.model.totals = { ...view.totals };
  if (S.ui.stage === "hoja") S.pending = { events: [dealEvent(view)], view };
  persist();
  draw();
  if (!S.practice) recordStats();
  announceTurn();
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

function onCard(code, element) {
  if (S.busy || S.ui.stage !== "mesa" || !S.view) return;
  const view = S.view;
  if (canPass()) {
    choose(code);
  } else if (canPlay()) {
    if (view.playable.includes(code)) {
      if (S.lifted === code) playCard(code);
      else {
        S.lifted = code;
        S.message = null;
        draw();
      }
    } else {
      // The server's reason, in the player's language: «Los corazones aún no se han roto»…
      const refusal = view.refusals[code];
      const text = refusal ? serverText(refusal.code, refusal.message) : t("status.playFollow");
      S.message = { text, warn: true };
      S.lifted = null;
      draw();
      R.announce(text);
      shake(document.querySelector(`#mano [data-carta="${code}"]`) || element);
    }
  } else if (view.phase === "passing") {
    S.message = { text: t("cz.status.waitPass"), warn: false };
    drawStatus();
  } else if (view.turn && view.turn !== "south") {
    S.message = { text: t("status.notYourTurn", { seat: seatName(view.turn) }), warn: false };
    drawStatus();
  }
}

/** Pick a card for the pass, or put it back; a fourth is refused with a word, never silently. */
function choose(code) {
  const at = S.chosen.indexOf(code);
  if (at >= 0) S.chosen.splice(at, 1);
  else if (S.chosen.length >= 3) {
    S.message = { text: t("cz.pass.full"), warn: true };
    R.announce(S.message.text);
    shake(document.querySelector(`#mano [data-carta="${code}"]`));
    drawStatus();
    return;
  } else S.chosen.push(code);
  S.message = null;
  keepFocus(() => {
    drawHand();
    drawActions();
  });
  drawStatus();
  R.announce(t("cz.pass.countAria", { n: S.chosen.length }));
}

function playCard(code) {
  if (!canPlay() || !S.view.playable.includes(code)) return;
  act(code, { type: "play", seat: "south", card: code });
}

function sendPass() {
  if (!canPass() || S.chosen.length !== 3) return;
  act([...S.chosen], null);
}

/** South's taps on the buttons of the action area, the centre and the sheet, by their action. */
const ACTIONS = {
  pasar: sendPass,
  jugar: () => {
    if (S.lifted) playCard(S.lifted);
  },
  pista: () => fetchHint(),
  "elegir-pista": pickSuggestedPass,
  porque: toggleWhy,
  seguir: () => {
    if (S.tapWaiter) S.tapWaiter();
  },
  repartir: dealFirstHand,
  objetivo: (value) => chooseTarget(Number(value)),
  siguiente: nextHand,
  "ver-hoja": showScore,
  nueva: async () => {
    $("dlg-hoja").close();
    S.notice = null;
    await startNew();
  },
  rejugar: (value) => startPractice(Number(value)),
  volver: backToGame,
  comparar: showCompare,
  reintentar: () => T.retry(S, draw),
};

function onAction(action, value) {
  return T.dispatch(action, value, ACTIONS);
}

/** «Elegir estas»: the three suggested cards become the pass; «Pasar…» takes the focus. */
function pickSuggestedPass() {
  const hint = currentHint();
  if (!canPass() || !hint || !hint.cards) return;
  S.chosen = [...hint.cards];
  keepFocus(() => {
    drawHand();
    drawActions();
  });
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
    if (you) m.hand = m.hand.filter((c) => c !== ev.card);
    if (!m.trick.length) m.leader = ev.seat;
    m.trick.push({ seat: ev.seat, card: ev.card });
    m.handSizes[ev.seat] = Math.max(0, m.handSizes[ev.seat] - 1);
    m.phase = "playing";
    m.turn = R.nextSeat(ev.seat);
    S.lifted = null;
    R.renderTrick(m);
    M.renderPods(m, { thinking: null });
    if (you) {
      R.renderHand(m, { playable: new Set(), refusals: {}, focusIndex: S.focusIndex, myPlayTurn: false, received: new Set(m.received) });
      R.clearActions();
    }
    const sentence = you
      ? t("say.play.you", { card: cardNameWithArticle(ev.card) })
      : t("say.play", { seat: seatName(ev.seat), card: cardNameWithArticle(ev.card) });
    R.announce(sentence);
    if (!you) R.setStatus(sentence);
    if (!m.broken && (ev.card[1] === "H" || ev.card === "QS")) {
      m.broken = true;
      if (ev.card[1] === "H") R.announce(t("cz.say.broken"));
    }
    await T.flyToTrick(ev.seat, from);
  } else if (ev.type === "trick") await takeTrick(ev);
}

/** The cards change hands: South's three go to the receiver, the three received arrive marked. */
async function showPass(ev) {
  const m = S.model;
  const leaving = ev.gave.map((code) => document.querySelector(`#mano [data-carta="${code}"]`)).filter(Boolean);
  await anim.collect(leaving, podRect(ev.to));
  m.hand = sortHand(m.hand.filter((c) => !ev.gave.includes(c)).concat(ev.received));
  m.received = [...ev.received];
  m.phase = "playing";
  R.renderHand(m, { playable: new Set(), refusals: {}, focusIndex: 0, myPlayTurn: false, received: new Set(m.received) });
  const from = podRect(ev.from);
  await Promise.all(ev.received.map((code) => anim.flyFrom(document.querySelector(`#mano [data-carta="${code}"]`), from, "play")));
  R.announce(t("cz.say.passed", { seat: seatName(ev.to), cards: M.cardList(ev.gave) }));
  R.announce(t("cz.say.received", { seat: seatName(ev.from), cards: M.cardList(ev.received) }));
  R.setStatus(t("cz.status.received", { cards: M.labelList(ev.received), seat: seatName(ev.from) }));
  await anim.pause("trickPause");
}

async function takeTrick(ev) {
  const m = S.model;
  S.lastTrickSeen = { leader: ev.leader, cards: ev.cards, winner: ev.winner };
  const you = ev.winner === "south";
  const sentence = ev.points ? t("cz.say.trickPoints", { seat: seatName(ev.winner), n: ev.points, you }) : t("cz.say.trick", { seat: seatName(ev.winner), you });
  await T.collectTrick(ev, { pauseTricks: S.settings.pause_tricks, waitForTap, sentence });
  if (m !== S.model) return;
  m.taken[ev.winner] += ev.points || 0;
  if (ev.cards.includes("QS")) m.queen = ev.winner;
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
  R.announce(deal.pass_to ? t("cz.say.yourPass", { seat: seatName(deal.pass_to) }) : t("cz.status.noPass"));
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
}

async function handScored(result, rest, finalView) {
  const m = S.model;
  m.totals = { ...result.totals };
  m.turn = null;
  m.phase = "complete";
  const points = SEATS.map((s) => `${M.seatShort(s)} ${signed(result.points[s])}`).join(", ");
  R.announce(t("cz.say.handScored", { n: result.number, points }));
  if (result.moon) R.announce(t("cz.moon", { seat: seatName(result.moon), you: result.moon === "south" }));
  const practiceDone = Boolean(S.practice);
  const over = !practiceDone && (finalView.phase === "game_over" || rest.some((e) => e.type === "game_over"));
  S.ui = practiceDone ? { stage: "practica" } : { stage: over ? "fin" : "hoja", sheetHand: result.number };
  S.pending = over || practiceDone ? null : { events: rest, view: finalView };
  persist();
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

async function dealFirstHand() {
  if (S.busy || S.ui.stage !== "repartir") return;
  S.notice = null;
  S.ui = { stage: "mesa" };
  persist();
  const events = S.pending ? S.pending.events : [];
  S.pending = null;
  const rest = events.filter((e) => e.type !== "deal");
  await playEvents([dealEvent(S.view), ...rest], S.view);
}

async function nextHand() {
  if (S.busy || S.ui.stage !== "hoja") return;
  $("dlg-hoja").close();
  S.message = null;
  S.ui = { stage: "mesa" };
  persist();
  const pending = S.pending;
  S.pending = null;
  if (pending && pending.events.length && pending.events[0].type === "deal") await playEvents(pending.events, pending.view);
  else await playEvents([dealEvent(S.view)], S.view);
}

/** 100 or 50 next to «Repartir»: the undealt game (same code) plays to that target. */
async function chooseTarget(target) {
  if (![100, 50].includes(target) || S.busy || S.ui.stage !== "repartir") return;
  S.settings = { ...S.settings, target };
  store.saveCorazonesSettings(S.settings);
  await applyToUndealt();
  const chosen = document.querySelector(`[data-accion="objetivo"][data-valor="${target}"]`);
  if (chosen) chosen.focus({ preventScroll: true });
}

async function applyToUndealt() {
  if (S.busy || S.practice || S.ui.stage !== "repartir" || !S.view) return false;
  const rules = S.view.rules;
  const wanted = S.settings;
  const same = rules.target === wanted.target && rules.passing === wanted.passing && rules.jack_of_diamonds === wanted.jack_of_diamonds
    && rules.moon === wanted.moon && S.level === wanted.level;
  if (same) return false;
  await startNew(S.code);
  return true;
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
  if (canPass()) R.announce(t("cz.say.yourPass", { seat: seatName(S.view.pass_to) }));
  else if (canPlay()) R.announce(t("say.yourPlay"));
}

function outcomeLine(outcome) {
  const totals = outcome.totals;
  const head = outcome.winner === "south" ? t("cz.over.youWin", { n: totals.south }) : t("cz.over.win", { seat: seatName(outcome.winner), n: totals[outcome.winner] });
  return `${head} ${t("cz.over.totals", { ...totals, hands: outcome.hands_played })}`;
}

// --- sheets, review, practice, statistics, sharing, settings -------------------------------------------

function loadSheets() {
  return Promise.all([import("./corazones-hoja.js"), R.loadStyles()]).then(([module]) => module);
}

function sheetContext() {
  return {
    view: S.view,
    stage: S.ui.stage,
    outcomeLine,
    canPractice: !S.practice && Boolean(S.view),
    onPractice: (n) => startPractice(n),
  };
}

async function showScore() {
  const result = T.sheetResult(S.view, S.ui.sheetHand);
  if (S.practice && S.ui.stage === "practica") {
    await showCompare();
    return;
  }
  const sheets = await loadSheets();
  sheets.showSheet(sheetContext(), result, { over: S.ui.stage === "fin" });
}

async function showCompare() {
  if (!S.practice || !S.view || !S.view.history.length) return;
  const sheets = await loadSheets();
  sheets.showCompare(sheetContext(), S.view.history[0], S.practice.compare);
}

function showLastTrick() {
  return T.showLastTrick({ view: S.view, atTable: S.ui.stage === "mesa", busy: S.busy, seen: S.lastTrickSeen });
}

/** «Rejugar esta mano»: the same deal (and pass direction) from South's seat, in a save of its own. */
async function startPractice(n) {
  if (S.busy || !Number.isInteger(n)) return;
  const main = store.loadGame(KEYS.game);
  if (main.status !== "ok") return;
  S.busy = true;
  $("mesa").classList.add("ocupada");
  const waiting = $("hoja-mensaje");
  if (waiting) waiting.textContent = t("practice.preparing");
  R.setStatus(t("practice.preparing"));
  let answer;
  try {
    answer = await api.practice(main.game.save, n);
  } catch (error) {
    S.busy = false;
    if (waiting) waiting.textContent = error.message;
    S.message = { text: error.message, warn: true };
    R.announce(error.message);
    draw();
    return;
  }
  for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
  resetHandState();
  S.practice = { hand: n, compare: answer.compare, mainCode: main.game.code };
  S.gid = null;
  S.ui = { stage: "mesa" };
  adopt(answer);
  S.model = emptyTableModel(answer.view);
  S.busy = false;
  R.announce(t("practice.started", { n }));
  await playEvents(answer.events.length ? answer.events : [dealEvent(answer.view)], answer.view);
}

async function backToGame() {
  if (S.busy) return;
  for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
  leavePractice();
  resetHandState();
  S.busy = true; // the table is busy until the game is back on it
  $("mesa").classList.add("ocupada");
  try {
    await open();
  } finally {
    S.busy = false;
    draw();
    announceTurn();
  }
}

async function recordStats() {
  if (S.practice || !S.view || !S.gid || !S.view.history.length) return;
  try {
    const sheets = await import("./corazones-hoja.js");
    sheets.recordStats({ view: S.view, gid: S.gid });
  } catch {
    // statistics are never worth an error on the table
  }
}

async function showStats() {
  const sheets = await loadSheets();
  sheets.showStats();
}

async function showShare() {
  const [share] = await Promise.all([import("./share.js"), R.loadStyles()]);
  const main = S.practice ? store.loadGame(KEYS.game) : null;
  share.showShare({
    game: "corazones",
    save: main && main.status === "ok" ? main.game.save : S.save,
    code: S.practice ? S.practice.mainCode : S.code,
    practice: Boolean(S.practice),
    onImported: adoptImported,
  });
}

/** A downloaded game, checked and signed by the server: a Spades one opens at the Spades table. */
async function adoptImported(answer) {
  if (answer.game !== "corazones") {
    store.handOver("picas", answer);
    window.location.reload();
    return;
  }
  leavePractice();
  resetHandState();
  S.gid = store.newGameId();
  adopt(answer);
  S.ui = { stage: answer.view.phase === "game_over" ? "fin" : "mesa" };
  S.model = M.modelFromView(answer.view);
  persist();
  draw();
  announceTurn();
}

function openSettings() {
  return T.openSettings({
    game: "corazones",
    state: S,
    save: store.saveCorazonesSettings,
    titleKey: "app.title.corazones",
    draw,
    applyToUndealt,
    newGame,
  });
}

// --- the page around the table -------------------------------------------------------------------

const HELP = [
  ["help.howTo", "corazones/como-se-juega.html", "en/hearts/how-to-play.html"],
  ["help.rules", "corazones/reglas.html", "en/hearts/rules.html"],
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
  bindInput({
    isBusy: () => S.busy,
    waitingForTap: () => Boolean(S.tapWaiter),
    onSkip: () => {
      if (S.tapWaiter) S.tapWaiter();
      else anim.skip();
    },
    onCard,
    onFocusIndex: (i) => {
      S.focusIndex = i;
    },
    onAction,
    onReason: () => undefined, // Corazones has no bids to explain
    onLastTrick: showLastTrick,
    onScore: showScore,
    onSettings: openSettings,
    onStats: showStats,
    onShare: showShare,
    onBackToGame: backToGame,
    onEscape: () => {
      if (S.lifted) {
        S.lifted = null;
        draw();
      }
    },
    canBid: () => false,
    onBidKey: () => undefined,
    onResize: () => R.layoutHand(),
  });
  $("app").hidden = false; // the table shows once its buttons answer
  await open(T.codeFromLink());
}
