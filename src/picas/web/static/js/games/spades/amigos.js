// Spades at a friends' table (js/amigos/juego.js draws the table and plays the socket's events;
// these are the parts only Spades has): the bidding — the bid pad with the tip, Blind Nil and the
// look —, the play bar with the play hint, and the sentences of its turns. Its model, pods, score
// bar and the events both tables show alike are in mesa.js here.

import * as M from "./mesa.js";
import { t, num, seatName } from "../../i18n.js";
import * as R from "../../render.js";

export { M as mesa };

/** Nothing to load: Spades' words are the page's own. */
export async function prepare() {}

/** The hand's sheet and the review, loaded on first use. */
export function loadSheets() {
  return R.withStyles(import("../../review.js"));
}

/**
 * The hooks of the friends' table for Spades. `G` is the table's side: its state `S` and what it
 * knows of this seat (`myTurn`, `canPlay`, `hintOn`, `currentHint`, `currentTip`, `renderPods`,
 * `act`).
 */
export function hooks(G) {
  const { S } = G;

  function canBid() {
    return G.myTurn() && S.view.phase === "bidding" && S.view.hand !== null;
  }

  return {
    canBid,
    canPass: () => false,
    seatWords: () => ({}),

    /** The end from this seat, by name: «¡Ganáis Jorge y tú!» (the view's teams are turned
     * already: north_south is this seat's). Names are the seats' words (juego.js's nameSeats). */
    outcomeLine(outcome, { split = false } = {}) {
      let head = t("over.draw");
      if (outcome.winner === "north_south") head = t("fr.over.won", { partner: seatName("north") });
      else if (outcome.winner === "east_west") head = t("fr.over.lost", { a: seatName("west"), b: seatName("east") });
      const [ns, ew] = outcome.totals;
      const totals = t("over.totals", { ns: num(ns), ew: num(ew), n: outcome.hands_played });
      return split ? [head, totals] : `${head} ${totals}`;
    },

    hintOf: (h) => ({ card: h.card, bid: h.bid, reason: h.reason, reasonCode: h.reason_code, reasonParams: h.reason_params }),

    /** The play hint's card is lifted in the hand only with the play hint on (the settings). */
    suggested: (hint) => (G.canPlay() && G.hintOn() ? hint.card : null),

    drawActions() {
      const view = S.view;
      if (G.myTurn() && view.phase === "bidding") {
        if (view.hand === null && view.blind_nil_offered) M.renderBlindChoice();
        else {
          const tip = G.currentTip();
          const ready = tip && !tip.loading && !tip.error ? tip : null;
          M.renderBidPad({ selected: S.selectedBid, tip: ready, tipLoading: Boolean(tip && tip.loading) });
          if (tip && tip.error && document.getElementById("tip-razon")) document.getElementById("tip-razon").textContent = tip.error;
        }
        return true;
      }
      if (G.canPlay()) {
        const hint = G.hintOn() ? G.currentHint() : null;
        const shown = hint && !hint.loading ? hint : null;
        M.renderPlayBar({ lifted: S.lifted, hint: shown && shown.error ? { error: shown.error } : shown, hintLoading: Boolean(hint && hint.loading) });
        return true;
      }
      return false;
    },

    status() {
      if (!G.myTurn() || S.view.phase !== "bidding") return null;
      return S.view.hand === null ? t("status.blind") : t("status.bid");
    },

    yourTurn() {
      return G.myTurn() && S.view.phase === "bidding" ? t("say.yourBid") : null;
    },

    freshModel: (view, ev) => M.freshHandModel(view, ev.dealer, ev.hand_number),

    /** The dealt cards are down: the bidding starts left of the dealer. */
    afterDeal(m, ev) {
      m.turn = R.nextSeat(ev.dealer);
    },

    /** Spades' own events: a bid, a look. */
    async step(ev, m) {
      if (ev.type === "bid") await M.showBid(m, ev, G.renderPods);
      else if (ev.type === "look") M.sayLook(ev);
      else return false;
      return true;
    },

    onCard: () => false,

    actions: {
      "nil-ciego": () => {
        if (G.myTurn() && S.view.blind_nil_offered) G.act("blind_nil");
      },
      ver: () => {
        if (G.myTurn() && S.view.blind_nil_offered) G.act("look");
      },
    },
  };
}
