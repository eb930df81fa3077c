// Minibazas at the page's one table controller (js/table/controller.js): the game's one module of
// hooks, served from the game's own folder at /js/games/minibazas/ (tests/minibazas/web.py). Its
// view and events are the generic table's (src/picas/web/games/generic.py): `readAnswer` says
// them in the table's terms — the legal cards as the playable ones, each card an event `play`,
// each fourth card a trick taken by the highest card of the suit led (this game has no trump).

import * as R from "../../render.js";
import * as store from "../../store.js";
import { t, num, seatName, addStrings } from "../../i18n.js";
import { sortHand } from "../../cards.js";

const { SEATS, el, srOnly } = R;
const $ = (id) => document.getElementById(id);
const RANKS = "TJQKA";
const SEATED = SEATS.length;
const KEY = "minibazas.ajustes";

// --- the view and the events in the table's terms ------------------------------------------------

function readView(view) {
  return {
    ...view,
    phase: view.outcome ? "game_over" : "playing",
    playable: view.legal,
    refusals: {},
    tricks: [],
    history: [],
    rules: { target: null },
  };
}

/** The winner of a full trick: the highest card of the suit led. */
function winner(leader, cards) {
  const order = R.trickSeats(leader, cards.length);
  let best = 0;
  for (let i = 1; i < cards.length; i += 1) {
    if (cards[i][1] === cards[0][1] && RANKS.indexOf(cards[i][0]) > RANKS.indexOf(cards[best][0])) best = i;
  }
  return order[best];
}

/** The answer's view and events as the controller plays them (`before`: the view they follow). */
export function readAnswer(answer, before) {
  answer.view = readView(answer.view);
  let trick = before ? before.trick.map((card) => card) : [];
  let leader = before && before.trick.length ? before.leader : null;
  let played = before ? 4 * 5 - SEATS.reduce((n, s) => n + before.hand_sizes[s], 0) : 0;
  const events = [];
  for (const ev of answer.events) {
    if (ev.type !== "action") {
      events.push(ev);
      continue;
    }
    if (played === 20) {
      events.push(dealEvent(answer.view));
      played = 0;
    }
    if (!trick.length) leader = ev.seat;
    trick.push(ev.action);
    played += 1;
    events.push({ type: "play", seat: ev.seat, card: ev.action });
    if (trick.length === SEATED) {
      events.push({ type: "trick", leader, cards: trick, winner: winner(leader, trick) });
      trick = [];
    }
  }
  answer.events = events;
}

// --- the board ---------------------------------------------------------------------------------------

function modelFromView(view) {
  return { ...R.modelBasics(view), hand: sortHand(view.hand || []), leader: view.leader, taken: { ...view.taken }, dealt: 20 };
}

function dealEvent(view) {
  return { type: "deal", hand_number: view.hand_number, dealer: view.dealer };
}

function freshHandModel(view, deal) {
  const model = modelFromView(view);
  model.handNumber = deal.hand_number;
  model.dealer = deal.dealer;
  model.trick = [];
  for (const seat of SEATS) {
    model.handSizes[seat] = 5;
    model.taken[seat] = 0;
  }
  return model;
}

function totalsLine(totals) {
  return SEATS.map((s) => `${seatName(s)} ${num(totals[s])}`).join(" · ");
}

export const board = {
  modelFromView,
  dealEvent,
  emptyTableModel(view) {
    const model = freshHandModel(view, dealEvent(view));
    model.dealtCount = { south: 0, west: 0, north: 0, east: 0 };
    model.turn = null;
    return model;
  },
  blankModel: () => ({
    seats: SEATS, handNumber: null, dealer: null, phase: "playing", turn: null, hand: [], leader: "south", trick: [],
    handSizes: { south: 0, west: 0, north: 0, east: 0 }, taken: { south: 0, west: 0, north: 0, east: 0 },
    totals: { south: 0, west: 0, north: 0, east: 0 }, target: null, dealtCount: null, dealt: 20,
  }),
  trickSentence: (ev) => t("mb.say.trick", { seat: seatName(ev.winner) }),
  tallyTrick(m, ev) {
    m.taken[ev.winner] += 1;
    m.totals[ev.winner] += 1;
  },
  scoreHand: () => undefined,
  outcomeLine(outcome, { split = false } = {}) {
    const head = outcome.winner ? t("mb.over.win", { seat: seatName(outcome.winner) }) : t("over.draw");
    const all = totalsLine(outcome.totals);
    return split ? [head, all] : `${head} ${all}`;
  },
  /** The score: each player's tricks in the game. */
  renderScore(model) {
    const box = $("marcador");
    box.className = "marcador cz-marcador";
    box.replaceChildren(
      ...SEATS.map((seat) => {
        const cell = el("div", "cz-total");
        cell.id = `mb-total-${seat}`;
        cell.append(el("span", "cz-nombre", seatName(seat)), el("span", "cz-puntos", num(model.totals[seat])));
        return cell;
      }),
    );
  },
};

