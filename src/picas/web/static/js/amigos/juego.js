// The friends' table: the solo table's drawing and animations (render.js, mesa.js,
// animation.js, games/<key>/mesa.js) fed by the socket, for any game: what a game does its own
// way (bidding, passing, its hint, its sentences) comes from its hooks, games/<key>/amigos.js. Each `update` is turned so that this
// person's seat is at the bottom (girar.js), its events are played one by one as the solo table
// plays an answer's, and then the table is drawn from the update's view (the truth). Updates that
// arrive meanwhile wait their turn; when several wait, the animations go at once. Nothing of
// another seat's cards is ever here: the view is this seat's (docs/friends.md).

import * as anim from "../animation.js";
import * as R from "../render.js";
import * as T from "../mesa.js";
import { t, seatName, serverText, addStrings, tipReasons, reasonsWithCodes } from "../i18n.js";
import { cardName, cardGender } from "../cards.js";
import { turner } from "./girar.js";

const $ = (id) => document.getElementById(id);
const { SEATS } = R;

export const PHRASES = ["bien_jugado", "perdon", "vamos", "gracias", "uy", "pensando", "hola", "adios", "e_aplauso", "e_risa", "e_sorpresa", "e_corazon"];

/**
 * friendsTable({part (the game's amigos.js), partners, send(action), say(phrase), ask(kind), hintOn(),
 * endParts}) → {apply(msg, seat), answered(msg), ...}. `ask("hint" | "tip")` asks the server for
 * this seat's suggestion (worked out on this seat's view only); the answer comes to `answered`.
 * `partners`: the game is played in partnerships (North is South's partner).
 */
