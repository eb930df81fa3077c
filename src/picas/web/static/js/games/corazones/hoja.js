// Corazones' rarely used parts, loaded on first use: the sheet of a hand (the points of each
// player, the moon and who shot it, the running totals, the 13 tricks), every hand of the game,
// the comparison after «Rejugar esta mano», and the statistics kept in this browser.

import { t, num, signed, seatName } from "../../i18n.js";
import { SEATS, el, srOnly, button, trickCross, headedTable, handRowHead, showSheetDialog, openSheet } from "../../render.js";
import { makeDialog, closeButton } from "../../dialogs.js";
import { KEYS, storage } from "../../store.js";
import { seatShort, labelList } from "./board.js";

const $ = (id) => document.getElementById(id);

let current = null; // {ctx, result, over}

const SYMBOLS = { "cz.sheet.hearts": "♥", "cz.sheet.queen": "♠Q", "cz.sheet.jack": "♦J", "cz.sheet.ten": "♦10" };
const DIRECTION = { left: "cz.dir.left", right: "cz.dir.right", across: "cz.dir.across", none: "cz.dir.none" };

/** The sheet dialog for `result` (the last hand, or the hand asked for); at game over, the result too. */
export function showSheet(ctx, result, { over = false } = {}) {
  current = { ctx, result, over };
  showSheetDialog(over, ctx.stage, render);
}

function render() {
  const { ctx, result, over } = current;
  const view = ctx.view;
  const content = $("hoja-contenido");
  content.replaceChildren();
  if (over && view && view.outcome) {
    $("hoja-titulo").textContent = t("over.title");
    content.append(el("p", "resultado", ctx.outcomeLine(view.outcome)));
    if (result) content.append(el("h3", "hoja-mano", t("cz.sheet.title", { n: result.number })));
  } else {
    $("hoja-titulo").textContent = result ? t("cz.sheet.title", { n: result.number }) : t("menu.score");
    if (view && !view.outcome && SEATS.some((s) => view.totals[s] >= view.rules.target)) content.append(el("p", "resultado", t("cz.over.tie")));
  }
  if (result) content.append(...handParts(result, view.rules));
  else content.append(el("p", "", t("cz.sheet.empty")));
  const history = view ? view.history : [];
  if (history.length > 1 || (over && history.length)) content.append(historyTable(history, result && result.number));
}

/** The moon, the hand's table, «Rejugar esta mano» and the tricks. */
function handParts(result, rules) {
  const parts = [];
  if (result.moon) {
    const you = result.moon === "south";
    const moon = el("div", "luna");
    moon.setAttribute("role", "note");
    moon.append(el("span", "luna-icono", "☾"), el("strong", "", t("cz.moon", { seat: seatName(result.moon), you })));
    moon.append(" ", el("span", "", t(rules.moon === "self" ? "cz.moon.self" : "cz.moon.others", { you })));
    moon.firstChild.setAttribute("aria-hidden", "true");
    parts.push(moon);
  }
  parts.push(handTable(result, rules));
  const { ctx } = current;
  if (ctx.canPractice) {
    const tools = el("div", "herramientas");
    const again = button(t("practice.replayHand"), { className: "boton pequeno", id: "btn-rejugar" });
    again.dataset.mano = String(result.number);
    again.addEventListener("click", () => ctx.onPractice(result.number));
    tools.append(again);
    parts.push(tools);
  }
  const message = el("p", "mensaje");
  message.id = "hoja-mensaje";
  message.setAttribute("role", "status");
  parts.push(message, tricksList(result));
  return parts;
}

