// The one table controller: a table's life on the page, for any game and any mode. It acts for
// South (the page's own seat), plays the events that follow an action one by one — with the stall
// watchdog —, keeps the turn, the lifted card, the hint, the tip and their «¿Por qué?», puts the
// focus where South acts next, plays South's forced last card by itself and draws the table. It
// talks to the server through a transport (solo.js: HTTP and the signed save; friends.js: the
// socket of a server-held table), and what a game does its own way comes from that game's hooks
// (js/games/<key>/hooks.js: its bidding or its pass, its own events and sentences).

import * as anim from "../animation.js";
import * as R from "../render.js";
import * as T from "./pieces.js";
import { bindInput } from "../input.js";
import { t, seatName, serverText } from "../i18n.js";
import { cardName, cardGender, cardNameWithArticle } from "../cards.js";

const $ = (id) => document.getElementById(id);

// While the table shows an answer it already holds, each event must start within STALL_MS of the
// last one. If not, the watchdog first finishes the animations at once; if the table still has
// not moved STALL_MS later, it shows the answer's position directly (moves with no answer behind
// them only get the first step). The pause after a trick («Parar tras cada baza») waits for the
// player, and the wait for the server is the server's: neither is the table stalling.
const STALL_MS = 4000;

/** A fresh state of the table: the transport adds its own (the save, the stage…). */
export function tableState(settings) {
  return {
    view: null, // the server's last view: the truth
    model: null, // what the table shows (runs behind the view while events animate)
    busy: false,
    thinking: null, // the seat the server is answering for
    lifted: null,
    chosen: [], // the cards picked for a pass, in the order picked
    selectedBid: null,
    focusIndex: 0,
    hint: null, // {key, loading, open} | {key, error} | {key, …the game's hint}
    tip: null, // {key, loading} | {key, error} | {key, bid, reasons}
    openReason: null, // the seat whose bid's «¿Por qué?» is open
    reasons: {}, // {hand number: {seat: reason}} of the computer players' bids
    tapWaiter: null, // resolves the pause after a trick
    message: null, // a refusal or notice that stays until the next action
    lastTrickSeen: null,
    sequence: 0, // bumped by each run of events: a run that is no longer the latest stops
    showing: null, // {view, at, skipped} while an answer's events are shown (for the watchdog)
    settings,
  };
}

/**
 * tableController({game (the game's hooks module), state, transport}) → the table. The
 * transport = {live(), waitingBar, send(action), ask(kind), positionKey(), hintOn(), run
 * (scored(result, rest, view, mine), finished(view), event(ev)), pauseTricks(), text
 * (statusFirst(), waitFor(seat)), draw (info(m), centre(), pods(), extra()), actions, failed}.
 */
