// Spades' hooks for the one table controller (js/table/controller.js): what only Spades does at a
// table — the bidding (the bid pad with the tip, Blind Nil and the look), «Dos jugadores»' draw,
// the computer players' bid reasons and their «¿Por qué?», the play bar with the play hint, the
// sentences of its turns — while the controller plays the events, keeps the turn and the focus.
// Its model, pods, score bar and the events every table shows alike are in board.js here.

import * as M from "./board.js";
import * as R from "../../render.js";
import * as store from "../../store.js";
import { t, num, seatName, serverText, useTwoPlayers, applyTo, withCodes } from "../../i18n.js";

export { M as board };

/** Nothing to load: Spades' words are the page's own. */
export async function prepare() {}

/** The hand's sheet and the review, loaded on first use. */
export function loadSheets() {
  return R.withStyles(import("../../review.js"));
}

/** What only the solo table needs of Spades: its settings, its targets, its page title. */
export const solo = {
  loadSettings: store.loadSettings,
  saveSettings: store.saveSettings,
  targets: store.optionValues("spades", "target"),
  targetChoice: (target) => R.targetChoice(target, { targets: store.optionValues("spades", "target") }),
  titleKey: "app.title",
  practiceAgain: true,
  practiceButtons: ["btn-rejugar", "btn-rejugar-otra"],
  dealWhenSilent: false,
  target: (m, view) => view && view.rules.target,
  async showStats() {
    const [stats] = await Promise.all([import("../../stats.js"), R.loadStyles()]);
    stats.showPanel();
  },
  async recordStats({ view, gid, level }) {
    (await import("../../stats.js")).record({ view, gid, level });
  },
  /** A shared record on the table: its hands are not this player's statistics. */
  async skipHistory({ view, gid }) {
    (await import("../../stats.js")).skipHistory({ view, gid });
  },
};

/** «Dos jugadores» or four at the table: West across (the table's class `dos`), and the score's
 * words for one player a side («Tú», «Oeste»). */
function seatTheTable(view) {
  const two = Boolean(view && view.rules && view.rules.players === 2);
  const mesa = document.getElementById("mesa");
  if (mesa.classList.contains("dos") === two) return;
  mesa.classList.toggle("dos", two);
  useTwoPlayers(two);
  applyTo(document.querySelector(".marcador") || document);
}

/**
 * The hooks for Spades. `G` is the controller's side: its state `S` and what it knows of this
 * seat (`myTurn`, `canPlay`, `hintOn`, `currentHint`, `currentTip`, `renderPods`, `act`…).
 */