function handTable(result, rules) {
  const columns = ["cz.sheet.player", "cz.sheet.hearts", "cz.sheet.queen"];
  // The bonus card's column: ♦J, or ♦10 in Omnibus (a house rule; one or the other).
  const bonus = rules.omnibus ? "cz.sheet.ten" : rules.jack_of_diamonds ? "cz.sheet.jack" : null;
  if (bonus) columns.push(bonus);
  columns.push("cz.sheet.hand", "cz.sheet.total");
  const table = headedTable("hoja cz-hoja", "cz.sheet.caption", columns);
  table.querySelector("caption").textContent = t("cz.sheet.caption", { n: result.number, dir: t(DIRECTION[result.direction] || "cz.dir.none") });
  // Narrow columns on a phone: the symbols show, the words are read.
  table.querySelectorAll("thead th").forEach((th, i) => {
    const symbol = SYMBOLS[columns[i]];
    if (!symbol) return;
    const seen = el("span", "", symbol);
    seen.setAttribute("aria-hidden", "true");
    th.replaceChildren(seen, srOnly(t(columns[i])));
  });
  const body = el("tbody");
  for (const seat of SEATS) {
    const tr = el("tr");
    if (result.moon === seat) tr.className = "fila-luna";
    const th = el("th", "", seatShort(seat));
    th.scope = "row";
    tr.append(th, el("td", "", String(result.hearts[seat])));
    tr.append(mark(result.queen === seat, t("cz.sheet.queenSr")));
    if (bonus) tr.append(mark(result.jack === seat, "−10"));
    tr.append(el("td", "puntos", signed(result.points[seat])), el("td", "total", num(result.totals[seat])));
    body.append(tr);
  }
  table.append(body);
  return table;
}

function mark(yes, spoken) {
  const td = el("td");
  if (yes) {
    const tick = el("span", "", "✓");
    tick.setAttribute("aria-hidden", "true");
    td.append(tick, srOnly(spoken));
  }
  return td;
}

/** The 13 tricks of the hand, each a small cross with its winner marked and its points. */
function tricksList(result) {
  const details = el("details", "cz-bazas");
  details.append(el("summary", "", t("cz.sheet.tricks")));
  const list = el("ol", "lista-bazas");
  result.tricks.forEach((trick, i) => {
    const item = el("li", "baza-repaso");
    const points = trick.cards.reduce((sum, c) => sum + (c[1] === "H" ? 1 : c === "QS" ? 13 : 0), 0);
    const line = t("cz.sheet.trickLine", { n: i + 1, leader: seatName(trick.leader), winner: seatName(trick.winner) });
    item.append(trickCross(trick), el("p", "", points ? `${line} · ${t("cz.sheet.trickPoints", { n: points })}` : line));
    list.append(item);
  });
  details.append(list);
  return details;
}

/** Every hand: each player's running total, the hand's points in brackets; a hand opens its sheet. */
function historyTable(history, selected) {
  const table = headedTable("hoja historial", "cz.sheet.historyCaption", ["sheet.historyHand", ...SEATS.map(() => "cz.sheet.player")]);
  const heads = table.querySelectorAll("thead th");
  SEATS.forEach((seat, i) => {
    heads[i + 1].textContent = seatShort(seat);
  });
  const body = el("tbody");
  for (const result of history) {
    const tr = el("tr");
    const th = handRowHead(result.number, selected);
    th.firstChild.addEventListener("click", () => {
      current = { ...current, result, over: false };
      render();
      $("hoja-titulo").tabIndex = -1;
      $("hoja-titulo").focus();
    });
    tr.append(th);
    for (const seat of SEATS) {
      const td = el("td", result.moon === seat ? "luna-celda" : "", num(result.totals[seat]));
      td.append(" ", el("small", "", `(${signed(result.points[seat])})`));
      tr.append(td);
    }
    body.append(tr);
  }
  table.append(body);
  return table;
}

// --- «Rejugar esta mano»: the same hand, three times ----------------------------------------------