export function friendsTable({ part, partners = false, send, say, ask = () => false, hintOn = () => false, endParts }) {
  const M = part.mesa;
  const S = {
    turn: turner(null),
    table: null, // TableOut (absolute seats)
    view: null, // the last view, turned
    model: null,
    end: null,
    busy: false,
    queue: [],
    lifted: null,
    chosen: [],
    selectedBid: null,
    focusIndex: 0,
    message: null,
    lastTrickSeen: null,
    said: {}, // page seat → {phrase, until}
    names: "",
    hint: null, // {key, seq, card | cards, reason…, lines, open} | {key, loading} | {key, error}
    tip: null, // {key, seq, bid, reasons} | {key, loading} | {key, error}
    reasons: {}, // finished hand number → page seat → why the computer bid so (docs/friends.md)
    history: [], // the finished hands (the welcome's, then each hand_scored's)
    asks: 0, // the last ask's ref: a refusal with it answers that ask
  };
  // The game's own parts (games/<key>/amigos.js), given this table's side of things.
  const game = part.hooks({ S, live, myTurn, canPlay, hintOn, currentHint, currentTip, renderPods, drawHand, drawActions, drawStatus, act });

  // --- who sits where ---------------------------------------------------------------------------

  function infoAt(pageSeat) {
    if (!S.table) return null;
    return S.table.seats.find((s) => s.seat === S.turn.toServer(pageSeat)) || null;
  }

  function nameAt(pageSeat) {
    const info = infoAt(pageSeat);
    return info && info.kind === "person" && info.name ? info.name : seatName(pageSeat);
  }

  /** The seats' words become the people's names, so every sentence of the table says them. */
  function nameSeats() {
    const safe = (text) => text.replace(/[{}]/g, "");
    const es = {};
    const en = {};
    const key = JSON.stringify(S.table.seats.map((s) => [s.seat, s.kind, s.name]));
    if (key === S.names) return;
    S.names = key;
    for (const seat of SEATS) {
      const info = infoAt(seat);
      const plain = { es: t(`fr.seat.${S.turn.toServer(seat)}`), en: t(`fr.seat.${S.turn.toServer(seat)}`) };
      const person = info && info.kind === "person" && info.name ? safe(info.name) : null;
      for (const [table, lang] of [[es, "es"], [en, "en"]]) {
        const word = person || plain[lang];
        table[`seat.${seat}`] = word;
        let long = word;
        if (seat === "south") long = `${word} (${lang === "es" ? "tú" : "you"})`;
        else if (seat === "north" && partners) long = `${word} (${lang === "es" ? "compañero" : "partner"})`;
        table[`seat.${seat}.long`] = long;
        if (seat === "south") Object.assign(table, game.seatWords(person, lang));
      }
    }
    addStrings({ es, en });
  }

  // --- what this seat may do -----------------------------------------------------------------------

  function live() {
    return Boolean(S.view && !S.busy && S.table && S.table.state === "playing");
  }
  function myTurn() {
    return live() && S.view.turn === "south";
  }
  function canPlay() {
    return myTurn() && S.view.phase === "playing";
  }
  /** A bid to make (this seat's hand seen), or cards to choose for a pass: the game's to say. */
  function canBid() {
    return game.canBid();
  }
  function canPass() {
    return game.canPass();
  }

  // --- the hint and the tip (asked over the socket, answered for this seat only) ------------------

  /** Where this seat's game stands: a hint or tip is for one position, whatever else changes. */
  function positionKey() {
    const v = S.view;
    if (!v || !S.table) return null;
    return `${S.table.round}/${v.hand_number}/${v.phase}/${(v.tricks || []).length}/${(v.trick || []).length}/${(v.hand || []).length}`;
  }

  function fresh(answer) {
    return answer && answer.key === positionKey() && (answer.seq === undefined || answer.seq <= S.table.seq) ? answer : null;
  }

  function currentHint() {
    return canPass() || canPlay() || canBid() ? fresh(S.hint) : null;
  }

  function currentTip() {
    return canBid() ? fresh(S.tip) : null;
  }

  function askFor(kind, { open = false } = {}) {
    const key = positionKey();
    const slot = kind === "tip" ? "tip" : "hint";
    const have = S[slot];
    if (have && have.key === key && !have.error) return;
    S.asks += 1;
    const ref = 1_000_000 + S.asks; // apart from the acts' refs
    if (!ask(kind, ref)) {
      S[slot] = { key, error: t("fr.conn.lost") };
      return;
    }
    S[slot] = { key, loading: true, open, ref };
  }

  /** With the play hint on (the settings), ask once per position, as the solo table does. */
  function autoAsk() {
    const key = positionKey();
    if (canBid()) {
      if (!S.tip || S.tip.key !== key) askFor("tip");
    } else if (hintOn() && (canPlay() || canPass()) && (!S.hint || S.hint.key !== key)) askFor("hint");
  }

  function answered(msg) {
    const slot = msg.type === "tip" ? "tip" : "hint";
    const asked = S[slot];
    if (!asked || !asked.loading || asked.key !== positionKey() || msg.ref !== asked.ref) return;
    if (msg.type === "tip") S.tip = { key: asked.key, seq: msg.seq, bid: msg.bid, reasons: tipReasons(msg.reasons, msg.reason_codes) };
    else S.hint = { key: asked.key, seq: msg.seq, ...game.hintOf(msg.hint, asked) };
    if (!S.busy) T.keepFocus(() => {
      drawHand();
      drawActions();
    });
  }

  /** A refusal while a hint or tip was asked for is its answer (the position moved on, say). */
  function askRefused(msg) {
    let taken = false;
    for (const slot of ["hint", "tip"]) {
      if (S[slot] && S[slot].loading && msg.ref === S[slot].ref) {
        S[slot] = { key: S[slot].key, error: serverText(msg.code, msg.message, msg.params) };
        taken = true;
      }
    }
    return taken;
  }

  function toggleWhy() {
    const hint = currentHint();
    if (!hint || !hint.cards) return;
    hint.open = !hint.open;
    T.keepFocus(drawActions);
    if (hint.open) R.announce(hint.lines.join(". "));
  }

  function closeWhy() {
    const hint = currentHint();
    if (!hint || !hint.open) return false;
    hint.open = false;
    T.keepFocus(drawActions);
    return true;
  }

  // --- drawing -----------------------------------------------------------------------------------

  function decoratePods() {
    for (const seat of SEATS) {
      const pod = $(`asiento-${seat}`);
      const info = infoAt(seat);
      if (!pod || !info) continue;
      const name = pod.querySelector(".asiento-nombre");
      if (name) name.textContent = seat === "south" ? t("seat.south.long") : nameAt(seat);
      const head = pod.querySelector(".asiento-cabeza") || pod;
      const extra = el("span", "asiento-gente");
      if (info.kind === "person") {
        const d = el("span", info.connected ? "punto conectado" : "punto");
        d.title = t(info.connected ? "fr.pod.connected" : "fr.pod.away");
        d.setAttribute("aria-hidden", "true");
        extra.append(d);
        pod.append(R.srOnly(`${t(info.connected ? "fr.pod.connected" : "fr.pod.away")}.`));
      } else extra.append(el("span", "asiento-cpu", t("fr.pod.cpu", { level: t(`level.${S.table.level}`) })));
      head.prepend(extra);
      pod.classList.toggle("desconectado", info.kind === "person" && !info.connected);
      if (info.kind === "person" && info.cpu_playing) pod.append(el("p", "asiento-nota", t("fr.cpuFor", { name: nameAt(seat) })));
      const said = S.said[seat];
      if (said && said.until > Date.now()) {
        const bubble = el("p", "charla-bocadillo", t(`fr.phrase.${said.phrase}`));
        bubble.setAttribute("aria-hidden", "true");
        pod.append(bubble);
      }
    }
  }

  function el(tag, cls, text) {
    return R.el(tag, cls, text);
  }

  function renderPods(m) {
    const thinking = S.table && S.table.turn ? S.turn.toPage(S.table.turn) : null;
    M.renderPods(m, { thinking: thinking !== "south" ? thinking : null });
    decoratePods();
  }

  function drawHand() {
    const view = S.view;
    const refusals = {};
    if (view && canPlay() && view.refusals) for (const [code, r] of Object.entries(view.refusals)) refusals[code] = serverText(r.code, r.message, r.params);
    R.renderHand(S.model, {
      playable: new Set(canPlay() ? view.playable : []),
      refusals,
      lifted: S.lifted,
      suggested: suggestedCards(),
      focusIndex: S.focusIndex,
      myPlayTurn: canPlay(),
      choosing: canPass(),
      chosen: new Set(S.chosen),
      received: new Set(S.model && S.model.received ? S.model.received : []),
    });
  }

  function suggestedCards() {
    const hint = currentHint();
    if (!hint || hint.loading || hint.error) return null;
    return game.suggested(hint);
  }

  function drawActions() {
    if (live()) autoAsk();
    if (!(S.view && game.drawActions())) R.clearActions();
  }

  function statusText() {
    const view = S.view;
    if (!view || !S.table) return "";
    if (S.table.state === "over") return t("status.gameOver");
    const own = game.status();
    if (own) return own;
    if (myTurn()) {
      if (S.lifted) return t("status.lifted", { card: T.capital(cardName(S.lifted)), gender: cardGender(S.lifted) });
      return view.trick.length ? t("status.playFollow") : t("status.playLead");
    }
    const turn = S.table.turn ? S.turn.toPage(S.table.turn) : null;
    if (turn && turn !== "south") {
      const info = infoAt(turn);
      if (info && info.kind === "person" && info.cpu_playing) return t("fr.cpuFor", { name: nameAt(turn) });
      if (info && info.kind === "person") return t("fr.thinking", { name: nameAt(turn) });
      return t("status.wait", { seat: seatName(turn) });
    }
    return "";
  }

  function drawStatus() {
    if (S.message) R.setStatus(S.message.text, { warn: S.message.warn });
    else R.setStatus(statusText());
  }

  function drawCentre() {
    if (S.table && S.table.state === "over" && S.view && S.view.outcome) R.renderCentre(endParts({ view: S.view, outcomeLine, table: S.table, end: S.end }));
    else R.renderCentre(null);
  }

  function draw() {
    const m = S.model;
    if (!m) return;
    M.renderScore(m);
    T.keepFocus(() => renderPods(m));
    R.renderTrick(m);
    T.keepFocus(() => {
      drawHand();
      drawActions();
    });
    drawCentre();
    drawStatus();
    $("mesa").classList.toggle("ocupada", S.busy);
  }

  // --- the talk ------------------------------------------------------------------------------------

  function drawTalk() {
    const box = $("charla");
    if (box.childElementCount) return;
    const details = el("details", "charla-menu");
    const summary = el("summary", "boton", t("fr.talk.open"));
    details.append(summary);
    const list = el("div", "charla-frases");
    for (const phrase of PHRASES) {
      const b = el("button", phrase.startsWith("e_") ? "boton frase emoji" : "boton frase", t(`fr.phrase.${phrase}`));
      b.type = "button";
      b.dataset.frase = phrase;
      if (phrase.startsWith("e_")) b.setAttribute("aria-label", t(`fr.phrase.${phrase}.aria`));
      b.addEventListener("click", () => {
        say(phrase);
        details.open = false;
        summary.focus();
      });
      list.append(b);
    }
    details.append(list);
    box.append(details);
  }

  function heard(pageSeat, phrase) {
    if (!PHRASES.includes(phrase)) return;
    S.said[pageSeat] = { phrase, until: Date.now() + 4000 };
    R.announce(t("fr.talk.said", { name: pageSeat === "south" ? t("seat.south") : nameAt(pageSeat), phrase: t(`fr.phrase.${phrase}`) }));
    if (S.model) T.keepFocus(() => renderPods(S.model));
    setTimeout(() => {
      if (S.model && !S.busy) T.keepFocus(() => renderPods(S.model));
    }, 4100);
  }

  // --- the events ------------------------------------------------------------------------------------

  async function runDeal(ev, view) {
    const m = game.freshModel(view, ev);
    m.dealtCount = { south: 0, west: 0, north: 0, east: 0 };
    m.turn = null;
    S.model = m;
    S.lifted = null;
    S.chosen = [];
    S.selectedBid = null;
    S.focusIndex = 0;
    draw();
    R.setStatus(t("status.dealing"));
    R.announce(ev.dealer === "south" ? t("say.deal.you", { n: ev.hand_number }) : t("say.deal", { seat: seatName(ev.dealer), n: ev.hand_number }));
    await T.dealCards(m, ev.dealer, { still: () => m === S.model });
    if (m !== S.model) return;
    m.dealtCount = null;
    game.afterDeal(m, ev);
    renderPods(m);
    R.renderHand(m, { playable: new Set(), refusals: {}, focusIndex: 0, myPlayTurn: false });
    await anim.pause(200);
  }

  async function step(ev) {
    const m = S.model;
    if (!m) return;
    const you = ev.seat === "south";
    if (await game.step(ev, m)) return;
    if (ev.type === "play") {
      const from = T.playedFrom(ev);
      T.cardPlayed(m, ev);
      S.lifted = null;
      R.renderTrick(m);
      renderPods(m);
      if (you) {
        R.renderHand(m, { playable: new Set(), refusals: {}, focusIndex: S.focusIndex, myPlayTurn: false, received: new Set(m.received || []) });
        R.clearActions();
      }
      T.sayPlayed(ev);
      await T.flyToTrick(ev.seat, from);
    } else if (ev.type === "trick") {
      S.lastTrickSeen = { leader: ev.leader, cards: ev.cards, winner: ev.winner };
      const sentence = M.trickSentence(ev);
      await T.collectTrick(ev, { pauseTricks: false, waitForTap: () => Promise.resolve(), sentence });
      if (m !== S.model) return;
      M.tallyTrick(m, ev);
      m.trick = [];
      m.turn = ev.winner;
      R.renderTrick(m);
      renderPods(m);
      R.announce(sentence);
      R.setStatus(sentence);
    } else if (ev.type === "hand_scored") {
      keepReasons({ [ev.result.number]: reasonsWithCodes(ev.reasons, ev.reason_codes) });
      if (!S.history.some((r) => r.number === ev.result.number)) S.history.push(ev.result);
      handScored(ev.result);
      await anim.pause("trickPause");
    } else if (ev.type === "say") heard(ev.seat, ev.phrase);
    else if (ev.type === "passed" && ev.seat !== "south") R.announce(t("fr.passed", { name: nameAt(ev.seat) }));
  }

  /** The computer's bid reasons of finished hands (hand → page seat → text, already turned). */
  function keepReasons(byHand) {
    for (const [hand, seats] of Object.entries(byHand || {})) S.reasons[hand] = { ...seats };
  }

  function handScored(result) {
    const m = S.model;
    M.scoreHand(m, result);
    M.renderScore(m);
    S.lastScored = result.number;
  }

  /** The game's end in words: [head, totals], from this seat and with the people's names (the
   * game's own line at a friends' table; the solo table's line says seats as South sees them). */
  const outcomeLine = game.outcomeLine || M.outcomeLine;

  // --- the updates -------------------------------------------------------------------------------------

  /** A welcome or an update: queued, then shown in order. `seat`: this page's (absolute) seat. */
  function apply(msg, seat) {
    S.queue.push({ msg, seat });
    if (!S.busy) run();
  }

  async function run() {
    S.busy = true;
    try {
      while (S.queue.length) {
        const { msg, seat } = S.queue.shift();
        if (S.queue.length > 1) anim.skip(); // behind: catch up at once
        await show(msg, seat);
        anim.endSkip();
      }
    } finally {
      S.busy = false;
    }
    if (S.model) draw();
    announceTurn();
    placeFocus();
  }

  async function show(msg, seat) {
    const first = !S.table;
    S.turn = turner(seat);
    S.table = msg.table;
    nameSeats();
    drawTalk();
    const view = msg.view ? S.turn.turn(msg.view) : null;
    S.end = msg.end || null;
    if (msg.type === "welcome") {
      S.reasons = {};
      keepReasons(S.turn.turn(reasonsWithCodes(msg.reasons, msg.reason_codes)));
      // An update's view has no finished hands (each came in its hand_scored): kept here.
      S.history = view ? [...(view.history || [])] : [];
    }
    if (msg.type === "update" && view && !first) {
      S.message = null;
      const events = S.turn.turn(msg.events || []);
      for (const ev of events) {
        if (ev.type === "deal") await runDeal(ev, view);
        else await step(ev);
      }
    }
    if (view) {
      S.view = view;
      S.model = M.modelFromView(view);
    }
  }

  let lastAnnounced = null;
  function announceTurn() {
    if (!S.table || S.table.state !== "playing" || !S.view) return;
    const key = `${S.table.seq}:${S.table.turn}`;
    if (key === lastAnnounced) return;
    lastAnnounced = key;
    const own = game.yourTurn();
    if (own) R.announce(own);
    else if (myTurn()) R.announce(t("say.yourPlay"));
    else {
      const text = statusText();
      if (text) R.announce(text);
    }
  }

  function placeFocus() {
    const active = document.activeElement;
    if (active && active !== document.body && document.body.contains(active)) return;
    if (document.querySelector("dialog[open]")) return;
    let target = null;
    if (canBid()) target = document.querySelector("#acciones .tecla");
    if (!target) target = document.querySelector("#mano button.carta-mano[tabindex='0']");
    if (target) target.focus({ preventScroll: true });
  }

  // --- this seat's taps ---------------------------------------------------------------------------

  function act(action) {
    S.message = null;
    if (!send(action)) {
      S.message = { text: t("fr.conn.lost"), warn: true };
      drawStatus();
    }
  }

  function refused(msg) {
    if (askRefused(msg)) {
      if (!S.busy) T.keepFocus(drawActions);
      return;
    }
    S.message = { text: serverText(msg.code, msg.message, S.turn ? S.turn.turn(msg.params) : msg.params), warn: true };
    R.announce(S.message.text);
    drawStatus();
  }

  function onCard(code, element) {
    if (S.busy || !S.view) return;
    if (game.onCard(code, element)) return;
    if (canPlay()) {
      if (!S.view.playable.includes(code)) {
        const r = S.view.refusals ? S.view.refusals[code] : null;
        S.message = { text: r ? serverText(r.code, r.message, r.params) : t("status.playFollow"), warn: true };
        S.lifted = null;
        draw();
        R.announce(S.message.text);
        T.shake(document.querySelector(`#mano [data-carta="${code}"]`) || element);
      } else if (S.lifted === code) act(code);
      else {
        S.lifted = code;
        S.message = null;
        draw();
      }
      return;
    }
    const text = statusText();
    if (text) {
      S.message = { text: myTurn() ? text : t("status.notYourTurn", { seat: seatName(S.view.turn || "south") }), warn: false };
      drawStatus();
      S.message = null;
    }
  }

  const ACTIONS = {
    jugar: () => {
      if (S.lifted && canPlay()) act(S.lifted);
    },
    elegir: (value) => {
      if (!canBid()) return;
      S.selectedBid = Number(value);
      T.keepFocus(drawActions);
    },
    cantar: () => {
      if (canBid() && S.selectedBid !== null) act(S.selectedBid);
    },
    tip: () => {
      const tip = currentTip();
      if (tip && !tip.loading && !tip.error) ACTIONS.elegir(tip.bid);
      else {
        if (tip && tip.error) S.tip = null;
        askFor("tip");
        T.keepFocus(drawActions);
      }
    },
    pista: () => {
      if (!(canPass() || canPlay())) return;
      if (S.hint && S.hint.error) S.hint = null;
      askFor("hint");
      T.keepFocus(drawActions);
    },
    porque: () => toggleWhy(),
    "ver-hoja": () => showScore(),
    ...game.actions,
  };

  function onAction(action, value) {
    const handler = ACTIONS[action];
    if (handler) handler(value);
  }

  async function showScore() {
    if (!S.view) return;
    const history = S.history;
    const result = history[history.length - 1] || null;
    const sheets = await part.loadSheets();
    const ctx = { view: { ...S.view, history }, stage: "mesa", outcomeLine, canPractice: false, onPractice: () => undefined, reasons: S.reasons, practice: null };
    if (!result) return;
    sheets.showSheet(ctx, result, { over: S.table.state === "over" });
  }

  function showLastTrick() {
    return T.showLastTrick({ view: S.view, atTable: true, busy: S.busy, seen: S.lastTrickSeen });
  }

  return {
    apply,
    answered,
    refused,
    closeWhy,
    onCard,
    onAction,
    showScore,
    showLastTrick,
    isBusy: () => S.busy,
    canBid,
    selectBid: (n) => ACTIONS.elegir(n),
    escape: () => {
      if (closeWhy()) return;
      if (S.lifted) {
        S.lifted = null;
        draw();
      }
    },
    setFocusIndex: (i) => {
      S.focusIndex = i;
    },
    redraw: () => draw(),
    state: S,
  };
}
