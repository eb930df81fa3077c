// Corazones at a friends' table (js/amigos/juego.js draws the table and plays the socket's events;
// these are the parts only Corazones has): its words, the pass — choosing the cards, the pass bar,
// the cards changing hands —, the hint for a pass or a card with its reasons, and the sentences of
// its turns. Its model, pods, score bar and the events both tables show alike are in mesa.js here.

import * as M from "./mesa.js";
import { t, num, addStrings, seatName } from "../../i18n.js";
import { cardName, sortHand } from "../../cards.js";
import * as R from "../../render.js";
import * as T from "../../mesa.js";
import * as anim from "../../animation.js";

export { M as mesa };

/** The sheets (hoja.js), loaded on first use. */
export function loadSheets() {
  return R.withStyles(import("./hoja.js"));
}

/** Corazones' words, and the page dressed for it. */
export async function prepare() {
  document.body.classList.add("juego-corazones");
  const words = await import("./i18n.js");
  addStrings({ es: words.ES, en: words.EN });
}

/**
 * The hooks of the friends' table for Corazones. `G` is the table's side: its state `S` and what
 * it knows of this seat (`live`, `myTurn`, `canPlay`, `currentHint`, `act`, the drawing).
 */
export function hooks(G) {
  const { S } = G;

  /** The pass this seat chose and the server holds until the record's order reaches it
   * (docs/friends.md, «What a view holds»): made, so no longer to choose. */
  function heldPass() {
    return S.view && S.view.phase === "passing" && Array.isArray(S.view.held_pass) && S.view.held_pass.length ? S.view.held_pass : null;
  }

  function canPass() {
    return G.live() && S.view.phase === "passing" && S.view.must_pass && !heldPass();
  }

  function redrawChoice() {
    T.keepFocus(() => {
      G.drawHand();
      G.drawActions();
    });
    G.drawStatus();
  }

  return {
    canBid: () => false,
    canPass,

    /** Its sentences say «Tú» for South: the person's name at a friends' table. */
    seatWords: (person, lang) => ({ "cz.seat.south": person || (lang === "es" ? "Tú" : "You") }),

    hintOf(h, asked) {
      const details = h.details.map((d) => ({ reason: d.reason, reasonCode: d.reason_code, reasonParams: d.reason_params }));
      const cards = h.kind === "pass" ? h.cards : [h.card];
      R.announce(h.kind === "pass" ? t("cz.hint.pass", { cards: M.cardList(cards) }) : t("cz.hint.play", { card: cardName(cards[0]) }));
      return { kind: h.kind, cards, lines: details.map(M.reasonLine).filter(Boolean), open: asked.open };
    },

    /** A pass hint marks all its cards while passing; a play hint its one card. */
    suggested: (hint) => (hint.cards ? (canPass() ? hint.cards : hint.cards[0]) : null),

    drawActions() {
      if (canPass()) M.renderPassBar({ direction: S.view.direction, chosen: S.chosen.length, size: M.passSize(S.view), hint: G.currentHint() });
      else if (G.canPlay()) M.renderPlayBar({ lifted: S.lifted, hint: G.currentHint(), canHint: true });
      else return false;
      return true;
    },

    status() {
      const view = S.view;
      if (canPass()) {
        if (S.chosen.length === M.passSize(view)) return t("cz.status.passReady", { button: t(`cz.pass.${view.direction}`) });
        return t("cz.status.pass", { seat: seatName(view.pass_to), count: M.passWords(view) });
      }
      const held = heldPass();
      if (held) return t("cz.status.passHeld", { cards: M.labelList(sortHand(held)) });
      return view.phase === "passing" ? t("cz.status.waitPass") : null;
    },

    /** The end from this seat: each total under its person's name (the view's totals are by
     * this page's seats, turned already), this seat's first as «Tú». */
    outcomeLine(outcome, { split = false } = {}) {
      const totals = outcome.totals;
      const head = outcome.winner === "south" ? t("cz.over.youWin", { n: totals.south }) : t("cz.over.win", { seat: seatName(outcome.winner), n: totals[outcome.winner] });
      const named = R.SEATS.map((seat) => `${seat === "south" ? t("cz.over.you") : seatName(seat)}\u00a0${num(totals[seat])}`);
      const all = t("cz.over.totalsNamed", { list: named.join(" · "), n: outcome.hands_played });
      return split ? [head, all] : `${head} ${all}`;
    },

    yourTurn: () => (canPass() ? t("cz.say.yourPass", { seat: seatName(S.view.pass_to), count: M.passWords(S.view) }) : null),

    freshModel: (view, ev) => M.freshHandModel(view, ev),

    afterDeal: () => undefined,

    /** Corazones' own event: the pass, the cards changing hands. */
    async step(ev, m) {
      if (ev.type !== "pass") return false;
      await M.exchangeCards(m, ev);
      R.announce(t("cz.say.received", { seat: seatName(ev.from), cards: M.cardList(ev.received) }));
      await anim.pause("trickPause");
      return true;
    },

    /** While passing, a tap chooses a card or puts it back. */
    onCard(code, element) {
      if (heldPass()) {
        // The pass is made: a tap says so again (the table would say whose turn the record waits for).
        S.message = null;
        G.drawStatus();
        return true;
      }
      if (!canPass()) return false;
      const size = M.passSize(S.view);
      const at = S.chosen.indexOf(code);
      if (at >= 0) S.chosen.splice(at, 1);
      else if (S.chosen.length >= size) {
        S.message = { text: t("cz.pass.full", { count: size }), warn: true };
        T.shake(element);
        G.drawStatus();
        return true;
      } else S.chosen.push(code);
      S.message = null;
      redrawChoice();
      R.announce(t("cz.pass.countAria", { n: S.chosen.length, of: size }));
      return true;
    },

    actions: {
      pasar: () => {
        if (canPass() && S.chosen.length === M.passSize(S.view)) G.act([...S.chosen]);
      },
      "elegir-pista": () => {
        const hint = G.currentHint();
        if (!canPass() || !hint || !hint.cards) return;
        S.chosen = [...hint.cards];
        redrawChoice();
        const pass = document.getElementById("btn-pasar");
        if (pass) pass.focus({ preventScroll: true });
      },
    },
  };
}