/** compare = {original, dificil}: South's points in the game, this time and with Difícil in South's seat. */
export function showCompare(ctx, result, compare) {
  current = { ctx, result, over: false };
  $("hoja-titulo").textContent = t("cz.compare.title", { n: ctx.view.history[0] ? ctx.view.history[0].number : result.number });
  const content = $("hoja-contenido");
  const mine = result.points.south;
  const before = compare.original.points.south;
  const key = mine < before ? "cz.compare.better" : mine > before ? "cz.compare.worse" : "cz.compare.same";
  const table = headedTable("hoja", "cz.compare.caption", ["cz.compare.when", "cz.sheet.hand", "cz.compare.passed"]);
  const body = el("tbody");
  const passedNow = (result.passed && result.passed.south) || [];
  for (const [label, points, passed] of [
    [t("compare.original"), before, compare.original.passed],
    [t("compare.replay"), mine, passedNow],
    [t("compare.dificil"), compare.dificil.points.south, compare.dificil.passed],
  ]) {
    const tr = el("tr");
    const th = el("th", "", label);
    th.scope = "row";
    tr.append(th, el("td", "puntos", signed(points)), el("td", "", passed && passed.length ? labelList(passed) : "—"));
    body.append(tr);
  }
  table.append(body);
  content.replaceChildren(el("p", "resultado", t(key, { points: num(mine), n: mine, diff: Math.abs(mine - before) })), table, ...handParts(result, ctx.view.rules).slice(-1));
  const buttons = $("hoja-botones");
  buttons.replaceChildren(
    button(t("practice.back"), { className: "boton principal", action: "volver", id: "btn-volver-hoja" }),
    closeButton(),
  );
  openSheet(buttons.firstChild);
}

// --- statistics ----------------------------------------------------------------------------------

function emptyStats() {
  return { played: 0, won: 0, lost: 0, hands: 0, points: 0, moons: 0, queens: 0, counted: {} };
}

function loadStats() {
  try {
    const data = JSON.parse(storage().getItem(KEYS.corazones.stats) || "null");
    if (data && typeof data === "object" && data.counted && typeof data.counted === "object") return { ...emptyStats(), ...data };
  } catch {
    // unreadable: start again
  }
  return emptyStats();
}

/** Count each finished hand and game once (by the game's id), whatever reloads. */
export function recordStats({ view, gid }) {
  const stats = loadStats();
  const seen = stats.counted[gid] || { hands: 0, over: false };
  for (const result of view.history) {
    if (result.number <= seen.hands) continue;
    stats.hands += 1;
    stats.points += result.points.south;
    if (result.moon === "south") stats.moons += 1;
    if (result.queen === "south") stats.queens += 1;
    seen.hands = result.number;
  }
  if (view.outcome && !seen.over) {
    seen.over = true;
    stats.played += 1;
    if (view.outcome.winner === "south") stats.won += 1;
    else stats.lost += 1;
  }
  stats.counted[gid] = seen;
  const ids = Object.keys(stats.counted);
  for (const old of ids.slice(0, Math.max(0, ids.length - 40))) delete stats.counted[old];
  try {
    storage().setItem(KEYS.corazones.stats, JSON.stringify(stats));
  } catch {
    // not fatal
  }
}

export function showStats() {
  const stats = loadStats();
  const dialog = makeDialog("dlg-estadisticas");
  const body = el("div", "dialogo-cuerpo");
  const heading = el("h2", "", t("stats.title"));
  heading.id = "dlg-estadisticas-titulo";
  body.append(heading);
  if (!stats.hands) body.append(el("p", "", t("cz.stats.none")));
  else {
    const table = el("table", "hoja");
    const rows = [
      ["cz.stats.games", String(stats.played)],
      ["cz.stats.won", String(stats.won)],
      ["cz.stats.lost", String(stats.lost)],
      ["cz.stats.hands", String(stats.hands)],
      ["cz.stats.average", (stats.points / stats.hands).toFixed(1)],
      ["cz.stats.moons", String(stats.moons)],
      ["cz.stats.queens", String(stats.queens)],
    ];
    const tbody = el("tbody");
    for (const [key, value] of rows) {
      const tr = el("tr");
      const th = el("th", "", t(key));
      th.scope = "row";
      tr.append(th, el("td", "", value));
      tbody.append(tr);
    }
    table.append(el("caption", "sr-only", t("stats.title")), tbody);
    body.append(table);
  }
  body.append(el("p", "nota", t("stats.note")));
  const row = el("div", "dialogo-botones");
  row.append(closeButton());
  body.append(row);
  dialog.replaceChildren(body);
  dialog.showModal();
}