/** Its pods: the name, the tricks taken this hand, the cards left. */
function renderPods(model, { thinking = null } = {}) {
  for (const seat of SEATS) {
    const pod = $(`asiento-${seat}`);
    pod.replaceChildren();
    pod.classList.toggle("turno", model.turn === seat && !model.dealtCount);
    pod.classList.toggle("pensando", thinking === seat);
    const head = el("div", "asiento-cabeza");
    head.append(el("span", "asiento-nombre", seatName(seat, { long: seat === "south" })));
    const data = el("div", "asiento-datos");
    data.append(el("span", "mb-bazas", t("mb.pod.taken", { n: model.taken[seat] })));
    pod.append(head, data);
    if (seat !== "south") {
      const foot = el("div", "asiento-pie");
      foot.append(R.miniHand(model.dealtCount ? model.dealtCount[seat] : model.handSizes[seat]));
      pod.append(foot);
    }
    pod.append(srOnly(`${seatName(seat)}. ${t("mb.pod.taken", { n: model.taken[seat] })}.`));
  }
}

// --- the page -------------------------------------------------------------------------------------

const WORDS = {
  es: { "app.title.minibazas": "Minibazas", "mb.choice.name": "Minibazas", "mb.choice.note": "Cinco cartas, sin triunfo", "mb.say.trick": "{seat} se lleva la baza.", "mb.over.win": "Gana {seat}.", "mb.pod.taken": "{n} bazas" },
  en: { "app.title.minibazas": "Tricks", "mb.choice.name": "Tricks", "mb.choice.note": "Five cards, no trumps", "mb.say.trick": "{seat} takes the trick.", "mb.over.win": "{seat} wins.", "mb.pod.taken": "{n} tricks" },
};

export async function prepare({ solo = false } = {}) {
  addStrings(WORDS);
  if (solo) document.querySelector("h1[data-i18n]").dataset.i18n = "app.title.minibazas";
}

/** No sheets of its own: «Ver puntuación» says the totals. */
export async function loadSheets() {
  return {
    showSheet: (ctx) => R.announce(totalsLine(ctx.view.totals)),
    showCompare: () => undefined,
  };
}

function loadSettings() {
  const settings = { ...store.DEFAULT_SETTINGS, hands: 2 };
  try {
    const data = JSON.parse(window.localStorage.getItem(KEY) || "{}");
    if ([2, 4].includes(data.hands)) settings.hands = data.hands;
    if (["facil", "normal", "dificil"].includes(data.level)) settings.level = data.level;
  } catch {
    // the defaults
  }
  return settings;
}

export const solo = {
  loadSettings,
  saveSettings: (settings) => window.localStorage.setItem(KEY, JSON.stringify(settings)),
  targets: [],
  targetChoice: null,
  titleKey: "app.title.minibazas",
  practiceAgain: false,
  practiceButtons: [],
  dealWhenSilent: true,
  target: () => null,
  showStats: async () => undefined,
  recordStats: async () => undefined,
  skipHistory: async () => undefined,
};

/** The hooks: a card game of plays alone, with nothing of its own to ask or to choose. */
export function hooks(G) {
  return {
    canBid: () => false,
    canPass: () => false,
    canDraw: () => false,
    seatWords: () => ({}),
    renderPods,
    adopted: () => undefined,
    hintOf: (h) => h,
    suggested: () => null,
    /** «Jugar» under the hand (a second tap on the lifted card plays it too). */
    drawActions() {
      if (G.S.view.phase !== "playing" || !(G.canPlay() || G.waitingBar())) return false;
      const box = $("acciones");
      box.className = "acciones jugando";
      box.replaceChildren(R.playButton(G.canPlay() && G.S.lifted));
      return true;
    },
    status: () => null,
    waitText: () => null,
    yourTurn: () => null,
    focusTarget: () => null,
    freshModel: freshHandModel,
    dealWithoutCards: async () => false,
    afterDeal(m, ev) {
      m.turn = R.nextSeat(ev.dealer);
    },
    step: async () => false,
    onCard: () => false,
    friendsOutcomeLine: board.outcomeLine,
    onBidKey: () => undefined,
    actions: {},
  };
}
