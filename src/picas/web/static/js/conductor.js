// The steps both tables' conductors (games/spades/table.js, games/corazones/table.js) take alike: saving, a new
// game, «Repartir», «Siguiente mano», the target next to «Repartir», «Rejugar esta mano» and back,
// the sheets, sharing and opening a shared game, the table's centre, the actions both tables name
// alike and the input's wiring. `conductor(table)` takes a table's state and hooks (what differs
// between the games, below) and gives back these flows; it holds no state of its own.

import * as api from "./api.js";
import * as store from "./store.js";
import * as manifest from "./games.js";
import * as anim from "./animation.js";
import * as R from "./render.js";
import * as T from "./mesa.js";
import { bindInput } from "./input.js";
import { t, seatName, serverText } from "./i18n.js";
import { cardNameWithArticle } from "./cards.js";

const $ = (id) => document.getElementById(id);

/**
 * table = {
 *   game (its manifest key), state, keys ({game, practice}), titleKey,
 *   requestNew(settings, code), saveSettings(settings), targets,
 *   targetChoice(target) (next to «Repartir»), practiceAgain (a «Rejugar otra vez» button),
 *   loadSheets(), sheetExtras() (more for the sheets' context), outcomeLine(outcome),
 *   beforeAdopt(answer)?, forget(imported?) (the game's own memory of a game, dropped or taken
 *   from an imported record), resetHandState(),
 *   mesa (the game's mesa.js: its modelFromView(view), emptyTableModel(view), blankModel(settings),
 *   dealEvent(view), renderScore(model), scoreHand(model, result)),
 *   playEvents(events, view), open(code), target(model), renderPods(model), drawHandAndActions(), drawStatus(),
 *   canPlay(), tapOwn(code), waitText(), playCard(code),
 *   practiceButtons (ids disabled while a practice hand is prepared), practiceFailed(error, waiting),
 *   dealWhenSilent (a practice answer with no events is dealt), afterBack(), afterImport(view),
 *   showStats(), restingHand()? (more for the hand drawn while a forced last card waits),
 *   watch()?/unwatch()? (the table's stall watchdog around that wait),
 * }
 */
