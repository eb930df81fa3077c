// The solo table: the controller (controller.js) over the solo transport — HTTP to this server
// and the signed save kept in localStorage after every step. What only a solo game has is here:
// opening or resuming the save (a practice hand first), a save the server refuses set aside
// (a save signed with a key this server no longer has: the player chooses, keydialog.js), a new
// game, «Repartir», «Siguiente mano», the target next to «Repartir», «Rejugar esta mano» and back,
// the sheets, sharing and opening a shared game, the settings, the statistics and the table's
// centre between hands. Any game's: what differs is the game's hooks module (its `solo` part).

import * as api from "../api.js";
import * as store from "../store.js";
import * as manifest from "../games.js";
import * as anim from "../animation.js";
import * as R from "../render.js";
import * as T from "./pieces.js";
import { tableController, tableState } from "./controller.js";
import { askSetAside } from "../keydialog.js";
import { t, seatName } from "../i18n.js";
import { installSprite } from "../cards.js";

const $ = (id) => document.getElementById(id);
const STAGES = ["repartir", "mesa", "hoja", "fin", "practica"];
const REVIEW_WAIT_MS = 5000;

/** Start the solo table of the game `key` with its hooks module `game` (js/inicio.js). */
export async function start(key, game) {
  const part = game.solo;
  const keys = store.KEYS[key];
  const { options, defaults } = manifest.byKey(key);
  const S = {
    ...tableState(part.loadSettings()),
    save: null,
    code: null,
    level: null,
    ui: { stage: "mesa" }, // "repartir" | "mesa" | "hoja" | "fin" | "practica"; saved with the game
    gid: null, // this game's id for the statistics (null in a practice hand)
    practice: null, // {hand, compare, mainCode} while a hand is replayed for practice
    pending: null, // events after a scored hand, waiting for «Siguiente mano»
    notice: null, // a damaged save or a refused code: shown above «Repartir»
    error: null, // {message, retry}
    storageWarned: false,
  };

  // --- saving ----------------------------------------------------------------------------------------

  /** The server's answer becomes the game on the table (the game's hooks see it first). */
  function adopt(answer) {
    // A game whose view and events are not in the table's terms says them so (its `readAnswer`).
    if (game.readAnswer) game.readAnswer(answer, S.view);
    C.own.adopted(answer);
    S.save = answer.save;
    S.code = answer.code || (answer.save.record && answer.save.record.code) || S.code;
    S.level = answer.level || S.level;
    S.view = answer.view;
    persist();
  }

  function saveKey() {
    return S.practice ? keys.practice : keys.game;
  }

  function persist() {
    if (!S.save) return;
    const entry = { save: S.save, code: S.code, level: S.level, ui: S.ui, reasons: S.reasons, gid: S.gid, practice: S.practice };
    if (!store.saveGame(entry, saveKey()) && !S.storageWarned) {
      S.storageWarned = true;
      S.message = { text: t("error.storage"), warn: true };
    }
  }

  /** Leave a practice hand: its save is dropped; the real game's own save was never touched. */
  function leavePractice() {
    store.removeGame(keys.practice);
    S.practice = null;
  }

  /** What a hand of play leaves behind, dropped when another game or hand comes to the table. */
  function resetHandState() {
    C.clearHand();
    S.message = null;
    S.pending = null;
  }

  // --- the transport -----------------------------------------------------------------------------

  /** Whether a game's rules are the settings': every new-game option of the manifest, an option
   * a record leaves out being at its default, and a switch on whatever the rules hold for it. */
  const asOption = (name, value) => {
    const given = value ?? defaults[name];
    return typeof defaults[name] === "boolean" ? Boolean(given) : given;
  };
  function sameRules(rules, wanted) {
    return options.every((name) => asOption(name, rules[name]) === asOption(name, wanted[name]));
  }

  const transport = {
    live: () => S.ui.stage === "mesa",
    waitingBar: true,
    hintOn: () => Boolean(S.settings.hint),
    positionKey: () => (S.save ? S.save.sig : null),
    /** The hint or the tip for South's position, from the save. */
    ask: (kind) => api.ask(kind, S.save),
    /** South's action: the answer is adopted (saved) before its events play. */
    send(action) {
      return api.act(S.save, action).then((answer) => {
        adopt(answer);
        return answer;
      });
    },
    pauseTricks: () => S.settings.pause_tricks,
    run: {
      scored: async (ev, rest, view, mine) => {
        await handScored(ev.result, rest, view, mine);
        return true;
      },
      finished(view, { direct = false } = {}) {
        if (direct) S.pending = null;
        S.ui = { stage: view.phase === "game_over" ? "fin" : "mesa" };
        persist();
      },
      event: () => undefined,
    },
    text: {
      statusFirst() {
        const stage = S.ui.stage;
        // A damaged save or a refused code: said under the table, where it covers no one's seat.
        if (stage === "repartir" && S.notice && !S.busy) return S.notice;
        if (stage === "repartir") return S.busy ? t("status.dealing") : t("status.deal");
        if (stage === "hoja") {
          const history = S.view.history;
          return t("status.handOver", { n: history.length ? history[history.length - 1].number : S.model.handNumber });
        }
        if (stage === "fin") return t("status.gameOver");
        if (stage === "practica") return t("practice.status");
        return null;
      },
      waitFor: (seat) => t("status.wait", { seat: seatName(seat) }),
    },
    draw: {
      info(m) {
        document.body.classList.toggle("cuatro-colores", S.settings.four_colour);
        // One code on the page: while a hand is practised, the real game's and that hand's number
        // (the banner names them too), not the practice record's own.
        const code = S.practice ? S.practice.mainCode : S.code;
        const handNumber = S.practice ? S.practice.hand : m.handNumber;
        R.renderInfo({ code, level: S.level, target: part.target(m, S.view), handNumber });
        drawPracticeBar();
      },
      centre: drawCentre,
    },
    /** A request that failed: a refusal said, an unreadable save set aside, «Reintentar» else. */
    async failed(error, retry) {
      if (error instanceof api.ApiError && error.code === "bad_signature") await damaged(store.rawGame(saveKey()), error);
      else if (error instanceof api.ApiError && error.status >= 400 && error.status < 500) {
        S.message = { text: error.message, warn: true };
        R.announce(error.message);
        C.draw();
      } else if (error instanceof api.ApiError && api.BUSY_CODES.includes(error.code)) {
        // «La mesa está muy ocupada»: the save is untouched; «Reintentar» sends the same action.
        showError(error, retry);
      } else {
        showError(error, () => {
          S.error = null;
          C.draw();
        });
      }
    },
    actions: {
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
      reintentar: () => T.retry(S, C.draw),
      rejugar: (value) => startPractice(Number(value)),
      "rejugar-otra": async () => {
        if (S.practice) await startPractice(S.practice.hand);
      },
    },
  };

  const C = tableController({ game, state: S, transport });

  // --- a new game, the deal, the next hand -----------------------------------------------------------

  async function newGame(code = null) {
    S.busy = true;
    S.error = null;
    try {
      const answer = await api.newGame(key, S.settings, code);
      leavePractice();
      resetHandState();
      S.reasons = {};
      S.gid = store.newGameId();
      S.ui = { stage: "repartir" };
      S.view = null;
      adopt(answer);
      S.pending = { events: answer.events, view: answer.view };
      S.model = game.board.emptyTableModel(answer.view);
    } finally {
      S.busy = false;
      C.draw();
    }
  }

  function startNew(code = null) {
    return T.startNew(code, { state: S, newGame, showError });
  }

  /** An error in the table's centre with «Reintentar» (`retry`); an empty table if none is drawn yet. */
  function showError(error, retry) {
    S.error = { message: error.message || t("error.unexpected"), retry };
    S.busy = false;
    if (!S.model) S.model = game.board.blankModel(S.settings);
    C.draw();
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
    await C.play([game.board.dealEvent(view), ...rest], view);
  }

  async function nextHand() {
    if (S.busy || S.ui.stage !== "hoja") return;
    $("dlg-hoja").close();
    S.message = null;
    S.ui = { stage: "mesa" };
    persist();
    const pending = S.pending;
    S.pending = null;
    if (pending && pending.events.length && pending.events[0].type === "deal") await C.play(pending.events, pending.view);
    else await C.play([game.board.dealEvent(S.view)], S.view);
  }

  /** The target next to «Repartir»: the undealt game (same code) plays to it from now on. */
  async function chooseTarget(target) {
    if (!part.targets.includes(target) || S.busy || S.ui.stage !== "repartir") return;
    S.settings = { ...S.settings, target };
    part.saveSettings(S.settings);
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

  /**
   * A hand scored on the table: the model's totals, and the stage after it — the sheet, the game's
   * end, or after a practice hand its comparison — saved; the rest of the answer waits for
   * «Siguiente mano». The sheet opens once loaded (a slow network: «Ver puntuación» opens it).
   */
  async function handScored(result, rest, finalView, mine) {
    const m = S.model;
    game.board.scoreHand(m, result);
    m.turn = null;
    m.phase = "complete";
    const practiceDone = Boolean(S.practice);
    const over = !practiceDone && (finalView.phase === "game_over" || rest.some((e) => e.type === "game_over"));
    S.ui = practiceDone ? { stage: "practica" } : { stage: over ? "fin" : "hoja", sheetHand: result.number };
    S.pending = over || practiceDone ? null : { events: rest, view: finalView };
    persist();
    S.showing = null; // the answer is all on the table; only the sheet is left to open
    let sheets = null;
    try {
      sheets = await Promise.race([game.loadSheets(), new Promise((resolve) => setTimeout(resolve, REVIEW_WAIT_MS, null))]);
    } catch {
      sheets = null;
    }
    if (mine !== S.sequence) return;
    C.endShowing();
    C.draw();
    if (sheets && practiceDone) sheets.showCompare(sheetContext(), result, S.practice.compare);
    else if (sheets) sheets.showSheet(sheetContext(), result, { over });
    if (!practiceDone) recordStats();
  }

  // --- opening, resuming ---------------------------------------------------------------------------

  /** A save the server refuses: set it aside and start anew. A bad signature is nobody's fault:
   * the player chooses (unknownKey). Otherwise no «Motivo» repeats the first sentence. */
  async function damaged(raw, error, wanted = null) {
    if (error && error.code === "bad_signature") return unknownKey(raw, wanted);
    store.setAside(raw, saveKey(), keys.aside);
    const detail = error ? error.message : null;
    S.notice = t("error.damaged") + (detail ? ` ${t("error.damagedDetail", { message: detail })}` : "");
    leavePractice();
    await startNew(wanted);
    R.announce(S.notice);
  }

  /** A save the server cannot check is nobody's fault: the player chooses to keep it aside. */
  async function unknownKey(raw, wanted) {
    if (await askSetAside()) {
      store.setAside(raw, saveKey(), keys.aside);
      S.notice = t("key.notice");
      leavePractice();
      await startNew(wanted);
      R.announce(S.notice);
    } else {
      showError(new api.ApiError("bad_signature", t("key.waiting")), () => open(wanted));
    }
  }

  /**
   * Open the saved game (a practice hand in progress first), or start one. `wanted` is a game code
   * from a shared link (?codigo=…): it starts a new game, after asking if one is in progress.
   */
  async function open(wanted = null) {
    let shown = false;
    const practice = store.loadGame(keys.practice);
    if (practice.status === "ok") shown = await resume(practice.game, { practice: true, wanted });
    else if (practice.status === "damaged") store.removeGame(keys.practice);
    if (shown === null) return;
    if (!shown) {
      const loaded = store.loadGame(keys.game);
      if (loaded.status === "damaged") {
        await damaged(loaded.raw, null, wanted);
        return;
      }
      if (loaded.status === "none") {
        await startNew(wanted);
        return;
      }
      shown = await resume(loaded.game, { practice: false, wanted });
      if (!shown) return;
    }
    if (wanted) await T.offerCode(wanted, { state: S, startNew });
  }

  /**
   * Resume one stored game. true: it is on the table; false: a practice save that did not open
   * (dropped, the real game opens instead); null: handled otherwise (an error is shown, or a
   * damaged save was set aside and a new game started).
   */
  async function resume(entry, { practice, wanted = null }) {
    let answer;
    try {
      answer = await api.resume(entry.save);
    } catch (error) {
      const refused = error instanceof api.ApiError && error.status >= 400 && error.status < 500;
      if (refused && practice) {
        store.removeGame(keys.practice);
        return false;
      }
      if (refused) await damaged(store.rawGame(keys.game), error, wanted);
      else showError(error, () => open(wanted));
      return null;
    }
    const ui = entry.ui || {};
    S.practice = practice ? entry.practice : null;
    S.reasons = entry.reasons || {};
    S.gid = practice ? null : entry.gid || store.newGameId();
    S.view = null;
    adopt(answer);
    const view = answer.view;
    S.ui = { stage: STAGES.includes(ui.stage) ? ui.stage : "mesa" };
    if (ui.sheetHand) S.ui.sheetHand = ui.sheetHand;
    if (S.practice) {
      if (view.history.length) S.ui.stage = "practica";
      else if (S.ui.stage !== "repartir") S.ui.stage = "mesa";
    } else if (view.phase === "game_over") S.ui.stage = "fin";
    else if (S.ui.stage === "fin" || S.ui.stage === "practica") S.ui.stage = "mesa";
    if (["repartir", "hoja", "practica"].includes(S.ui.stage)) S.model = game.board.emptyTableModel(view);
    else S.model = game.board.modelFromView(view);
    if (S.ui.stage !== "mesa") {
      // Between hands the score shows the game's totals (and Spades' bags), not an empty hand's.
      S.model.totals = { ...view.totals };
      if (view.bags) S.model.bags = { ...view.bags };
    }
    persist();
    C.draw();
    if (!S.practice) recordStats();
    if (S.ui.stage === "mesa") {
      C.announceTurn();
      C.autoPlayLast();
    }
    return true;
  }

  // --- «Rejugar esta mano» ---------------------------------------------------------------------------

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
    const buttons = part.practiceButtons.map($).filter(Boolean);
    for (const b of buttons) b.disabled = true;
    R.setStatus(t("practice.preparing"));
    let answer;
    try {
      answer = await api.practice(main.game.save, n);
    } catch (error) {
      for (const b of buttons) b.disabled = false;
      S.busy = false;
      const inSheet = $("dlg-hoja").open;
      if (waiting && inSheet) waiting.textContent = error.message;
      S.message = { text: error.message, warn: true, centre: !inSheet };
      R.announce(error.message);
      C.draw();
      return;
    }
    closeDialogs();
    resetHandState();
    S.reasons = {};
    S.practice = { hand: n, compare: answer.compare, mainCode: main.game.code };
    S.gid = null;
    S.ui = { stage: "mesa" };
    S.view = null;
    adopt(answer);
    S.model = game.board.emptyTableModel(answer.view);
    S.busy = false;
    R.announce(t("practice.started", { n }));
    const silent = !answer.events.length && part.dealWhenSilent;
    await C.play(silent ? [game.board.dealEvent(answer.view)] : answer.events, answer.view);
  }

  async function backToGame() {
    if (S.busy) return;
    closeDialogs();
    leavePractice();
    resetHandState();
    S.busy = true; // the table is busy until the game is back on it
    $("mesa").classList.add("ocupada");
    try {
      await open();
    } finally {
      S.busy = false;
      C.draw();
      C.announceTurn();
      C.autoPlayLast();
    }
  }

  // --- the sheets ------------------------------------------------------------------------------------

  /** What the sheets need from the table, and what they may ask it to do. */
  function sheetContext() {
    return {
      view: S.view,
      stage: S.ui.stage,
      outcomeLine: game.board.outcomeLine,
      // «Dos jugadores» has no deal to replay: its cards came from the draw (the server refuses).
      canPractice: !S.practice && Boolean(S.view) && S.view.rules.players !== 2,
      onPractice: (n) => startPractice(n),
      reasons: S.reasons,
      practice: S.practice,
    };
  }

  async function showCompare() {
    if (!S.practice || !S.view || !S.view.history.length) return;
    const sheets = await game.loadSheets();
    sheets.showCompare(sheetContext(), S.view.history[0], S.practice.compare);
  }

  async function showScore() {
    const result = T.sheetResult(S.view, S.ui.sheetHand);
    if (S.practice && S.ui.stage === "practica") {
      await showCompare();
      return;
    }
    const sheets = await game.loadSheets();
    sheets.showSheet(sheetContext(), result, { over: S.ui.stage === "fin" });
  }

  function recordStats() {
    return T.recordStats(S, () => part.recordStats({ view: S.view, gid: S.gid, level: S.level }));
  }

  // --- sharing ---------------------------------------------------------------------------------------

  async function showShare() {
    const [share] = await Promise.all([import("../share.js"), R.loadStyles()]);
    const main = S.practice ? store.loadGame(keys.game) : null;
    share.showShare({
      game: key,
      save: main && main.status === "ok" ? main.game.save : S.save,
      code: S.practice ? S.practice.mainCode : S.code,
      practice: Boolean(S.practice),
      onImported: adoptImported,
    });
  }

  /** A downloaded game, checked and signed by the server: the other game's opens at its own table. */
  async function adoptImported(answer) {
    // The answer names its game by its key (an older Spades answer, by nothing).
    const own = manifest.GAMES.find((entry) => entry.key === answer.game) || manifest.FIRST;
    if (own.key !== key) {
      store.handOver(own.key, answer);
      window.location.reload();
      return;
    }
    leavePractice();
    resetHandState();
    // The computer players' bid reasons: a shared record's are worked out again by the server.
    S.reasons = store.cleanReasons(answer.reasons);
    S.gid = store.newGameId();
    S.view = null;
    adopt(answer);
    const view = answer.view;
    S.ui = { stage: view.phase === "game_over" ? "fin" : "mesa" };
    S.model = game.board.modelFromView(view);
    persist();
    try {
      await part.skipHistory({ view, gid: S.gid }); // hands played elsewhere are not this player's record
    } catch {
      // not fatal
    }
    // A record cut short at a computer player's turn waits: nobody will play it from here.
    if (view.turn && view.turn !== "south" && view.phase !== "game_over") {
      S.message = { text: t("share.waiting", { seat: seatName(view.turn) }), warn: true };
    }
    C.draw();
    C.announceTurn();
    C.autoPlayLast();
  }

  // --- the centre between hands ----------------------------------------------------------------------

  function drawCentre() {
    const parts = [];
    const stage = S.ui.stage;
    if (S.error) {
      parts.push(T.paragraph(S.error.message, "centro-error", "alert"));
      parts.push(R.button(t("btn.retry"), { className: "boton principal", action: "reintentar" }));
    } else if (stage === "repartir" && !S.busy) {
      if (!S.practice && S.view && part.targetChoice) parts.push(part.targetChoice(S.view.rules.target));
      parts.push(R.button(t("btn.deal"), { className: "boton principal grande", action: "repartir", id: "btn-repartir" }));
    } else if (stage === "hoja" && !S.busy) {
      parts.push(R.button(t("btn.nextHand"), { className: "boton principal grande", action: "siguiente", id: "btn-siguiente" }));
      parts.push(R.button(t("btn.showScore"), { className: "boton", action: "ver-hoja" }));
    } else if (stage === "fin" && S.view && S.view.outcome) {
      // The table says it too (not only the sheet): a title, who won, then the totals in smaller type.
      const [head, totals] = game.board.outcomeLine(S.view.outcome, { split: true });
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
      if (part.practiceAgain) parts.push(R.button(t("practice.again"), { className: "boton", action: "rejugar-otra" }));
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

  // --- start -----------------------------------------------------------------------------------------

  await T.useLanguage(S.settings);
  await game.prepare({ solo: true });
  T.translatePage(part.titleKey);
  installSprite();
  anim.configure({ fast: store.fastMode(), speed: S.settings.speed });
  C.bind({
    onLastTrick: () => T.showLastTrick({ view: S.view, atTable: S.ui.stage === "mesa", busy: S.busy, seen: S.lastTrickSeen }),
    onScore: showScore,
    onSettings: () => T.openSettings({ game: key, state: S, save: part.saveSettings, titleKey: part.titleKey, draw: C.draw, applyToUndealt, newGame }),
    onStats: part.showStats,
    onShare: showShare,
    onBackToGame: backToGame,
  });
  $("app").hidden = false; // the table shows once its buttons answer
  document.body.classList.toggle("cuatro-colores", S.settings.four_colour);
  await open(T.codeFromLink());
}
