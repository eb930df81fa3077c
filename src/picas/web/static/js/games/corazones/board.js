// What the Corazones table draws that Spades does not: the four running totals, the seat pods
// with the points taken this hand, and the actions under the hand (the pass and its button named
// by the direction, «Jugar», the hint and its «¿Por qué?»). The trick, the hand, the status line
// and the centre panel are the shared components of render.js.

import { t, num, seatName, signed, language } from "../../i18n.js";
import { botLabel, cardName, sortHand } from "../../cards.js";
import * as R from "../../render.js";
import * as anim from "../../animation.js";
import { podRect } from "../../table/pieces.js";

const { SEATS, el, srOnly, button } = R;
const $ = (id) => document.getElementById(id);

/** The Corazones model of the table, built from a view (docs/api.md, "The view (South's, Corazones)"). */
export function modelFromView(view) {
  return {
    ...R.modelBasics(view),
    direction: view.direction,
    passTo: view.pass_to,
    hand: sortHand(view.hand || []),
    received: [...(view.received || [])],
    leader: view.leader,
    taken: { ...view.points_taken },
    queen: queenHolder(view.tricks),
    broken: Boolean(view.hearts_broken),
  };
}

/** Who has taken ♠Q in these tricks (tricks are face up: public). */
export function queenHolder(tricks) {
  const trick = tricks.find((tr) => tr.cards.includes("QS"));
  return trick ? trick.winner : null;
}

/** The deal of a view's hand, as an answer's event. */
export function dealEvent(view) {
  return { type: "deal", hand_number: view.hand_number, dealer: view.dealer, direction: view.direction, pass_to: view.pass_to };
}

/** The table of a view before its hand is dealt (the deal is still to be shown). */
export function emptyTableModel(view) {
  const model = freshHandModel(view, dealEvent(view));
  model.dealtCount = { south: 0, west: 0, north: 0, east: 0 };
  return model;
}

/** The model before any game: the settings' target, nothing dealt. */
export function blankModel(settings) {
  return {
    handNumber: null, dealer: null, direction: "none", passTo: null, phase: "passing", turn: null, hand: [], received: [],
    handSizes: { south: 0, west: 0, north: 0, east: 0 }, leader: "south", trick: [],
    taken: { south: 0, west: 0, north: 0, east: 0 }, queen: null,
    totals: { south: 0, west: 0, north: 0, east: 0 }, target: settings.target, dealtCount: null,
  };
}

/** A new hand as it is dealt: from the final view of the answer, before anyone passes or plays. */
export function freshHandModel(view, deal) {
  const model = modelFromView(view);
  model.handNumber = deal.hand_number;
  model.dealer = deal.dealer;
  model.direction = deal.direction;
  model.passTo = deal.pass_to;
  model.phase = deal.direction === "none" ? "playing" : "passing";
  model.turn = null;
  model.received = [];
  model.trick = [];
  model.queen = null;
  model.broken = false;
  for (const seat of SEATS) {
    model.handSizes[seat] = 13;
    model.taken[seat] = 0;
  }
  return model;
}

export function seatShort(seat) {
  return seat === "south" ? t("cz.seat.south") : seatName(seat);
}

/** The cards of a sentence: "♠Q, ♠A y ♠K" as their names, for the ear and the eye. */
export function cardList(cards) {
  const names = cards.map(cardName);
  if (names.length < 2) return names.join("");
  const and = language() === "en" ? " and " : " y ";
  return `${names.slice(0, -1).join(", ")}${and}${names[names.length - 1]}`;
}

export function labelList(cards) {
  return cards.map(botLabel).join(" ");
}

/** Cards South passes in the game of this view: three, or four by a house rule. */
export function passSize(view) {
  return (view && view.rules && view.rules.pass_size) || 3;
}

/** A pass size in words, for the sentences («tres», «cuatro»). */
export function passWords(view) {
  return t(`cz.n.${passSize(view)}`);
}

/** The reason of one suggested card in the page's language: the server's Spanish words, or in
 * English the code's own template (the server's words when the code is unknown). */
export function reasonLine(detail) {
  if (language() === "es") return detail.reason;
  return R.hintReason(detail.reasonCode, detail.reasonParams, "hint.corazones") ?? detail.reason;
}

// --- the events both tables show the same way (the solo table and the friends') --------------------