export function conductor(table) {
  const S = table.state;
  const { keys } = table;
  const { options, defaults } = manifest.byKey(table.game);

  /** Whether a game's rules are the settings': every new-game option of the manifest, an option
   * a record leaves out being at its default, and a switch on whatever the rules hold for it
   * (Spades' team minimum is its number, 4). */
  const asOption = (name, value) => {
    const given = value ?? defaults[name];
    return typeof defaults[name] === "boolean" ? Boolean(given) : given;
  };
  function sameRules(rules, wanted) {
    return options.every((name) => asOption(name, rules[name]) === asOption(name, wanted[name]));
  }

  /** The server's answer becomes the game on the table (`table.beforeAdopt` sees it first). */
  function adopt(answer) {
    if (table.beforeAdopt) table.beforeAdopt(answer);
    S.save = answer.save;
    S.code = answer.code || (answer.save.record && answer.save.record.code) || S.code;
    S.level = answer.level || S.level;
    S.view = answer.view;
    persist();
  }

  function persist() {
    if (!S.save) return;
    const entry = { save: S.save, code: S.code, level: S.level, ui: S.ui, reasons: S.reasons, gid: S.gid, practice: S.practice };
    if (!store.saveGame(entry, S.practice ? keys.practice : keys.game) && !S.storageWarned) {
      S.storageWarned = true;
      S.message = { text: t("error.storage"), warn: true };
    }
  }

  /** Leave a practice hand: its save is dropped; the real game's own save was never touched. */
  function leavePractice() {
    store.removeGame(keys.practice);
    S.practice = null;
  }

  async function newGame(code = null) {
    S.busy = true;
    S.error = null;
    try {
      const answer = await table.requestNew(S.settings, code);
      leavePractice();
      table.resetHandState();
      table.forget();
      S.gid = store.newGameId();
      S.ui = { stage: "repartir" };
      S.view = null;
      adopt(answer);
      S.pending = { events: answer.events, view: answer.view };
      S.model = table.mesa.emptyTableModel(answer.view);
    } finally {
      S.busy = false;
      draw();
    }
  }

  function startNew(code = null) {
    return T.startNew(code, { state: S, newGame, showError });
  }

  /** An error in the table's centre with «Reintentar» (`retry`); an empty table if none is drawn yet. */
  function showError(error, retry) {
    S.error = { message: error.message || t("error.unexpected"), retry };
    S.busy = false;
    if (!S.model) S.model = table.mesa.blankModel(S.settings);
    draw();
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
    const rest = pending ? pending.events.filter((e) => e.type !== "deal") : [];
    await table.playEvents([table.mesa.dealEvent(view), ...rest], view);
  }

  async function nextHand() {
    if (S.busy || S.ui.stage !== "hoja") return;
    $("dlg-hoja").close();
    S.message = null;
    S.ui = { stage: "mesa" };
    persist();
    const pending = S.pending;
    S.pending = null;
    if (pending && pending.events.length && pending.events[0].type === "deal") await table.playEvents(pending.events, pending.view);
    else await table.playEvents([table.mesa.dealEvent(S.view)], S.view);
  }

  /** The target next to «Repartir»: the undealt game (same code) plays to it from now on. */
  async function chooseTarget(target) {
    if (!table.targets.includes(target) || S.busy || S.ui.stage !== "repartir") return;
    S.settings = { ...S.settings, target };
    table.saveSettings(S.settings);
    await applyToUndealt();
    const chosen = document.querySelector(`[data-accion="objetivo"][data-valor="${target}"]`);
    if (chosen) chosen.focus({ preventScroll: true });
  }

  /** Nothing is dealt yet: the game on the table takes the saved next-game settings at once. */
  async function applyToUndealt() {
    if (S.busy || S.practice || S.ui.stage !== "repartir" || !S.view) return false;
    if (sameRules(S.view.rules, S.settings) && S.level === S.settings.level) return false;
    await startNew(S.code);
    return true;
  }

  function closeDialogs() {
    for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
  }

  /** «Rejugar esta mano»: hand `n` of the real game from South's seat, in a practice save of its own. */
  async function startPractice(n) {
    if (S.busy || !Number.isInteger(n)) return;
    const main = store.loadGame(keys.game);
    if (main.status !== "ok") return;
    S.busy = true;
    $("mesa").classList.add("ocupada");
    // The comparison plays the hand a second time at Difícil: it can take a couple of seconds.
    const waiting = $("hoja-mensaje");
    if (waiting) waiting.textContent = t("practice.preparing");
    const buttons = table.practiceButtons.map($).filter(Boolean);
    for (const b of buttons) b.disabled = true;
    R.setStatus(t("practice.preparing"));
    let answer;
    try {
      answer = await api.practice(main.game.save, n);
    } catch (error) {
      for (const b of buttons) b.disabled = false;
      S.busy = false;
      table.practiceFailed(error, waiting);
      R.announce(error.message);
      draw();
      return;
    }
    closeDialogs();
    table.resetHandState();
    table.forget();
    S.practice = { hand: n, compare: answer.compare, mainCode: main.game.code };
    S.gid = null;
    S.ui = { stage: "mesa" };
    S.view = null;
    adopt(answer);
    S.model = table.mesa.emptyTableModel(answer.view);
    S.busy = false;
    R.announce(t("practice.started", { n }));
    const silent = !answer.events.length && table.dealWhenSilent;
    await table.playEvents(silent ? [table.mesa.dealEvent(answer.view)] : answer.events, answer.view);
  }

  async function backToGame() {
    if (S.busy) return;
    closeDialogs();
    leavePractice();
    table.resetHandState();
    S.busy = true; // the table is busy until the game is back on it
    $("mesa").classList.add("ocupada");
    try {
      await table.open();
    } finally {
      S.busy = false;
      draw();
      table.afterBack();
    }
  }

  // --- the sheets ----------------------------------------------------------------------------------

  /** What the sheets need from the table, and what they may ask it to do. */
  function sheetContext() {
    return {
      view: S.view,
      stage: S.ui.stage,
      outcomeLine: table.outcomeLine,
      // «Dos jugadores» has no deal to replay: its cards came from the draw (the server refuses).
      canPractice: !S.practice && Boolean(S.view) && S.view.rules.players !== 2,
      onPractice: (n) => startPractice(n),
      ...table.sheetExtras(),
    };
  }

  async function showCompare() {
    if (!S.practice || !S.view || !S.view.history.length) return;
    const sheets = await table.loadSheets();
    sheets.showCompare(sheetContext(), S.view.history[0], S.practice.compare);
  }

  async function showScore() {
    const result = T.sheetResult(S.view, S.ui.sheetHand);
    if (S.practice && S.ui.stage === "practica") {
      await showCompare();
      return;
    }
    const sheets = await table.loadSheets();
    sheets.showSheet(sheetContext(), result, { over: S.ui.stage === "fin" });
  }

  function showLastTrick() {
    return T.showLastTrick({ view: S.view, atTable: S.ui.stage === "mesa", busy: S.busy, seen: S.lastTrickSeen });
  }

  // --- sharing -------------------------------------------------------------------------------------

  async function showShare() {
    const [share] = await Promise.all([import("./share.js"), R.loadStyles()]);
    const main = S.practice ? store.loadGame(keys.game) : null;
    share.showShare({
      game: table.game,
      save: main && main.status === "ok" ? main.game.save : S.save,
      code: S.practice ? S.practice.mainCode : S.code,
      practice: Boolean(S.practice),
      onImported: adoptImported,
    });
  }

  /** A downloaded game, checked and signed by the server: the other game's opens at its own table. */
  async function adoptImported(answer) {
    // The answer names its game by its key (an older Spades answer, by nothing).
    const own = manifest.GAMES.find((game) => game.key === answer.game) || manifest.FIRST;
    if (own.key !== table.game) {
      store.handOver(own.key, answer);
      window.location.reload();
      return;
    }
    leavePractice();
    table.resetHandState();
    table.forget(answer);
    S.gid = store.newGameId();
    S.view = null;
    adopt(answer);
    const view = answer.view;
    S.ui = { stage: view.phase === "game_over" ? "fin" : "mesa" };
    S.model = table.mesa.modelFromView(view);
    persist();
    await table.afterImport(view);
  }

  // --- drawing ------------------------------------------------------------------------------------

  function draw() {
    const m = S.model;
    if (!m) return;
    document.body.classList.toggle("cuatro-colores", S.settings.four_colour);
    table.mesa.renderScore(m);
    // One code on the page: while a hand is practised, the real game's and that hand's number (the
    // banner names them too), not the practice record's own.
    const code = S.practice ? S.practice.mainCode : S.code;
    const handNumber = S.practice ? S.practice.hand : m.handNumber;
    R.renderInfo({ code, level: S.level, target: table.target(m), handNumber });
    drawPracticeBar();
    T.keepFocus(() => table.renderPods(m));
    R.renderTrick(m);
    T.keepFocus(table.drawHandAndActions);
    drawCentre();
    table.drawStatus();
    $("mesa").classList.toggle("ocupada", S.busy);
  }

  function drawCentre() {
    const parts = [];
    const stage = S.ui.stage;
    if (S.error) {
      parts.push(T.paragraph(S.error.message, "centro-error", "alert"));
      parts.push(R.button(t("btn.retry"), { className: "boton principal", action: "reintentar" }));
    } else if (stage === "repartir" && !S.busy) {
      if (!S.practice && S.view) parts.push(table.targetChoice(S.view.rules.target));
      parts.push(R.button(t("btn.deal"), { className: "boton principal grande", action: "repartir", id: "btn-repartir" }));
    } else if (stage === "hoja" && !S.busy) {
      parts.push(R.button(t("btn.nextHand"), { className: "boton principal grande", action: "siguiente", id: "btn-siguiente" }));
      parts.push(R.button(t("btn.showScore"), { className: "boton", action: "ver-hoja" }));
    } else if (stage === "fin" && S.view && S.view.outcome) {
      // The table says it too (not only the sheet): a title, who won, then the totals in smaller type.
      const [head, totals] = table.outcomeLine(S.view.outcome, { split: true });
      const title = R.el("h2", "centro-titulo", t("over.title"));
      const result = R.el("p", "centro-resultado");
      result.append(R.el("strong", "", head), " ", R.el("span", "centro-cuentas", totals));
      parts.push(title, result);
      parts.push(R.button(t("btn.newGame"), { className: "boton principal grande", action: "nueva", id: "btn-nueva-fin" }));
      parts.push(R.button(t("btn.showScore"), { className: "boton", action: "ver-hoja" }));
    } else if (stage === "practica" && !S.busy) {
      parts.push(T.paragraph(t("practice.done"), "centro-resultado"));
      parts.push(R.button(t("practice.back"), { className: "boton principal grande", action: "volver", id: "btn-volver" }));
      parts.push(R.button(t("practice.showCompare"), { className: "boton", action: "comparar", id: "btn-comparar" }));
      if (table.practiceAgain) parts.push(R.button(t("practice.again"), { className: "boton", action: "rejugar-otra" }));
    }
    if (S.message && S.message.centre) parts.unshift(T.paragraph(S.message.text, "centro-aviso", "alert"));
    R.renderCentre(parts.length ? parts : null);
  }

  function drawPracticeBar() {
    $("practica").hidden = !S.practice;
    if (S.practice) {
      $("practica-texto").textContent = t("practice.banner", { n: S.practice.hand, code: R.formatCode(S.practice.mainCode) });
    }
  }

  // --- South's taps and keys -----------------------------------------------------------------------

  function releaseTap() {
    if (S.tapWaiter) S.tapWaiter();
  }

  /** The actions of the action area, the centre and the sheet that both tables name alike. */
  const actions = {
    jugar: () => {
      if (S.lifted) table.playCard(S.lifted);
    },
    seguir: releaseTap,
    repartir: dealFirstHand,
    objetivo: (value) => chooseTarget(Number(value)),
    siguiente: nextHand,
    "ver-hoja": showScore,
    nueva: async () => {
      $("dlg-hoja").close();
      S.notice = null;
      await startNew();
    },
    volver: backToGame,
    comparar: showCompare,
    reintentar: () => T.retry(S, draw),
  };

  /**
   * A tap on a card of South's hand at the table: `table.tapOwn(code)` takes it first (Corazones'
   * pass); then a playable card is lifted, or played when lifted already; a card that may not be
   * played is refused with the server's reason; out of turn, a word (`table.waitText()`) says why.
   */
  function onCard(code, element) {
    if (S.busy || S.ui.stage !== "mesa" || !S.view) return;
    const view = S.view;
    if (table.tapOwn(code)) return;
    if (table.canPlay()) {
      if (!view.playable.includes(code)) refuse(code, element);
      else if (S.lifted === code) table.playCard(code);
      else {
        S.lifted = code;
        S.message = null;
        draw();
      }
      return;
    }
    const text = table.waitText() || (view.turn && view.turn !== "south" ? t("status.notYourTurn", { seat: seatName(view.turn) }) : null);
    if (text) {
      S.message = { text, warn: false };
      table.drawStatus();
    }
  }

  /** The server's reason, in the player's language: «Los corazones aún no se han roto»… */
  function refuse(code, element) {
    const refusal = S.view.refusals[code];
    const text = refusal ? serverText(refusal.code, refusal.message, refusal.params) : t("status.playFollow");
    S.message = { text, warn: true };
    S.lifted = null;
    draw();
    R.announce(text);
    T.shake(document.querySelector(`#mano [data-carta="${code}"]`) || element);
  }

  /** The settings dialog (js/settings.js through mesa.js). */
  function openSettings() {
    return T.openSettings({ game: table.game, state: S, save: table.saveSettings, titleKey: table.titleKey, draw, applyToUndealt, newGame });
  }

  /** The input's wiring: what both tables do alike, and `own` (actions, bids, Escape). */
  function bind(own) {
    bindInput({
      isBusy: () => S.busy,
      waitingForTap: () => Boolean(S.tapWaiter),
      onSkip: () => {
        if (S.tapWaiter) releaseTap();
        else anim.skip();
      },
      onCard,
      onFocusIndex: (i) => {
        S.focusIndex = i;
      },
      onLastTrick: showLastTrick,
      onScore: showScore,
      onSettings: openSettings,
      onStats: table.showStats,
      onShare: showShare,
      onBackToGame: backToGame,
      onResize: () => R.layoutHand(),
      ...own,
    });
  }

  /** South's forced last card plays itself (the setting «auto_last»): the hand is drawn at rest,
   * the status names the card, and after the pause it is played (the table's `playCard` does
   * nothing when the table has moved on meanwhile: it checks the turn and the card). */
  function autoPlayLast() {
    if (!S.settings.auto_last || !table.canPlay()) return;
    const view = S.view;
    if (!view.hand || view.hand.length !== 1 || view.playable.length !== 1) return;
    const card = view.playable[0];
    S.busy = true;
    $("mesa").classList.add("ocupada");
    const own = table.restingHand ? table.restingHand() : {};
    R.renderHand(S.model, { playable: new Set(), refusals: {}, lifted: null, focusIndex: 0, myPlayTurn: false, ...own });
    R.clearActions();
    R.setStatus(t("status.lastCard", { card: cardNameWithArticle(card) }));
    if (table.watch) table.watch();
    anim.pause("lastCard").then(() => {
      if (table.unwatch) table.unwatch();
      S.busy = false;
      anim.endSkip();
      table.playCard(card);
    });
  }

  /**
   * A hand scored on the table: the model's totals (the game's `mesa.scoreHand`), and the stage
   * after it — the sheet, the game's end, or after a practice hand its comparison — saved; the rest
   * of the answer waits for «Siguiente mano». Returns {practiceDone, over}.
   */
  function handOver(result, rest, finalView) {
    const m = S.model;
    table.mesa.scoreHand(m, result);
    m.turn = null;
    m.phase = "complete";
    const practiceDone = Boolean(S.practice);
    const over = !practiceDone && (finalView.phase === "game_over" || rest.some((e) => e.type === "game_over"));
    S.ui = practiceDone ? { stage: "practica" } : { stage: over ? "fin" : "hoja", sheetHand: result.number };
    S.pending = over || practiceDone ? null : { events: rest, view: finalView };
    persist();
    return { practiceDone, over };
  }

  return {
    adopt,
    persist,
    handOver,
    autoPlayLast,
    draw,
    showError,
    leavePractice,
    newGame,
    startNew,
    applyToUndealt,
    startPractice,
    sheetContext,
    showScore,
    drawCentre,
    drawPracticeBar,
    actions,
    bind,
  };
}
