// Corazones' hooks for the one table controller (js/table/controller.js): what only Corazones does
// at a table — its words, the pass (choosing the cards, the pass bar, the cards changing hands, a
// pass held by the server), the hint for a pass or a card with its reasons, the hearts broken, the
// sentences of its turns. Its model, pods and score are in board.js here, its sheets, review and
// statistics in hoja.js (loaded on first use).

import * as M from "./board.js";
import * as R from "../../render.js";
import * as T from "../../table/pieces.js";
import * as anim from "../../animation.js";
import * as store from "../../store.js";
import { t, num, addStrings, seatName } from "../../i18n.js";
import { cardName, sortHand } from "../../cards.js";

export { M as board };

/** The sheets and statistics (hoja.js), loaded on first use. */
export function loadSheets() {
  return R.withStyles(import("./hoja.js"));
}

/** The help menu's entries: its pages, not Spades' (the help pages are under corazones/). */
const HELP = [
  ["help.howTo", "corazones/como-se-juega.html", "en/hearts/how-to-play.html"],
  ["cz.help.rules", "corazones/reglas.html", "en/hearts/rules.html"], // its page's name, not Spades'
  ["help.strategy", "corazones/estrategia.html", "en/hearts/strategy.html"],
  ["help.faq", "corazones/preguntas.html", "en/hearts/faq.html"],
  ["help.difference", "picas-y-corazones.html", "en/spades-and-hearts.html"],
];