/** The cards change hands: South's go to the receiver, the ones received arrive marked. */
export async function exchangeCards(m, ev) {
  const leaving = ev.gave.map((code) => document.querySelector(`#mano [data-carta="${code}"]`)).filter(Boolean);
  await anim.collect(leaving, podRect(ev.to));
  m.hand = sortHand(m.hand.filter((c) => !ev.gave.includes(c)).concat(ev.received));
  m.received = [...ev.received];
  m.phase = "playing";
  R.renderHand(m, { playable: new Set(), refusals: {}, focusIndex: 0, myPlayTurn: false, received: new Set(m.received) });
  const from = podRect(ev.from);
  await Promise.all(ev.received.map((code) => anim.flyFrom(document.querySelector(`#mano [data-carta="${code}"]`), from, "play")));
}

/** Who took the trick, and its points, in a sentence. */
export function trickSentence(ev) {
  const you = ev.winner === "south";
  return ev.points ? t("cz.say.trickPoints", { seat: seatName(ev.winner), n: ev.points, you }) : t("cz.say.trick", { seat: seatName(ev.winner), you });
}

/** A taken trick onto the model: its points, and who holds ♠Q. */
export function tallyTrick(m, ev) {
  m.taken[ev.winner] += ev.points || 0;
  if (ev.cards.includes("QS")) m.queen = ev.winner;
}

/** A scored hand onto the model and into words: everyone's points, and a moon shot. */
export function scoreHand(m, result) {
  m.totals = { ...result.totals };
  const points = SEATS.map((s) => `${seatShort(s)} ${signed(result.points[s])}`).join(", ");
  R.announce(t("cz.say.handScored", { n: result.number, points }));
  if (result.moon) R.announce(t("cz.moon", { seat: seatName(result.moon), you: result.moon === "south" }));
}

/** The end of the game in words: who won, then everyone's total (as [head, totals] with `split`). */
export function outcomeLine(outcome, { split = false } = {}) {
  const totals = outcome.totals;
  const head = outcome.winner === "south" ? t("cz.over.youWin", { n: totals.south }) : t("cz.over.win", { seat: seatName(outcome.winner), n: totals[outcome.winner] });
  const shown = Object.fromEntries(SEATS.map((s) => [s, num(totals[s])]));
  const all = t("cz.over.totals", { ...shown, n: outcome.hands_played });
  return split ? [head, all] : `${head} ${all}`;
}

// --- the score: four running totals ---------------------------------------------------------------

/** The pill at the top: each player's total (the lowest marked: it is winning) and the target. */
export function renderScore(model) {
  const box = $("marcador");
  box.className = "marcador cz-marcador";
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", t("cz.score.label"));
  const lowest = Math.min(...SEATS.map((s) => model.totals[s]));
  const someone = SEATS.some((s) => model.totals[s] !== 0);
  const cells = SEATS.map((seat) => {
    const cell = el("div", "cz-total");
    cell.id = `cz-total-${seat}`;
    const first = someone && model.totals[seat] === lowest;
    cell.classList.toggle("primero", first);
    cell.classList.toggle("tu", seat === "south");
    const name = el("span", "cz-nombre", seatShort(seat));
    const points = el("span", "cz-puntos", num(model.totals[seat]));
    name.setAttribute("aria-hidden", "true");
    points.setAttribute("aria-hidden", "true");
    const spoken = t("cz.score.aria", { seat: seatShort(seat), total: num(model.totals[seat]) }) + (first ? `, ${t("cz.score.lowest")}` : "");
    cell.append(name, points, srOnly(spoken));
    return cell;
  });
  const target = el("div", "objetivo");
  target.append(el("span", "objetivo-nombre", t("score.target")), el("span", "objetivo-valor", String(model.target)));
  target.title = t("cz.score.target", { target: model.target });
  box.replaceChildren(...cells, target);
}

// --- seat pods ----------------------------------------------------------------------------------

