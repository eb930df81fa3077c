// The table's conductor: loads or starts a game, sends South's actions, plays the returned events
// one by one, and keeps the save in localStorage after every step.

import * as api from "./api.js";
import * as store from "./store.js";
import * as anim from "./animation.js";
import * as R from "./render.js";
import { bindInput } from "./input.js";
import { t, applyTo, seatName, signed, num } from "./i18n.js";
import { installSprite, cardNameWithArticle, cardName } from "./cards.js";

const $ = (id) => document.getElementById(id);
const SEATS = R.SEATS;

const S = {
  save: null,
  code: null,
  level: null,
  view: null, // the server's last view: the truth
  model: null, // what the table shows (runs behind the view while events animate)
  ui: { stage: "mesa" }, // "repartir" | "mesa" | "hoja" | "fin"; saved with the game
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
  message: null, // a refusal or notice that stays until the next action
  notice: null, // a damaged save: shown above «Repartir»
  error: null, // {message, retry}
  settings: store.loadSettings(),
  storageWarned: false,
  lastTrickSeen: null,
};

// --- saving ------------------------------------------------------------------------------------

function persist() {
  if (!S.save) return;
  const ok = store.saveGame({ save: S.save, code: S.code, level: S.level, ui: S.ui });
  if (!ok && !S.storageWarned) {
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

// --- drawing -----------------------------------------------------------------------------------

function draw() {
  const m = S.model;
  if (!m) return;
  const view = S.view;
  document.body.classList.toggle("cuatro-colores", S.settings.four_colour);
  R.renderScore(m);
  R.renderInfo({ code: S.code, level: S.level, target: view && view.rules.target, handNumber: m.handNumber });
  R.renderPods(m, { thinking: S.thinking });
  R.renderTrick(m);
  keepFocus(() => {
    R.renderHand(m, {
      playable: new Set(view ? view.playable : []),
      refusals: view ? view.refusals : {},
      lifted: S.lifted,
      focusIndex: S.focusIndex,
      myPlayTurn: canPlay(),
    });
    drawActions();
  });
  drawCentre();
  drawStatus();
  $("mesa").classList.toggle("ocupada", S.busy);
}

function drawActions() {
  const view = S.view;
  if (myTurn() && view.phase === "bidding") {
    if (view.hand === null && view.blind_nil_offered) R.renderBlindChoice();
    else {
      R.renderBidPad({ selected: S.selectedBid, tip: S.tipFor === tipKey() ? S.tip : null, tipLoading: S.tipLoading });
      if (S.tipError) $("tip-razon").textContent = S.tipError;
      maybeFetchTip();
    }
  } else if (view && view.phase === "playing" && S.ui.stage === "mesa") {
    R.renderPlayBar({ lifted: canPlay() ? S.lifted : null });
  } else {
    R.clearActions();
  }
}

function drawCentre() {
  const parts = [];
  if (S.error) {
    parts.push(paragraph(S.error.message, "centro-error", "alert"));
    parts.push(R.button(t("btn.retry"), { className: "boton principal", action: "reintentar" }));
  } else if (S.ui.stage === "repartir" && !S.busy) {
    if (S.notice) parts.push(paragraph(S.notice, "centro-aviso", "alert"));
    parts.push(R.button(t("btn.deal"), { className: "boton principal grande", action: "repartir", id: "btn-repartir" }));
  } else if (S.ui.stage === "hoja" && !S.busy) {
    parts.push(R.button(t("btn.nextHand"), { className: "boton principal grande", action: "siguiente", id: "btn-siguiente" }));
    parts.push(R.button(t("btn.showScore"), { className: "boton", action: "ver-hoja" }));
  } else if (S.ui.stage === "fin" && S.view && S.view.outcome) {
    parts.push(paragraph(outcomeLine(S.view.outcome), "centro-resultado"));
    parts.push(R.button(t("btn.newGame"), { className: "boton principal grande", action: "nueva", id: "btn-nueva-fin" }));
    parts.push(R.button(t("btn.showScore"), { className: "boton", action: "ver-hoja" }));
  }
  R.renderCentre(parts.length ? parts : null);
}

function paragraph(text, className, role) {
  const p = document.createElement("p");
  p.className = className;
  p.textContent = text;
  if (role) p.setAttribute("role", role);
  return p;
}

function drawStatus() {
  if (S.message) {
    R.setStatus(S.message.text, { warn: S.message.warn });
    return;
  }
  const view = S.view;
  const m = S.model;
  let text = "";
  if (S.ui.stage === "repartir") text = S.busy ? t("status.dealing") : t("status.deal");
  else if (S.ui.stage === "hoja") text = t("status.handOver", { n: view.history.length ? view.history[view.history.length - 1].number : m.handNumber });
  else if (S.ui.stage === "fin") text = t("status.gameOver");
  else if (m.dealtCount) text = t("status.dealing");
  else if (myTurn() && view.phase === "bidding") text = view.hand === null ? t("status.blind") : t("status.bid");
  else if (myTurn() && view.phase === "playing") {
    text = S.lifted ? t("status.lifted", { card: capital(cardName(S.lifted)) }) : view.trick.length ? t("status.playFollow") : t("status.playLead");
  } else if (m.turn && (m.phase === "bidding" || m.phase === "playing")) text = m.turn === "south" ? "" : t("status.wait", { seat: seatName(m.turn) });
  R.setStatus(text);
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Redraw without losing the keyboard focus (the same card, key or button gets it back). */
function keepFocus(fn) {
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

// --- the tip -----------------------------------------------------------------------------------

function tipKey() {
  return S.code && S.view ? `${S.code}/${S.view.hand_number}` : null;
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

// --- starting, resuming ------------------------------------------------------------------------

function emptyTableModel(view) {
  const model = R.freshHandModel(view, view.dealer, view.hand_number);
  model.dealtCount = { south: 0, west: 0, north: 0, east: 0 };
  model.turn = null;
  return model;
}

async function newGame(code = null) {
  S.busy = true;
  S.error = null;
  try {
    const answer = await api.newGame(S.settings, code);
    resetHandState();
    S.ui = { stage: "repartir" };
    adopt(answer);
    S.pending = { events: answer.events, view: answer.view };
    S.model = emptyTableModel(answer.view);
  } finally {
    S.busy = false;
    draw();
  }
}

function resetHandState() {
  S.lifted = null;
  S.selectedBid = null;
  S.tip = null;
  S.tipFor = null;
  S.tipError = null;
  S.message = null;
  S.pending = null;
}

async function damaged(raw, detail) {
  store.setAside(raw);
  S.notice = t("error.damaged") + (detail ? ` ${t("error.damagedDetail", { message: detail })}` : "");
  await startNew();
}

async function startNew(code = null) {
  try {
    await newGame(code);
  } catch (error) {
    showError(error, () => startNew(code));
  }
}

async function open() {
  const loaded = store.loadGame();
  if (loaded.status === "damaged") {
    await damaged(loaded.raw, null);
    return;
  }
  if (loaded.status === "none") {
    await startNew();
    return;
  }
  let answer;
  try {
    answer = await api.resume(loaded.game.save);
  } catch (error) {
    if (error instanceof api.ApiError && error.status >= 400 && error.status < 500) {
      await damaged(store.rawGame(), error.message);
    } else {
      showError(error, open);
    }
    return;
  }
  const ui = loaded.game.ui || {};
  adopt(answer);
  const view = answer.view;
  S.ui = { stage: ["repartir", "hoja", "fin", "mesa"].includes(ui.stage) ? ui.stage : "mesa" };
  if (ui.sheetHand) S.ui.sheetHand = ui.sheetHand;
  if (view.phase === "game_over") S.ui.stage = "fin";
  else if (S.ui.stage === "fin") S.ui.stage = "mesa";
  if (S.ui.stage === "repartir" || S.ui.stage === "hoja") S.model = emptyTableModel(view);
  else S.model = R.modelFromView(view);
  persist();
  draw();
  if (S.ui.stage === "mesa") announceTurn();
}

function showError(error, retry) {
  S.error = { message: error.message || t("error.unexpected"), retry };
  S.busy = false;
  if (!S.model) {
    // Nothing on the table yet: an empty table so the message and «Reintentar» can show.
    S.model = {
      handNumber: null, dealer: null, phase: "bidding", turn: null,
      bids: { south: null, west: null, north: null, east: null },
      blind: { south: false, west: false, north: false, east: false },
      won: { south: 0, west: 0, north: 0, east: 0 },
      handSizes: { south: 0, west: 0, north: 0, east: 0 },
      hand: [], trick: [], totals: { north_south: 0, east_west: 0 }, bags: { north_south: 0, east_west: 0 },
      target: S.settings.target, bagPenalty: S.settings.bag_penalty, dealtCount: null,
    };
  }
  draw();
}

// --- South's actions ---------------------------------------------------------------------------

async function act(action, optimistic) {
  if (S.busy) return;
  S.busy = true;
  S.message = null;
  S.error = null;
  const before = S.model;
  try {
    if (optimistic) {
      draw();
      await step(optimistic);
    }
    S.thinking = S.model.turn !== "south" ? S.model.turn : null;
    R.renderPods(S.model, { thinking: S.thinking });
    const answer = await api.act(S.save, action);
    S.thinking = null;
    S.lifted = null;
    S.selectedBid = null;
    adopt(answer);
    let events = answer.events;
    if (optimistic && events.length && events[0].seat === "south" && events[0].type === optimistic.type) events = events.slice(1);
    await playEvents(events, answer.view);
  } catch (error) {
    S.thinking = null;
    S.busy = false;
    anim.endSkip();
    S.model = S.view ? R.modelFromView(S.view) : before;
    if (error instanceof api.ApiError && error.status >= 400 && error.status < 500 && error.code !== "bad_signature") {
      S.message = { text: error.message, warn: true };
      R.announce(error.message);
      draw();
    } else if (error instanceof api.ApiError && error.code === "bad_signature") {
      await damaged(store.rawGame(), error.message);
    } else {
      showError(error, () => {
        S.error = null;
        draw();
      });
    }
  }
}

function onCard(code, element) {
  if (S.busy || S.ui.stage !== "mesa" || !S.view) return;
  const view = S.view;
  if (canPlay()) {
    if (view.playable.includes(code)) {
      if (S.lifted === code) {
        playCard(code);
      } else {
        S.lifted = code;
        S.message = null;
        draw();
      }
    } else {
      const refusal = view.refusals[code];
      const text = refusal ? refusal.message : t("status.playFollow");
      S.message = { text, warn: true };
      S.lifted = null;
      draw();
      R.announce(text);
      shake(document.querySelector(`#mano [data-carta="${code}"]`) || element);
    }
  } else if (myTurn() && view.phase === "bidding") {
    S.message = { text: t("status.bidFirst"), warn: false };
    drawStatus();
  } else if (view.turn && view.turn !== "south") {
    S.message = { text: t("status.notYourTurn", { seat: seatName(view.turn) }), warn: false };
    drawStatus();
  }
}

function shake(element) {
  if (!element || anim.reduced() || anim.isInstant() || !element.animate) return;
  element.animate(
    [{ translate: "0 0" }, { translate: "-5px 0" }, { translate: "5px 0" }, { translate: "-3px 0" }, { translate: "0 0" }],
    { duration: 260 },
  );
}

function playCard(code) {
  if (!canPlay() || !S.view.playable.includes(code)) return;
  act(code, { type: "play", seat: "south", card: code });
}

function bid(n) {
  if (!canBid() || n === null || n === undefined) return;
  act(n, { type: "bid", seat: "south", bid: n, blind: false });
}

function selectBid(n, { focusConfirm = false } = {}) {
  if (!canBid()) return;
  S.selectedBid = n;
  S.message = null;
  keepFocus(drawActions);
  if (focusConfirm) $("btn-cantar").focus();
}

async function onAction(action, value) {
  switch (action) {
    case "elegir":
      selectBid(Number(value));
      break;
    case "cantar":
      bid(S.selectedBid);
      break;
    case "tip":
      if (S.tip && S.tipFor === tipKey()) selectBid(S.tip.bid);
      else {
        await maybeFetchTip(true);
        if (S.tip && S.tipFor === tipKey()) selectBid(S.tip.bid);
      }
      break;
    case "nil-ciego":
      if (myTurn() && S.view.blind_nil_offered) act("blind_nil", { type: "bid", seat: "south", bid: 0, blind: true });
      break;
    case "ver":
      if (myTurn() && S.view.blind_nil_offered) act("look", null);
      break;
    case "jugar":
      if (S.lifted) playCard(S.lifted);
      break;
    case "repartir":
      await dealFirstHand();
      break;
    case "siguiente":
      await nextHand();
      break;
    case "ver-hoja":
      showScore();
      break;
    case "nueva":
      $("dlg-hoja").close();
      S.notice = null;
      await startNew();
      break;
    case "reintentar": {
      const retry = S.error && S.error.retry;
      S.error = null;
      if (retry) await retry();
      else draw();
      break;
    }
    default:
      break;
  }
}

// --- playing the events ------------------------------------------------------------------------

function podRect(seat) {
  return $(`asiento-${seat}`).getBoundingClientRect();
}

/** One event onto the model and the screen, with its animation and its sentence. */
async function step(ev) {
  const m = S.model;
  const you = ev.seat === "south";
  if (ev.type === "bid") {
    m.bids[ev.seat] = ev.bid;
    m.blind[ev.seat] = Boolean(ev.blind);
    m.turn = R.nextSeat(ev.seat);
    if (m.turn === m.dealer && SEATS.every((s) => m.bids[s] !== null)) m.phase = "playing";
    R.renderPods(m);
    const value = ev.bid === 0 ? t("say.nil") : String(ev.bid);
    if (ev.blind) R.announce(you ? t("say.blindNil.you") : t("say.blindNil", { seat: seatName(ev.seat) }));
    else R.announce(you ? t("say.bid.you", { bid: value }) : t("say.bid", { seat: seatName(ev.seat), bid: value }));
    const badge = document.querySelector(`#asiento-${ev.seat} .canto`);
    if (badge) anim.pop(badge);
    await anim.pause(you ? 150 : "bid");
  } else if (ev.type === "look") {
    R.announce(you ? t("say.look.you") : t("say.look", { seat: seatName(ev.seat) }));
  } else if (ev.type === "play") {
    let from = null;
    if (you) {
      const button = document.querySelector(`#mano [data-carta="${ev.card}"]`);
      from = button ? button.getBoundingClientRect() : null;
      if (m.hand) m.hand = m.hand.filter((c) => c !== ev.card);
    } else {
      from = podRect(ev.seat);
    }
    if (!m.trick.length) m.leader = ev.seat;
    m.trick.push({ seat: ev.seat, card: ev.card });
    m.handSizes[ev.seat] = Math.max(0, m.handSizes[ev.seat] - 1);
    m.phase = "playing";
    m.turn = R.nextSeat(ev.seat);
    S.lifted = null;
    R.renderTrick(m);
    R.renderPods(m);
    if (you) {
      R.renderHand(m, { playable: new Set(), refusals: {}, lifted: null, focusIndex: S.focusIndex, myPlayTurn: false });
      R.renderPlayBar({ lifted: null });
    }
    const card = R.trickSlot(ev.seat).firstElementChild;
    const sentence = you
      ? t("say.play.you", { card: cardNameWithArticle(ev.card) })
      : t("say.play", { seat: seatName(ev.seat), card: cardNameWithArticle(ev.card) });
    R.announce(sentence);
    if (!you) R.setStatus(sentence);
    await anim.flyFrom(card, from, "play");
    await anim.pause("playGap");
  } else if (ev.type === "trick") {
    await anim.pause("trickPause");
    const cards = [...document.querySelectorAll("#baza .carta")];
    const winner = cards.find((c) => c.parentElement.dataset.seat === ev.winner);
    if (winner) winner.classList.add("ganadora");
    await anim.collect(cards, podRect(ev.winner));
    m.won[ev.winner] += 1;
    S.lastTrickSeen = { leader: ev.leader, cards: ev.cards, winner: ev.winner };
    m.trick = [];
    m.turn = ev.winner;
    R.renderTrick(m);
    R.renderPods(m);
    const sentence = ev.winner === "south" ? t("say.trick.you") : t("say.trick", { seat: seatName(ev.winner) });
    R.announce(sentence);
    R.setStatus(sentence);
  }
}

async function playEvents(events, finalView) {
  S.busy = true;
  try {
    for (let i = 0; i < events.length; i += 1) {
      const ev = events[i];
      if (ev.type === "hand_scored") {
        await handScored(ev.result, events.slice(i + 1), finalView);
        return;
      }
      if (ev.type === "deal") {
        await runDeal(ev.dealer, ev.hand_number, finalView);
        continue;
      }
      if (ev.type === "game_over") continue;
      await step(ev);
    }
    S.model = R.modelFromView(finalView);
    S.ui = { stage: finalView.phase === "game_over" ? "fin" : "mesa" };
    persist();
  } finally {
    S.busy = false;
    anim.endSkip();
  }
  draw();
  announceTurn();
}

async function handScored(result, rest, finalView) {
  const m = S.model;
  for (const sheet of result.sheets) {
    m.totals[sheet.team] = sheet.lines.running_total;
    m.bags[sheet.team] = sheet.bags_after;
  }
  m.turn = null;
  m.phase = "complete";
  const ns = result.sheets.find((s) => s.team === "north_south");
  const ew = result.sheets.find((s) => s.team === "east_west");
  R.announce(t("say.handScored", { n: result.number, ns: signed(ns.lines.hand_total), ew: signed(ew.lines.hand_total) }));
  const over = finalView.phase === "game_over" || rest.some((e) => e.type === "game_over");
  S.ui = { stage: over ? "fin" : "hoja", sheetHand: result.number };
  S.pending = over ? null : { events: rest, view: finalView };
  persist();
  S.busy = false;
  anim.endSkip();
  draw();
  showSheet(result, { over });
}

async function runDeal(dealer, handNumber, view) {
  const m = R.freshHandModel(view, dealer, handNumber);
  m.dealtCount = { south: 0, west: 0, north: 0, east: 0 };
  m.turn = null;
  S.model = m;
  S.tip = null;
  S.tipFor = null;
  S.tipError = null;
  S.selectedBid = null;
  S.lifted = null;
  S.focusIndex = 0;
  draw();
  R.setStatus(t("status.dealing"));
  R.announce(dealer === "south" ? t("say.deal.you", { n: handNumber }) : t("say.deal", { seat: seatName(dealer), n: handNumber }));
  const order = Array.from({ length: 52 }, (_, i) => SEATS[(SEATS.indexOf(dealer) + 1 + i) % 4]);
  const handBox = $("mano");
  await anim.deal({
    layer: $("capa"),
    fromRect: podRect(dealer),
    order,
    targetRect: (seat) => (seat === "south" ? handBox.getBoundingClientRect() : podRect(seat)),
    onArrive: (seat) => {
      m.dealtCount[seat] += 1;
      if (seat === "south") {
        R.renderHand(m, { playable: new Set(), refusals: {}, focusIndex: 0, myPlayTurn: false });
      } else {
        const count = document.querySelector(`#asiento-${seat} .mini-cuenta`);
        if (count) count.textContent = String(m.dealtCount[seat]);
      }
    },
  });
  m.dealtCount = null;
  m.turn = R.nextSeat(dealer);
  R.renderPods(m);
  R.renderHand(m, { playable: new Set(), refusals: {}, focusIndex: 0, myPlayTurn: false });
  await anim.pause(200);
}

async function dealFirstHand() {
  if (S.busy || S.ui.stage !== "repartir") return;
  S.busy = true;
  S.notice = null;
  S.ui = { stage: "mesa" };
  persist();
  const pending = S.pending;
  S.pending = null;
  const view = S.view;
  try {
    await runDeal(view.dealer, view.hand_number, view);
  } finally {
    anim.endSkip();
  }
  await playEvents(pending ? pending.events.filter((e) => e.type !== "deal") : [], view);
}

async function nextHand() {
  if (S.busy || S.ui.stage !== "hoja") return;
  $("dlg-hoja").close();
  S.message = null;
  S.ui = { stage: "mesa" };
  persist();
  const pending = S.pending;
  S.pending = null;
  if (pending && pending.events.length && pending.events[0].type === "deal") {
    await playEvents(pending.events, pending.view);
    return;
  }
  S.busy = true;
  try {
    await runDeal(S.view.dealer, S.view.hand_number, S.view);
  } finally {
    anim.endSkip();
  }
  await playEvents([], S.view);
}

function announceTurn() {
  if (!myTurn()) return;
  R.announce(S.view.phase === "bidding" ? t("say.yourBid") : t("say.yourPlay"));
}

// --- dialogs -----------------------------------------------------------------------------------

function outcomeLine(outcome) {
  const head = outcome.winner === "north_south" ? t("over.won") : outcome.winner === "east_west" ? t("over.lost") : t("over.draw");
  const [ns, ew] = outcome.totals;
  return `${head} ${t("over.totals", { ns: num(ns), ew: num(ew), n: outcome.hands_played })}`;
}

function showSheet(result, { over = false } = {}) {
  const dialog = $("dlg-hoja");
  const content = $("hoja-contenido");
  const buttons = $("hoja-botones");
  content.replaceChildren();
  buttons.replaceChildren();
  const history = S.view ? S.view.history : [];
  if (over && S.view && S.view.outcome) {
    const outcome = S.view.outcome;
    $("hoja-titulo").textContent = t("over.title");
    const lead = document.createElement("p");
    lead.className = "resultado";
    lead.textContent = outcomeLine(outcome);
    const reason = document.createElement("p");
    reason.textContent = t(`over.reason.${outcome.reason}`, { target: S.view.rules.target, n: outcome.hands_played });
    content.append(lead, reason);
  } else {
    $("hoja-titulo").textContent = result ? t("sheet.title", { n: result.number }) : t("menu.score");
  }
  if (result) {
    content.append(R.seatsSummary(result), R.sheetTable(result), R.dealtHands(result));
  } else {
    const p = document.createElement("p");
    p.textContent = t("sheet.empty");
    content.append(p);
  }
  if (history.length > 1) content.append(R.historyTable(history));
  if (over) buttons.append(R.button(t("btn.newGame"), { className: "boton principal", action: "nueva", id: "btn-nueva" }));
  else if (S.ui.stage === "hoja") buttons.append(R.button(t("btn.nextHand"), { className: "boton principal", action: "siguiente", id: "btn-siguiente-hoja" }));
  const close = R.button(t("btn.close"), { className: "boton" });
  close.dataset.cerrar = "";
  buttons.append(close);
  if (!dialog.open) dialog.showModal();
  const main = buttons.querySelector(".principal") || close;
  main.focus({ preventScroll: true });
  dialog.scrollTop = 0;
}

function showScore() {
  const history = S.view ? S.view.history : [];
  let result = history[history.length - 1] || null;
  if (S.ui.sheetHand) result = history.find((h) => h.number === S.ui.sheetHand) || result;
  showSheet(result, { over: S.ui.stage === "fin" });
}

function showLastTrick() {
  const view = S.view;
  let trick = null;
  if (view && view.tricks.length && S.ui.stage === "mesa") trick = view.tricks[view.tricks.length - 1];
  else if (view && view.history.length) {
    const last = view.history[view.history.length - 1];
    trick = last.tricks[last.tricks.length - 1] || null;
  }
  if (S.busy && S.lastTrickSeen) {
    // While tricks animate, the view is ahead of the table: show the last trick the player saw.
    trick = S.lastTrickSeen;
  }
  $("ultima-contenido").replaceChildren(R.lastTrickContent(trick));
  $("dlg-ultima").showModal();
}

function openSettings() {
  const form = $("form-ajustes");
  const s = S.settings;
  form.elements.target.value = String(s.target);
  form.elements.level.value = s.level;
  form.elements.bag_penalty.checked = s.bag_penalty;
  form.elements.blind_nil.checked = s.blind_nil;
  form.elements.four_colour.checked = s.four_colour;
  $("ajustes-mensaje").textContent = "";
  $("dlg-ajustes").showModal();
}

function readSettings() {
  const form = $("form-ajustes");
  return {
    target: Number(form.elements.target.value) === 500 ? 500 : 250,
    level: ["facil", "normal", "dificil"].includes(form.elements.level.value) ? form.elements.level.value : "facil",
    bag_penalty: form.elements.bag_penalty.checked,
    blind_nil: form.elements.blind_nil.checked,
    four_colour: form.elements.four_colour.checked,
  };
}

function bindSettings() {
  $("ajustes-guardar").addEventListener("click", () => {
    S.settings = readSettings();
    store.saveSettings(S.settings);
    $("ajustes-mensaje").textContent = t("settings.saved");
    draw();
  });
  const startFromDialog = async (code) => {
    if (S.busy) return;
    S.settings = readSettings();
    store.saveSettings(S.settings);
    try {
      S.notice = null;
      await newGame(code);
      $("dlg-ajustes").close();
      $("dlg-hoja").close();
    } catch (error) {
      $("ajustes-mensaje").textContent = error.message;
    }
  };
  $("ajustes-nueva").addEventListener("click", () => startFromDialog(null));
  $("ajustes-codigo-jugar").addEventListener("click", () => {
    const code = $("ajustes-codigo").value.replace(/[\s-]+/g, "").toUpperCase();
    if (!code) {
      $("ajustes-mensaje").textContent = t("error.codeEmpty");
      $("ajustes-codigo").focus();
      return;
    }
    startFromDialog(code);
  });
  $("ajustes-codigo").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      $("ajustes-codigo-jugar").click();
    }
  });
}

// --- start -------------------------------------------------------------------------------------

function init() {
  applyTo(document);
  document.title = t("app.title");
  installSprite();
  anim.configure({ fast: store.fastMode() });
  bindInput({
    isBusy: () => S.busy,
    onSkip: () => anim.skip(),
    onCard,
    onFocusIndex: (i) => {
      S.focusIndex = i;
    },
    onAction,
    onLastTrick: showLastTrick,
    onScore: showScore,
    onSettings: openSettings,
    onEscape: () => {
      if (S.lifted) {
        S.lifted = null;
        draw();
      }
    },
    canBid,
    onBidKey: (n) => selectBid(n, { focusConfirm: true }),
    onResize: () => R.layoutHand(),
  });
  bindSettings();
  document.body.classList.toggle("cuatro-colores", S.settings.four_colour);
  open();
}

init();