export function tableController({ game, state: S, transport }) {
  const M = game.board;
  const G = {
    S,
    live,
    myTurn,
    canPlay,
    hintOn: () => transport.hintOn(),
    waitingBar: () => transport.waitingBar && S.ui && S.ui.stage === "mesa",
    currentHint,
    currentTip,
    askFor,
    renderPods,
    drawHand,
    drawActions,
    drawStatus,
    keepFocus: T.keepFocus,
    act,
  };
  const own = game.hooks(G);

  // --- what South may do now ---------------------------------------------------------------------

  function live() {
    return Boolean(S.view && !S.busy && transport.live());
  }
  function myTurn() {
    return live() && S.view.turn === "south";
  }
  function canPlay() {
    return myTurn() && S.view.phase === "playing";
  }
  const canBid = () => own.canBid();
  const canPass = () => own.canPass();
  const canDraw = () => own.canDraw();

  // --- the hint and the tip (asked once per position, answered for this seat only) --------------

  function fresh(answer) {
    return answer && answer.key === transport.positionKey() ? answer : null;
  }

  function currentHint() {
    return canPass() || canPlay() || canDraw() ? fresh(S.hint) : null;
  }

  function currentTip() {
    return canBid() ? fresh(S.tip) : null;
  }

  /** Ask the server for this position's hint or tip (`again`: after an error, once more). */
  async function askFor(kind, { open = false, again = false } = {}) {
    const key = transport.positionKey();
    const slot = kind === "tip" ? "tip" : "hint";
    const have = S[slot];
    if (have && have.key === key && (!have.error || !again)) return;
    const asked = { key, loading: true, open };
    S[slot] = asked;
    let answer;
    try {
      const raw = await transport.ask(kind);
      answer = kind === "tip" ? { key, bid: raw.bid, reasons: raw.reasons } : { key, ...own.hintOf(raw, asked) };
    } catch (error) {
      // `retry`: asked on a socket that has since been replaced; the new one may be asked.
      answer = { key, error: error.message, retry: error.retry === true };
    }
    if (S[slot] !== asked) return;
    S[slot] = answer;
    // Also when the position moved on meanwhile: the redraw asks for the new position's.
    if (!S.busy) T.keepFocus(() => {
      drawHand();
      drawActions();
    });
  }

  /** With the play hint on, ask once per position; the tip whenever South bids. */
  function autoAsk() {
    const key = transport.positionKey();
    let kind = null;
    if (canBid()) kind = "tip";
    else if (G.hintOn() && (canPlay() || canPass() || canDraw())) kind = "hint";
    if (!kind) return;
    const have = S[kind];
    if (!have || have.key !== key) askFor(kind);
    else if (have.retry) askFor(kind, { again: true });
  }

  /** The hint's «¿Por qué?»: its reasons open under it, or close. */
  function toggleWhy() {
    const hint = currentHint();
    if (!hint || !hint.cards) return;
    hint.open = !hint.open;
    T.keepFocus(drawActions);
    if (hint.open) R.announce(hint.lines.join(". "));
  }

  /** The reasons' bubble closes on a tap anywhere but on it (or its button), and on Escape. */
  function closeWhy() {
    const hint = currentHint();
    if (!hint || !hint.open) return false;
    hint.open = false;
    T.keepFocus(drawActions);
    return true;
  }

  /** A computer player's bid «¿Por qué?» in its pod. */
  function onReason(seat) {
    const next = seat && S.openReason !== seat ? seat : null;
    if (next === S.openReason) return;
    S.openReason = next;
    if (S.model) T.keepFocus(() => renderPods(S.model));
    if (next) {
      const bubble = $(`bocadillo-${next}`);
      if (bubble) R.announce(bubble.textContent);
      const again = $(`porque-${next}`);
      if (again) again.focus({ preventScroll: true });
    }
  }

  // --- drawing -----------------------------------------------------------------------------------

  function renderPods(m) {
    own.renderPods(m, { thinking: S.thinking });
    if (transport.draw.pods) transport.draw.pods();
  }

  function drawHand() {
    const view = S.view;
    const refusals = {};
    if (view && canPlay()) for (const [code, r] of Object.entries(view.refusals || {})) refusals[code] = serverText(r.code, r.message, r.params);
    const hint = currentHint();
    R.renderHand(S.model, {
      playable: new Set(canPlay() ? view.playable : []),
      refusals,
      lifted: S.lifted,
      suggested: hint && !hint.loading && !hint.error ? own.suggested(hint) : null,
      focusIndex: S.focusIndex,
      myPlayTurn: canPlay(),
      choosing: canPass(),
      chosen: new Set(S.chosen),
      received: new Set((S.model && S.model.received) || []),
    });
  }

  function drawActions() {
    if (S.tapWaiter) {
      R.renderContinue();
      return;
    }
    if (live()) autoAsk();
    if (!(S.view && own.drawActions())) R.clearActions();
  }

  function statusText() {
    const view = S.view;
    const m = S.model;
    const first = transport.text.statusFirst();
    if (first !== null) return first;
    if (!view || !m) return "";
    if (m.dealtCount) return t("status.dealing");
    const mine = own.status();
    if (mine) return mine;
    if (canPlay()) {
      if (S.lifted) return t("status.lifted", { card: T.capital(cardName(S.lifted)), gender: cardGender(S.lifted) });
      return view.trick.length ? t("status.playFollow") : t("status.playLead");
    }
    if (m.turn && m.turn !== "south" && ["drawing", "bidding", "passing", "playing"].includes(m.phase)) return transport.text.waitFor(m.turn);
    return "";
  }

  function drawStatus() {
    if (S.tapWaiter) R.setStatus(t("status.tapToGo"));
    else if (S.message && !S.message.centre) R.setStatus(S.message.text, { warn: S.message.warn });
    else R.setStatus(statusText());
  }

  function draw() {
    const m = S.model;
    if (!m) return;
    M.renderScore(m);
    if (transport.draw.info) transport.draw.info(m);
    T.keepFocus(() => renderPods(m));
    R.renderTrick(m);
    T.keepFocus(() => {
      drawHand();
      drawActions();
    });
    transport.draw.centre();
    drawStatus();
    $("mesa").classList.toggle("ocupada", S.busy);
  }

  // --- South's actions ----------------------------------------------------------------------------

  /**
   * South acts: the transport sends it; South's own card (`optimistic`) flies while the server
   * answers. The solo transport answers with the events and the view; the socket's come as an
   * update of their own (`play`).
   */
  async function act(action, optimistic = null) {
    if (S.busy) return;
    S.message = null;
    const sent = transport.send(action);
    if (!sent) {
      drawStatus();
      return;
    }
    S.busy = true;
    $("mesa").classList.add("ocupada"); // busy from the tap on, not only once something is drawn
    S.error = null;
    const before = S.model;
    try {
      sent.catch(() => undefined); // awaited below; a failure must not count as unhandled first
      if (optimistic) {
        draw();
        watchMoves();
        await step(optimistic);
        S.showing = null; // waiting for the server now, which is not the table stalling
      }
      S.thinking = S.model.turn && S.model.turn !== "south" ? S.model.turn : null;
      renderPods(S.model);
      const answer = await sent;
      S.thinking = null;
      S.lifted = null;
      S.chosen = [];
      S.selectedBid = null;
      let events = answer.events;
      if (optimistic && events.length && events[0].seat === "south" && events[0].type === optimistic.type) events = events.slice(1);
      await play(events, answer.view);
    } catch (error) {
      endShowing();
      S.thinking = null;
      S.model = S.view ? M.modelFromView(S.view) : before;
      await transport.failed(error, () => act(action, optimistic));
    }
  }

  function playCard(code) {
    if (!canPlay() || !S.view.playable.includes(code)) return;
    act(code, { type: "play", seat: "south", card: code });
  }

  /**
   * A tap on a card of South's hand: the game's hooks take it first (a pass's choice); then a
   * playable card is lifted, or played when lifted already; a card that may not be played is
   * refused with the server's reason; out of turn, a word says why.
   */
  function onCard(code, element) {
    if (S.busy || !live()) return;
    const view = S.view;
    if (own.onCard(code, element)) return;
    if (canPlay()) {
      if (!view.playable.includes(code)) refuse(code, element);
      else if (S.lifted === code) playCard(code);
      else {
        S.lifted = code;
        S.message = null;
        draw();
      }
      return;
    }
    const text = own.waitText() || (view.turn && view.turn !== "south" ? t("status.notYourTurn", { seat: seatName(view.turn) }) : null);
    if (text) {
      S.message = { text, warn: false };
      drawStatus();
    }
  }

  /** The server's reason, in the player's language: «Los corazones aún no se han roto»… */
  function refuse(code, element) {
    const refusal = S.view.refusals ? S.view.refusals[code] : null;
    const text = refusal ? serverText(refusal.code, refusal.message, refusal.params) : t("status.playFollow");
    S.message = { text, warn: true };
    S.lifted = null;
    draw();
    R.announce(text);
    T.shake(document.querySelector(`#mano [data-carta="${code}"]`) || element);
  }

  /** South's forced last card plays itself (the setting «auto_last»): the hand is drawn at rest,
   * the status names the card, and after the pause it is played (`playCard` does nothing when
   * the table has moved on meanwhile: it checks the turn and the card). */
  function autoPlayLast() {
    if (!S.settings.auto_last || !canPlay()) return;
    const view = S.view;
    if (!view.hand || view.hand.length !== 1 || view.playable.length !== 1) return;
    const card = view.playable[0];
    S.busy = true;
    $("mesa").classList.add("ocupada");
    R.renderHand(S.model, { playable: new Set(), refusals: {}, lifted: null, focusIndex: 0, myPlayTurn: false, received: new Set(S.model.received || []) });
    R.clearActions();
    R.setStatus(t("status.lastCard", { card: cardNameWithArticle(card) }));
    watchMoves();
    anim.pause("lastCard").then(() => {
      S.showing = null;
      S.busy = false;
      anim.endSkip();
      playCard(card);
    });
  }

  // --- the events -----------------------------------------------------------------------------------

  /** With «Parar tras cada baza» on: the finished trick stays until a tap (or «Seguir»). */
  function waitForTap() {
    return T.tapToGo((resolve) => {
      S.tapWaiter = resolve;
    }).then(() => {
      S.tapWaiter = null;
      progressed();
      R.clearActions();
    });
  }

  /** One event onto the model and the screen, with its animation and its sentence. */
  async function step(ev) {
    const m = S.model;
    if (!m) return;
    if (await own.step(ev, m)) return;
    if (ev.type === "play") {
      const from = T.playedFrom(ev);
      T.cardPlayed(m, ev);
      S.lifted = null;
      R.renderTrick(m);
      renderPods(m);
      if (ev.seat === "south") {
        R.renderHand(m, { playable: new Set(), refusals: {}, lifted: null, focusIndex: S.focusIndex, myPlayTurn: false, received: new Set(m.received || []) });
        drawActions();
      }
      T.sayPlayed(ev);
      await T.flyToTrick(ev.seat, from);
    } else if (ev.type === "trick") {
      S.lastTrickSeen = { leader: ev.leader, cards: ev.cards, winner: ev.winner };
      const sentence = M.trickSentence(ev);
      const pauseTricks = transport.pauseTricks();
      await T.collectTrick(ev, { pauseTricks, waitForTap, sentence });
      if (m !== S.model) return; // the watchdog has shown the position meanwhile
      M.tallyTrick(m, ev);
      m.trick = [];
      m.turn = ev.winner;
      R.renderTrick(m);
      renderPods(m);
      if (!pauseTricks) R.announce(sentence);
      R.setStatus(sentence);
    } else transport.run.event(ev);
  }

  /** What South chose or was told in a hand, dropped when another hand comes to the table. */
  function clearHand() {
    S.lifted = null;
    S.chosen = [];
    S.selectedBid = null;
    S.tip = null;
    S.hint = null;
    S.openReason = null;
  }

  async function runDeal(ev, view) {
    const m = own.freshModel(view, ev);
    m.dealtCount = { south: 0, west: 0, north: 0, east: 0 };
    m.turn = null;
    S.model = m;
    clearHand();
    S.focusIndex = 0;
    draw();
    R.setStatus(t("status.dealing"));
    if (await own.dealWithoutCards(m, ev)) {
      await anim.pause(200);
      return;
    }
    R.announce(ev.dealer === "south" ? t("say.deal.you", { n: ev.hand_number }) : t("say.deal", { seat: seatName(ev.dealer), n: ev.hand_number }));
    await T.dealCards(m, ev.dealer, { still: () => m === S.model, landed: progressed });
    if (m !== S.model) return;
    m.dealtCount = null;
    own.afterDeal(m, ev);
    renderPods(m);
    R.renderHand(m, { playable: new Set(), refusals: {}, focusIndex: 0, myPlayTurn: false });
    await anim.pause(200);
  }

  /**
   * Play a run of events, then show `finalView` (the truth). A hand scored stops the run when the
   * transport says so (the solo table's sheet); a newer run or the watchdog stops it too.
   */
  async function play(events, finalView) {
    S.busy = true;
    const mine = beginShowing(finalView);
    try {
      for (let i = 0; i < events.length; i += 1) {
        if (mine !== S.sequence) return; // shown directly by the watchdog, or a newer run took over
        progressed();
        const ev = events[i];
        if (ev.type === "hand_scored" && (await transport.run.scored(ev, events.slice(i + 1), finalView, mine))) return;
        if (ev.type === "deal") {
          await runDeal(ev, finalView);
          anim.endSkip(); // a tap during the deal skips the deal only
        } else if (ev.type !== "game_over" && ev.type !== "hand_scored") await step(ev);
      }
      if (mine !== S.sequence) return;
      S.view = finalView;
      S.model = M.modelFromView(finalView);
      transport.run.finished(finalView);
    } finally {
      if (mine === S.sequence) endShowing();
    }
    settled();
  }

  /** The table is the player's again: drawn, the focus placed, the turn said, a forced card played. */
  function settled() {
    draw();
    placeFocus();
    if (transport.announce) transport.announce(); // the friends' table says a turn once
    else {
      announceTurn();
      autoPlayLast();
    }
  }

  function beginShowing(view) {
    S.sequence += 1;
    S.showing = { view, at: performance.now(), skipped: false };
    return S.sequence;
  }

  /** Moves with no answer behind them (South's own card, the forced last card's look) are watched too. */
  function watchMoves() {
    S.showing = { view: null, at: performance.now(), skipped: false };
  }

  function progressed() {
    if (S.showing) S.showing.at = performance.now();
  }

  /** The run of events is over: the table is the player's again. */
  function endShowing() {
    S.showing = null;
    S.busy = false;
    S.tapWaiter = null;
    anim.endSkip();
  }

  function checkStall() {
    const showing = S.showing;
    if (!showing || S.tapWaiter) return;
    const now = performance.now();
    if (now - showing.at < STALL_MS) return;
    if (!showing.skipped || !showing.view) {
      showing.skipped = true;
      showing.at = now;
      anim.skip();
      return;
    }
    showDirectly(showing.view);
  }

  function showDirectly(view) {
    S.sequence += 1; // the stuck run stops wherever it wakes up
    endShowing();
    S.thinking = null;
    S.view = view;
    S.model = M.modelFromView(view);
    transport.run.finished(view, { direct: true });
    settled();
  }

  /**
   * After the deal or an answer, the button that had the focus («Repartir», «Cantar», a card) is
   * gone and the focus would fall to <body>: put it where the player acts next (the game's
   * choice, or the hand). A focus the player put elsewhere (the menu, a dialog) is left alone.
   */
  function placeFocus() {
    const active = document.activeElement;
    if (active && active !== document.body && document.body.contains(active)) return;
    if (document.querySelector("dialog[open]")) return;
    const target = own.focusTarget() || document.querySelector("#mano button.carta-mano[tabindex='0']");
    if (target) target.focus({ preventScroll: true });
  }

  /** Whose turn it is, said: South's own in the game's words; another's at a friends' table. */
  function announceTurn() {
    const mine = own.yourTurn();
    if (mine) R.announce(mine);
    else if (canPlay()) R.announce(t("say.yourPlay"));
    else if (transport.text.announceOthers) {
      const text = statusText();
      if (text) R.announce(text);
    }
  }

  // --- South's taps and keys ------------------------------------------------------------------------

  function releaseTap() {
    if (S.tapWaiter) S.tapWaiter();
  }

  /** The buttons of the action area, the centre and the sheet, by their action. */
  const ACTIONS = {
    jugar: () => {
      if (S.lifted) playCard(S.lifted);
    },
    seguir: releaseTap,
    pista: () => {
      if (!(canPass() || canPlay() || canDraw())) return;
      askFor("hint", { again: true });
      T.keepFocus(drawActions);
    },
    porque: toggleWhy,
    ...transport.actions,
    ...own.actions,
  };

  function escape() {
    if (closeWhy()) return;
    if (S.openReason) onReason(null);
    else if (S.lifted) {
      S.lifted = null;
      draw();
    }
  }

  /** The input's wiring: the cards, the keys, the buttons; the transport's menus. */
  function bind(menus) {
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
      onResize: () => R.layoutHand(),
      onAction: (action, value) => T.dispatch(action, value, ACTIONS),
      onReason,
      onEscape: escape,
      canBid,
      onBidKey: own.onBidKey,
      ...menus,
    });
    document.addEventListener("click", (event) => {
      // The tap that opened it redrew its button: that target has left the page.
      if (event.target.isConnected && !event.target.closest("#pista-razones, #btn-porque")) closeWhy();
    });
    setInterval(checkStall, 1000);
  }

  return { own, draw, drawStatus, play, settled, placeFocus, announceTurn, autoPlayLast, renderPods, clearHand, endShowing, bind };
}