export function hooks(G) {
  const { S } = G;

  function canBid() {
    return G.myTurn() && S.view.phase === "bidding" && S.view.hand !== null;
  }

  /** «Dos jugadores»: South is shown the stock's top card and keeps or discards it. */
  function canDraw() {
    return G.myTurn() && S.view.phase === "drawing" && Boolean(S.view.draw && S.view.draw.top);
  }

  /** The bids the rules refuse South now, in the page's language: the view's refusals keyed by a
   * bid ("0"–"13"; the cards' keys are their codes). */
  function refusedBids() {
    const out = {};
    if (!S.view) return out;
    for (const [key, refusal] of Object.entries(S.view.refusals || {})) {
      if (/^\d+$/.test(key)) out[Number(key)] = serverText(refusal.code, refusal.message, refusal.params);
    }
    return out;
  }

  /** A bid the rules refuse says why (the same words as under the pad): true if refused. */
  function refusedSaid(n) {
    const why = refusedBids()[n];
    if (!why) return false;
    S.message = { text: why, warn: true };
    G.drawStatus();
    return true;
  }

  /** A bid chosen on the pad (a refused one says why instead). */
  function selectBid(n, { focusConfirm = false } = {}) {
    if (!canBid() || refusedSaid(n)) return;
    S.selectedBid = n;
    S.message = null;
    G.keepFocus(G.drawActions);
    if (focusConfirm) document.getElementById("btn-cantar").focus();
  }

  function bid(n) {
    if (!canBid() || n === null || n === undefined || refusedSaid(n)) return;
    G.act(n, { type: "bid", seat: "south", bid: n, blind: false });
  }

  /** The computer players' bid reasons of the hand shown, and the seat whose «¿Por qué?» is open. */
  function podOptions() {
    const m = S.model;
    return { reasons: (m && S.reasons[m.handNumber]) || {}, openReason: S.openReason };
  }

  return {
    canBid,
    canPass: () => false,
    canDraw,
    /** Its score names the teams: a friends' table's «Tú» is the person. */
    seatWords: () => ({}),
    podOptions,
    renderPods(m, options) {
      M.renderPods(m, { ...options, ...podOptions() });
      M.renderStock(m);
    },

    /** Each computer bid's «¿Por qué?» is kept with the save, by hand and seat. */
    adopted(answer) {
      seatTheTable(answer.view);
      let number = S.view ? S.view.hand_number : 1;
      for (const ev of answer.events || []) {
        if (ev.type === "deal") number = ev.hand_number;
        else if (ev.type === "bid" && ev.seat !== "south" && typeof ev.reason === "string" && ev.reason) {
          (S.reasons[number] ||= {})[ev.seat] = withCodes(ev.reason, ev.reason_codes);
        }
      }
    },

    /** The hint's answer (the server's /api/hint for this seat) as the play bar shows it. */
    hintOf(h) {
      const code = typeof h.reason_code === "string" ? h.reason_code : null;
      const action = code && code.startsWith("draw_keep_") ? "keep" : code && code.startsWith("draw_discard_") ? "discard" : null;
      return { card: action ? null : h.card, action, bid: h.bid, reason: typeof h.reason === "string" ? h.reason : "", reasonCode: code, reasonParams: h.reason_params || {} };
    },

    /** The play hint's card is lifted in the hand (with the play hint on). */
    suggested: (hint) => (G.canPlay() && G.hintOn() ? hint.card : null),

    drawActions() {
      const view = S.view;
      const hint = G.hintOn() ? G.currentHint() : null;
      const shown = hint && !hint.loading ? hint : null;
      const loading = Boolean(hint && hint.loading);
      if (canDraw()) {
        M.renderDrawChoice({ top: view.draw.top, hint: shown, hintLoading: loading });
        return true;
      }
      if (G.myTurn() && view.phase === "bidding") {
        if (view.hand === null && view.blind_nil_offered) M.renderBlindChoice();
        else {
          const tip = G.currentTip();
          const ready = tip && !tip.loading && !tip.error ? tip : null;
          M.renderBidPad({ selected: S.selectedBid, tip: ready, tipLoading: Boolean(tip && tip.loading), refused: refusedBids() });
          if (tip && tip.error && document.getElementById("tip-razon")) document.getElementById("tip-razon").textContent = tip.error;
        }
        return true;
      }
      // The play bar stays under the hand while the others play («Jugar» waits for South's turn).
      if (view.phase === "playing" && (G.canPlay() || G.waitingBar())) {
        M.renderPlayBar({ lifted: G.canPlay() ? S.lifted : null, hint: G.canPlay() ? shown : null, hintLoading: G.canPlay() && loading });
        return true;
      }
      return false;
    },

    status() {
      if (canDraw()) return t("status.draw");
      if (!G.myTurn() || S.view.phase !== "bidding") return null;
      return S.view.hand === null ? t("status.blind") : t("status.bid");
    },

    /** A tap on a card out of playing: the bid or the draw comes first. */
    waitText: () => (G.myTurn() && S.view.phase === "bidding" ? t("status.bidFirst") : G.myTurn() && S.view.phase === "drawing" ? t("status.draw") : null),

    yourTurn() {
      if (!G.myTurn()) return null;
      if (S.view.phase === "drawing") return t("say.yourDraw");
      return S.view.phase === "bidding" ? t("say.yourBid") : null;
    },

    /** Where South acts next: the draw's «Quedármela», the bid pad, Blind Nil's choice. */
    focusTarget() {
      if (canDraw()) return document.getElementById("btn-quedar");
      if (canBid()) return document.querySelector("#acciones .tecla[aria-pressed='true']") || document.querySelector("#acciones .tecla");
      if (G.myTurn() && S.view.phase === "bidding") return document.getElementById("btn-nil-ciego");
      return null;
    },

    freshModel: (view, ev) => M.freshHandModel(view, ev.dealer, ev.hand_number),

    /** «Dos jugadores»: nothing is dealt; the stock goes to the middle and the drawing starts. */
    async dealWithoutCards(m, ev) {
      if (m.seats.length !== 2) return false;
      m.dealtCount = null;
      R.announce(t("say.drawStart", { n: ev.hand_number, seat: seatName(m.turn) }));
      G.renderPods(m);
      R.renderHand(m, { playable: new Set(), refusals: {}, focusIndex: 0, myPlayTurn: false });
      return true;
    },

    /** The dealt cards are down: the bidding starts left of the dealer. */
    afterDeal(m, ev) {
      m.turn = R.nextSeat(ev.dealer);
    },

    /** Spades' own events: a bid, a look, a card drawn. */
    async step(ev, m) {
      if (ev.type === "bid") await M.showBid(m, ev, G.renderPods);
      else if (ev.type === "look") M.sayLook(ev);
      else if (ev.type === "draw") {
        await M.showDraw(m, ev, G.renderPods);
        if (ev.seat === "south") R.renderHand(m, { playable: new Set(), refusals: {}, focusIndex: S.focusIndex, myPlayTurn: false, received: new Set([ev.kept]) });
      } else return false;
      return true;
    },

    onCard: () => false,

    /** The end from this seat at a friends' table, by name: «¡Ganáis Jorge y tú!». */
    friendsOutcomeLine(outcome, { split = false } = {}) {
      let head = t("over.draw");
      if (outcome.winner === "north_south") head = t("fr.over.won", { partner: seatName("north") });
      else if (outcome.winner === "east_west") head = t("fr.over.lost", { a: seatName("west"), b: seatName("east") });
      const [ns, ew] = outcome.totals;
      const totals = t("over.totals", { ns: num(ns), ew: num(ew), n: outcome.hands_played });
      return split ? [head, totals] : `${head} ${totals}`;
    },

    onBidKey: (n) => selectBid(n, { focusConfirm: true }),

    actions: {
      elegir: (value) => selectBid(Number(value)),
      cantar: () => bid(S.selectedBid),
      tip: async () => {
        await G.askFor("tip", { again: true });
        const tip = G.currentTip();
        if (tip && !tip.loading && !tip.error) selectBid(tip.bid);
      },
      "nil-ciego": () => {
        if (G.myTurn() && S.view.blind_nil_offered) G.act("blind_nil", { type: "bid", seat: "south", bid: 0, blind: true });
      },
      ver: () => {
        if (G.myTurn() && S.view.blind_nil_offered) G.act("look", null);
      },
      quedar: () => {
        if (canDraw()) G.act("keep", null);
      },
      descartar: () => {
        if (canDraw()) G.act("discard", null);
      },
    },
  };
}
