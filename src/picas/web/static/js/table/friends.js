// The friends' table: the one table controller (controller.js) over the friends' transport — the
// socket of a table the server holds (js/amigos/conexion.js, docs/friends.md). Each `update` is
// turned so that this person's seat is at the bottom (amigos/girar.js), its events are played by
// the controller as the solo table plays an answer's, and then the table is drawn from the
// update's view (the truth). Updates that arrive meanwhile wait their turn; when several wait,
// the animations go at once. What only a friends' table has is here: the people's names in every
// sentence, who is connected, the talk, the hint and tip asked over the socket, the finished
// hands' sheet, the end. Nothing of another seat's cards is ever here: the view is this seat's.

import * as anim from "../animation.js";
import * as R from "../render.js";
import * as T from "./pieces.js";
import { tableController, tableState } from "./controller.js";
import { t, seatName, serverText, addStrings, tipReasons, reasonsWithCodes } from "../i18n.js";
import { turner } from "../amigos/girar.js";

const $ = (id) => document.getElementById(id);
const { SEATS } = R;

export const PHRASES = ["bien_jugado", "perdon", "vamos", "gracias", "uy", "pensando", "hola", "adios", "e_aplauso", "e_risa", "e_sorpresa", "e_corazon"];

/**
 * friendsTable({game (its hooks module), partners, settings, send(action), say(phrase),
 * ask(kind, ref), endParts}) → {apply(msg, seat), answered(msg), refused(msg), redraw()}.
 * `ask` asks the server for this seat's hint or tip (worked out on this seat's view only); the
 * answer comes to `answered`. `partners`: the game is played in partnerships (North is South's
 * partner).
 */