/** options: {thinking: seat|null} */
export function renderPods(model, { thinking = null } = {}) {
  for (const seat of SEATS) {
    const pod = $(`asiento-${seat}`);
    pod.replaceChildren();
    const isTurn = model.turn === seat && (model.phase === "playing" || model.phase === "passing");
    pod.classList.toggle("turno", isTurn && model.phase === "playing");
    pod.classList.toggle("pensando", thinking === seat);
    pod.classList.remove("reparte");
    const you = seat === "south";
    const head = el("div", "asiento-cabeza");
    head.append(el("span", "asiento-nombre", seatName(seat, { long: you })));
    const data = el("div", "asiento-datos cz-datos");
    data.setAttribute("aria-hidden", "true");
    const points = el("span", "cz-mano-puntos");
    points.title = t("cz.pod.pointsTitle");
    points.append(el("span", "cz-corazon", "♥"), el("span", "", t("cz.pod.points", { n: model.taken[seat] })));
    points.classList.toggle("con-puntos", model.taken[seat] > 0);
    data.append(points);
    if (model.queen === seat) data.append(el("span", "cz-reina", "♠Q"));
    pod.append(head, data);
    if (!you) {
      const foot = el("div", "asiento-pie");
      foot.append(R.miniHand(model.dealtCount ? model.dealtCount[seat] : model.handSizes[seat]));
      pod.append(foot);
    }
    // «Sur (tú)», but plain «Norte»: Corazones has no partners (the long name says «compañero»).
    const parts = [seatName(seat, { long: you }), t("cz.pod.taken", { n: model.taken[seat], you })];
    if (model.queen === seat) parts.push(t("cz.pod.queen", { you }));
    parts.push(t("cz.pod.total", { n: num(model.totals[seat]) }));
    if (!you) parts.push(t("pod.cards", { n: model.dealtCount ? model.dealtCount[seat] : model.handSizes[seat] }));
    if (isTurn && model.phase === "playing") parts.push(t("pod.turn", { you }));
    pod.append(srOnly(parts.join(". ") + "."));
  }
}

// --- the actions under the hand -------------------------------------------------------------------

/** The hint and its «¿Por qué?»: hint = {cards, lines: [text], open} | {error} | null. */
function hintLine(hint, kind) {
  const box = el("div", "cz-pista");
  box.id = "pista";
  if (!hint) return box;
  if (hint.loading) {
    box.append(el("p", "pista", t("cz.hint.loading")));
    return box;
  }
  if (hint.error) {
    box.append(el("p", "pista", hint.error));
    return box;
  }
  const line = el("p", "pista");
  const key = kind === "pass" ? "cz.hint.pass" : "cz.hint.play";
  line.append(el("strong", "", t(key, { cards: labelList(hint.cards), card: cardName(hint.cards[0]) })));
  const why = button(t("cz.hint.why"), { className: "boton pequeno porque-boton", action: "porque", id: "btn-porque" });
  why.setAttribute("aria-expanded", hint.open ? "true" : "false");
  why.setAttribute("aria-controls", "pista-razones");
  line.append(" ", why);
  if (kind === "pass") line.append(button(t("cz.hint.use"), { className: "boton pequeno", action: "elegir-pista", id: "btn-elegir-pista" }));
  box.append(line);
  const reasons = el("ul", "pista-razones");
  reasons.id = "pista-razones";
  reasons.hidden = !hint.open;
  for (const text of hint.lines) reasons.append(el("li", "", text));
  box.append(reasons);
  return box;
}

/** The pass: how many of the `size` (3, or 4 by a house rule) are chosen, the button named by the
 * direction, and the hint. */
export function renderPassBar({ direction, chosen, size = 3, hint }) {
  const box = $("acciones");
  box.replaceChildren();
  box.className = "acciones jugando cz-pase";
  const count = el("span", "cz-cuenta", t("cz.pass.count", { n: chosen, of: size }));
  count.id = "cz-cuenta";
  count.setAttribute("aria-hidden", "true");
  const send = button(t(`cz.pass.${direction}`), { className: "boton principal", action: "pasar", id: "btn-pasar" });
  send.disabled = chosen !== size;
  const tip = button(t("cz.hint.button"), { className: "boton", action: "pista", id: "btn-pista" });
  const row = el("div", "cz-fila");
  row.append(tip, send, count);
  box.append(row, hintLine(hint, "pass"));
}

/** «Jugar» with the lifted card, the hint and its reasons. */
export function renderPlayBar({ lifted, hint, canHint }) {
  const box = $("acciones");
  box.replaceChildren();
  box.className = "acciones jugando";
  const play = R.playButton(lifted);
  const row = el("div", "cz-fila");
  if (canHint) row.append(button(t("cz.hint.button"), { className: "boton", action: "pista", id: "btn-pista" }));
  row.append(play);
  box.append(row, hintLine(hint, "play"));
}