function helpMenu() {
  const list = document.querySelector("#ayuda .ayuda-lista");
  if (!list) return;
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

/** Corazones' words, and the page dressed for it (its title and help menu at the solo table). */
export async function prepare({ solo = false } = {}) {
  document.body.classList.add("juego-corazones");
  const words = await import("./i18n.js");
  addStrings({ es: words.ES, en: words.EN });
  if (solo) {
    document.querySelector("h1[data-i18n]").dataset.i18n = "app.title.corazones";
    helpMenu();
  }
}

/** What only the solo table needs of Corazones: its settings, its targets, its page title. */
export const solo = {
  loadSettings: store.loadCorazonesSettings,
  saveSettings: store.saveCorazonesSettings,
  targets: store.optionValues("corazones", "target"),
  targetChoice: (target) => R.targetChoice(target, { targets: store.optionValues("corazones", "target"), prefix: "cz.deal.target" }),
  titleKey: "app.title.corazones",
  practiceAgain: false,
  practiceButtons: [],
  dealWhenSilent: true,
  target: (m) => m.target,
  async showStats() {
    (await loadSheets()).showStats();
  },
  async recordStats({ view, gid }) {
    (await import("./hoja.js")).recordStats({ view, gid });
  },
  skipHistory: async () => undefined,
};

/**
 * The hooks for Corazones. `G` is the controller's side: its state `S` and what it knows of this
 * seat (`live`, `myTurn`, `canPlay`, `currentHint`, `act`, the drawing).
 */
export function hooks(G) {
  const { S } = G;

  /** The pass this seat chose and the server holds until the record's order reaches it
   * (a friends' table, docs/friends.md, «What a view holds»): made, so no longer to choose. */
  function heldPass() {
    return S.view && S.view.phase === "passing" && Array.isArray(S.view.held_pass) && S.view.held_pass.length ? S.view.held_pass : null;
  }

  function canPass() {
    return G.live() && S.view.phase === "passing" && S.view.must_pass && !heldPass();
  }

  function redrawChoice() {
    G.keepFocus(() => {
      G.drawHand();
      G.drawActions();
    });
    G.drawStatus();
  }

  /** Right after the pass: which cards came, and from whom (said until South's first card). */
  function receivedNote() {
    const view = S.view;
    if (!view || !view.received || !view.received.length || view.direction === "none" || view.hand.length < 13) return null;
    // The cards come from the other side: passing left (to West) they come from East, and so on.
    const from = R.SEATS[(4 - R.SEATS.indexOf(view.pass_to)) % 4];
    return t("cz.status.received", { cards: M.labelList(view.received), seat: seatName(from) });
  }

  return {
    canBid: () => false,
    canPass,
    canDraw: () => false,

    /** Its sentences say «Tú» for South: the person's name at a friends' table. */
    seatWords: (person, lang) => ({ "cz.seat.south": person || (lang === "es" ? "Tú" : "You") }),
    renderPods: (m, options) => M.renderPods(m, options),
    adopted: () => undefined,

    /** The hint's answer (the server's /api/hint for this seat): the pass's three cards or the
     * card to play, each with its reason in the page's words. */
    hintOf(h, asked) {
      const cards = h.kind === "pass" ? h.cards : [h.card];
      const details = (h.details || []).map((d) => ({ card: d.card, reason: d.reason, reasonCode: d.reason_code, reasonParams: d.reason_params || {} }));
      R.announce(h.kind === "pass" ? t("cz.hint.pass", { cards: M.cardList(cards) }) : t("cz.hint.play", { card: cardName(cards[0]) }));
      return { kind: h.kind, cards, lines: details.map(M.reasonLine).filter(Boolean), open: Boolean(asked.open) };
    },

    /** A pass hint marks all its cards while passing; a play hint its one card. */
    suggested: (hint) => (hint.cards ? (canPass() ? hint.cards : hint.cards[0]) : null),

    drawActions() {
      const hint = G.currentHint();
      if (canPass()) M.renderPassBar({ direction: S.view.direction, chosen: S.chosen.length, size: M.passSize(S.view), hint });
      else if (S.view.phase === "playing" && (G.canPlay() || (G.waitingBar() && !S.model.dealtCount))) {
        M.renderPlayBar({ lifted: G.canPlay() ? S.lifted : null, hint: G.canPlay() ? hint : null, canHint: G.canPlay() });
      } else return false;
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
      if (view.phase === "passing") return t("cz.status.waitPass");
      if (G.canPlay() && !S.lifted) {
        const received = receivedNote();
        if (!view.tricks.length && !view.trick.length) return received ? `${received} ${t("cz.status.leadTwo")}` : t("cz.status.leadTwo");
        if (received) return `${received} ${t("say.yourPlay")}`;
      }
      return null;
    },

    waitText: () => (S.view.phase === "passing" ? t("cz.status.waitPass") : null),

    yourTurn: () => (canPass() ? t("cz.say.yourPass", { seat: seatName(S.view.pass_to), count: M.passWords(S.view) }) : null),

    focusTarget: () => null,

    freshModel: (view, ev) => M.freshHandModel(view, ev),
    dealWithoutCards: async () => false,

    /** The dealt cards are down: the pass is said (or that this hand has none). */
    afterDeal(m, ev) {
      R.announce(ev.pass_to ? t("cz.say.yourPass", { seat: seatName(ev.pass_to), count: M.passWords(S.view) }) : t("cz.status.noPass"));
    },

    /** Corazones' own event: the pass, the cards changing hands. And the hearts broken. */
    async step(ev, m) {
      if (ev.type === "play") {
        if (!m.broken && (ev.card[1] === "H" || ev.card === "QS")) {
          m.broken = true;
          if (ev.card[1] === "H") R.announce(t("cz.say.broken"));
        }
        return false;
      }
      if (ev.type !== "pass") return false;
      await M.exchangeCards(m, ev);
      if (ev.gave) R.announce(t("cz.say.passed", { seat: seatName(ev.to), cards: M.cardList(ev.gave) }));
      R.announce(t("cz.say.received", { seat: seatName(ev.from), cards: M.cardList(ev.received) }));
      if (ev.gave) R.setStatus(t("cz.status.received", { cards: M.labelList(ev.received), seat: seatName(ev.from) }));
      await anim.pause("trickPause");
      return true;
    },

    /** While passing, a tap chooses a card or puts it back; a fourth is refused with a word. */
    onCard(code, element) {
      if (heldPass()) {
        // The pass is made: a tap says so again.
        S.message = null;
        G.drawStatus();
        return true;
      }
      if (!canPass()) return false;
      const size = M.passSize(S.view);
      const at = S.chosen.indexOf(code);
      if (at >= 0) S.chosen.splice(at, 1);
      else if (S.chosen.length >= size) {
        S.message = { text: t("cz.pass.full", { count: M.passWords(S.view) }), warn: true };
        R.announce(S.message.text);
        T.shake(document.querySelector(`#mano [data-carta="${code}"]`) || element);
        G.drawStatus();
        return true;
      } else S.chosen.push(code);
      S.message = null;
      redrawChoice();
      R.announce(t("cz.pass.countAria", { n: S.chosen.length, of: size }));
      return true;
    },

    /** The end from this seat at a friends' table: each total under its person's name, this
     * seat's first as «Tú». */
    friendsOutcomeLine(outcome, { split = false } = {}) {
      const totals = outcome.totals;
      const head = outcome.winner === "south" ? t("cz.over.youWin", { n: totals.south }) : t("cz.over.win", { seat: seatName(outcome.winner), n: totals[outcome.winner] });
      const named = R.SEATS.map((seat) => `${seat === "south" ? t("cz.over.you") : seatName(seat)}\u00a0${num(totals[seat])}`);
      const all = t("cz.over.totalsNamed", { list: named.join(" · "), n: outcome.hands_played });
      return split ? [head, all] : `${head} ${all}`;
    },

    onBidKey: () => undefined,

    actions: {
      pasar: () => {
        if (canPass() && S.chosen.length === M.passSize(S.view)) G.act([...S.chosen], null);
      },
      /** «Elegir estas»: the suggested cards become the pass; «Pasar…» takes the focus. */
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