export function friendsTable({ game, partners = false, settings, send, say, ask, endParts, menus }) {
  const M = game.board;
  const S = {
    ...tableState(settings),
    turn: turner(null),
    table: null, // TableOut (absolute seats)
    end: null,
    queue: [],
    running: false,
    said: {}, // page seat → {phrase, until}
    names: "",
    history: [], // the finished hands (the welcome's, then each hand_scored's)
    asks: 0, // the last ask's ref: a refusal with it answers that ask
    waiting: new Map(), // ref → {resolve, reject} of a hint or tip asked
  };

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
      for (const [words, lang] of [[es, "es"], [en, "en"]]) {
        const word = person || plain[lang];
        words[`seat.${seat}`] = word;
        let long = word;
        if (seat === "south") long = `${word} (${lang === "es" ? "tú" : "you"})`;
        else if (seat === "north" && partners) long = `${word} (${lang === "es" ? "compañero" : "partner"})`;
        words[`seat.${seat}.long`] = long;
        if (seat === "south") Object.assign(words, C.own.seatWords(person, lang));
      }
    }
    addStrings({ es, en });
  }

  // --- the transport -------------------------------------------------------------------------------

  /** Where this seat's game stands: a hint or tip is for one position, whatever else changes. */
  function positionKey() {
    const v = S.view;
    if (!v || !S.table) return null;
    return `${S.table.round}/${v.hand_number}/${v.phase}/${(v.tricks || []).length}/${(v.trick || []).length}/${(v.hand || []).length}`;
  }

  const transport = {
    live: () => Boolean(S.table && S.table.state === "playing"),
    waitingBar: false,
    hintOn: () => Boolean(S.settings.hint),
    positionKey,
    /** A hint or a tip over the socket; its answer (or refusal) comes with the same ref. */
    ask(kind) {
      S.asks += 1;
      const ref = 1_000_000 + S.asks; // apart from the acts' refs
      return new Promise((resolve, reject) => {
        if (!ask(kind, ref)) reject(new Error(t("fr.conn.lost")));
        else S.waiting.set(ref, { resolve, reject });
      });
    },
    /** This seat's action: its events come back in an update, as everyone's do. */
    send(action) {
      if (!send(action)) S.message = { text: t("fr.conn.lost"), warn: true };
      return null;
    },
    pauseTricks: () => false,
    run: {
      async scored(ev) {
        keepReasons({ [ev.result.number]: reasonsWithCodes(ev.reasons, ev.reason_codes) });
        if (!S.history.some((r) => r.number === ev.result.number)) S.history.push(ev.result);
        M.scoreHand(S.model, ev.result);
        M.renderScore(S.model);
        await anim.pause("trickPause");
        return false;
      },
      finished: () => undefined,
      event(ev) {
        if (ev.type === "say") heard(ev.seat, ev.phrase);
        else if (ev.type === "passed" && ev.seat !== "south") R.announce(t("fr.passed", { name: nameAt(ev.seat) }));
      },
    },
    text: {
      statusFirst: () => (S.table && S.table.state === "over" ? t("status.gameOver") : null),
      waitFor(seat) {
        const info = infoAt(seat);
        if (info && info.kind === "person" && info.cpu_playing) return t("fr.cpuFor", { name: nameAt(seat) });
        if (info && info.kind === "person") return t("fr.thinking", { name: nameAt(seat) });
        return t("status.wait", { seat: seatName(seat) });
      },
      announceOthers: true,
    },
    announce: () => announceOnce(),
    draw: { pods: decoratePods, centre: drawCentre },
    failed: async () => undefined,
    actions: { "ver-hoja": () => showScore() },
  };

  const C = tableController({ game, state: S, transport });

  /** The computer's bid reasons of finished hands (hand → page seat → text, already turned). */
  function keepReasons(byHand) {
    for (const [hand, seats] of Object.entries(byHand || {})) S.reasons[hand] = { ...seats };
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
      const extra = R.el("span", "asiento-gente");
      if (info.kind === "person") {
        const dot = R.el("span", info.connected ? "punto conectado" : "punto");
        dot.title = t(info.connected ? "fr.pod.connected" : "fr.pod.away");
        dot.setAttribute("aria-hidden", "true");
        extra.append(dot);
        pod.append(R.srOnly(`${t(info.connected ? "fr.pod.connected" : "fr.pod.away")}.`));
      } else extra.append(R.el("span", "asiento-cpu", t("fr.pod.cpu", { level: t(`level.${S.table.level}`) })));
      head.prepend(extra);
      pod.classList.toggle("desconectado", info.kind === "person" && !info.connected);
      if (info.kind === "person" && info.cpu_playing) pod.append(R.el("p", "asiento-nota", t("fr.cpuFor", { name: nameAt(seat) })));
      const said = S.said[seat];
      if (said && said.until > Date.now()) {
        const bubble = R.el("p", "charla-bocadillo", t(`fr.phrase.${said.phrase}`));
        bubble.setAttribute("aria-hidden", "true");
        pod.append(bubble);
      }
    }
  }

  /** The game's end in words: [head, totals], from this seat and with the people's names. */
  const outcomeLine = (outcome, options) => C.own.friendsOutcomeLine(outcome, options);

  function drawCentre() {
    // The end: a game's outcome, or (a day's challenge: its hands played, no target) its last
    // hand complete.
    const ended = S.view && (S.view.outcome || S.view.phase === "complete");
    if (S.table && S.table.state === "over" && ended) R.renderCentre(endParts({ view: S.view, outcomeLine, table: S.table, end: S.end }));
    else R.renderCentre(null);
  }

  // --- the talk ------------------------------------------------------------------------------------

  function drawTalk() {
    const box = $("charla");
    if (box.childElementCount) return;
    const details = R.el("details", "charla-menu");
    const summary = R.el("summary", "boton", t("fr.talk.open"));
    details.append(summary);
    const list = R.el("div", "charla-frases");
    for (const phrase of PHRASES) {
      const b = R.el("button", phrase.startsWith("e_") ? "boton frase emoji" : "boton frase", t(`fr.phrase.${phrase}`));
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
    if (S.model) T.keepFocus(() => C.renderPods(S.model));
    setTimeout(() => {
      if (S.model && !S.busy) T.keepFocus(() => C.renderPods(S.model));
    }, 4100);
  }

  // --- the updates -------------------------------------------------------------------------------------

  /** A welcome or an update: queued, then shown in order. `seat`: this page's (absolute) seat. */
  function apply(msg, seat) {
    if (msg.type === "welcome") dropAsks();
    S.queue.push({ msg, seat });
    if (!S.running) run();
  }

  async function run() {
    S.running = true;
    try {
      while (S.queue.length) {
        const { msg, seat } = S.queue.shift();
        if (S.queue.length > 1) anim.skip(); // behind: catch up at once
        await show(msg, seat);
        anim.endSkip();
      }
    } finally {
      S.running = false;
    }
    if (S.model && !S.busy) {
      C.draw();
      C.placeFocus();
      announceOnce();
    }
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
      if (events.length) {
        await C.play(events, view);
        return;
      }
    }
    if (view) {
      S.view = view;
      S.model = M.modelFromView(view);
    }
  }

  /** Whose turn it is, said once per change of the table. */
  let lastAnnounced = null;
  function announceOnce() {
    if (!S.table || S.table.state !== "playing" || !S.view) return;
    const key = `${S.table.seq}:${S.table.turn}`;
    if (key === lastAnnounced) return;
    lastAnnounced = key;
    C.announceTurn();
    C.autoPlayLast();
  }

  // --- the socket's answers ----------------------------------------------------------------------------

  /** A welcome is a new socket's first word: what the old one was asked is never answered, so
   * each such hint or tip fails now, marked to be asked again on this socket (once a welcome). */
  function dropAsks() {
    const lost = [...S.waiting.values()];
    S.waiting.clear();
    for (const waiting of lost) {
      const error = new Error(t("fr.conn.lost"));
      error.retry = true;
      waiting.reject(error);
    }
  }

  function answered(msg) {
    const waiting = S.waiting.get(msg.ref);
    if (!waiting) return;
    S.waiting.delete(msg.ref);
    waiting.resolve(msg.type === "tip" ? { bid: msg.bid, reasons: tipReasons(msg.reasons, msg.reason_codes) } : msg.hint);
  }

  /** A refusal: the answer to a hint or tip asked (the position moved on, say), or to an act. */
  function refused(msg) {
    const waiting = S.waiting.get(msg.ref);
    if (waiting) {
      S.waiting.delete(msg.ref);
      waiting.reject(new Error(serverText(msg.code, msg.message, msg.params)));
      return;
    }
    S.message = { text: serverText(msg.code, msg.message, S.turn ? S.turn.turn(msg.params) : msg.params), warn: true };
    R.announce(S.message.text);
    C.drawStatus();
  }

  // --- the sheets --------------------------------------------------------------------------------------

  async function showScore() {
    if (!S.view) return;
    const history = S.history;
    const result = history[history.length - 1] || null;
    const sheets = await game.loadSheets();
    const ctx = { view: { ...S.view, history }, stage: "mesa", outcomeLine, canPractice: false, onPractice: () => undefined, reasons: S.reasons, practice: null };
    if (!result) return;
    sheets.showSheet(ctx, result, { over: S.table.state === "over" });
  }

  C.bind({
    onLastTrick: () => T.showLastTrick({ view: S.view, atTable: true, busy: S.busy, seen: S.lastTrickSeen }),
    onScore: showScore,
    onSettings: () => undefined,
    onStats: () => undefined,
    onShare: () => undefined,
    onBackToGame: () => undefined,
    ...menus,
  });

  return { apply, answered, refused, redraw: () => C.draw(), state: S };
}
